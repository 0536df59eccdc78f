/**
 * The text of a Word 97–2003 (.doc) file, still how many courts, firms and templates keep documents, read with
 * word-extractor in pure JavaScript: the body, its text boxes, then the footnotes and endnotes (briefs cite in
 * footnotes), as a .docx is read (docxText.ts). Curly quotation marks are kept as written, so a quotation is checked as it stands.
 */
import { createRequire } from 'node:module';
import WordExtractor from 'word-extractor';
import { LexError } from './errors.js';

/** word-extractor's document, with the option its type declarations leave out. */
interface WordDocument {
  getBody(options?: { filterUnicode?: boolean }): string;
  getFootnotes(options?: { filterUnicode?: boolean }): string;
  getEndnotes(options?: { filterUnicode?: boolean }): string;
  getTextboxes(options?: { filterUnicode?: boolean; includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
}

/** word-extractor's compound-file reader (not in its type declarations): finds a stream by name through the directory. */
interface CompoundDoc {
  read(): Promise<void>;
  stream(name: string): NodeJS.ReadableStream;
}
const require = createRequire(import.meta.url);
const OleCompoundDoc = require('word-extractor/lib/ole-compound-doc') as new (reader: unknown) => CompoundDoc;
const BufferReader = require('word-extractor/lib/buffer-reader') as new (bytes: Buffer) => unknown;

/** The FIB (File Information Block) opens the WordDocument stream: its magic number, then its flags at 0x0A. */
const FIB_MAGIC = 0xa5ec;
/** FibBase's fEncrypted: the document is protected by a password (RC4 or XOR); its text cannot be read without it. */
const FIB_ENCRYPTED = 0x0100;

/**
 * Whether the Word file is protected by a password to open: its WordDocument stream, found through the compound
 * file's directory, begins with a FIB that stays readable — only what follows it is encrypted — and says so. False
 * when there is no such stream or FIB (word-extractor then says what is wrong).
 */
export async function isPasswordProtectedWord(bytes: Buffer): Promise<boolean> {
  try {
    const doc = new OleCompoundDoc(new BufferReader(bytes));
    await doc.read();
    const fib = await firstBytes(doc.stream('WordDocument'), 12);
    return fib.length >= 12 && fib.readUInt16LE(0) === FIB_MAGIC && (fib.readUInt16LE(0x0a) & FIB_ENCRYPTED) !== 0;
  } catch {
    return false;
  }
}

/** The first `n` bytes of a stream (all of it when shorter). */
function firstBytes(stream: NodeJS.ReadableStream, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks, length).subarray(0, n)));
  });
}

export async function wordBinaryTextOf(bytes: Buffer, name = 'the file'): Promise<string> {
  // Read without its password, an encrypted file gives noise or nothing: a check would find no citations and say so.
  if (await isPasswordProtectedWord(bytes)) {
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
