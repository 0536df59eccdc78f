/**
 * The text of a file a lawyer wants checked, whatever it came as: Word (.docx), PDF, a web page or a "Word"
 * file that is one (court and database sites save judgments as HTML named .doc), or plain text in the encodings
 * Chinese Windows writes — UTF-8, GBK (GB18030), or UTF-16 with its byte-order mark (Notepad's "Unicode").
 * The content decides, not only the name: a .doc may be a Word 97–2003 file, a .docx, a PDF or a web page, and
 * is read as what it is; so is Rich Text (RTF, rtfText.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { docxTextOf, MAX_DOCX_BYTES } from './docxText.js';
import { LexError } from './errors.js';
import { MAX_PDF_BYTES, pdfTextOf } from './pdfText.js';
import { rtfText } from './rtfText.js';
import { wordBinaryTextOf } from './wordBinaryText.js';

/** Chinese characters and the full-width punctuation between them. */
const CJK = '[\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef]';
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', mdash: '—', hellip: '…', middot: '·', times: '×' };

/** Largest plain-text or web-page file read (a judgment is well under 1 MB). */
export const MAX_TEXT_BYTES = 20 * 1024 * 1024;

/**
 * A file's text, and whether its lines are paragraphs (Word, PDF and web pages: a citation's place is then its
 * paragraph, 第N段, not a line the reader sees) or lines as written (plain text and Markdown).
 */
export interface DraftText {
  text: string;
  paragraphs: boolean;
}

/** The text of a file on disk (see draftTextOf); a file larger than its kind's reader takes is refused before it is read. */
export async function draftFileText(file: string, opts: { maxChars?: number } = {}): Promise<DraftText> {
  if (!fs.existsSync(file)) throw new LexError('not_found', `No file ${file}.`);
  const stat = fs.statSync(file);
  if (stat.isDirectory()) throw new LexError('bad_input', `${file} is a folder; name a file in it (a .docx, .pdf, .md or .txt, …).`);
  const size = stat.size;
  if (size > MAX_PDF_BYTES) throw new LexError('bad_input', `${file} is ${(size / 1048576).toFixed(1)} MB; files of at most ${MAX_PDF_BYTES / 1048576} MB are read.`);
  return draftTextOf(fs.readFileSync(file), file, opts);
}

/**
 * The text of a file held in memory (an upload or a file read); `name` gives its extension and says which file in
 * messages. With `maxChars`, a PDF stops being read once its text is longer (the caller refuses it then).
 */
export async function draftTextOf(bytes: Buffer, name: string, opts: { maxChars?: number } = {}): Promise<DraftText> {
  const ext = path.extname(name).toLowerCase();
  const tooLarge = (kind: string, max: number) => new LexError('bad_input', `${name} is ${(bytes.length / 1048576).toFixed(1)} MB; ${kind} of at most ${max / 1048576} MB are read.`);
  const paragraphs = (text: string): DraftText => ({ text, paragraphs: true });
  if (bytes.subarray(0, 8).equals(OLE)) {
    if (bytes.length > MAX_DOCX_BYTES) throw tooLarge('Word files', MAX_DOCX_BYTES);
    return paragraphs(await wordBinaryTextOf(bytes, name));
  }
  if (bytes.subarray(0, 1024).indexOf('%PDF-') >= 0 || ext === '.pdf') return paragraphs(await pdfTextOf(bytes, name, opts.maxChars));
  if (bytes.subarray(0, 2).toString('latin1') === 'PK' || ext === '.docx') {
    if (bytes.length > MAX_DOCX_BYTES) throw tooLarge('Word files', MAX_DOCX_BYTES);
    return paragraphs(await docxTextOf(bytes, name));
  }
  if (bytes.subarray(0, 5).toString('latin1') === '{\\rtf') {
    if (bytes.length > MAX_DOCX_BYTES) throw tooLarge('RTF files', MAX_DOCX_BYTES);
    return paragraphs(rtfText(bytes));
  }
  if (bytes.length > MAX_TEXT_BYTES) throw tooLarge('text files and web pages', MAX_TEXT_BYTES);
  const text = decodeText(bytes, name, htmlCharset(bytes));
  return looksLikeHtml(text) ? paragraphs(htmlText(text)) : { text, paragraphs: false };
}

/**
 * A web page's declared encoding (<meta charset="big5">), for a page that is not valid UTF-8: null when it
 * declares none, UTF-8, GBK or UTF-16 (which browsers read as UTF-8 in a meta tag), or a label TextDecoder lacks.
 */
