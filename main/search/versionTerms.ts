import type { Db } from '../db/open.js';
import { FTS_TABLE, type FtsScope } from './ftsTables.js';
import { rowSize, type PostingsSnapshot } from './postingsSnapshot.js';

/**
 * Term statistics within law versions (one document each): how many of a
 * version's articles hold each query word, how often each candidate holds it,
 * and the version's size. A word common across the library can still tell the
 * articles of one law apart, and the other way round; the reranker's in-law
 * features (inLawFeatures.ts) score candidates with these figures.
 *
 * Counted from the full-text index, over all its columns as bm25() counts them:
 * from the postings held in memory when an up-to-date copy is loaded, else from
 * FTS5 (an fts5vocab instance table). Both give the same integers.
 */
export interface VersionCounts {
  /** Indexed articles and tokens of each version asked about. */
  versions: Map<number, { articles: number; tokens: number }>;
  /** Per word: articles holding it, per version. */
  holders: Map<string, Map<number, number>>;
  /** Per word: its occurrences in each candidate that holds it. */
  occurrences: Map<string, Map<number, number>>;
  /** Indexed tokens of each candidate. */
  lengths: Map<number, number>;
}

interface VersionRows {
  articles: number;
  tokens: number;
}

/**
 * One scope's version statistics, for one text revision of the library (owned by
 * TermStats, which is replaced when the revision changes). Versions once read
 * stay cached: the popular laws recur from query to query.
 */
export class VersionTerms {
  private readonly versions = new Map<number, VersionRows>();
  /** Version and indexed length of every article of the cached versions. */
  private readonly articles = new Map<number, { version: number; length: number }>();
  private instancesStmt: ReturnType<Db['prepare']> | null = null;

  constructor(private readonly db: Db, private readonly scope: FtsScope, private readonly snapshot: () => PostingsSnapshot | null) {}

  /** Counts of `words` (distinct) within the versions of `candidates` (article id → version id). */
  counts(words: string[], candidates: Map<number, number>): VersionCounts {
    const wanted = new Set(candidates.values());
    this.readVersions([...wanted].filter((v) => !this.versions.has(v)));
    const versions = new Map([...wanted].flatMap((v) => { const r = this.versions.get(v); return r ? [[v, r] as const] : []; }));
    const lengths = new Map([...candidates.keys()].map((id) => [id, this.articles.get(id)?.length ?? 0]));
    const snapshot = this.snapshot();
    const holders = new Map<string, Map<number, number>>();
    const occurrences = new Map<string, Map<number, number>>();
    const inMemory = snapshot && this.postingsCounter(snapshot, wanted);
    for (const word of words) {
      const perVersion = new Map<number, number>();
      const perCandidate = new Map<number, number>();
      const add = (rowid: number, version: number, count: number) => {
        perVersion.set(version, (perVersion.get(version) ?? 0) + 1);
        if (candidates.has(rowid)) perCandidate.set(rowid, count);
      };
      if (inMemory) inMemory(word, add);
      else {
        this.forEachInstanceRow(word, (rowid, count) => {
          const version = this.articles.get(rowid)?.version;
          if (version !== undefined && wanted.has(version)) add(rowid, version, count);
        });
      }
      holders.set(word, perVersion);
      occurrences.set(word, perCandidate);
    }
    return { versions, holders, occurrences, lengths };
  }

  /**
   * Visits the postings of a word in the wanted versions, from the copy in memory: a common
   * word has tens of thousands of postings, so each is checked against typed arrays (the copy's
   * row → version table, read with it), not maps.
   */
  private postingsCounter(snapshot: PostingsSnapshot, wanted: Set<number>) {
    const { versions: versionOf, maxVersion } = snapshot;
    const isWanted = new Uint8Array(maxVersion + 1);
    for (const v of wanted) if (v <= maxVersion) isWanted[v] = 1;
    return (word: string, visit: (rowid: number, version: number, count: number) => void) => {
      const postings = snapshot.terms.get(word);
      if (!postings) return;
      const { rows, counts } = postings;
      for (let i = 0; i < rows.length; i += 1) {
        const row = rows[i] as number;
        const version = versionOf[row] as number;
        if (version < 0 || !isWanted[version]) continue;
        visit(snapshot.rowids[row] as number, version, (counts[3 * i] as number) + (counts[3 * i + 1] as number) + (counts[3 * i + 2] as number));
      }
    };
  }

  /** Article counts, token totals and members of versions not read yet (from FTS5's row sizes). */
  private readVersions(ids: number[]): void {
    if (!ids.length) return;
    const rows = this.db
      .prepare(
        `SELECT a.id, a.document_id, s.sz FROM articles a JOIN ${FTS_TABLE[this.scope]}_docsize s ON s.id = a.id
          WHERE a.document_id IN (SELECT value FROM json_each(?))`,
      )
      .raw()
      .all(JSON.stringify(ids)) as Array<[number, number, Buffer]>;
    for (const id of ids) this.versions.set(id, { articles: 0, tokens: 0 });
    for (const [id, version, size] of rows) {
      const length = rowSize(size);
      const v = this.versions.get(version) as VersionRows;
      v.articles += 1;
      v.tokens += length;
      this.articles.set(id, { version, length });
    }
  }

  /** Visits each indexed row holding `word` with its occurrences in all columns, from FTS5. */
  private forEachInstanceRow(word: string, visit: (rowid: number, count: number) => void): void {
    if (!this.instancesStmt) {
      const table = FTS_TABLE[this.scope];
      this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${table}_instances USING fts5vocab(main, ${table}, 'instance')`);
      // No GROUP BY: FTS5 yields a term's instances in row order already, and SQLite would sort them again.
      this.instancesStmt = this.db.prepare(`SELECT doc FROM temp.${table}_instances WHERE term = ?`).pluck();
    }
    const rows = this.instancesStmt.all(word) as number[];
    for (let i = 0; i < rows.length; ) {
      let j = i + 1;
      while (j < rows.length && rows[j] === rows[i]) j += 1;
      visit(rows[i] as number, j - i);
      i = j;
    }
  }
}
