import yauzl from 'yauzl';
import { LexError } from './errors.js';

/** The parts of a Word file whose text is read: the body, then its footnotes and endnotes (briefs cite in footnotes). */
const TEXT_PARTS = ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml'];
const MAX_PART_BYTES = 50 * 1024 * 1024;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The visible text of WordprocessingML: each paragraph on its own line, tabs kept, entities decoded. A break inside a
 * paragraph (Shift+Enter, <w:br/>, <w:cr/>) is U+2028, the line separator, so that it ends a line without starting a
 * new paragraph (第N段 counts paragraphs, draftCheck.ts).
 */
export function wordXmlText(xml: string): string {
  return xml
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<w:(?:br|cr)\b[^>]*\/>/g, '\u2028')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|#x[0-9a-f]+|#\d+);/gi, (_m, e: string) =>
      e.startsWith('#') ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()] ?? _m)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Largest Word file read (a brief with pictures is a few MB). */
export const MAX_DOCX_BYTES = 20 * 1024 * 1024;

/** The text of a .docx held in memory (an upload); `name` says which file in messages. */
export async function docxTextOf(bytes: Buffer, name = 'the file'): Promise<string> {
  const notWord = (why: string) => new LexError('bad_input', `${name} is not a Word (.docx) file: ${why}`);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err || !z ? reject(notWord(err?.message ?? 'unreadable')) : resolve(z))));
  const parts = new Map<string, string>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!TEXT_PARTS.includes(entry.fileName)) return zip.readEntry();
        if (entry.uncompressedSize > MAX_PART_BYTES) return reject(new LexError('bad_input', `${name}: ${entry.fileName} is larger than ${MAX_PART_BYTES / 1048576} MB`));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            parts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', (err: Error) => reject(notWord(err.message)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!parts.has('word/document.xml')) throw notWord('it has no word/document.xml');
  return TEXT_PARTS.flatMap((p) => (parts.has(p) ? [wordXmlText(parts.get(p) as string)] : [])).filter(Boolean).join('\n\n');
}
