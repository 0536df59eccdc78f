/**
 * How alike two articles are in the words particular to them. A rewritten law repeats its own vocabulary in
 * nearly every article — 行政复议法's 行政复议申请, 行政复议机关, 依照本法第…条的规定 —, so two unrelated articles
 * of it share a third of their character pairs (2023's 第三十一条, on 补正, and 2017's 第十八条, on 转送). Weighting
 * each pair by how few articles of the two versions use it (inverse document frequency) leaves what the two
 * provisions say of their own.
 */
import type { TextPairs } from './textPairs.js';

/** Each pair's weight: ln(articles / articles using it); a pair every article uses weighs nothing. */
export type PairWeights = Map<string, number>;

/** The weights over a pool of articles (two versions of a law, together). */
export function pairWeights(pool: Iterable<TextPairs>): PairWeights {
  const used = new Map<string, number>();
  let articles = 0;
  for (const pairs of pool) {
    articles++;
    for (const pair of pairs.counts.keys()) used.set(pair, (used.get(pair) ?? 0) + 1);
  }
  const weights: PairWeights = new Map();
  for (const [pair, n] of used) weights.set(pair, Math.log(articles / n));
  return weights;
}

/** Dice's coefficient with each shared pair counted by its weight: near 0 when all two texts share is the law's common vocabulary. */
export function distinctOverlap(a: TextPairs, b: TextPairs, weights: PairWeights): number {
  let shared = 0;
  let total = 0;
  for (const [pair, n] of a.counts) {
    const w = weights.get(pair) ?? 0;
    total += n * w;
    shared += Math.min(n, b.counts.get(pair) ?? 0) * w;
  }
  for (const [pair, n] of b.counts) total += n * (weights.get(pair) ?? 0);
  return total === 0 ? 0 : (2 * shared) / total;
}
