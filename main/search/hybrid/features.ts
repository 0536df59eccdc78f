import type { Db } from '../../db/open.js';
import { statusSql } from '../../library/status.js';
import type { MemoryVotes } from './labelMemory.js';
import { gramText } from './sparseGrams.js';

/**
 * Features of one (query, candidate article) pair for the learned reranker.
 * The order is the model's input order; keep FEATURE_NAMES in step.
 */
export const FEATURE_NAMES = [
  'bias',
  'lexical_score_rel', 'lexical_rrf', 'lexical_present',
  'dense_sim', 'dense_sim_rel', 'dense_rrf', 'dense_present',
  'cited',
  'title_in_query',
  'level_law', 'level_interpretation', 'level_regulation', 'level_rule', 'level_other',
  'article_popularity', 'law_popularity',
  'current',
  'log_length',
  'memory_article_sum', 'memory_article_max', 'memory_article_share', 'memory_article_rank', 'memory_law_share', 'memory_top_similarity',
  'memory_article_centroid', 'memory_law_centroid',
  'query_bigram_coverage', 'query_bigram_hits', 'title_bigram_hits',
  // Filled by neighbourFeatures: the best of the articles two either side in the same law.
  'neighbour_lexical_rrf', 'neighbour_dense_sim', 'neighbour_memory_sum', 'neighbour_popularity',
  // Filled by inLawFeatures: the candidate scored within its own law version.
  'inlaw_bm25', 'inlaw_bm25_share', 'inlaw_bm25_rank', 'inlaw_coverage', 'inlaw_dense_rank', 'inlaw_dense_gap', 'version_candidates',
  // The lawyers' answers citing the candidate (answerMemory.ts).
  'answer_max', 'answer_centroid', 'answer_keywords_max', 'answer_sum',
] as const;

export const FEATURE_COUNT = FEATURE_NAMES.length;

export interface CandidateSignals {
  articleId: number;
  lexicalRank: number | null;
  lexicalScore: number | null;
  denseRank: number | null;
  denseSim: number | null;
  cited: boolean;
  /** Named by a nearest training question (label memory). */
  similar?: boolean;
}

export interface CandidateInfo {
  /** The law version (document) it belongs to, and that version's province ('' for national law). */
  documentId: number;
  province: string;
  lawTitle: string;
  shortName: string;
  number: number;
  level: string;
  status: string;
  length: number;
  text: string;
}

/** Popularity of articles and laws in the training labels, keyed by law title (and article number). */
export interface Popularity {
  articles: Record<string, number>;
  laws: Record<string, number>;
}

export function popularityKey(lawTitle: string, number: number): string {
  return `${lawTitle}#${number}`;
}

/**
 * What the features read about each candidate. `status`: 'today' (searches) gives the status on
 * today's date, so the version in force counts as current and one not yet in force does not;
 * 'stored' (training) gives the date-free status the import stored (the latest version is
 * 'current'), which is the same whenever no version is pending, and keeps \`npm run train-model\`
 * independent of the day it runs.
 */
