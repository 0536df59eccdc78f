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

export async function wordBinaryTextOf(bytes: Buffer, name = 'the file'): Promise<string> {
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