function htmlCharset(bytes: Buffer): TextDecoder | null {
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (!/<(?:!doctype\s+html|html|head|meta)\b/i.test(head)) return null;
  const label = /<meta\b[^>]*charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (!label || /^(?:utf-?8|utf-?16(?:le|be)?|gbk|gb2312|gb18030|x-gbk|cp936)$/.test(label)) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/**
 * Text in UTF-16 with its byte-order mark, else UTF-8 (with or without one), else the encoding a web page declares
 * (`declared`), else GB18030 (GBK's superset); anything else is refused.
 */
export function decodeText(bytes: Buffer, name = 'the file', declared: TextDecoder | null = null): string {
  const bom = bytes.subarray(0, 3);
  if (bom[0] === 0xff && bom[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bom[0] === 0xfe && bom[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  for (const decoder of [new TextDecoder('utf-8', { fatal: true }), declared, new TextDecoder('gb18030', { fatal: true })]) {
    try {
      // TextDecoder drops a UTF-8 byte-order mark itself.
      if (decoder) return decoder.decode(bytes);
    } catch {
      // not this encoding
    }
  }
  throw new LexError('bad_input', `${name} is neither UTF-8 nor GBK text: save it as UTF-8 text or .docx.`);
}

function looksLikeHtml(text: string): boolean {
  return /<(?:!doctype\s+html|html|body)\b/i.test(text.slice(0, 4096));
}

/** A web page's (or HTML "Word" file's) visible text: each block on its own line, scripts, styles and comments left out, entities decoded. */
export function htmlText(html: string): string {
  return visibleHtml(html)
    .replace(/\s+/g, ' ')
    // A line break in the source between two Chinese characters is no space (第二百\n六十四条 is one citation).
    .replace(new RegExp(`(${CJK}) (?=${CJK})`, 'g'), '$1')
    .replace(/\u0001/g, '\n')
    .replace(/\u0002/g, '\t')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{1,10});/gi, (m, e: string) => {
      if (!e.startsWith('#')) return ENTITIES[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0\u2002\u2003\u3000]+/g, (run) => (run.includes('\t') ? '\t' : ' ')).trim())
    .filter(Boolean)
    .join('\n');
}

/** Tags whose content is not shown: dropped with it, up to their closing tag. */
const HIDDEN = new Set(['script', 'style', 'head', 'title', 'xml', 'template', 'noscript']);
/** Tags that start a line (\u0001 until whitespace is collapsed). */
const BLOCK = new Set(['br', 'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'table', 'section', 'article', 'blockquote', 'pre']);

/**
 * The page's text with its markup taken out, in one forward pass: comments (an unclosed one hides the rest, as
 * browsers read it), hidden elements with their content (an unclosed one loses its tag only; <head> ends at
 * </head> or <body>), every other tag (a block's as a line break \u0001, a cell's end as a tab \u0002), and a
 * stray < kept as text. Each search only moves forward, so the work is linear in the page.
 */
function visibleHtml(html: string): string {
  // ASCII letters only, so that every offset in `lower` is the same in `html`.
  const lower = html.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  const out: string[] = [];
  // Once a search finds nothing after a point, no later search past it can: remembered, so no search repeats.
  let noGtFrom = Infinity;
  const closing = (from: number) => {
    if (from >= noGtFrom) return -1;
    const gt = html.indexOf('>', from);
    if (gt < 0) noGtFrom = from;
    return gt;
  };
  const unclosedFrom = new Map<string, number>();
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(html.slice(i));
      break;
    }
    out.push(html.slice(i, lt));
    if (lower.startsWith('<!--', lt)) {
      const end = lower.indexOf('-->', lt + 4);
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    const tag = /^<(\/?)([a-z][a-z0-9]*)|^<[!?]/.exec(lower.slice(lt, lt + 24));
    if (!tag) {
      out.push('<');
      i = lt + 1;
      continue;
    }
    const gt = closing(lt);
    if (gt < 0) {
      out.push(html.slice(lt));
      break;
    }
    const [, slash, name = ''] = tag;
    i = gt + 1;
    if (!slash && HIDDEN.has(name) && i < (unclosedFrom.get(name) ?? Infinity)) {
      const end = hiddenEnd(lower, name, i);
      if (end >= 0) i = end;
      else unclosedFrom.set(name, i);
    } else if (BLOCK.has(name)) out.push('\u0001');
    else if (slash && (name === 'td' || name === 'th')) out.push('\u0002');
  }
  return out.join('');
}

/** Where a hidden element's content ends (past its closing tag; <head> also at <body>), or -1 when it is never closed. */
function hiddenEnd(lower: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s/>]${name === 'head' ? '|<body[\\s/>]' : ''}`, 'g');
  close.lastIndex = from;
  const m = close.exec(lower);
  if (!m) return -1;
  if (m[0].startsWith('<body')) return m.index;
  const gt = lower.indexOf('>', m.index);
  return gt < 0 ? lower.length : gt + 1;
}
