import type { StatuteArticle } from '../library/articles.js';
import type { Evidence, PoolSource } from './types.js';
import { tidyHeading } from '../library/headings.js';

/** How much a hit from each kind of query counts (the user's own words weigh most). */
const WEIGHT: Record<PoolSource['via'], number> = {
  original: 1.0,
  history: 0.9,
  refinement: 0.9,
  rewrite: 0.8,
  rule: 0.7,
  graph: 0.35,
};
const RRF_K = 20;

interface PoolEntry {
  article: StatuteArticle;
  score: number;
  foundBy: PoolSource[];
  excluded: string | null;
  /** Whether the applicability audit has checked it this turn (an unchecked article must not reach the judge). */
  audited: boolean;
}

/**
 * The accumulated candidate pool of a turn: every query's ranked hits merged
 * and deduplicated, each article scored by weighted reciprocal rank over the
 * queries that found it, with its provenance kept ("why it was selected").
 */
export class CandidatePool {
  private readonly entries = new Map<number, PoolEntry>();
  private readonly queries = new Set<string>();
  private scope: ((article: StatuteArticle) => string | null) | null = null;
  /** Articles the scope kept out, with why (another crime's: crimeScope.ts); never candidates, never stored as evidence. */
  readonly outOfScope = new Map<number, string>();

  /**
   * What the consultation is about, as a test each article must pass to enter the pool (null: why it may, else why
   * not). Set once the legal state is known; candidates already in the pool that fail it are taken out.
   */
  setScope(scope: (article: StatuteArticle) => string | null): void {
    this.scope = scope;
    for (const [id, e] of this.entries) {
      const why = scope(e.article);
      if (why !== null) {
        this.entries.delete(id);
        this.outOfScope.set(id, why);
      }
    }
  }

  private inScope(article: StatuteArticle): boolean {
    if (!this.scope) return true;
    if (this.outOfScope.has(article.id)) return false;
    const why = this.scope(article);
    if (why === null) return true;
    this.outOfScope.set(article.id, why);
    return false;
  }

  /** Adds one query's ranked articles; returns how many were new to the pool. */
  addRanking(via: PoolSource['via'], query: string, articles: StatuteArticle[]): number {
    this.queries.add(query);
    let added = 0;
    articles.forEach((article, i) => {
      if (!this.entries.has(article.id) && !this.inScope(article)) return;
      const entry = this.entries.get(article.id);
      const contribution = WEIGHT[via] / (RRF_K + i + 1);
      const source = { via, query, rank: i + 1 };
      if (entry) {
        entry.score += contribution;
        entry.foundBy.push(source);
      } else {
        this.entries.set(article.id, { article, score: contribution, foundBy: [source], excluded: null, audited: false });
        added++;
      }
    });
    return added;
  }

  /** A supporting article reached through the statute graph from `from`. */
  addLinked(article: StatuteArticle, from: StatuteArticle, kind: string, parentScore: number): boolean {
    const source: PoolSource = { via: 'graph', query: `${kind}:《${from.lawTitle}》${from.label}`, rank: 0 };
    const entry = this.entries.get(article.id);
    if (entry) {
      entry.foundBy.push(source);
      return false;
    }
    if (!this.inScope(article)) return false;
    this.entries.set(article.id, { article, score: parentScore * WEIGHT.graph, foundBy: [source], excluded: null, audited: false });
    return true;
  }

  hasQuery(query: string): boolean {
    return this.queries.has(query);
  }

  has(articleId: number): boolean {
    return this.entries.has(articleId);
  }

  get size(): number {
    return this.entries.size;
  }

  exclude(articleId: number, reason: string): void {
    const e = this.entries.get(articleId);
    if (e) e.excluded = reason;
  }

  markAudited(articleId: number): void {
    const e = this.entries.get(articleId);
    if (e) e.audited = true;
  }

  isAudited(articleId: number): boolean {
    return this.entries.get(articleId)?.audited ?? false;
  }

  /**
   * `order` with the audited candidates ahead of the unaudited ones (each part
   * keeping its order), so the live evidence stored for the turn starts with
   * exactly the articles numbered [1]…[n] for the judge and the answer.
   */
  auditedFirst(order: number[]): number[] {
    const live = this.ranked(order);
    return [...live.filter((a) => this.isAudited(a.id)), ...live.filter((a) => !this.isAudited(a.id))].map((a) => a.id);
  }

  /** What the judge and the answer are given: the best `k` candidates still in play that the audit has checked. */
  auditedEvidence(order: number[], k: number): Evidence[] {
    return this.toEvidence(order).filter((e) => !e.excluded && this.isAudited(e.articleId)).slice(0, k);
  }

  /** Candidates still in play, best first (or in the order `order` gives). */
  ranked(order?: number[]): StatuteArticle[] {
    const live = [...this.entries.values()].filter((e) => !e.excluded);
    if (!order) return live.sort((a, b) => b.score - a.score).map((e) => e.article);
    const pos = new Map(order.map((id, i) => [id, i]));
    return live
      .sort((a, b) => (pos.get(a.article.id) ?? Infinity) - (pos.get(b.article.id) ?? Infinity) || b.score - a.score)
      .map((e) => e.article);
  }

  scoreOf(articleId: number): number {
    return this.entries.get(articleId)?.score ?? 0;
  }

  /** Evidence records: live ones in `order`, then the excluded ones (excerpts are added when stored, see saveEvidence in context.ts). */
  toEvidence(order: number[]): Evidence[] {
    const live = this.ranked(order);
    const excluded = [...this.entries.values()].filter((e) => e.excluded).map((e) => e.article);
    return [...live, ...excluded].map((a) => {
      const e = this.entries.get(a.id)!;
      return {
        articleId: a.id,
        lawTitle: a.lawTitle,
        articleLabel: a.label,
        level: a.level,
        province: a.province,
        status: a.status,
        publishDate: a.publishDate,
        effectiveDate: a.effectiveDate,
        path: a.path.map(tidyHeading),
        text: a.text,
        score: Number(e.score.toFixed(6)),
        foundBy: e.foundBy,
        excluded: e.excluded,
        excerpt: null,
      };
    });
  }
}
