import { articleNumberOf, foldQuery } from '../statutes/findInText.js';

/** The fields of a saved article the filter reads. */
export interface Filterable {
  lawTitle: string;
  label: string;
  note: string;
  text: string;
  folder: string;
}

const DIGIT: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 第三十八条 → 38, 第一千一百六十五条之一 → 1165 and 1; null for a label that is no article number. */
export function labelNumber(label: string): { number: number; subNumber: number } | null {
  const m = /^第([零〇一二两三四五六七八九十百千]+)条(?:之([一二三四五六七八九十]+))?$/u.exec(label);
  if (!m) return null;
  const value = (s: string) => {
    let total = 0;
    let digit = 0;
    for (const ch of s) {
      if (ch in DIGIT) digit = DIGIT[ch]!;
      else { total += (digit || 1) * UNIT[ch]!; digit = 0; }
    }
    return total + digit;
  };
  return { number: value(m[1]!), subNumber: m[2] ? value(m[2]) : 0 };
}

/**
 * Whether a saved article holds every word typed: in its law, number, note, text or folder, full-width and
 * half-width alike; a number typed with digits (38, 38条, 第38条, 第133条之一) also finds the article of that
 * number, as lawyers type 38 for 第三十八条.
 */
export function savedMatches(item: Filterable, words: readonly string[]): boolean {
  const hay = foldQuery(`${item.lawTitle}${item.label}${item.note}${item.text}${item.folder}`);
  const own = labelNumber(item.label);
  return words.every((w) => {
    if (hay.includes(foldQuery(w))) return true;
    const typed = /^\d{1,5}$/u.test(foldQuery(w)) ? { number: Number(foldQuery(w)), subNumber: 0 } : articleNumberOf(w);
    return Boolean(typed && own && typed.number === own.number && typed.subNumber === own.subNumber);
  });
}
