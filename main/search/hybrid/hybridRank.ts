import type { Db } from '../../db/open.js';
import type { CitationResolver } from '../../library/citation/resolver.js';
import { statusSql } from '../../library/status.js';
import { LexError } from '../../util/errors.js';
import { articlesPassing, withDateLimits, withLawNames, type SearchFilters } from '../filters.js';
import { rankArticles, type StatsFor } from '../index.js';
import { withTerms } from '../layTerms.js';
import { queryTerms } from '../lexical.js';
import { featureVector, loadCandidateInfo, neighbourFeatures, queryBigrams, type CandidateInfo, type CandidateSignals } from './features.js';
import { reciprocalRankFusion } from './fusion.js';
import { inLawFeatures } from './inLawFeatures.js';
import { LabelMemory, lawOfKey, type MemoryVotes } from './labelMemory.js';
import type { LearnedReranker } from './learnedReranker.js';

/** Nearest articles to a query by embedding (sqlite-vec at run time; exact search while training). */
export interface DenseRetriever {
  readonly modelId: string;
  /** The k nearest articles; with `within`, the k nearest of those articles only (exact). */
  search(text: string, k: number, within?: ReadonlySet<number>): Promise<Array<{ articleId: number; similarity: number }>>;
}

export interface HybridDeps {
  db: Db;
  resolver: CitationResolver;
  stats: StatsFor;
  dense: DenseRetriever | null;
  reranker: Pick<LearnedReranker, 'score' | 'popularity' | 'memory'> | null;
}

/** Candidates with their signals, and the label memory's votes for the query. */
export interface Gathered {
  candidates: CandidateSignals[];
  votes: MemoryVotes | null;
  /** Whether the text the retrievers searched has any word to search for (not punctuation or stop words only). */
  searchable: boolean;
}

export interface RankedCandidate {
  id: number;
  score: number;
  matchedBy: MatchedBy;
}

export type MatchedBy = 'citation' | 'lexical' | 'dense' | 'both' | 'similar';

/** Candidates taken from each retriever before fusion and reranking. */
export const CANDIDATES_PER_RETRIEVER = 50;

export interface GatherOptions {
  /** Label memory (default: the reranker's; null: none). */
  memory?: LabelMemory | null;
  /** Statute terms for the query's everyday words and doctrine names (layTerms.ts): the retrievers search the query followed by them. */
  terms?: readonly string[];
  /**
   * The terms the reranker's text features read besides the query as typed: those of doctrine names (不安抗辩权 →
   * 中止履行 确切证据), which say what a lawyer asks for. Those of everyday words are left out: read too, they cost
   * stard-train Recall@10 0.007 (an interval wholly below zero) for small, mixed changes on the probe sets (README,
   * thirty-seventh round).
   */
  featureTerms?: readonly string[];
  /**
   * The memory's articles join the candidates only when the nearest training
   * question is at least this similar (tf-idf cosine); below it the query is
   * unlike every labelled question and their articles are noise. Default 0.
   */
  minMemorySimilarity?: number;
  /** false: no BM25 candidates, only the articles the query cites (dense mode). */
  lexical?: boolean;
  /** Candidates taken from each retriever (default CANDIDATES_PER_RETRIEVER; more when more results are asked for). */
  perRetriever?: number;
}

/**
 * The deepest dense fetch (sqlite-vec's largest k): also the first one before a narrowing filter that
 * passes too many articles to score one by one is applied.
 */
const DENSE_FETCH_MAX = 4096;

/** A narrowing filter passing at most this many articles has the embedding score exactly those (about 5 ms per 10,000 from memory). */
const DENSE_WITHIN_MAX = 20_000;

/** Filters that leave only part of the library: the dense neighbours must then be fetched deeper. */
function narrows(filters: SearchFilters): boolean {
  return Boolean(filters.law || filters.levels?.length || filters.asOf);
}

/**
 * The `want` nearest articles that pass the filters: exactly those when a narrowing filter passes few
 * enough articles to score one by one; else the nearest neighbours, filtered, and fetched four times
 * deeper (up to DENSE_FETCH_MAX) while the filters leave fewer than wanted. The default filters leave
 * out province law when packs are installed and superseded versions, which can be most of a query's
 * nearest articles; a library whose nearest articles pass needs the first fetch only, as deep as ever.
 */
