/**
 * Numbered markers inside statute text: 项 markers such as （一） / (1) / 1．,
 * top-level item markers such as 一、, and the attachment of 项 to 款.
 */

import type { ParsedItem, ParsedParagraph } from '../types.js';
import { chineseToInt } from '../../../preload/contract/numerals.js';

/**
 * Marker families, outermost style first:
 * - 'cn-dun'      一、
 * - 'digit-dot'   1． / 1. / 1、
 * - 'paren-cn'    （一） / (一)
 * - 'paren-digit' （1） / (1)
 */
export type MarkerFamily = 'cn-dun' | 'digit-dot' | 'paren-cn' | 'paren-digit';

export interface Marker {
  family: MarkerFamily;
  /** The numeral as written, without brackets or punctuation: "一", "1", "１". */
  numeral: string;
  number: number;
  /** The text after the marker, trimmed. */
  rest: string;
}

const CN_NUMERAL = '[零〇一二两三四五六七八九十百]+';
const DIGITS = '[0-9０-９]{1,3}';

const MARKER_PATTERNS: ReadonlyArray<readonly [MarkerFamily, RegExp]> = [
  ['paren-cn', new RegExp(`^[（(]\\s*(${CN_NUMERAL})\\s*[）)]\\s*`, 'u')],
  ['paren-digit', new RegExp(`^[（(]\\s*(${DIGITS})\\s*[）)]\\s*`, 'u')],
  ['cn-dun', new RegExp(`^(${CN_NUMERAL})\\s*、\\s*`, 'u')],
  ['digit-dot', new RegExp(`^(${DIGITS})\\s*[．.、](?![0-9０-９])\\s*`, 'u')],
];

/** Families that mark 项 inside a 款 (as opposed to top-level 一、 items). */
const ITEM_FAMILIES: ReadonlySet<MarkerFamily> = new Set<MarkerFamily>(['paren-cn', 'paren-digit', 'digit-dot']);

/** Recognizes a numbered marker at the start of a paragraph. */
export function matchMarker(text: string): Marker | null {
  for (const [family, pattern] of MARKER_PATTERNS) {
    const match = pattern.exec(text);
    const numeral = match?.[1];
    if (!match || numeral === undefined) continue;
    const number = chineseToInt(numeral);
    if (number === null || number === 0) continue;
    return { family, numeral, number, rest: text.slice(match[0].length).trim() };
  }
  return null;
}

/** Families that may number the top level of a document without 第X条 articles. */
export const TOP_LEVEL_FAMILIES: readonly MarkerFamily[] = ['cn-dun', 'digit-dot', 'paren-cn'];

/** Paragraphs numbered 1 of each top-level family, in document order. */
function firstMarkers(texts: readonly string[]): Marker[] {
  const found: Marker[] = [];
  for (const text of texts) {
    const marker = matchMarker(text);
    if (marker && marker.number === 1 && TOP_LEVEL_FAMILIES.includes(marker.family)) found.push(marker);
  }
  return found;
}

/** How a document without 第X条 articles numbers its top level. */
export interface ItemScheme {
  family: MarkerFamily;
  /** Whether headings such as "## 一、…" also start items. */
  headingItems: boolean;
}

/**
 * Picks the top-level numbering of a document without 第X条 articles.
 * Paragraph numbering wins when it runs through the document (1, 2, … 79 across
 * headings); numbering that restarts under each heading is nested below headings
 * "## 一、…", which then become the items. Returns null when nothing is numbered.
 */
export function detectItemScheme(paragraphs: readonly string[], headings: readonly string[]): ItemScheme | null {
  const paragraphOnes = firstMarkers(paragraphs);
  const family = paragraphOnes[0]?.family ?? null;
  const restarts = paragraphOnes.filter((m) => m.family === family).length > 1;
  const headingOnes = firstMarkers(headings).filter((m) => m.family === 'cn-dun');
  if (family !== null && !restarts) return { family, headingItems: family === 'cn-dun' };
  if (headingOnes.length > 0) return { family: 'cn-dun', headingItems: true };
  return family === null ? null : { family, headingItems: false };
}

// ---------------------------------------------------------------------------
// Inline items: several 项 written on one line.

const INLINE_MARKER = new RegExp(`[（(]\\s*(${CN_NUMERAL}|${DIGITS})\\s*[）)]`, 'gu');
/** Characters after which an inline marker starts a new 项 ("…； （二）…"). */
const ITEM_BOUNDARY_BEFORE = /[\s\u3000；;。：:]/u;
/** A marker followed by these is a cross-reference ("第（二）项"), not a 项. */
const REFERENCE_AFTER = /^[项款目、，,和或及至]/u;

interface InlineMarker {
  index: number;
  end: number;
  number: number;
  isChinese: boolean;
}

