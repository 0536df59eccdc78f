/**
 * Where articles start: "第X条 …" paragraphs, or — in documents without them —
 * the paragraphs (and sometimes headings) carrying the top-level numbering 一、/1．/（一）.
 */

import type { ArticleKind } from '../types.js';
import { chineseToInt } from '../../../preload/contract/numerals.js';
import { detectItemScheme, matchMarker, type MarkerFamily } from './parseItems.js';

export interface ArticleStart {
  kind: ArticleKind;
  label: string;
  number: number;
  subNumber: number;
  /** The paragraph text after the label. */
  rest: string;
}

/** 笫 is a common typo for 第 (农民专业合作社法 2017 "笫五十四条"); as a label it is read as 第. */
const ARTICLE_START = /^[第笫]\s*([零〇一二两三四五六七八九十百千万0-9０-９]+)\s*条(?:之([一二三四五六七八九十]+))?/u;
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
  return { kind: 'article', label: match[0].replace(/^笫/u, '第'), number, subNumber, rest: rest.trim() };
}

/** Where an article written on the same line as the one before may start: after a sentence end and a space. */
const RUN_TOGETHER_BREAK = /(?<=[。；;！!？?])[\s\u3000]+(?=[第笫])/gu;
/** Inside such a line a sentence end and a space also separate the 款 ("…飞行安全。 经过批准的飞行…"). */
const RUN_TOGETHER_PARAGRAPH_BREAK = /(?<=。)[\s\u3000]+(?=\S)/u;

/**
 * Splits a line that holds several articles ("第一条 …制定本规则。 第二条 凡…"
 * in 飞行基本规则) into one paragraph per article and 款. Only the article with
 * the next number starts there, so a sentence citing "第五条" is never cut.
 * `lastNumber` is the number of the article the line continues (0 before any).
 */
export function splitRunTogetherArticles(text: string, lastNumber: number): string[] {
  const first = matchArticleStart(text);
  let expected = (first && first.subNumber === 0 ? first.number : lastNumber) + 1;
  const cuts: number[] = [];
  for (const match of text.matchAll(RUN_TOGETHER_BREAK)) {
    const at = (match.index ?? 0) + match[0].length;
    const start = matchArticleStart(text.slice(at));
    if (start === null || start.number !== expected || start.subNumber !== 0) continue;
    cuts.push(at);
    expected++;
  }
  if (cuts.length === 0) return [text];
  const articles = [0, ...cuts].map((from, i) => text.slice(from, cuts[i] ?? text.length).trim());
  return articles.flatMap((piece) => piece.split(RUN_TOGETHER_PARAGRAPH_BREAK)).filter((piece) => piece !== '');
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
  /** True for 第X条 articles (as opposed to top-level numbered items). */
  byArticle: boolean;
}

/** Chooses 第X条 articles if there are any, else the document's top-level item numbering. */
export function chooseScheme(paragraphs: readonly string[], headings: readonly string[]): Scheme | null {
  if (paragraphs.some((text) => matchArticleStart(text) !== null)) return { paragraph: matchArticleStart, heading: null, byArticle: true };
  const scheme = detectItemScheme(paragraphs, headings);
  if (scheme === null) return null;
  const matcher: StartMatcher = (text) => matchItemStart(text, scheme.family);
  return { paragraph: matcher, heading: scheme.headingItems ? matcher : null, byArticle: false };
}