async function denseCandidates(db: Db, dense: DenseRetriever, text: string, filters: SearchFilters, want: number) {
  const narrow = narrows(filters);
  const passing = narrow ? articlesPassing(db, filters, { limit: DENSE_WITHIN_MAX + 1 }) : null;
  const within = passing && passing.length <= DENSE_WITHIN_MAX ? new Set(passing) : null;
  if (within) return keepAllowed(db, await dense.search(text, want * 2, within), filters, want);
  for (let depth = narrow ? DENSE_FETCH_MAX : want * 2; ; depth = Math.min(depth * 4, DENSE_FETCH_MAX)) {
    const hits = await dense.search(text, depth);
    const kept = keepAllowed(db, hits, filters, want);
    if (kept.length >= want || hits.length < depth || depth >= DENSE_FETCH_MAX) return kept;
  }
}

/**
 * Both retrievers' candidates with their signals (citations flagged), plus the
 * articles of the nearest training questions when a label memory is given.
 * The memory compares the query as typed with the training questions.
 */
export async function gatherCandidates(
  deps: HybridDeps, text: string, typedFilters: SearchFilters, opts: GatherOptions = {},
): Promise<Gathered> {
  // The law filter as every retriever and the memory read it: with the laws its name is known for (民诉法).
  const filters = withDateLimits(withLawNames(typedFilters, deps.resolver.names), deps.resolver);
  const memory = opts.memory === undefined ? deps.reranker?.memory ?? null : opts.memory;
  const retrieverText = withTerms(text, opts.terms ?? []);
  const perRetriever = Math.max(opts.perRetriever ?? 0, CANDIDATES_PER_RETRIEVER);
  const lexical = rankArticles(deps.db, deps.resolver, deps.stats, retrieverText, { limit: perRetriever, filters, citationsOnly: opts.lexical === false });
  const denseKept = deps.dense ? await denseCandidates(deps.db, deps.dense, retrieverText, filters, perRetriever) : [];
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
  const votes = memory ? memory.votes(text) : null;
  if (memory && votes && (votes.neighbours[0]?.similarity ?? 0) >= (opts.minMemorySimilarity ?? 0)) {
    const ids = resolveKeys(deps.db, memory.expansionKeys(votes));
    const allowedMemory = allowedIds(deps.db, ids, filters);
    for (const id of ids) {
      if (!allowedMemory.has(id)) continue;
      const s = signals.get(id);
      if (s) s.similar = true;
      else get(id).similar = true;
    }
  }
  return { candidates: [...signals.values()], votes, searchable: queryTerms(retrieverText).length > 0 };
}

/**
 * The first `want` hits that pass the filters, checked in growing chunks (200, then four times
 * more each round): a narrow filter fetches thousands of neighbours, most searches need the first few hundred.
 */
function keepAllowed<T extends { articleId: number }>(db: Db, hits: T[], filters: SearchFilters, want: number): T[] {
  const kept: T[] = [];
  for (let start = 0, size = 200; start < hits.length && kept.length < want; start += size, size *= 4) {
    const chunk = hits.slice(start, start + size);
    const allowed = allowedIds(db, chunk.map((h) => h.articleId), filters);
    for (const hit of chunk) if (allowed.has(hit.articleId) && kept.length < want) kept.push(hit);
  }
  return kept;
}

/** Article ids of label keys (law title#number): the national version of each law in force today (else the latest, not yet in force). */
export function resolveKeys(db: Db, keys: string[]): number[] {
  if (!keys.length) return [];
  const stmt = db.prepare(
    `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      WHERE l.title = ? AND ${statusSql('d')} NOT IN ('superseded') AND d.province = '' AND a.number = ? AND a.sub_number = 0
      ORDER BY ${statusSql('d')} = 'pending', d.publish_date DESC LIMIT 1`,
  ).pluck();
  return keys.flatMap((key) => {
    const id = stmt.get(lawOfKey(key), Number(key.slice(key.lastIndexOf('#') + 1))) as number | undefined;
    return id === undefined ? [] : [id];
  });
}

/** Hits that pass the search filters (current only, level, law, date, province). */
function allowedIds(db: Db, ids: number[], filters: SearchFilters): Set<number> {
  return new Set(articlesPassing(db, filters, { among: ids }));
}

/** An article found at the start of a search was removed before its end: an import in another process replaced it. */
export function libraryChanged(): LexError {
  return new LexError('library-changed', 'The library changed during this search (an import is updating it); search again.');
}

