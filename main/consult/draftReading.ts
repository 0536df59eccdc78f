/**
 * A draft's text as the citation parser reads it, and the way back to the text as given (draftCheck.ts):
 *
 * - a soft line break of Word (U+2028, docxText.ts) ends a line for the parser as a paragraph does;
 * - a citation broken across lines, as a PDF's short lines or pdftotext's output break it, is joined: inside 《…》
 *   (《中华人民共和国劳动合同 / 法》, a long title over three lines too), inside 第…条 (第三十 / 八条) and before or inside
 *   its 之一 (第一百三十三条 / 之一, 第一百三十三条之 / 一), and a law the library knows closing one line in running text with
 *   its article opening the next (依据《劳动合同法》 / 第三十八条规定); no other line is joined;
 * - a title inside a title in 《》 (《最高人民法院关于适用《中华人民共和国民法典》…的解释》) is read as the
 *   convention writes it, in 〈〉, so that the outer title is one name.
 */
import { normalizeLawName, type LawNameIndex } from '../library/citation/aliases.js';
import { chineseToInt } from '../../preload/contract/numerals.js';
import { bookTitle } from '../../preload/contract/citationLine.js';

export interface DraftReading {
  /** What the parser reads. */
  text: string;
  /** The draft joined as `text` is, its 《》 as written: what a citation's marker shows (same positions as `text`). */
  written: string;
  /** The position in the draft as given of position `pos` of `text`. */
  at(pos: number): number;
}

/** A line break, with the spaces around it (pdftotext indents), a page's form feed included. */
const BREAK = /[ \t\u3000]*(?:(?:\r\n|\r|\n)\f?|\f)[ \t\u3000]*/g;
/** The longest part of a title on either side of a break that is joined, and of the whole title. */
const MAX_PART = 60;
const MAX_TITLE = 100;
const NUMERAL = '[0-9０-９零〇一二三四五六七八九十百千万两]';
const NUMBER_BEFORE = new RegExp(`第[ \\t]*(${NUMERAL}*)$`);
const NUMBER_AFTER = new RegExp(`^(${NUMERAL}*)[ \\t]*[条款项]`);
/** An article number ending a line, 之 included or not, and its 之一 (之二…) opening the next. */
const ARTICLE_BEFORE_SUB = new RegExp(`第[ \\t]*${NUMERAL}+[ \\t]*条[ \\t]*(之?)$`);
const SUB_NUMBER = '[一二三四五六七八九十0-9０-９]+(?![条款项])';
const SUB_AFTER = new RegExp(`^之[ \\t]*${SUB_NUMBER}`);
const SUB_DIGITS_AFTER = new RegExp(`^${SUB_NUMBER}`);
/** A blank line: a paragraph's end, past which no title runs on. */
const BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)[ \t\u3000]*(?:\r\n|\r|\n)/;
/** An article opening a line as running text does, not as a heading (「第十条 争议解决」). */
const ARTICLE_OPENING = new RegExp(`^第[ \\t]*${NUMERAL}+[ \\t]*条(?![ \\t\\u3000])`);
const LINE_END = new Set(['\n', '\r', '\f']);
/** Sentence ends, which no title spans. */
const SENTENCE_END = /[。；！？!?;]/;
/** A title with titles inside it, one level deep, on one line. */
const NESTED = /《[^《》\n]{0,100}(?:《[^《》\n]{1,100}》[^《》\n]{0,100})+》/g;

export function readDraft(draft: string, names: LawNameIndex): DraftReading {
  const lines = draft.replace(/\u2028/g, '\n');
  const kept: string[] = [];
  /** Where each removed break was, in the joined text, and how many characters it had: ascending. */
  const cuts: Array<{ at: number; removed: number }> = [];
  let from = 0;
  let removed = 0;
  // Where the line being read starts: past the last break not joined.
  let lineStart = 0;
  for (const m of lines.matchAll(BREAK)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (!joins(lines, lineStart, start, end, names)) {
      lineStart = end;
      continue;
    }
    kept.push(lines.slice(from, start));
    removed += end - start;
    cuts.push({ at: start - removed + (end - start), removed });
    from = end;
  }
  kept.push(lines.slice(from));
  const written = kept.join('');
  return {
    // bookTitle puts one mark for each, so positions in `text` and `written` stay the same.
    text: written.replace(NESTED, (title) => bookTitle(title.slice(1, -1))),
    written,
    at: (pos) => pos + (lastAtOrBelow(cuts, pos)?.removed ?? 0),
  };
}

