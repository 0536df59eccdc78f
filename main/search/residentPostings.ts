import type { Db } from '../db/open.js';
import { bestRows, type PooledRow } from './bm25Postings.js';
import { FTS_TABLE, textRevision, type FtsScope } from './ftsTables.js';
import type { Bm25Weights } from './lexical.js';
import { readSnapshot, type PostingsSnapshot } from './postingsSnapshot.js';
import { ResidentCopy, ResidentSearcher, Slices, SLICE_MS } from './residentCopy.js';

export interface ResidentPostingsOptions {
  /** Milliseconds of reading between two yields to the event loop (default 10; one very common term can take longer). */
  sliceMs?: number;
}

/**
 * One full-text index (a scope's FTS5 table) held in memory as postings and
 * scored exactly as FTS5's bm25() scores it: same IDF, same document lengths
 * and average, same order of additions, so the ranks agree to the last bit or
 * two of a double. Where FTS5 spends about 1 µs per posting (it looks up each
 * matching row's size and instances), this spends a few nanoseconds.
 *
 * FTS5 stays the index. The copy is read in the background, in slices, through
 * a second read-only connection inside one read transaction, from FTS5's own
 * tables (instances through an fts5vocab table, row sizes and totals from its
 * shadow tables), and is used only while the library's text revision is the one
 * it was read at (`bumpTextRevision`, written with every change to the index).
 * Until then, and whenever it is out of date, `search` answers null and the
 * caller asks FTS5.
 */
export class ResidentPostings extends ResidentSearcher<PostingsSnapshot> {
  protected readonly copy: ResidentCopy<PostingsSnapshot>;

  constructor(db: Db, readonly scope: FtsScope, opts: ResidentPostingsOptions = {}) {
    super();
    this.copy = new ResidentCopy<PostingsSnapshot>(
      {
        revision: () => textRevision(db),
        read: (stopped) => (db.memory ? Promise.resolve(null) : readSnapshot(db.name, FTS_TABLE[scope], new Slices(opts.sliceMs ?? SLICE_MS, stopped))),
        busy: () => db.inTransaction,
      },
      { loadOnUse: false },
    );
  }

  /**
   * The best `pool` rows for an OR of `phrases` (in the order FTS5 is given them,
   * repeats included), lowest bm25 rank first and ties by rowid; null while no
   * up-to-date copy is loaded (one is then started, once `ready()` has asked for it).
   */
  search(phrases: string[], weights: Bm25Weights, pool: number): PooledRow[] | null {
    const loaded = this.current();
    return loaded && bestRows(loaded, phrases, [weights.title, weights.headings, weights.body], pool);
  }

  /** The up-to-date copy, or null (as for search). */
  current(): PostingsSnapshot | null {
    return this.copy.use();
  }
}
