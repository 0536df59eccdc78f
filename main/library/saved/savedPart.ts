/**
 * The 款 or 项 a saved article is kept for (公司法 2018 第二十条第三款, piercing the corporate veil). Stored as the parts a
 * citation names, the form citedSpans and partText read ([{"paragraph":3,"items":[]}]), so the part is found in the
 * article saved without reading Chinese numerals back; named 「第三款」 by partLabel alone; and found in another version
 * by its words (2023's 第二十三条第一款, where the whole article would pair with 第二十一条).
 */
import { citedSpans, type StatuteArticle } from '../articles.js';
import type { CitedPart } from '../citation/parseCitation.js';
import { intToChinese } from '../../../preload/contract/numerals.js';
import { pairOverlap, textPairs } from '../versions/textPairs.js';
import { squeeze } from '../versions/counterparts.js';
import { SAME_PROVISION } from '../citation/earlierNumbering.js';

/** The parts in one spelling (款 in order, each 项 once and in order), so that the same part saved twice is one key. */
export function partKey(parts: readonly CitedPart[]): string | null {
  if (!parts.length) return null;
  const byParagraph = new Map<number | null, Set<number>>();
  for (const { paragraph, items } of parts) {
    const held = byParagraph.get(paragraph) ?? new Set<number>();
    // 第三款 and 第三款第二项 cited together: the whole 款 holds the 项.
    if (items.length === 0 || (byParagraph.has(paragraph) && held.size === 0)) byParagraph.set(paragraph, new Set());
    else byParagraph.set(paragraph, new Set([...held, ...items]));
  }
  const sorted = [...byParagraph].sort(([a], [b]) => (a ?? 0) - (b ?? 0)).map(([paragraph, items]) => ({ paragraph, items: [...items].sort((x, y) => x - y) }));
  return JSON.stringify(sorted);
}

/** The parts a row stores; none for the whole article. */
export function partsOf(stored: string | null): CitedPart[] {
  return stored ? (JSON.parse(stored) as CitedPart[]) : [];
}

/** 「第三款」「第一款第二项」「第一款第二项、第三项」「第二款、第三款」: what a citation writes after the article's number; null for none. */
export function partLabel(parts: readonly CitedPart[]): string | null {
  if (!parts.length) return null;
  return parts.map(({ paragraph, items }) => `${paragraph === null ? '' : `第${intToChinese(paragraph)}款`}${items.map((i) => `第${intToChinese(i)}项`).join('、')}`).join('、');
}

/** What a saved part is compared as in another version: one 款, one 项, or (several of them) the article as a whole. */
export type PartUnit = 'paragraph' | 'item' | null;

export function unitOf(parts: readonly CitedPart[]): PartUnit {
  if (parts.length !== 1) return null;
  const [{ items }] = parts as [CitedPart];
  return items.length === 0 ? 'paragraph' : items.length === 1 ? 'item' : null;
}

/**
 * The 款 (or 项) of `article` that holds `text`, a 款 (or 项) saved from another version, found by its words: the one most
 * alike, when alike enough. A 款 held by an article of one 款 is the article itself (no part); null when none is alike.
 */
export function unitHolding(article: Pick<StatuteArticle, 'text' | 'paragraphs'>, text: string, unit: Exclude<PartUnit, null>): { parts: CitedPart[]; text: string; identical: boolean } | null {
  const candidates: CitedPart[] = unit === 'paragraph'
    ? article.paragraphs.map((_, i) => ({ paragraph: i + 1, items: [] }))
    : article.paragraphs.flatMap((p, i) => p.items.map((it) => ({ paragraph: i + 1, items: [it.number] })));
  const saved = textPairs(text);
  let best: { parts: CitedPart[]; text: string; score: number } | null = null;
  for (const part of candidates) {
    const spans = citedSpans(article, [part]);
    if (!spans.length) continue;
    const there = spans.map(([from, to]) => article.text.slice(from, to)).join('\n');
    const score = squeeze(there) === squeeze(text) ? 2 : pairOverlap(saved, textPairs(there));
    if (!best || score > best.score) best = { parts: [part], text: there, score };
  }
  if (!best || best.score < SAME_PROVISION) return null;
  const whole = unit === 'paragraph' && article.paragraphs.length === 1;
  return { parts: whole ? [] : best.parts, text: whole ? article.text : best.text, identical: best.score === 2 };
}

/** Where the words of a part saved stand in an article's text, line by line in order, for a compilation to mark; none when a line is not there (a text corrected since). */
export function partSpans(text: string, part: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let at = 0;
  for (const line of part.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const from = text.indexOf(line, at);
    if (from < 0) return [];
    at = from + line.length;
    spans.push([from, at]);
  }
  return spans;
}
