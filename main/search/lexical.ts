import type { Db } from '../db/open.js';
import { filterSql, type SearchFilters } from './filters.js';
import { segmentQuery } from './segment.js';
import { isStopWord } from './stopwords.js';

/** Column weights of bm25(articles_fts, title, headings, body), tuned on stard-train. */
export interface Bm25Weights {
  title: number;
  headings: number;
  body: number;
}

export const DEFAULT_WEIGHTS: Bm25Weights = { title: 1.0, headings: 1.0, body: 1.0 };

export interface LexicalHit {
  articleId: number;
  /** Higher is better (negated FTS5 bm25). */
  score: number;
}

export interface LexicalQuery {
  terms: string[];
  match: string | null;
}

/** Segments a query and builds the FTS5 MATCH expression (OR of quoted terms). */
export function buildLexicalQuery(text: string): LexicalQuery {
  const terms = segmentQuery(text).filter((t) => !isStopWord(t));
  if (terms.length === 0) return { terms, match: null };
  const match = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
  return { terms, match };
}

export function lexicalSearch(
  db: Db,
  query: LexicalQuery,
  filters: SearchFilters,
  limit: number,
  weights: Bm25Weights = DEFAULT_WEIGHTS,
): LexicalHit[] {
  if (!query.match) return [];
  const { where, params } = filterSql(filters);
  const sql = `
    SELECT f.rowid AS id, bm25(articles_fts, @wt, @wh, @wb) AS rank, d.level AS level
      FROM articles_fts f
      JOIN articles a ON a.id = f.rowid
      JOIN documents d ON d.id = a.document_id
      JOIN laws l ON l.id = d.law_id
     WHERE articles_fts MATCH @match ${where.map((w) => `AND ${w}`).join(' ')}
     ORDER BY rank
     LIMIT @limit`;
  const rows = db.prepare(sql).all({
    ...params,
    match: query.match,
    wt: weights.title,
    wh: weights.headings,
    wb: weights.body,
    limit: Math.max(limit, CANDIDATES),
  }) as Array<{ id: number; rank: number; level: string }>;
  const prior = levelPrior();
  return rows
    .map((r) => ({ articleId: r.id, score: -r.rank * (prior[r.level] ?? 1) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

const CANDIDATES = Number(process.env.LEXDESK_CAND ?? 100);
function levelPrior(): Record<string, number> {
  const env = process.env.LEXDESK_PRIOR;
  if (env) return JSON.parse(env) as Record<string, number>;
  return {};
}
