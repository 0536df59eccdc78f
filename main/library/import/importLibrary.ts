import type { SavedChange } from '../saved/savedState.js';
import type { Db } from '../../db/open.js';
import { forgetChangedArticles } from '../../search/vectors/embedLibrary.js';
import { LexError } from '../../util/errors.js';
import { needsReindex, markIndexed, rebuildFullTextIndex } from './reindex.js';
import type { ImportSource, SkippedFile, SourceDocument, SourceScope } from './sourceDocument.js';
import { recomputeStatuses } from './versions.js';
import { refreshDateLists } from '../versions/repealTable.js';
import { statusSql } from '../status.js';
import { newCopyWins, type NamedCopyRow } from './sameDocument.js';
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
  /** Documents no longer in a source imported in full, or stored copies of another file; laws left without documents. */
  removed: { documents: number; laws: number };
  articlesWritten: number;
  skipped: SkippedFile[];
  notes: string[];
  warnings: string[];
  reindexed: boolean;
  durationMs: number;
  library: LibraryCounts;
  /** Saved articles (收藏) whose standing this import changed — revised, renumbered, repealed, gone (filled by the engine). */
  savedChanged?: SavedChange[];
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
 * A source that holds a part of the library in full (a collection root, a whole
 * province pack) replaces that part: its documents missing from the source are
 * removed. A file that is a copy of another of the same version is skipped.
 */
