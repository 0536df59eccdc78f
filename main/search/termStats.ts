import type { Db } from '../db/open.js';
import { textRevision, VOCAB_TABLE, type FtsScope } from './ftsTables.js';
import type { ResidentPostings } from './residentPostings.js';
import { VersionTerms } from './versionTerms.js';

/**
 * Document frequencies of index terms (from the fts5vocab table), cached per
 * engine. Very common terms add little to BM25 but make FTS5 score most of
 * the library, so queries leave them out.
 */
/** Below this many articles every known term is matched. */
const SMALL_INDEX = 5000;

export class TermStats {
  private readonly cache = new Map<string, number>();
  private readonly dfStmt;
  readonly articleCount: number;
  /** The full-text index revision these figures belong to (a write by any process changes it). */
  readonly revision: string;
  /** Term statistics within law versions (the reranker's in-law features). */
  readonly versions: VersionTerms;

  /**
   * @param postings the scope's index held in memory (residentPostings.ts), which
   *   lexical search scores from when it is up to date; null: FTS5 scores every search.
   */
  constructor(db: Db, scope: FtsScope, readonly postings: ResidentPostings | null = null) {
    this.revision = textRevision(db);
    this.dfStmt = db.prepare(`SELECT doc FROM ${VOCAB_TABLE[scope]} WHERE term = ?`).pluck();
    const count = db.prepare(
      `SELECT COUNT(*) FROM articles a JOIN documents d ON d.id = a.document_id WHERE (d.province != '') = ?`,
    ).pluck().get(scope === 'local' ? 1 : 0) as number;
    this.articleCount = count || 1;
    this.versions = new VersionTerms(db, scope, () => postings?.current() ?? null);
  }

  /** Drops the cached frequencies, as a fresh process starts (the bench times one-shot searches this way). */
  forget(): void {
    this.cache.clear();
  }

  df(term: string): number {
    let df = this.cache.get(term);
    if (df === undefined) {
      df = (this.dfStmt.get(term) as number | undefined) ?? 0;
      this.cache.set(term, df);
    }
    return df;
  }

  /**
   * Terms worth matching: present in the index and rarer than `maxShare` of
   * articles. If every term is common, the `keep` rarest are kept.
   */
  selectTerms(terms: string[], maxShare: number, keep = 2): string[] {
    const known = terms.map((t) => ({ t, df: this.df(t) })).filter((x) => x.df > 0);
    // In a small index (a few packs, a test library) shares say little and scoring everything is cheap.
    if (this.articleCount < SMALL_INDEX) return known.map((x) => x.t);
    const rare = known.filter((x) => x.df / this.articleCount <= maxShare);
    if (rare.length >= keep || rare.length === known.length) return rare.map((x) => x.t);
    return [...known].sort((a, b) => a.df - b.df).slice(0, keep).map((x) => x.t);
  }
}
