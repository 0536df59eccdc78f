/**
 * The text of a Word 97–2003 (.doc) file, still how many courts, firms and templates keep documents, read with
 * word-extractor in pure JavaScript: the body, its text boxes, then the footnotes and endnotes (briefs cite in
 * footnotes), as a .docx is read (docxText.ts). Curly quotation marks are kept as written, so a quotation is checked as it stands.
 */
import WordExtractor from 'word-extractor';
import { LexError } from './errors.js';

/** word-extractor's document, with the option its type declarations leave out. */
interface WordDocument {
  getBody(options?: { filterUnicode?: boolean }): string;
  getFootnotes(options?: { filterUnicode?: boolean }): string;
  getEndnotes(options?: { filterUnicode?: boolean }): string;
  getTextboxes(options?: { filterUnicode?: boolean; includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
}

/** The FIB (File Information Block) opens a Word file's WordDocument stream: its magic number, then the format's version. */
const FIB_MAGIC = 0xa5ec;
/** nFib of Word 97 to Word 2007's binary format (0x00C1 … 0x0112). */
const FIB_VERSIONS = { min: 0x00c1, max: 0x0112 };
/** FibBase's fEncrypted: the document is protected by a password (RC4 or XOR); its text cannot be read without it. */
const FIB_ENCRYPTED = 0x0100;
/** A stream's data starts on a 64-byte boundary (a mini sector; a 512- or 4096-byte sector is a multiple), after the 512-byte header. */
const ALIGN = 64;

/**
 * Whether the Word file is protected by a password to open. Its FIB stays readable — only what follows it is
 * encrypted — so the flag is found by the FIB's magic number and version at a stream's start, without reading the
 * compound file's directory; false when no FIB is found (word-extractor then says what is wrong).
 */
export function isPasswordProtectedWord(bytes: Buffer): boolean {
  for (let at = 512; at + 12 <= bytes.length; at += ALIGN) {
    if (bytes.readUInt16LE(at) !== FIB_MAGIC) continue;
    const version = bytes.readUInt16LE(at + 2);
    if (version < FIB_VERSIONS.min || version > FIB_VERSIONS.max) continue;
    return (bytes.readUInt16LE(at + 0x0a) & FIB_ENCRYPTED) !== 0;
  }
  return false;
}

export async function wordBinaryTextOf(bytes: Buffer, name = 'the file'): Promise<string> {
  // Read without its password, an encrypted file gives noise or nothing: a check would find no citations and say so.
  if (isPasswordProtectedWord(bytes)) {
    throw new LexError('bad_input', `${name} is protected by a password (打开密码), so its text cannot be read: open it in Word or WPS, remove the password (文件 → 信息 → 保护文档 → 用密码进行加密, clear it), save it, then check that — or paste its text.`);
  }
  let doc: WordDocument;
  try {
    doc = (await new WordExtractor().extract(bytes)) as unknown as WordDocument;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new LexError('bad_input', `${name} could not be read as a Word 97–2003 (.doc) file (${why}); a WPS file or a damaged one: open it and save it as .docx (另存为 → Word 文档) or PDF, then check that.`);
  }
  const asWritten = { filterUnicode: false };
  const textboxes = doc.getTextboxes({ ...asWritten, includeHeadersAndFooters: false, includeBody: true });
  return [doc.getBody(asWritten), textboxes, doc.getFootnotes(asWritten), doc.getEndnotes(asWritten)]
    // Word's cell, line and page marks end lines here.
    .map((part) => part.replace(/[\r\u0007\u000b\u000c]/g, '\n').replace(/\n{3,}/g, '\n\n').trim())
    .filter(Boolean)
    .join('\n');
}
