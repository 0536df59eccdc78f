import type { Engine } from '../../engine/index.js';
import { addedTerms, featureTerms } from '../../engine/retrieval.js';
import { meanMetrics, scoreQuery, type MetricSet } from '../../eval/metrics.js';
import { loadCandidateInfo, popularityKey, type CandidateSignals, type Popularity } from '../../search/hybrid/features.js';
import { reciprocalRankFusion } from '../../search/hybrid/fusion.js';
import { candidateFeatures, gatherCandidates } from '../../search/hybrid/hybridRank.js';
import { writeRerankerFolder, type RerankerManifest } from '../../search/hybrid/learnedReranker.js';
import { averageForests, predictForest, type Forest, type GbdtOptions } from '../../search/hybrid/gbdt.js';
import { blendedRerankerGraph } from '../../search/hybrid/gbdtOnnx.js';
import { averageMlps, predictMlp, standardScores, type Mlp, type MlpOptions } from '../../search/hybrid/listwiseMlp.js';
import { FEATURE_COUNT, FEATURE_NAMES } from '../../search/hybrid/features.js';
import { LabelMemory, memoryEntry, type MemoryEntry } from '../../search/hybrid/labelMemory.js';
import { seededRandom } from '../../util/numeric.js';
import { writeCandidateDump } from './candidateDump.js';
import { fitForests, fitMlps, type MlpJob, type RerankerRows } from './rerankerPool.js';
import type { JsDenseRetriever } from './jsDense.js';
import type { LabelledQuery } from './trainingData.js';
import { FOLDS, type TrainingSet } from './trainingSet.js';

export interface FoldRows {
  fold: number;
  retriever: JsDenseRetriever;
}

/** One stard-train question's out-of-fold candidates and their feature rows (what the reranker learns from). */
export interface QueryRows {
  fold: number;
  gold: Set<number>;
  candidates: CandidateSignals[];
  rows: Float32Array[];
}

const K = 10;

/** Questions whose labels the reranker learns from: stard-train (without one fold) and multiturn-dev (without its held-out part). */
export function labelSources(queries: LabelledQuery[], excludeFold: number | null): LabelledQuery[] {
  return queries.filter((q) => (q.source === 'stard' || q.source === 'multiturn') && (excludeFold === null || q.fold !== excludeFold));
}

/** Label memory of those questions, gold articles keyed by law title#number. */
export function memoryEntries(engine: Engine, queries: LabelledQuery[], excludeFold: number | null): MemoryEntry[] {
  const used = labelSources(queries, excludeFold);
  const info = loadCandidateInfo(engine.db, [...new Set(used.flatMap((q) => q.gold))], 'stored');
  return used.flatMap((q) => {
    const gold = [...new Set(q.gold.flatMap((id) => { const i = info.get(id); return i ? [popularityKey(i.lawTitle, i.number)] : []; }))];
    return gold.length ? [memoryEntry(q.text, gold, q.answer)] : [];
  });
}

/** Popularity of articles and laws in the labels of stard-train (without one fold) and multiturn-dev. */
export function popularity(engine: Engine, queries: LabelledQuery[], excludeFold: number | null): Popularity {
  const used = labelSources(queries, excludeFold);
  const ids = [...new Set(used.flatMap((q) => q.gold))];
  const info = loadCandidateInfo(engine.db, ids, 'stored');
  const articles: Record<string, number> = {};
  const laws: Record<string, number> = {};
  for (const q of used) {
    for (const id of q.gold) {
      const i = info.get(id);
      if (!i) continue;
      const key = popularityKey(i.lawTitle, i.number);
      articles[key] = (articles[key] ?? 0) + 1;
      laws[i.lawTitle] = (laws[i.lawTitle] ?? 0) + 1;
    }
  }
  return { articles, laws };
}

function rankBy(q: QueryRows, score: (c: CandidateSignals, i: number) => number | null): number[] {
  return q.candidates
    .map((c, i) => ({ c, s: score(c, i) }))
    .filter((x): x is { c: CandidateSignals; s: number } => x.s !== null)
    .sort((a, b) => Number(b.c.cited) - Number(a.c.cited) || b.s - a.s || a.c.articleId - b.c.articleId)
    .map((x) => x.c.articleId);
}