function findInlineMarkers(text: string): InlineMarker[] {
  const found: InlineMarker[] = [];
  for (const match of text.matchAll(INLINE_MARKER)) {
    const numeral = match[1];
    const index = match.index;
    if (numeral === undefined || index === undefined) continue;
    const number = chineseToInt(numeral);
    if (number === null || number === 0) continue;
    const end = index + match[0].length;
    if (REFERENCE_AFTER.test(text.slice(end, end + 1))) continue;
    found.push({ index, end, number, isChinese: !/[0-9０-９]/.test(numeral) });
  }
  return found;
}

/** Keeps the markers that continue a run n, n+1, … of the same style, each at an item boundary. */
function sequentialRun(markers: InlineMarker[], text: string, first: InlineMarker): InlineMarker[] {
  const run = [first];
  for (const marker of markers) {
    const last = run[run.length - 1];
    if (!last || marker.index <= last.index) continue;
    const continues = marker.isChinese === first.isChinese && marker.number === last.number + 1;
    if (continues && ITEM_BOUNDARY_BEFORE.test(text.charAt(marker.index - 1))) run.push(marker);
  }
  return run;
}

function itemsFromRun(text: string, run: InlineMarker[]): ParsedItem[] {
  return run.map((marker, i) => {
    const next = run[i + 1];
    const body = text.slice(marker.end, next ? next.index : text.length).trim();
    return { number: marker.number, text: body };
  });
}

export interface SplitParagraph {
  /** Lead-in text before the first 项 ("…有下列情形之一的："), possibly "". */
  lead: string;
  items: ParsedItem[];
  family: MarkerFamily;
}

/**
 * Splits a paragraph into its lead-in and the 项 written inline on the same line:
 * "预案应当包括下列内容： （一）…； （二）…" → lead "预案应当包括下列内容：" + 2 items.
 * A paragraph that starts with a marker gives lead "" and at least one item.
 * Returns null when the paragraph holds no 项.
 */
export function splitInlineItems(text: string): SplitParagraph | null {
  if (!text.includes('（') && !text.includes('(')) return null;
  const markers = findInlineMarkers(text);
  const startsWithMarker = markers[0]?.index === 0;
  const first = startsWithMarker ? markers[0] : markers.find((m) => m.number === 1 && /[：:]\s*$/u.test(text.slice(0, m.index)));
  if (!first) return null;
  const run = sequentialRun(markers, text, first);
  const family: MarkerFamily = first.isChinese ? 'paren-cn' : 'paren-digit';
  return { lead: text.slice(0, first.index).trim(), items: itemsFromRun(text, run), family };
}

// ---------------------------------------------------------------------------
// Attaching paragraphs to 款 and 项.

/** A 款 under construction, remembering which marker family numbers its 项. */
export interface ParagraphBuilder {
  paragraph: ParsedParagraph;
  itemFamily: MarkerFamily | null;
}

export function newParagraph(text: string): ParagraphBuilder {
  const split = splitInlineItems(text);
  if (!split || split.lead === '') return { paragraph: { text, items: [] }, itemFamily: null };
  return { paragraph: { text: split.lead, items: split.items }, itemFamily: split.family };
}

/** Appends a sub-item ("1．…" under "（一）…") or a further paragraph to the last 项, keeping its marker. */
export function appendToLastItem(builder: ParagraphBuilder, text: string): void {
  const last = builder.paragraph.items[builder.paragraph.items.length - 1];
  if (last) last.text = last.text === '' ? text : `${last.text}\n${text}`;
}

function addItems(builder: ParagraphBuilder, marker: Marker, text: string): void {
  builder.itemFamily ??= marker.family;
  const split = splitInlineItems(text);
  if (split && split.lead === '' && split.items.length > 1) {
    builder.paragraph.items.push(...split.items);
  } else {
    builder.paragraph.items.push({ number: marker.number, text: marker.rest });
  }
}

/**
 * Whether `text` is the next 项 of the current 款's list: same marker family,
 * number one above the last 项 ("（三）" after "（二）").
 */
export function continuesItemList(builder: ParagraphBuilder, text: string): boolean {
  const last = builder.paragraph.items[builder.paragraph.items.length - 1];
  const marker = matchMarker(text);
  if (!last || !marker || !ITEM_FAMILIES.has(marker.family)) return false;
  return marker.family === builder.itemFamily && marker.number === last.number + 1;
}

/**
 * Tries to attach a paragraph to the current 款 as a 项 (or as a sub-item of its
 * last 项). Returns false when the paragraph is not a 项 and so starts a new 款.
 */
export function attachAsItem(builder: ParagraphBuilder, text: string): boolean {
  const marker = matchMarker(text);
  if (!marker || !ITEM_FAMILIES.has(marker.family)) return false;
  const family = builder.itemFamily;
  if (family === null || family === marker.family) {
    addItems(builder, marker, text);
    return true;
  }
  appendToLastItem(builder, text);
  return true;
}