/** The last cut at or before `pos` (binary search). */
function lastAtOrBelow(cuts: ReadonlyArray<{ at: number; removed: number }>, pos: number): { at: number; removed: number } | undefined {
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cuts[mid]!.at <= pos) lo = mid + 1;
    else hi = mid;
  }
  return cuts[lo - 1];
}

/**
 * Whether the break from `start` to `end` falls inside a citation: the line before (from `lineStart`, lines joined
 * already included) and the line after are one. A title may close a line further on, the lines between it joined too.
 */
function joins(text: string, lineStart: number, start: number, end: number, names: LawNameIndex): boolean {
  let lineEnd = end;
  while (lineEnd < text.length && !LINE_END.has(text[lineEnd]!)) lineEnd++;
  const before = text.slice(lineStart, start).replace(BREAK, '');
  const after = text.slice(end, lineEnd);
  const rest = text.slice(start, end + MAX_TITLE * 2);
  const paragraph = BLANK_LINE.exec(rest);
  const titleRest = (paragraph ? rest.slice(0, paragraph.index) : rest).replace(BREAK, '');
  return titleBroken(before, titleRest) || numberBroken(before, after) || subNumberBroken(before, after) || articleAfterLaw(before, after, names);
}

/** 第一百三十三条 / 之一, 第一百三十三条之 / 一: an article and its 之一 across the break. */
function subNumberBroken(before: string, after: string): boolean {
  const head = ARTICLE_BEFORE_SUB.exec(before);
  if (!head) return false;
  return head[1] ? SUB_DIGITS_AFTER.test(after) : SUB_AFTER.test(after);
}

/** 《中华人民共和国劳动合同 / 法》: a 《 the line leaves open, closed early on the next, no sentence end between. */
function titleBroken(before: string, after: string): boolean {
  const open: number[] = [];
  for (let i = 0; i < before.length; i++) {
    if (before[i] === '《') open.push(i);
    else if (before[i] === '》') open.pop();
  }
  if (open.length === 0) return false;
  const head = before.slice(open[0]);
  if (head.length > MAX_PART || SENTENCE_END.test(head)) return false;
  let depth = open.length;
  for (let i = 0; i < Math.min(after.length, MAX_PART); i++) {
    const c = after[i]!;
    if (SENTENCE_END.test(c)) return false;
    if (c === '《') depth++;
    else if (c === '》' && --depth === 0) return head.length + i + 1 <= MAX_TITLE;
  }
  return false;
}

/** 第三十 / 八条, 第 / 三十八条, 第三十八 / 条: the number of one 条 (款, 项) across the break. */
function numberBroken(before: string, after: string): boolean {
  const head = NUMBER_BEFORE.exec(before);
  const tail = head ? NUMBER_AFTER.exec(after) : null;
  if (!head || !tail) return false;
  const digits = `${head[1]}${tail[1]}`;
  return digits !== '' && (/^[0-9０-９]+$/.test(digits) || chineseToInt(digits) !== null);
}

/**
 * 依据《劳动合同法》 / 第三十八条规定: a law the library knows closing a line of running text (words before its 《),
 * and its article opening the next as a sentence goes on; a title alone on its line is a heading, and stays one.
 */
function articleAfterLaw(before: string, after: string, names: LawNameIndex): boolean {
  if (!before.endsWith('》') || !ARTICLE_OPENING.test(after)) return false;
  let depth = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    if (before[i] === '》') depth++;
    else if (before[i] === '《' && --depth === 0) {
      return before.slice(0, i).trim() !== '' && names.lookup(normalizeLawName(before.slice(i))).length > 0;
    }
  }
  return false;
}
