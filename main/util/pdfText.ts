/**
 * The text of a PDF (a brief as filed, a judgment as downloaded), read with pdf.js in pure JavaScript, so that its
 * citations can be checked as a Word file's are. A PDF has no paragraphs, only lines placed on a page; a line that
 * reaches the right margin without ending a sentence was wrapped, and is joined to the next (Chinese has no spaces
 * to lose), so that a citation or a quotation broken across two lines reads whole.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { LexError } from './errors.js';

/** Largest PDF read (a long judgment with embedded fonts is a few MB). */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
/** The longest running header or footer taken out (「第 3 页，共 24 页」, a court's name). */
const MAX_RUNNING_CHARS = 40;
/** A line ending with one of these ends a sentence or a heading's clause, so it was not wrapped. */
const ENDS_LINE = /[。！？；：:;!?」』”)）]$/;

/** What a line is built from: pdf.js's text item, of which only these are read. */
type TextItem = Pick<import('pdfjs-dist/types/src/display/api.js').TextItem, 'str' | 'transform' | 'width' | 'height' | 'hasEOL'>;

export interface Line {
  text: string;
  right: number;
  size: number;
  /** Its height on the page (the baseline of its first word). */
  y: number;
}

/**
 * The text of a PDF held in memory (an upload); `name` says which file in messages. Pages stop being read once
 * the text passes `maxChars` (the caller refuses so long a text anyway).
 */
export async function pdfTextOf(bytes: Buffer, name = 'the file', maxChars = Infinity): Promise<string> {
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) throw new LexError('bad_input', `${name} is not a PDF file (it does not begin with %PDF-).`);
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes DOMMatrix in Node from @napi-rs/canvas, an optional dependency that an install may have left out.
  if (typeof globalThis.DOMMatrix === 'undefined') throw new LexError('pdf_reader_unavailable', 'Reading PDF files needs the @napi-rs/canvas package, which this install lacks (installed with --omit=optional?): reinstall LexDesk\'s dependencies, or save the file as .docx or .txt.');
  const assets = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const task = getDocument({
    data: new Uint8Array(bytes),
    // Chinese fonts are mapped to Unicode through Adobe's CMaps, shipped with pdf.js.
    cMapUrl: `${path.join(assets, 'cmaps')}${path.sep}`,
    cMapPacked: true,
    standardFontDataUrl: `${path.join(assets, 'standard_fonts')}${path.sep}`,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    const why = err instanceof Error ? err : new Error(String(err));
    if (why.name === 'PasswordException') throw new LexError('bad_input', `${name} is protected by a password; save an unlocked copy (or its text) and check that.`);
    throw new LexError('bad_input', `${name} could not be read as a PDF: ${why.message}`);
  }
  try {
    const pages: Line[][] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages && chars <= maxChars; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const lines = pageLines(content.items.flatMap((i) => ('str' in i ? [i] : [])));
      pages.push(lines);
      chars += lines.reduce((sum, l) => sum + l.text.length, 0);
      page.cleanup();
    }
    // The right margin is the document's typical one, the median of its pages' widest lines: a page of short lines
    // (a list, the signatures) has none of its own, and one wide page (a landscape table) must not set it.
    const margin = documentMargin(pages.map((lines) => lines.reduce((m, l) => Math.max(m, l.right), 0)));
    const body = withoutRunningLines(pages.map((lines) => lines.filter((l) => l.text.trim())), margin);
    // A form feed ends each page, so that a citation's page can be told (draftCheck.ts); a paragraph that runs on
    // to the next page has only the form feed between its parts, so a quotation across the break reads whole.
    const text = body
      .map((lines) => {
        const page = joinLines(lines, margin).replace(/\n{3,}/g, '\n\n').trim();
        const last = lines.at(-1);
        return `${page}${last && isWrapped(last, margin) ? '' : '\n'}\f`;
      })
      .join('');
    if (!text.trim()) throw new LexError('bad_input', `${name} holds no text, only images (a scan?): run it through OCR first, or paste its text.`);
    return text;
  } finally {
    await doc.destroy();
  }
}

/** The median of the pages' widest lines (pages without text left out); 0 for none. */
export function documentMargin(widest: readonly number[]): number {
  const sorted = widest.filter((w) => w > 0).sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** A page's text, its wrapped lines joined (the right margin the page's own unless given). */
export function pageText(items: readonly TextItem[], margin?: number): string {
  const lines = pageLines(items);
  return joinLines(lines, margin ?? lines.reduce((m, l) => Math.max(m, l.right), 0));
}

/** A page's lines in reading order, each with where it ends on the right and its type size. */
function pageLines(items: readonly TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line = { text: '', right: 0, size: 0, y: 0 };
  for (const item of items) {
    if (!current.text.trim()) current.y = item.transform[5] ?? 0;
    current.text += item.str;
    if (item.str.trim()) {
      current.right = Math.max(current.right, (item.transform[4] ?? 0) + item.width);
      current.size = Math.max(current.size, item.height || Math.abs(item.transform[3] ?? 0));
    }
    if (item.hasEOL) {
      lines.push(current);
      current = { text: '', right: 0, size: 0, y: 0 };
    }
  }
  if (current.text) lines.push(current);
  return lines;
}

/** A line that reaches the margin without ending a sentence was wrapped: the paragraph goes on in the next line. */
function isWrapped(line: Line, margin: number): boolean {
  const text = line.text.replace(/\s+$/, '');
  return text !== '' && !ENDS_LINE.test(text) && line.right >= margin - 1.5 * line.size;
}

/**
 * The pages without their running headers and footers: a page's first or last line that, its digits left out,
 * stands at the same height on at least half the pages (「第 3 页，共 24 页」, 「- 3 -」, the court's name atop each
 * page). A one-page document keeps all.
 */
export function withoutRunningLines(pages: readonly (readonly Line[])[], margin: number): Line[][] {
  // The same words (the page number aside) at the same height: a line of the text is neither, however often it recurs.
  const key = (l: Line) => `${Math.round(l.y)}|${l.text.replace(/[\d\s]+/g, '#')}`;
  // Running lines are short and stand first or last: a line of the text that wraps, or a long one, is the text's own.
  const edges = (lines: readonly Line[]) => new Set([lines[0], lines.at(-1)].filter((l): l is Line => !!l && l.text.trim().length <= MAX_RUNNING_CHARS && !isWrapped(l, margin)));
  const counts = new Map<string, number>();
  for (const lines of pages) for (const k of new Set([...edges(lines)].map(key))) counts.set(k, (counts.get(k) ?? 0) + 1);
  const running = (k: string) => pages.length >= 2 && (counts.get(k) ?? 0) >= Math.max(2, Math.ceil(pages.length / 2));
  return pages.map((lines) => {
    const atEdge = edges(lines);
    return lines.filter((l) => !(atEdge.has(l) && running(key(l))));
  });
}

/** The lines as text: one that reaches the margin without ending a sentence was wrapped, and is joined to the next. */
function joinLines(lines: readonly Line[], margin: number): string {
  let out = '';
  lines.forEach((line, i) => {
    const text = line.text.replace(/\s+$/, '');
    out += text;
    if (i === lines.length - 1) return;
    const wrapped = isWrapped(line, margin);
    const next = lines[i + 1]!.text.trimStart();
    out += !wrapped ? '\n' : /[A-Za-z0-9]$/.test(text) && /^[A-Za-z0-9]/.test(next) ? ' ' : '';
  });
  return out;
}
