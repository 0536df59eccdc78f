import type { Db } from '../../db/open.js';
import type { CitationResolver } from '../../library/citation/resolver.js';
import { filterSql, type SearchFilters } from '../filters.js';
import { rankArticles, type StatsFor } from '../index.js';
import { featureVector, loadCandidateInfo, type CandidateSignals } from './features.js';
import { reciprocalRankFusion } from './fusion.js';
import type { LearnedReranker } from './learnedReranker.js';

/** Nearest articles to a query by embedding (sqlite-vec at run time; exact search while training). */
export interface DenseRetriever {
  readonly modelId: string;
  search(text: string, k: number): Promise<Array<{ articleId: number; similarity: number }>>;
}

export interface HybridDeps {
  db: Db;
  resolver: CitationResolver;
  stats: StatsFor;
  dense: DenseRetriever | null;
  reranker: Pick<LearnedReranker, 'score' | 'popularity'> | null;
}

export interface RankedCandidate {
  id: number;
  score: number;
  matchedBy: MatchedBy;
}

export type MatchedBy = 'citation' | 'lexical' | 'dense' | 'both';

/** Candidates taken from each retriever before fusion and reranking. */
export const CANDIDATES_PER_RETRIEVER = 50;

/** Both retrievers' candidates with their signals (citations flagged). */
export async function gatherCandidates(deps: HybridDeps, text: string, filters: SearchFilters): Promise<CandidateSignals[]> {
  const lexical = rankArticles(deps.db, deps.resolver, deps.stats, text, { limit: CANDIDATES_PER_RETRIEVER, filters });
  const dense = deps.dense ? await deps.dense.search(text, CANDIDATES_PER_RETRIEVER * 2) : [];
  const allowed = allowedIds(deps.db, dense.map((d) => d.articleId), filters);
  const denseKept = dense.filter((d) => allowed.has(d.articleId)).slice(0, CANDIDATES_PER_RETRIEVER);
  const signals = new Map<number, CandidateSignals>();
  const get = (id: number) => {
    let s = signals.get(id);
    if (!s) {
      s = { articleId: id, lexicalRank: null, lexicalScore: null, denseRank: null, denseSim: null, cited: false };
      signals.set(id, s);
    }
    return s;
  };
  let lexRank = 0;
  for (const hit of lexical) {
    const s = get(hit.id);
    if (hit.matchedBy === 'citation') s.cited = true;
    else {
      s.lexicalRank = lexRank++;
      s.lexicalScore = hit.score;
    }
  }
  denseKept.forEach((hit, rank) => Object.assign(get(hit.articleId), { denseRank: rank, denseSim: hit.similarity }));
  return [...signals.values()];
}

/** Dense hits that pass the search filters (current only, level, law, date, province). */
function allowedIds(db: Db, ids: number[], filters: SearchFilters): Set<number> {
  if (!ids.length) return new Set();
  const { where, params } = filterSql(filters);
  const rows = db
    .prepare(
      `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
        WHERE a.id IN (SELECT value FROM json_each(@ids)) ${where.map((w) => `AND ${w}`).join(' ')}`,
    )
    .pluck()
    .all({ ...params, ids: JSON.stringify(ids) }) as number[];
  return new Set(rows);
}

/** Feature rows of candidates, in order. */
export function candidateFeatures(db: Db, text: string, candidates: CandidateSignals[], popularity: LearnedReranker['popularity']): Float32Array[] {
  const info = loadCandidateInfo(db, candidates.map((c) => c.articleId));
  const maxLexical = Math.max(0, ...candidates.map((c) => c.lexicalScore ?? 0));
  const maxDense = Math.max(0, ...candidates.map((c) => c.denseSim ?? 0));
  return candidates.map((c) => {
    const i = info.get(c.articleId);
    if (!i) throw new Error(`article ${c.articleId} vanished during search`);
    return featureVector(text, c, i, popularity, maxLexical, maxDense);
  });
}

/** Hybrid ranking: cited articles first, then the learned reranker's order (RRF when none is loaded). */
export async function hybridRank(deps: HybridDeps, text: string, filters: SearchFilters, limit: number, only?: 'dense'): Promise<RankedCandidate[]> {
  const gathered = await gatherCandidates(deps, text, filters);
  // Dense mode: citations plus the embedding's neighbours, in embedding order.
  const candidates = only === 'dense' ? gathered.filter((c) => c.cited || c.denseRank !== null) : gathered;
  const matchedBy = (c: CandidateSignals): RankedCandidate['matchedBy'] =>
    c.cited ? 'citation' : c.lexicalRank !== null && c.denseRank !== null ? 'both' : c.denseRank !== null ? 'dense' : 'lexical';
  let scored: Array<{ c: CandidateSignals; score: number }>;
  if (only === 'dense') {
    scored = candidates.map((c) => ({ c, score: c.denseSim ?? 0 }));
  } else if (deps.reranker) {
    const scores = await deps.reranker.score(candidateFeatures(deps.db, text, candidates, deps.reranker.popularity));
    scored = candidates.map((c, i) => ({ c, score: scores[i] as number }));
  } else {
    const byId = new Map(candidates.map((c) => [c.articleId, c]));
    const lexList = candidates.filter((c) => c.lexicalRank !== null).sort((a, b) => (a.lexicalRank as number) - (b.lexicalRank as number)).map((c) => c.articleId);
    const denseList = candidates.filter((c) => c.denseRank !== null).sort((a, b) => (a.denseRank as number) - (b.denseRank as number)).map((c) => c.articleId);
    scored = reciprocalRankFusion([lexList, denseList]).map((f) => ({ c: byId.get(f.id) as CandidateSignals, score: f.score }));
  }
  return scored
    .sort((a, b) => Number(b.c.cited) - Number(a.c.cited) || b.score - a.score || a.c.articleId - b.c.articleId)
    .slice(0, limit)
    .map(({ c, score }) => ({ id: c.articleId, score, matchedBy: matchedBy(c) }));
}
