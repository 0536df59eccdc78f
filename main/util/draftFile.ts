/**
 * The text of a file a lawyer wants checked, whatever it came as: Word (.docx), PDF, a web page or a "Word"
 * file that is one (court and database sites save judgments as HTML named .doc), or plain text in the encodings
 * Chinese Windows writes — UTF-8, GBK (GB18030), or UTF-16 with its byte-order mark (Notepad's "Unicode").
 * The content decides, not only the name: a .doc may be a Word 97–2003 file, a .docx, a PDF or a web page, and
 * is read as what it is. RTF is refused with how to save it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { docxTextOf, MAX_DOCX_BYTES } from './docxText.js';
import { LexError } from './errors.js';
import { MAX_PDF_BYTES, pdfTextOf } from './pdfText.js';
import { wordBinaryTextOf } from './wordBinaryText.js';

/** Chinese characters and the full-width punctuation between them. */
const CJK = '[\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef]';
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', mdash: '—', hellip: '…', middot: '·', times: '×' };

/** Largest plain-text or web-page file read (a judgment is well under 1 MB). */
export const MAX_TEXT_BYTES = 20 * 1024 * 1024;

/** The text of a file on disk (see draftTextOf); a file larger than its kind's reader takes is refused before it is read. */
export async function draftFileText(file: string, opts: { maxChars?: number } = {}): Promise<string> {
  if (!fs.existsSync(file)) throw new LexError('not_found', `No file ${file}.`);
  const size = fs.statSync(file).size;
  if (size > MAX_PDF_BYTES) throw new LexError('bad_input', `${file} is ${(size / 1048576).toFixed(1)} MB; files of at most ${MAX_PDF_BYTES / 1048576} MB are read.`);
  return draftTextOf(fs.readFileSync(file), file, opts);
}

/**
 * The text of a file held in memory (an upload or a file read); `name` gives its extension and says which file in
 * messages. With `maxChars`, a PDF stops being read once its text is longer (the caller refuses it then).
 */
export async function draftTextOf(bytes: Buffer, name: string, opts: { maxChars?: number } = {}): Promise<string> {
  const ext = path.extname(name).toLowerCase();
  const tooLarge = (kind: string, max: number) => new LexError('bad_input', `${name} is ${(bytes.length / 1048576).toFixed(1)} MB; ${kind} of at most ${max / 1048576} MB are read.`);
  if (bytes.subarray(0, 8).equals(OLE)) {
    if (bytes.length > MAX_DOCX_BYTES) throw tooLarge('Word files', MAX_DOCX_BYTES);
    return wordBinaryTextOf(bytes, name);
  }
  if (bytes.subarray(0, 1024).indexOf('%PDF-') >= 0 || ext === '.pdf') return pdfTextOf(bytes, name, opts.maxChars);
  if (bytes.length > MAX_DOCX_BYTES && (ext === '.docx' || bytes.subarray(0, 2).toString('latin1') === 'PK')) throw tooLarge('Word files', MAX_DOCX_BYTES);
  if (bytes.subarray(0, 2).toString('latin1') === 'PK' || ext === '.docx') return docxTextOf(bytes, name);
  if (bytes.subarray(0, 5).toString('latin1') === '{\\rtf') {
    throw new LexError('bad_input', `${name} is a Rich Text (RTF) file, which LexDesk cannot read: save it as .docx or .txt, then check that.`);
  }
  if (bytes.length > MAX_TEXT_BYTES) throw tooLarge('text files and web pages', MAX_TEXT_BYTES);
  const declared = htmlCharset(bytes);
  const text = declared ? declared.decode(bytes) : decodeText(bytes, name);
  return looksLikeHtml(text) ? htmlText(text) : text;
}

/**
 * A web page's declared encoding (<meta charset="big5">), when it is one that the text cannot be told by trying
 * (UTF-8 and GBK are tried anyway, in that order); null otherwise, or when the label is unknown.
 */
function htmlCharset(bytes: Buffer): TextDecoder | null {
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (!/<(?:!doctype\s+html|html|head|meta)\b/i.test(head)) return null;
  const label = /<meta\b[^>]*charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (!label || /^(?:utf-?8|gbk|gb2312|gb18030|x-gbk|cp936)$/.test(label)) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/** Text in UTF-8 (with or without a byte-order mark), UTF-16 with one, else GB18030 (GBK's superset); anything else is refused. */
export function decodeText(bytes: Buffer, name = 'the file'): string {
  const bom = bytes.subarray(0, 3);
  if (bom[0] === 0xff && bom[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bom[0] === 0xfe && bom[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      // TextDecoder drops a UTF-8 byte-order mark itself.
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
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
  return withoutSpans(withoutSpans(html, '<!--', () => '-->'), '<', (open) => {
    // Scripts, styles and the head go whole; any other tag alone. Every search is forward only, so the work is linear.
    const name = /^<(script|style|head|title|xml)\b/i.exec(open)?.[1];
    return name ? `</${name.toLowerCase()}` : null;
  })
    .replace(/\s+/g, ' ')
    // A line break in the source between two Chinese characters is no space (第二百\n六十四条 is one citation).
    .replace(new RegExp(`(${CJK}) (?=${CJK})`, 'g'), '$1')
    .replace(/<br\b[^<>]*>/gi, '\n')
    .replace(/<\/?(?:p|div|h[1-6]|li|tr|table|section|article|blockquote|pre)\b[^<>]*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, '\t')
    .replace(/<[^<>]*>/g, '')
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

/**
 * `text` with spans cut out: from each `start` marker to the end `endOf` gives for it (through the end of that
 * marker's closing, or the text), scanning forward once. `endOf` returning null keeps that occurrence.
 */
function withoutSpans(text: string, start: string, endOf: (open: string) => string | null): string {
  const lower = text.toLowerCase();
  let out = '';
  let at = 0;
  for (let i = lower.indexOf(start, 0); i >= 0; i = lower.indexOf(start, i + 1)) {
    const end = endOf(text.slice(i, i + 16));
    if (end === null) continue;
    const close = lower.indexOf(end, i + start.length);
    out += text.slice(at, i);
    if (close < 0) return out;
    const stop = lower.indexOf('>', close);
    at = end === '-->' ? close + 3 : stop < 0 ? text.length : stop + 1;
    i = at - 1;
  }
  return out + text.slice(at);
}
