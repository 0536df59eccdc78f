import { renderCompilation, type Compilation } from '../report/compilation.js';
import { writableOutput, writeAtomically } from '../util/atomicWrite.js';
import { LexError } from '../util/errors.js';

/** What a compilation written by `show --out` or `check --out` holds. */
export interface Written {
  file: string;
  articles: number;
  notFound: number;
}

/** The --out file of a compilation, checked before any work: a Markdown or Word file in a folder that can be written. */
export function compilationOut(out: unknown): string | null {
  if (out === undefined) return null;
  const file = writableOutput(String(out));
  if (!/\.(md|docx)$/i.test(file)) throw new LexError('usage', `--out must name a .md or .docx file (got ${file})`);
  return file;
}

/** Writes a compilation as Markdown or Word by the file's extension, whole or not at all. */
export async function writeCompilation(compilation: Compilation, file: string): Promise<Written> {
  writeAtomically(file, await renderCompilation(compilation, /\.docx$/i.test(file) ? 'docx' : 'md'));
  return { file, articles: compilation.articles.length, notFound: compilation.notFound.length };
}

export function writtenLine(w: Written): string {
  return `Written to ${w.file}: ${w.articles} article${w.articles === 1 ? '' : 's'}${w.notFound ? `, ${w.notFound} citation${w.notFound === 1 ? '' : 's'} not found (listed at its top)` : ''}.`;
}
