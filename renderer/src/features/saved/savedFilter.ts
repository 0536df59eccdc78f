import { parseArticleLabel } from '../../../../preload/contract/numerals.js';
import { articleNumberOf, foldQuery } from '../statutes/findInText.js';

/** The fields of a saved article the filter reads. */
export interface Filterable {
  lawTitle: string;
  label: string;
  /** The 款 or 项 saved (「第三款」), absent or null for the whole article. */
  part?: string | null;
  note: string;
  text: string;
  folder: string;
}

/**
 * Whether a saved article holds every word typed: in its law, number (with the 款 saved: 第二十条第三款), note, text or folder, full-width and
 * half-width alike; a number typed with digits (38, 38条, 第38条, 第133条之一) also finds the article of that
 * number, as lawyers type 38 for 第三十八条.
 */
export function savedMatches(item: Filterable, words: readonly string[]): boolean {
  const hay = foldQuery(`${item.lawTitle}${item.label}${item.part ?? ''}${item.note}${item.text}${item.folder}`);
  const own = parseArticleLabel(item.label);
  return words.every((w) => {
    if (hay.includes(foldQuery(w))) return true;
    const typed = /^\d{1,5}$/u.test(foldQuery(w)) ? { number: Number(foldQuery(w)), subNumber: 0 } : articleNumberOf(w);
    return Boolean(typed && own && typed.number === own.number && typed.subNumber === own.subNumber);
  });
}