export async function importIntoLibrary(db: Db, source: ImportSource, opts: ImportOptions = {}): Promise<ImportSummary> {
  const started = Date.now();
  const writer = new LibraryWriter(db);
  const summary: ImportSummary = {
    source: source.label,
    documents: { added: 0, updated: 0, unchanged: 0 },
    removed: { documents: 0, laws: 0 },
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
    const run: ImportRun = { writer, summary, kept: new Set(), covers: source.covers ?? [], deferred: [] };
    await readAll(source, run, opts);
    // Files left for a copy under another title that this import was to read later: that copy was read, or is gone.
    for (const doc of run.deferred.splice(0)) importDocument(run, doc, true);
    removeWhatTheSourceLacks(run);
    summary.removed.laws = writer.removeEmptyLaws();
    if (summary.articlesWritten > 0 || writer.removedArticleIds.length > 0) forgetChangedArticles(db, writer.removedArticleIds);
    if (reindex) {
      opts.onProgress?.({ phase: 'index', done: 0, total: null });
      rebuildFullTextIndex(db, (done, total) => opts.onProgress?.({ phase: 'index', done, total }));
      summary.reindexed = true;
    } else {
      markIndexed(db);
    }
    recomputeStatuses(db);
    // In the import's own transaction, so that no reader sees its text with the repeals of the text before.
    refreshDateLists(db);
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

interface ImportRun {
  writer: LibraryWriter;
  summary: ImportSummary;
  /** Stored documents this import wrote or found unchanged, or whose file it could not read. */
  kept: Set<number>;
  covers: SourceScope[];
  /** Documents whose preferred copy under another title an earlier import stored, decided once the whole source is read. */
  deferred: SourceDocument[];
}

async function readAll(source: ImportSource, run: ImportRun, opts: ImportOptions) {
  let done = 0;
  for await (const item of source.items()) {
    throwIfAborted(opts.signal);
    if (item.kind === 'skipped') {
      run.summary.skipped.push(item.skipped);
      keepUnreadable(run, item.skipped.path);
    } else {
      importDocument(run, item.doc);
    }
    done += 1;
    const current = item.kind === 'skipped' ? item.skipped.path : item.doc.path;
    opts.onProgress?.({ phase: 'read', done, total: source.total, current });
    if (done % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

function importDocument(run: ImportRun, doc: SourceDocument, lastPass = false): void {
  // A stored copy counts only if it stays: one this import kept, or one outside what it replaces.
  const stays = (row: { id: number; source: string; province: string }) => run.kept.has(row.id) || !covered(run, row);
  const copy = run.writer.findCopy(doc, stays);
  if (copy) {
    skipCopy(run, doc, copy.path);
    return;
  }
  const named = run.writer.findNamedCopy(doc, (row) => !lastPass || stays(row));
  if (named && !newCopyWins(doc, named)) {
    if (!stays(named)) run.deferred.push(doc);
    else keepNamedCopy(run, doc, named);
    return;
  }
  if (named && !doc.history.length) doc.history = run.writer.historyOf(named.id);
  const result = run.writer.write(doc);
  run.writer.forgetAlias(doc);
  if (named) replaceNamedCopy(run, named, result.documentId, doc.path);
  run.kept.add(result.documentId);
  run.summary.documents[result.outcome] += 1;
  run.summary.articlesWritten += result.articlesWritten;
  run.summary.warnings.push(...doc.warnings);
}

/** The stored copy under another title stays; this file's title remains a name of its law, and gives it a history it lacks. */
function keepNamedCopy(run: ImportRun, doc: SourceDocument, kept: NamedCopyRow): void {
  skipCopy(run, doc, kept.path);
  run.summary.skipped[run.summary.skipped.length - 1]!.reason = `the same document as ${kept.path} under another title or date: imported once, its title kept as a name of that law`;
  run.writer.recordAlias(kept.id, doc);
  run.writer.fillHistory(kept.id, doc.history);
}

/** The document just written replaces a stored copy of it under another title, whose title remains a name of the law. */
function replaceNamedCopy(run: ImportRun, named: NamedCopyRow, documentId: number, path: string): void {
  // A copy this import has not read yet (stored by an earlier one) finds this document when it is read, and is skipped then.
  if (!run.kept.has(named.id) && covered(run, named)) return;
  run.writer.moveAliases(named.id, documentId);
  run.writer.recordAlias(documentId, named);
  run.writer.removeDocument(named.id, named.province);
  run.kept.delete(named.id);
  run.summary.removed.documents += 1;
  run.summary.skipped.push({ path: named.path, reason: `the same document as ${path} under another title or date: imported once, its title kept as a name of that law` });
}

/** Skips a file that repeats another of the same version; a copy an earlier import stored goes, so no article is listed twice. */
function skipCopy(run: ImportRun, doc: SourceDocument, originalPath: string): void {
  const stored = run.writer.existing(doc);
  if (stored) {
    run.writer.removeDocument(stored.id, stored.province);
    run.summary.removed.documents += 1;
  }
  run.summary.skipped.push({ path: doc.path, reason: `same law, version and articles as ${originalPath}: imported once` });
}

/** A file that exists but could not be read this time keeps what an earlier import stored from it. */
function keepUnreadable(run: ImportRun, path: string): void {
  for (const source of new Set(run.covers.map((s) => s.source))) {
    const stored = run.writer.existing({ source, path });
    if (stored) run.kept.add(stored.id);
  }
}

function covered(run: ImportRun, row: { source: string; province: string }): boolean {
  return run.covers.some((s) => s.source === row.source && s.province === row.province);
}

/** Removes the documents of the parts the source holds in full that it no longer has. */
function removeWhatTheSourceLacks(run: ImportRun): void {
  if (!run.covers.length) return;
  const { documents } = run.summary;
  if (documents.added + documents.updated + documents.unchanged === 0) {
    // An empty folder is more likely a wrong path than a collection emptied upstream.
    run.summary.notes.push('no documents were read, so nothing was removed from the library');
    return;
  }
  run.summary.removed.documents += run.writer.removeAllBut(run.covers, run.kept);
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
    // In force today as every status read says it (statusSql): a version whose successor is not yet in force counts,
    // the pending successor and a dated repeal do not. Per document, then its articles: faster than per article.
    currentArticles: one(
      `SELECT COALESCE(SUM((SELECT COUNT(*) FROM articles a WHERE a.document_id = d.id)), 0) FROM documents d WHERE ${statusSql('d')} = 'current'`,
    ),
    provinces: db.prepare("SELECT DISTINCT province FROM documents WHERE province != '' ORDER BY 1").pluck().all() as string[],
  };
}
