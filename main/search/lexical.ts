import type { Db } from '../db/open.js';
import { filterSql, type SearchFilters } from './filters.js';
import { FTS_TABLE, type FtsScope } from './ftsTables.js';
import { segmentQuery } from './segment.js';
import { isStopWord } from './stopwords.js';
import type { PooledRow } from './bm25Postings.js';
import type { TermStats } from './termStats.js';

/** Column weights of bm25(fts, title, headings, body); equal weights did best on stard-train. */
export interface Bm25Weights {
  title: number;
  headings: number;
  body: number;
}

export const DEFAULT_WEIGHTS: Bm25Weights = { title: 1.0, headings: 1.0, body: 1.0 };

export interface LexicalHit {
  articleId: number;
  /** Higher is better (negated FTS5 bm25, times the authority prior). */
  score: number;
}

/** Query terms after segmentation and stop-word removal (used for matching and highlighting). */
export function queryTerms(text: string): string[] {
  return segmentQuery(text).filter((t) => !isStopWord(t));
}

/** Terms in more than this share of a scope's articles are left out of the MATCH (speed; tuned on stard-train). */
const MAX_TERM_SHARE = 0.1;

/** FTS5 MATCH expression: OR of the quoted phrases. */
function matchOf(phrases: string[]): string {
  return phrases.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** BM25 candidates re-scored with the authority prior. */
const CANDIDATES = 100;

/** FTS5 rows ranked before joins and filters (see scopeSql). */
const POOL = 400;

/**
 * Authority prior: BM25 score multipliers by level, so a statute outranks a
 * ministry rule that merely repeats the query's words. Tuned on stard-train
 * (gold labels there are 82% 法律, BM25 alone ranks 53% 法律 in its top 10).
 */
export const LEVEL_PRIOR: Readonly<Record<string, number>> = { 宪法: 1.25, 法律: 1.25, 司法解释: 1.05 };

/** National law always; the province index only when the filters ask for packs. */
export function scopesFor(filters: SearchFilters): FtsScope[] {
  const p = filters.provinces;
  return p === 'all' || (Array.isArray(p) && p.length > 0) ? ['national', 'local'] : ['national'];
}

export function lexicalSearch(
  db: Db,
  terms: string[],
  statsFor: (scope: FtsScope) => TermStats,
  filters: SearchFilters,
  limit: number,
  weights: Bm25Weights = DEFAULT_WEIGHTS,
): LexicalHit[] {
  const scopes = scopesFor(filters);
  const lists = scopes.map((scope) => {
    const rows = searchScope(db, scope, statsFor(scope), terms, filters, Math.max(limit, CANDIDATES), weights);
    return rows
      .map((r) => ({ articleId: r.id, score: -r.rank * (LEVEL_PRIOR[r.level] ?? 1) }))
      .sort((a, b) => b.score - a.score);
  });
  if (lists.length === 1) return (lists[0] ?? []).slice(0, limit);
  return interleaveScopes(lists).slice(0, limit);
}

/**
 * National and province results come from separate indexes whose BM25 scales
 * differ, so each list is scaled by its own best score before merging; at equal
 * relative relevance the province article (the user asked for it) comes first.
 */
function interleaveScopes(lists: LexicalHit[][]): LexicalHit[] {
  const scaled = lists.flatMap((list, scopeIndex) => {
    const top = list[0]?.score ?? 1;
    return list.map((hit) => ({ hit, relative: hit.score / top, scopeIndex }));
  });
  scaled.sort((a, b) => b.relative - a.relative || b.scopeIndex - a.scopeIndex);
  return scaled.map((s) => ({ articleId: s.hit.articleId, score: s.relative }));
}

type ScoredRow = { id: number; rank: number; level: string };

function searchScope(db: Db, scope: FtsScope, stats: TermStats, terms: string[], filters: SearchFilters, want: number, weights: Bm25Weights): ScoredRow[] {
  // The terms worth matching, in query order (repeats kept: FTS5 scores each phrase, and so does the copy in memory).
  const phrases = stats.selectTerms(terms, MAX_TERM_SHARE);
  if (!phrases.length) return [];
  const { where, params } = filterSql(filters);
  const run = (pool: number | null) =>
    db.prepare(scopeSql(FTS_TABLE[scope], where, pool !== null)).all({
      ...params,
      ...(pool !== null ? { pool } : {}),
      match: matchOf(phrases),
      wt: weights.title,
      wh: weights.headings,
      wb: weights.body,
      limit: want,
    }) as ScoredRow[];
  const pooled = stats.postings?.search(phrases, weights, POOL);
  const rows = pooled ? filterPool(db, pooled, where, params, want) : run(POOL);
  // A pool from memory that is not full holds every match: nothing more to score.
  if (pooled && pooled.length < POOL) return rows;
  // A narrow filter (one law, an old date) can leave the pool short: then score every match.
  return rows.length < want ? run(null) : rows;
}

/** The pool scored in memory, through the same filters and in the same order as scopeSql's. */
function filterPool(db: Db, pooled: PooledRow[], where: string[], params: Record<string, unknown>, want: number): ScoredRow[] {
  const rank = new Map(pooled.map((p) => [p.id, p.rank]));
  const rows = db.prepare(
    `SELECT a.id, d.level FROM articles a
       JOIN documents d ON d.id = a.document_id
       JOIN laws l ON l.id = d.law_id
      WHERE a.id IN (SELECT value FROM json_each(@ids)) ${where.map((w) => `AND ${w}`).join(' ')}`,
  ).all({ ...params, ids: JSON.stringify(pooled.map((p) => p.id)) }) as Array<{ id: number; level: string }>;
  return rows
    .map((r) => ({ id: r.id, level: r.level, rank: rank.get(r.id) as number }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .slice(0, want);
}

/**
 * With `pooled`, FTS5 ranks on its own first (fast: no joins per match) and the
 * filters apply to its best POOL rows; without, every match is joined and filtered.
 */
function scopeSql(table: string, where: string[], pooled: boolean): string {
  const fts = `SELECT rowid AS id, bm25(${table}, @wt, @wh, @wb) AS rank FROM ${table}
                WHERE ${table} MATCH @match${pooled ? ' ORDER BY rank LIMIT @pool' : ''}`;
  return `
    SELECT f.id, f.rank, d.level
      FROM (${fts}) f
      JOIN articles a ON a.id = f.id
      JOIN documents d ON d.id = a.document_id
      JOIN laws l ON l.id = d.law_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY f.rank
     LIMIT @limit`;
}
