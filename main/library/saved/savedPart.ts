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
import { partText, SAME_PROVISION } from '../citation/earlierNumbering.js';

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

/** Each 款 and each 项 of `parts` on its own, in order: 第二款、第三款 → 第二款 and 第三款; 第一款第二项、第三项 → its two 项. */
export function unitsOf(parts: readonly CitedPart[]): CitedPart[] {
  return parts.flatMap(({ paragraph, items }) => (items.length ? items.map((item) => ({ paragraph, items: [item] })) : [{ paragraph, items: [] }]));
}

/** One 款 or 项 of several saved together, with its own words, to be followed on its own. */
export interface SavedUnit {
  parts: CitedPart[];
  /** 「第二款」 */
  label: string;
  text: string;
  unit: Exclude<PartUnit, null>;
}

/**
 * The 款 and 项 saved together (公司法 2018 第二十条第二款、第三款), each with its words as the saved version's article in the
 * library has them; null when fewer than two, or when those words no longer make up the words saved (a text corrected
 * since: the parts are then followed together, as before).
 */
export function savedUnits(article: StatuteArticle, parts: readonly CitedPart[], saved: string): SavedUnit[] | null {
  const units = unitsOf(parts);
  if (units.length < 2) return null;
  const each = units.map((u) => ({ parts: [u], label: partLabel([u])!, text: partText(article, [u]), unit: unitOf([u])! }));
  if (each.some((u) => u.text === null)) return null;
  const held = each as SavedUnit[];
  return squeeze(held.map((u) => u.text).join('\n')) === squeeze(saved) ? held : null;
}

/**
 * The 款 and 项 of an article that a consultation's citation marked in its text (citedSpans, [start, end) in the order of
 * the text): the text positions a turn stores read back as 款 and 项 numbers, so that ☆ saves the 款 the answer cited.
 * None (the whole article) when a span is no whole 款 or 项 of the article as the library holds it (its text changed).
 */
export function partsOfSpans(article: Pick<StatuteArticle, 'text' | 'paragraphs'>, spans: ReadonlyArray<readonly [number, number]>): CitedPart[] {
  if (!spans.length) return [];
  const units: Array<{ part: CitedPart; span: [number, number] | undefined }> = article.paragraphs.flatMap((p, i) => [
    { part: { paragraph: i + 1, items: [] }, span: citedSpans(article, [{ paragraph: i + 1, items: [] }])[0] },
    ...p.items.map((it) => ({ part: { paragraph: i + 1, items: [it.number] }, span: citedSpans(article, [{ paragraph: i + 1, items: [it.number] }])[0] })),
  ]);
  const parts: CitedPart[] = [];
  for (const [from, to] of spans) {
    const unit = units.find(({ span }) => span && span[0] === from && span[1] === to);
    if (!unit) return [];
    parts.push(unit.part);
  }
  const key = partKey(parts);
  return key ? partsOf(key) : [];
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
