/**
 * Parser for one LawRefBook Markdown file (see 法律法规模版.md in the corpus):
 *
 *   # 中华人民共和国民法典          ← title
 *   # 侵权责任编                    ← optional subtitle
 *   2020年5月28日 第十三届…通过     ← history lines
 *   <!-- INFO END -->
 *   ## 第一章  一般规定             ← hierarchy headings (## … ######)
 *   第一千一百六十五条 行为人…      ← articles, further paragraphs are 款
 *
 * Never throws: whatever cannot be understood is reported in `warnings`.
 */

import type { HistoryEntry, ParsedDocument } from '../types.js';
import { toAsciiDigits } from '../../../preload/contract/numerals.js';
import { toBlocks } from './blocks.js';
import { buildArticles } from './parseBody.js';
import { readoptionsAsAmendments } from './readoptions.js';

/**
 * Changes whenever the parser reads the same file differently: it is part of each
 * imported document's content hash, so re-importing an unchanged corpus rewrites
 * the documents with the corrected structure. 2: 项 continued over unnumbered
 * paragraphs, articles run together on one line, 笫 read as 第. 3: 「自公布之日起施行」
 * of an original text gives its effective date. 4: a judicial interpretation adopted again by the same committee
 * reads as amended (readoptions.ts).
 */
export const PARSER_VERSION = '4';

const INFO_END = /<!--\s*INFO\s+END\s*-->/u;
const HTML_COMMENT = /<!--[\s\S]*?-->/gu;
const TITLE_LINE = /^#(?!#)\s*(.*)$/u;
const HISTORY_LINE = /^([0-9０-９]{4})\s*年\s*([0-9０-９]{1,2})\s*月\s*([0-9０-９]{1,2})\s*日\s*(.+)$/u;
const INVISIBLE_CHARS = /[\u200b\u200c\u200d\u2060\ufeff]/gu;

/** Unifies line endings and removes BOM / zero-width characters. */
function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE_CHARS, '');
}

const MAX_FRONT_MATTER_LINES = 50;

/** Drops a leading `---` … `---` front-matter block, if it is closed within a few lines. */
function stripFrontMatter(lines: string[]): string[] {
  if (lines[0]?.trim() !== '---') return lines;
  const close = lines.findIndex((line, i) => i > 0 && i <= MAX_FRONT_MATTER_LINES && line.trim() === '---');
  return close > 0 ? lines.slice(close + 1) : lines;
}

function stripComments(text: string): string {
  return text.replace(HTML_COMMENT, '');
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Parses "2020年5月28日 第十三届…通过" into an ISO-dated history entry. */
export function parseHistoryLine(line: string): HistoryEntry | null {
  const match = HISTORY_LINE.exec(line.trim());
  if (!match) return null;
  const [, yearText, monthText, dayText, eventText] = match;
  if (!yearText || !monthText || !dayText || !eventText) return null;
  const year = Number(toAsciiDigits(yearText));
  const month = Number(toAsciiDigits(monthText));
  const day = Number(toAsciiDigits(dayText));
  if (!isCalendarDate(year, month, day)) return null;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return { date: `${year}-${pad(month)}-${pad(day)}`, event: eventText.trim() };
}

interface Header {
  title: string | null;
  subtitle: string | null;
  history: HistoryEntry[];
}

/** The text of a "# 标题" line, or null when the line is not a (non-empty) title. */
function titleText(line: string): string | null {
  const match = TITLE_LINE.exec(line);
  if (!match) return null;
  const text = (match[1] ?? '').replace(/\s+/gu, ' ').trim();
  return text === '' ? null : text;
}

/** Reads title, subtitle and history from the header lines; other lines are ignored. */
function parseHeader(lines: readonly string[]): Header {
  const header: Header = { title: null, subtitle: null, history: [] };
  for (const raw of lines) {
    const line = raw.trim();
    const title = titleText(line);
    if (title !== null) {
      if (header.title === null) header.title = title;
      else if (header.subtitle === null) header.subtitle = title;
      continue;
    }
    const entry = parseHistoryLine(line);
    if (entry) header.history.push(entry);
  }
  return header;
}

/**
 * Without an INFO END marker the header is the leading run of title lines
 * (at most two), history lines and blank lines; it ends at the first heading,
 * article or other text.
 */
function implicitHeaderLength(lines: readonly string[]): number {
  let titles = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const isTitle = titleText(line) !== null && titles < 2;
    if (isTitle) titles++;
    const inHeader = isTitle || parseHistoryLine(line) !== null;
    if (!inHeader) return i;
  }
  return lines.length;
}

interface Sections {
  headerLines: string[];
  bodyLines: string[];
  hasInfoEnd: boolean;
}

function splitSections(text: string): Sections {
  const lines = stripFrontMatter(normalizeText(text).split('\n'));
  const joined = lines.join('\n');
  const marker = INFO_END.exec(joined);
  if (marker) {
    const headerLines = stripComments(joined.slice(0, marker.index)).split('\n');
    const bodyLines = stripComments(joined.slice(marker.index + marker[0].length)).split('\n');
    return { headerLines, bodyLines, hasInfoEnd: true };
  }
  const all = stripComments(joined).split('\n');
  const cut = implicitHeaderLength(all);
  return { headerLines: all.slice(0, cut), bodyLines: all.slice(cut), hasInfoEnd: false };
}

const MAX_WARNINGS = 50;

function capWarnings(warnings: string[]): string[] {
  if (warnings.length <= MAX_WARNINGS) return warnings;
  const extra = warnings.length - MAX_WARNINGS;
  return [...warnings.slice(0, MAX_WARNINGS), `… and ${extra} more warnings`];
}

/** Parses one LawRefBook Markdown document. Never throws. */
export function parseLawMarkdown(text: string): ParsedDocument {
  const input = typeof text === 'string' ? text : '';
  try {
    return parseDocument(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { title: '', subtitle: null, history: [], preamble: '', articles: [], warnings: [`parser error: ${reason}`] };
  }
}

function parseDocument(input: string): ParsedDocument {
  const warnings: string[] = [];
  const sections = splitSections(input);
  const header = parseHeader(sections.headerLines);
  if (header.title === null) warnings.push('no title line');
  if (!sections.hasInfoEnd) warnings.push('no <!-- INFO END --> marker; header ends at the first heading or article');
  const body = buildArticles(toBlocks(sections.bodyLines));
  warnings.push(...body.warnings);
  const document: ParsedDocument = {
    title: header.title ?? '',
    subtitle: header.subtitle,
    history: readoptionsAsAmendments(header.history),
    preamble: body.preamble,
    articles: body.articles,
    warnings: capWarnings(warnings),
  };
  if (body.appendix !== null) document.appendix = body.appendix;
  return document;
}
