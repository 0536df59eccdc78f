import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/open.js';
import { LexError } from '../../util/errors.js';
import { importIntoLibrary, type ImportOptions, type ImportSummary } from './importLibrary.js';
import { jsonlSource } from './jsonlSource.js';
import { isLawRefBookRoot, lawRefBookSource, type LawRefBookOptions } from './lawRefBookSource.js';
import type { ImportSource } from './sourceDocument.js';

export { importIntoLibrary, libraryCounts } from './importLibrary.js';
export type { ImportOptions, ImportProgress, ImportSummary, LibraryCounts } from './importLibrary.js';
export { listPacks } from './lawRefBookSource.js';

export interface ImportPathOptions extends ImportOptions, LawRefBookOptions {}

/** Picks the importer for a path: a LawRefBook folder or a .jsonl file. */
export function sourceForPath(target: string, opts: LawRefBookOptions = {}): ImportSource {
  if (!fs.existsSync(target)) {
    throw new LexError('import-path-missing', `Nothing to import at ${target}: the path does not exist. Pass a LawRefBook folder or a .jsonl file, or use --download.`);
  }
  const stat = fs.statSync(target);
  if (stat.isFile()) {
    if (/\.jsonl?$/i.test(target)) return jsonlSource(target);
    throw new LexError('import-format', `${target} is not a supported file: import a LawRefBook folder or a JSONL file (one article per line, see README).`);
  }
  if (!isLawRefBookRoot(target) && !hasMarkdown(target)) {
    throw new LexError('import-format', `${target} does not look like a LawRefBook collection (no db.sqlite3 and no .md files).`);
  }
  return lawRefBookSource(target, opts);
}

function hasMarkdown(dir: string): boolean {
  return fs.readdirSync(dir, { withFileTypes: true }).some(
    (e) => (e.isFile() && e.name.endsWith('.md')) || (e.isDirectory() && fs.readdirSync(path.join(dir, e.name)).some((n) => n.endsWith('.md'))),
  );
}

export async function importPath(db: Db, target: string, opts: ImportPathOptions = {}): Promise<ImportSummary> {
  return importIntoLibrary(db, sourceForPath(target, opts), opts);
}