/** One question's tree and MLP scores blended as the shipped ONNX graph blends them: z(trees) + weight · z(MLP), RERANKER_BLEND unless a harness asks otherwise. */
function blend(treeScores: number[], mlpScores: number[], weight = RERANKER_BLEND): number[] {
  const net = standardScores(mlpScores);
  return standardScores(treeScores).map((t, i) => t + weight * (net[i] as number));
}

/** The trees' and the MLP's scores of one question's candidates, blended. */
export function blendedScores(forest: Forest, mlp: Mlp, rows: Float32Array[]): number[] {
  return blend(rows.map((r) => predictForest(forest, r)), rows.map((r) => predictMlp(mlp, r)));
}

function stageMetrics(all: QueryRows[], forestsByFold: Forest[], mlpsByFold: Mlp[]): Record<string, MetricSet> {
  const lexical = all.map((q) => scoreQuery(rankBy(q, (c) => (c.cited ? 1e9 : c.lexicalRank === null ? null : -c.lexicalRank)), q.gold, K));
  const dense = all.map((q) => scoreQuery(rankBy(q, (c) => (c.denseRank === null ? null : -c.denseRank)), q.gold, K));
  const fused = all.map((q) => {
    const lex = rankBy(q, (c) => (c.lexicalRank === null ? null : -c.lexicalRank));
    const den = rankBy(q, (c) => (c.denseRank === null ? null : -c.denseRank));
    const cited = q.candidates.filter((c) => c.cited).map((c) => c.articleId);
    const rrf = reciprocalRankFusion([lex, den]).map((x) => x.id).filter((id) => !cited.includes(id));
    return scoreQuery([...cited, ...rrf], q.gold, K);
  });
  const { trees, mlp, reranked } = figuresFromScores(all, outOfFoldScores(all, forestsByFold, mlpsByFold));
  return {
    lexical: meanMetrics(lexical), dense: meanMetrics(dense), fused: meanMetrics(fused),
    trees: meanMetrics(trees), mlp: meanMetrics(mlp), reranked: meanMetrics(reranked),
  };
}

/** One question's candidates scored by the trees and by the MLP, in the candidates' order. */
export interface CandidateScores {
  trees: number[];
  mlp: number[];
}

/** Each question's candidates scored by its own fold's trees and MLP (out of fold). */
export function outOfFoldScores(all: QueryRows[], forestsByFold: Forest[], mlpsByFold: Mlp[]): CandidateScores[] {
  return all.map((q) => ({
    trees: q.rows.map((r) => predictForest(forestsByFold[q.fold] as Forest, r)),
    mlp: q.rows.map((r) => predictMlp(mlpsByFold[q.fold] as Mlp, r)),
  }));
}

/** Each question's figures when its tree scores, its MLP scores and their blend at `weight` rank its candidates. */
export function figuresFromScores(all: QueryRows[], scores: CandidateScores[], weight = RERANKER_BLEND): Record<'trees' | 'mlp' | 'reranked', MetricSet[]> {
  const scored = scores.map(({ trees, mlp }) => ({ trees, mlp, reranked: blend(trees, mlp, weight) }));
  const rankedBy = (stage: 'trees' | 'mlp' | 'reranked') => all.map((q, i) => {
    const s = (scored[i] as (typeof scored)[number])[stage];
    return scoreQuery(rankBy(q, (_c, j) => s[j] as number), q.gold, K);
  });
  return { trees: rankedBy('trees'), mlp: rankedBy('mlp'), reranked: rankedBy('reranked') };
}

/** Boosted-tree settings, chosen by cross-validation on stard-train's out-of-fold candidates. */
export const RERANKER_TREES: GbdtOptions = { trees: 150, depth: 4, learningRate: 0.08, positiveWeight: 3 };