/**
 * Feature rows of candidates, in order. The text features (bigram coverage, law title, in-law BM25) read the
 * query and `terms` (a doctrine name's statute words, GatherOptions.featureTerms), each term on its own, so that
 * 民法典 第五百二十七条 is not scored as sharing nothing with 「不安抗辩权」; the label memory's votes come from
 * the query as typed.
 */
export function candidateFeatures(
  db: Db, stats: StatsFor, text: string, candidates: CandidateSignals[], popularity: LearnedReranker['popularity'], votes: MemoryVotes | null,
  terms: readonly string[] = [],
): Float32Array[] {
  const info = loadCandidateInfo(db, candidates.map((c) => c.articleId));
  const maxLexical = Math.max(0, ...candidates.map((c) => c.lexicalScore ?? 0));
  const maxDense = Math.max(0, ...candidates.map((c) => c.denseSim ?? 0));
  const bigrams = [...new Set([text, ...terms].flatMap(queryBigrams))];
  const searched = withTerms(text, terms);
  const infos = candidates.map((c) => {
    const i = info.get(c.articleId);
    if (!i) throw libraryChanged();
    return i;
  });
  const rows = candidates.map((c, n) => featureVector(searched, c, infos[n] as CandidateInfo, popularity, maxLexical, maxDense, votes, bigrams));
  neighbourFeatures(rows, infos, popularity);
  inLawFeatures(rows, candidates, infos, queryTerms(searched), stats);
  return rows;
}

export interface HybridRankOptions extends Omit<GatherOptions, 'memory'> {
  /** 'dense': citations plus the embedding's neighbours, in embedding order. */
  only?: 'dense';
}

/** Hybrid ranking: cited articles first, then the learned reranker's order (RRF when none is loaded). */
export async function hybridRank(deps: HybridDeps, text: string, filters: SearchFilters, limit: number, opts: HybridRankOptions = {}): Promise<RankedCandidate[]> {
  const { only, ...gather } = opts;
  const gathered = await gatherCandidates(deps, text, filters, { perRetriever: limit, ...gather, ...(only === 'dense' ? { memory: null, lexical: false } : {}) });
  // Nothing to search for (punctuation or stop words only) and nothing cited: the embedding's neighbours would be arbitrary.
  if (!gathered.searchable && !gathered.candidates.some((c) => c.cited)) return [];
  // Dense mode: citations plus the embedding's neighbours, in embedding order.
  const candidates = only === 'dense' ? gathered.candidates.filter((c) => c.cited || c.denseRank !== null) : gathered.candidates;
  const matchedBy = (c: CandidateSignals): RankedCandidate['matchedBy'] =>
    c.cited ? 'citation' : c.lexicalRank !== null && c.denseRank !== null ? 'both' : c.denseRank !== null ? 'dense' : c.lexicalRank !== null ? 'lexical' : 'similar';
  let scored: Array<{ c: CandidateSignals; score: number }>;
  if (only === 'dense') {
    scored = candidates.map((c) => ({ c, score: c.denseSim ?? 0 }));
  } else if (deps.reranker) {
    const scores = await deps.reranker.score(candidateFeatures(deps.db, deps.stats, text, candidates, deps.reranker.popularity, gathered.votes, gather.featureTerms));
    scored = candidates.map((c, i) => ({ c, score: scores[i] as number }));
  } else {
    // Without a reranker there is no label memory: the retrievers' lists are fused, and cited articles
    // (in neither list unless a retriever also found them) join with no fusion score, ahead of the rest by the sort below.
    const byId = new Map(candidates.map((c) => [c.articleId, c]));
    const lexList = candidates.filter((c) => c.lexicalRank !== null).sort((a, b) => (a.lexicalRank as number) - (b.lexicalRank as number)).map((c) => c.articleId);
    const denseList = candidates.filter((c) => c.denseRank !== null).sort((a, b) => (a.denseRank as number) - (b.denseRank as number)).map((c) => c.articleId);
    scored = reciprocalRankFusion([lexList, denseList]).map((f) => ({ c: byId.get(f.id) as CandidateSignals, score: f.score }));
    const fused = new Set(scored.map((s) => s.c.articleId));
    for (const c of candidates) if (c.cited && !fused.has(c.articleId)) scored.push({ c, score: 0 });
  }
  return scored
    .sort((a, b) => Number(b.c.cited) - Number(a.c.cited) || b.score - a.score || a.c.articleId - b.c.articleId)
    .slice(0, limit)
    .map(({ c, score }) => ({ id: c.articleId, score, matchedBy: matchedBy(c) }));
}
