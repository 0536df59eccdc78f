/**
 * Where articles start: "第X条 …" paragraphs, or — in documents without them —
 * the paragraphs (and sometimes headings) carrying the top-level numbering 一、/1．/（一）.
 */

import type { ArticleKind } from '../types.js';
import { chineseToInt } from '../numerals.js';
import { detectItemScheme, matchMarker, type MarkerFamily } from './parseItems.js';

export interface ArticleStart {
  kind: ArticleKind;
  label: string;
  number: number;
  subNumber: number;
  /** The paragraph text after the label. */
  rest: string;
}

const ARTICLE_START = /^第\s*([零〇一二两三四五六七八九十百千万0-9０-９]+)\s*条(?:之([一二三四五六七八九十]+))?/u;
/** "第十条的规定…", "第五条、第六条…": a reference at the start of a sentence, not an article. */
const REFERENCE_FOLLOWS = /^[的、，,；;和或及与至到中所规第之。]/u;

/** Recognizes "第X条 …" / "第X条之一 …" at the start of a paragraph. */
export function matchArticleStart(text: string): ArticleStart | null {
  const match = ARTICLE_START.exec(text);
  if (!match || match[1] === undefined) return null;
  const rest = text.slice(match[0].length);
  if (REFERENCE_FOLLOWS.test(rest)) return null;
  const number = chineseToInt(match[1].replace(/\s+/gu, ''));
  const subNumber = match[2] === undefined ? 0 : chineseToInt(match[2]);
  if (number === null || number === 0 || subNumber === null) return null;
  return { kind: 'article', label: match[0], number, subNumber, rest: rest.trim() };
}

/** Recognizes a top-level numbered item ("一、…") of the given marker family. */
function matchItemStart(text: string, family: MarkerFamily): ArticleStart | null {
  const marker = matchMarker(text);
  if (!marker || marker.family !== family) return null;
  return { kind: 'item', label: marker.numeral, number: marker.number, subNumber: 0, rest: marker.rest };
}

export type StartMatcher = (text: string) => ArticleStart | null;

/** Which paragraphs (and, for some item documents, headings) start an article. */
export interface Scheme {
  paragraph: StartMatcher;
  heading: StartMatcher | null;
}

/** Chooses 第X条 articles if there are any, else the document's top-level item numbering. */
export function chooseScheme(paragraphs: readonly string[], headings: readonly string[]): Scheme | null {
  if (paragraphs.some((text) => matchArticleStart(text) !== null)) return { paragraph: matchArticleStart, heading: null };
  const scheme = detectItemScheme(paragraphs, headings);
  if (scheme === null) return null;
  const matcher: StartMatcher = (text) => matchItemStart(text, scheme.family);
  return { paragraph: matcher, heading: scheme.headingItems ? matcher : null };
}