/**
 * The reranker averages several forests, each fitted on a share of the questions drawn with a
 * fixed seed: one forest's order among close candidates depends on which questions it saw, and
 * the in-law features gain on MRR@10 only once bagging steadies them (README, twelfth and thirteenth rounds).
 */
export const RERANKER_BAGS = { forests: 5, share: 0.8, seed: 7 };

/**
 * The listwise MLP blended with the trees (listwiseMlp.ts): three networks with their own seeds
 * per fold and for the final reranker, averaged, then z(trees) + RERANKER_BLEND · z(MLP) per query.
 * Settings chosen by cross-validation on stard-train's out-of-fold candidates (README, fifteenth round).
 */
export const RERANKER_MLP: MlpOptions = { hidden: 64, epochs: 10, learningRate: 0.002, batch: 8, decay: 1e-4 };
export const RERANKER_MLP_SEEDS = 3;
export const RERANKER_BLEND = 0.75;

/** The questions of `questions` each bag fits on; `draw` numbers the draw (each fold draws its own bags). */
function bagsOf(questions: number[], draw: number): Int32Array[] {
  const random = seededRandom(RERANKER_BAGS.seed + 1000 * draw);
  return Array.from({ length: RERANKER_BAGS.forests }, () => Int32Array.from(questions.filter(() => random() < RERANKER_BAGS.share)));
}

/** The questions' rows packed for rerankerPool.ts, labelled by their gold articles. */
function packRows(all: QueryRows[]): RerankerRows {
  const count = all.reduce((n, q) => n + q.candidates.length, 0);
  // The shipped features, or those plus the extra columns a harness run tries (main/eval/rerankerHarness.ts).
  const featureCount = all[0]?.rows[0]?.length ?? FEATURE_COUNT;
  const x = new Float32Array(count * featureCount);
  const labels = new Uint8Array(count);
  const start = new Int32Array(all.length + 1);
  let r = 0;
  all.forEach((q, qi) => {
    start[qi] = r;
    q.candidates.forEach((c, i) => {
      x.set(q.rows[i] as Float32Array, r * featureCount);
      labels[r] = q.gold.has(c.articleId) ? 1 : 0;
      r += 1;
    });
  });
  start[all.length] = r;
  return { x, featureCount, labels, start };
}

/** The questions each fold's reranker is fitted on: all but that fold's. */
function foldQuestions(all: QueryRows[]): Int32Array[] {
  const indexes = all.map((_q, i) => i);
  return Array.from({ length: FOLDS }, (_, f) => Int32Array.from(indexes.filter((i) => (all[i] as QueryRows).fold !== f)));
}

/**
 * For each entry of `fitted` (the questions of one reranker), the average of its bagged forests
 * and the average of its MLPs; entry d draws its bags and seeds its networks by d, so a fold's
 * parts are the same whichever other entries are fitted beside it. Every bag and every network
 * is fitted on `threads` worker threads.
 */
async function fitAveraged(all: QueryRows[], fitted: Int32Array[], threads: number): Promise<{ forests: Forest[]; mlps: Mlp[] }> {
  const draws = fitted.map((questions, d) => bagsOf(Array.from(questions), d));
  const rows = packRows(all);
  const forests = await fitForests(rows, draws.flat(), RERANKER_TREES, threads);
  const averaged = draws.map((_bags, d) => averageForests(forests.slice(d * RERANKER_BAGS.forests, (d + 1) * RERANKER_BAGS.forests)));
  const jobs: MlpJob[] = fitted.flatMap((questions, d) => Array.from({ length: RERANKER_MLP_SEEDS }, (_, s) => ({ questions, seed: 11 + 90 * s + d })));
  const mlps = await fitMlps(rows, jobs, RERANKER_MLP, threads);
  return { forests: averaged, mlps: fitted.map((_q, d) => averageMlps(mlps.slice(d * RERANKER_MLP_SEEDS, (d + 1) * RERANKER_MLP_SEEDS))) };
}

