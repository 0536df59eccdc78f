/**
 * Body lines as blocks: Markdown headings and paragraphs (one non-blank line is
 * one paragraph — the corpus separates paragraphs by blank lines).
 */

import { matchArticleStart } from './articleStart.js';
import { matchMarker } from './parseItems.js';

export type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string };

const HEADING = /^(#{1,6})(?!#)\s*(.*)$/u;

/** "## 第一章  一般规定" → { level: 2, text: "第一章 一般规定" }; null if not a heading. */
export function parseHeading(line: string): { level: number; text: string } | null {
  const match = HEADING.exec(line);
  if (!match || match[1] === undefined) return null;
  const text = (match[2] ?? '').replace(/\s+#+$/u, '').replace(/\s+/gu, ' ').trim();
  return { level: match[1].length, text };
}

/** Turns body lines into headings and paragraphs (one non-blank line = one paragraph). */
export function toBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    const heading = parseHeading(line);
    if (heading === null) blocks.push({ type: 'paragraph', text: line });
    else if (heading.text !== '') blocks.push({ type: 'heading', ...heading });
  }
  return blocks;
}

const CHAPTER_HEADING = /^第[零〇一二两三四五六七八九十百千0-9]+(?:分编|编|章|节)/u;
const SENTENCE_END = /[。；;：:！？!?]/u;
const MAX_WRAPPED_HEADING_TAIL = 30;
const MAX_TITLE_PARAGRAPH = 25;

/**
 * "## 第五章 卷烟纸、滤嘴棒、烟用丝束、" followed by the line "烟草专用机械的生产和销售":
 * a chapter heading wrapped onto a second line, recognised because the short
 * unpunctuated line is directly followed by an article or another heading.
 */
function isWrappedHeadingTail(heading: Block, tail: Block, next: Block | undefined): boolean {
  if (heading.type !== 'heading' || tail.type !== 'paragraph' || next === undefined) return false;
  if (!CHAPTER_HEADING.test(heading.text)) return false;
  if (tail.text.length > MAX_WRAPPED_HEADING_TAIL || SENTENCE_END.test(tail.text)) return false;
  if (matchArticleStart(tail.text) !== null || matchMarker(tail.text) !== null) return false;
  return next.type === 'heading' || matchArticleStart(next.text) !== null;
}

/** Joins wrapped chapter headings back into one heading. */
export function mergeWrappedHeadings(blocks: readonly Block[]): Block[] {
  const merged: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    const tail = blocks[i + 1];
    if (block === undefined) continue;
    if (block.type === 'heading' && tail !== undefined && isWrappedHeadingTail(block, tail, blocks[i + 2])) {
      merged.push({ ...block, text: block.text + tail.text });
      i++;
    } else {
      merged.push(block);
    }
  }
  return merged;
}

/** Whether `text` continues a list whose previous entry is `previous` ("（四）…" → "（五）…"). */
function continuesList(previous: Block | undefined, text: string): boolean {
  const marker = matchMarker(text);
  if (marker === null) return false;
  const before = previous?.type === 'paragraph' ? matchMarker(previous.text) : null;
  return before !== null && before.family === marker.family && before.number + 1 === marker.number;
}

const NOT_A_TITLE = /[。；;：:！？!?，,＝=×÷%％]/u;
const MAX_TITLE_LINES = 2;

type StartTest = (text: string) => boolean;

/** A short paragraph without sentence punctuation that could be (part of) a title. */
function isTitleLike(blocks: readonly Block[], i: number, isStart: StartTest): boolean {
  const block = blocks[i];
  if (block?.type !== 'paragraph') return false;
  const text = block.text;
  if (text.length > MAX_TITLE_PARAGRAPH || NOT_A_TITLE.test(text)) return false;
  return !isStart(text) && !continuesList(blocks[i - 1], text);
}

/**
 * Length of the run of title-like paragraphs (one or two lines) starting at `i`
 * that is directly followed by an article; 0 when there is none.
 */
function titleRunLength(blocks: readonly Block[], i: number, isStart: StartTest): number {
  let end = i;
  while (end - i < MAX_TITLE_LINES && isTitleLike(blocks, end, isStart)) end++;
  const next = blocks[end];
  const followedByArticle = next?.type === 'paragraph' && isStart(next.text);
  return end > i && followedByArticle ? end - i : 0;
}

/** Before the first article only unmistakable section titles count ("总则", "第一章 …", "一、…"). */
function isOpeningTitle(text: string): boolean {
  if (CHAPTER_HEADING.test(text) || text.replace(/\s+/gu, '') === '总则') return true;
  return matchMarker(text)?.family === 'cn-dun';
}

/**
 * Turns chapter titles written as plain paragraphs ("法律责任", "附 则",
 * "（二）权利质押", or a title wrapped over two lines) into headings, so that
 * they do not end up as the last 款 of the preceding article. Such a title is
 * nested under a heading it directly follows, and is otherwise a sibling of the
 * last heading.
 */
export function promoteTitleParagraphs(blocks: readonly Block[], isStart: StartTest): Block[] {
  const result: Block[] = [];
  let lastLevel = 1;
  let seenArticle = false;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block === undefined) continue;
    const run = titleRunLength(blocks, i, isStart);
    const lines = blocks.slice(i, i + run).flatMap((b) => (b.type === 'paragraph' ? [b.text] : []));
    const text = lines.join('').replace(/\s+/gu, ' ');
    if (run > 0 && (seenArticle || isOpeningTitle(text))) {
      const level = blocks[i - 1]?.type === 'heading' ? Math.min(lastLevel + 1, 6) : Math.max(lastLevel, 2);
      lastLevel = level;
      result.push({ type: 'heading', level, text });
      i += run - 1;
      continue;
    }
    if (block.type === 'heading') lastLevel = block.level;
    else seenArticle ||= isStart(block.text);
    result.push(block);
  }
  return result;
}