export function loadCandidateInfo(db: Db, ids: number[], status: 'today' | 'stored' = 'today'): Map<number, CandidateInfo> {
  if (!ids.length) return new Map();
  const rows = db
    .prepare(
      `SELECT a.id, a.document_id, d.province, l.title, l.short_name, a.number, d.level, ${status === 'today' ? statusSql('d') : 'd.status'} AS status, length(a.text) AS len, a.text
         FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
        WHERE a.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as Array<{ id: number; document_id: number; province: string; title: string; short_name: string; number: number; level: string; status: string; len: number; text: string }>;
  return new Map(rows.map((r) => [r.id, { documentId: r.document_id, province: r.province, lawTitle: r.title, shortName: r.short_name, number: r.number, level: r.level, status: r.status, length: r.len, text: r.text }]));
}

const RRF_K = 60;

/** The distinct character bigrams of a query (punctuation and spaces dropped, lower-cased). */
export function queryBigrams(query: string): string[] {
  const s = gramText(query);
  const out = new Set<string>();
  for (let i = 0; i + 1 < s.length; i += 1) out.add(s.slice(i, i + 2));
  return [...out];
}

export function featureVector(
  query: string, s: CandidateSignals, info: CandidateInfo, popularity: Popularity, maxLexical: number, maxDense: number, votes: MemoryVotes | null,
  bigrams: string[] = queryBigrams(query),
): Float32Array {
  const key = popularityKey(info.lawTitle, info.number);
  const vote = votes?.articles.get(key);
  const answers = votes?.answers(key);
  const total = votes?.total ?? 0;
  const v = new Float32Array(FEATURE_COUNT);
  const lexPresent = s.lexicalRank !== null;
  const densePresent = s.denseRank !== null;
  const textHits = bigrams.filter((b) => info.text.includes(b)).length;
  const values: number[] = [
    1,
    lexPresent && maxLexical > 0 ? (s.lexicalScore ?? 0) / maxLexical : 0,
    lexPresent ? RRF_K / (RRF_K + (s.lexicalRank as number) + 1) : 0,
    lexPresent ? 1 : 0,
    densePresent ? (s.denseSim ?? 0) : 0,
    densePresent && maxDense > 0 ? (s.denseSim ?? 0) / maxDense : 0,
    densePresent ? RRF_K / (RRF_K + (s.denseRank as number) + 1) : 0,
    densePresent ? 1 : 0,
    s.cited ? 1 : 0,
    query.includes(info.shortName) ? 1 : 0,
    info.level === '法律' || info.level === '宪法' ? 1 : 0,
    info.level === '司法解释' ? 1 : 0,
    info.level === '行政法规' ? 1 : 0,
    info.level === '部门规章' ? 1 : 0,
    ['其他', '地方性法规', '案例'].includes(info.level) ? 1 : 0,
    Math.log1p(popularity.articles[key] ?? 0),
    Math.log1p(popularity.laws[info.lawTitle] ?? 0),
    info.status === 'current' ? 1 : 0,
    Math.log1p(info.length) / 8,
    vote?.sum ?? 0,
    vote?.max ?? 0,
    vote && total > 0 ? vote.sum / total : 0,
    vote ? 1 / (vote.rank + 1) : 0,
    total > 0 ? (votes?.laws.get(info.lawTitle) ?? 0) / total : 0,
    votes?.neighbours[0]?.similarity ?? 0,
    votes ? votes.centroid.article(key) : 0,
    votes ? votes.centroid.law(info.lawTitle) : 0,
    bigrams.length ? textHits / bigrams.length : 0,
    textHits,
    bigrams.filter((b) => info.lawTitle.includes(b)).length,
    0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
    answers?.max ?? 0,
    answers?.centroid ?? 0,
    answers?.keywordsMax ?? 0,
    answers?.sum ?? 0,
  ];
  values.forEach((x, i) => (v[i] = x));
  return v;
}

const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);
const NEIGHBOUR_OFFSETS = [-2, -1, 1, 2];
/** Row slots a candidate's neighbours pass on (from → to), and the neighbour popularity slot. */
const NEIGHBOUR_FROM = [at('lexical_rrf'), at('dense_sim'), at('memory_article_sum')];
const NEIGHBOUR_TO = [at('neighbour_lexical_rrf'), at('neighbour_dense_sim'), at('neighbour_memory_sum')];
const NEIGHBOUR_POPULARITY = at('neighbour_popularity');

/**
 * Fills the neighbour features of rows made by featureVector, in place: for
 * each candidate, the best lexical RRF, dense similarity and memory vote among
 * the candidates two articles either side of it in the same law, and the
 * neighbours' best popularity in the training labels (candidates or not).
 * Relevant articles cluster (1087 and 1088 of the Civil Code, say).
 */
export function neighbourFeatures(rows: Float32Array[], infos: CandidateInfo[], popularity: Popularity): void {
  const index = new Map(infos.map((info, i) => [popularityKey(info.lawTitle, info.number), i]));
  infos.forEach((info, i) => {
    const row = rows[i] as Float32Array;
    let popular = 0;
    for (const offset of NEIGHBOUR_OFFSETS) {
      const key = popularityKey(info.lawTitle, info.number + offset);
      popular = Math.max(popular, Math.log1p(popularity.articles[key] ?? 0));
      const j = index.get(key);
      if (j === undefined) continue;
      NEIGHBOUR_FROM.forEach((f, n) => {
        const slot = NEIGHBOUR_TO[n] as number;
        row[slot] = Math.max(row[slot] as number, (rows[j] as Float32Array)[f] as number);
      });
    }
    row[NEIGHBOUR_POPULARITY] = popular;
  });
}