/** The bagged forest and averaged MLPs of each fold (fitted without that fold's questions) and the final ones (all questions). */
async function fitBagged(all: QueryRows[], threads: number): Promise<{ byFold: Forest[]; final: Forest; mlpByFold: Mlp[]; finalMlp: Mlp }> {
  const { forests, mlps } = await fitAveraged(all, [...foldQuestions(all), Int32Array.from(all.keys())], threads);
  return { byFold: forests.slice(0, FOLDS), final: forests[FOLDS] as Forest, mlpByFold: mlps.slice(0, FOLDS), finalMlp: mlps[FOLDS] as Mlp };
}

/** Only the folds' parts, exactly those `npm run train-model` cross-validates with (for main/eval/rerankerHarness.ts). */
export async function fitFolds(all: QueryRows[], threads: number): Promise<{ byFold: Forest[]; mlpByFold: Mlp[] }> {
  const { forests, mlps } = await fitAveraged(all, foldQuestions(all), threads);
  return { byFold: forests, mlpByFold: mlps };
}

/**
 * Out-of-fold candidates for every stard-train question (dense model and
 * popularity both without that question's fold), cross-validated reranker
 * figures per stage, and the final reranker fitted on all of them.
 */
export async function crossFitReranker(engine: Engine, set: TrainingSet, folds: FoldRows[], log: (m: string) => void, threads = 1) {
  const all: QueryRows[] = [];
  const texts: string[] = [];
  for (const { fold, retriever } of folds) {
    const pop = popularity(engine, set.queries, fold);
    const memory = new LabelMemory(memoryEntries(engine, set.queries, fold));
    const deps = { ...engine.searchDeps(), dense: retriever, reranker: null };
    for (const q of set.queries.filter((x) => x.source === 'stard' && x.fold === fold)) {
      // As at query time: the retrievers search the question plus the statute terms for its everyday words and doctrine
      // names, and the features read the doctrine names' terms.
      const { candidates, votes } = await gatherCandidates(deps, q.text, {}, { memory, terms: addedTerms(q.text) });
      all.push({ fold, gold: new Set(q.gold), candidates, rows: candidateFeatures(engine.db, deps.stats, q.text, candidates, pop, votes, featureTerms(q.text)) });
      texts.push(q.text);
    }
  }
  if (process.env.LEXDESK_DUMP_CANDIDATES) writeCandidateDump(process.env.LEXDESK_DUMP_CANDIDATES, all, texts);
  const { byFold, final: forest, mlpByFold, finalMlp } = await fitBagged(all, threads);
  const stages = stageMetrics(all, byFold, mlpByFold);
  for (const [stage, m] of Object.entries(stages)) {
    log(`cross-validated ${stage}: Recall@10 ${m.recall.toFixed(3)} MRR@10 ${m.mrr.toFixed(3)} nDCG@10 ${m.ndcg.toFixed(3)}`);
  }
  const finalPopularity = popularity(engine, set.queries, null);
  const finalMemory = memoryEntries(engine, set.queries, null);
  const crossValidation = Object.fromEntries(Object.entries(stages).flatMap(([s, m]) => [[`${s}_recall10`, m.recall], [`${s}_mrr10`, m.mrr]]));
  return {
    denseCv: { cv_dense_recall10: stages.dense?.recall ?? 0, cv_dense_mrr10: stages.dense?.mrr ?? 0 },
    stages,
    write(dir: string, manifest: Omit<RerankerManifest, 'features' | 'crossValidation' | 'kind'>) {
      writeRerankerFolder(dir, blendedRerankerGraph(forest, finalMlp, RERANKER_BLEND, FEATURE_NAMES), finalPopularity, finalMemory, {
        ...manifest,
        kind: `gradient-boosted trees ${JSON.stringify(RERANKER_TREES)}, bagged ${JSON.stringify(RERANKER_BAGS)}, blended per query with a listwise MLP `
          + `${JSON.stringify(RERANKER_MLP)} × ${RERANKER_MLP_SEEDS} seeds, weight ${RERANKER_BLEND}`,
        features: [...FEATURE_NAMES], crossValidation,
      });
    },
  };
}
