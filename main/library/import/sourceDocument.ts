import type { HistoryEntry, LawLevel, ParsedArticle } from '../types.js';

/** One document ready to be written to the library, whatever format it came from. */
export interface SourceDocument {
  source: string;
  /** Identity within the source (LawRefBook: path relative to the collection root). */
  path: string;
  title: string;
  shortName: string;
  subtitle: string | null;
  level: LawLevel;
  category: string;
  province: string;
  publishDate: string | null;
  effectiveDate: string | null;
  expiredFlag: boolean;
  history: HistoryEntry[];
  preamble: string;
  articles: ParsedArticle[];
  /** Hash of everything above: unchanged documents are skipped on re-import. */
  contentHash: string;
  warnings: string[];
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export type SourceItem = { kind: 'document'; doc: SourceDocument } | { kind: 'skipped'; skipped: SkippedFile };

/** A stream of documents plus what the source knows up front (for progress). */
export interface ImportSource {
  label: string;
  /** Number of files or records to read, for progress; null if unknown. */
  total: number | null;
  /** Problems with the source as a whole that did not stop it (e.g. unreadable db.sqlite3). */
  notes: string[];
  /**
   * Parts of the library this source holds in full (a collection root's national part, a
   * whole province pack): after the import, their documents it did not yield are removed.
   * Absent or empty for a partial source (one folder of a collection, a JSONL file).
   */
  covers?: SourceScope[];
  items(): AsyncIterable<SourceItem>;
}

/** The documents of one source and province. */
export interface SourceScope {
  source: string;
  province: string;
}
