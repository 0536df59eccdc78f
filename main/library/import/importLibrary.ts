import type { Db } from '../../db/open.js';
import { forgetChangedArticles } from '../../search/vectors/embedLibrary.js';
import { LexError } from '../../util/errors.js';
import { needsReindex, markIndexed, rebuildFullTextIndex } from './reindex.js';
import type { ImportSource, SkippedFile } from './sourceDocument.js';
import { recomputeStatuses } from './versions.js';
import { LibraryWriter } from './writer.js';

export interface ImportProgress {
  phase: 'read' | 'index' | 'finish';
  done: number;
  total: number | null;
  current?: string;
}

export interface ImportOptions {
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
}

export interface ImportSummary {
  source: string;
  documents: { added: number; updated: number; unchanged: number };
  articlesWritten: number;
  skipped: SkippedFile[];
  notes: string[];
  warnings: string[];
  reindexed: boolean;
  durationMs: number;
  library: LibraryCounts;
}

export interface LibraryCounts {
  laws: number;
  versions: number;
  documents: number;
  articles: number;
  currentArticles: number;
  provinces: string[];
}

const YIELD_EVERY = 25;

/**
 * Imports a source into the library in ONE transaction: an error, an abort
 * (Ctrl-C) or a crash leaves the previous library exactly as it was.
 * Unchanged documents are skipped, so re-importing the same tree changes nothing.
 */
export async function importIntoLibrary(db: Db, source: ImportSource, opts: ImportOptions = {}): Promise<ImportSummary> {
  const started = Date.now();
  const writer = new LibraryWriter(db);
  const summary: ImportSummary = {
    source: source.label,
    documents: { added: 0, updated: 0, unchanged: 0 },
    articlesWritten: 0,
    skipped: [],
    notes: [...source.notes],
    warnings: [],
    reindexed: false,
    durationMs: 0,
    library: emptyCounts(),
  };
  db.exec('BEGIN IMMEDIATE');
  try {
    // Decided before reading: articles written now are segmented with the current dictionary.
    const reindex = needsReindex(db);
    await readAll(source, writer, summary, opts);
    if (summary.documents.added + summary.documents.updated > 0) forgetChangedArticles(db, writer.removedArticleIds);
    if (reindex) {
      opts.onProgress?.({ phase: 'index', done: 0, total: null });
      rebuildFullTextIndex(db, (done, total) => opts.onProgress?.({ phase: 'index', done, total }));
      summary.reindexed = true;
    } else {
      markIndexed(db);
    }
    recomputeStatuses(db);
    opts.onProgress?.({ phase: 'finish', done: 1, total: 1 });
    throwIfAborted(opts.signal);
    db.exec('COMMIT');
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
  summary.library = libraryCounts(db);
  summary.durationMs = Date.now() - started;
  db.prepare('INSERT INTO import_log (started_at, finished_at, source, summary) VALUES (?, ?, ?, ?)').run(
    new Date(started).toISOString(), new Date().toISOString(), source.label,
    JSON.stringify({ ...summary, warnings: summary.warnings.length }),
  );
  return summary;
}

async function readAll(source: ImportSource, writer: LibraryWriter, summary: ImportSummary, opts: ImportOptions) {
  let done = 0;
  for await (const item of source.items()) {
    throwIfAborted(opts.signal);
    if (item.kind === 'skipped') {
      summary.skipped.push(item.skipped);
    } else {
      const outcome = writer.write(item.doc);
      summary.documents[outcome] += 1;
      if (outcome !== 'unchanged') summary.articlesWritten += item.doc.articles.length;
      summary.warnings.push(...item.doc.warnings);
    }
    done += 1;
    const current = item.kind === 'skipped' ? item.skipped.path : item.doc.path;
    opts.onProgress?.({ phase: 'read', done, total: source.total, current });
    if (done % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new LexError('import-cancelled', 'Import cancelled; the library was left as it was before.');
  }
}

function emptyCounts(): LibraryCounts {
  return { laws: 0, versions: 0, documents: 0, articles: 0, currentArticles: 0, provinces: [] };
}

export function libraryCounts(db: Db): LibraryCounts {
  const one = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
  return {
    laws: one('SELECT COUNT(*) FROM laws'),
    versions: one("SELECT COUNT(*) FROM (SELECT DISTINCT law_id, COALESCE(publish_date, '') FROM documents)"),
    documents: one('SELECT COUNT(*) FROM documents'),
    articles: one('SELECT COUNT(*) FROM articles'),
    currentArticles: one(
      "SELECT COUNT(*) FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.status = 'current'",
    ),
    provinces: db.prepare("SELECT DISTINCT province FROM documents WHERE province != '' ORDER BY 1").pluck().all() as string[],
  };
}
