import { seededRandom } from '../util/numeric.js';

export interface PairedDifference {
  /** Mean of `after[i] − before[i]`. */
  mean: number;
  /** The 2.5th and 97.5th percentiles of that mean over resamples of the questions. */
  low: number;
  high: number;
}

/**
 * The mean per-question difference of two systems scored on the same questions, with a 95%
 * interval from resampling the questions with replacement (seeded, so a comparison reads the
 * same every time it is run).
 */
export function pairedBootstrap(before: readonly number[], after: readonly number[], resamples = 2000, seed = 5): PairedDifference {
  if (before.length !== after.length) throw new Error(`paired bootstrap needs the same questions on both sides (${before.length} against ${after.length})`);
  const n = before.length;
  if (!n) throw new Error('paired bootstrap needs at least one question');
  const diff = after.map((a, i) => a - (before[i] as number));
  const mean = diff.reduce((s, d) => s + d, 0) / n;
  const random = seededRandom(seed);
  const means = Array.from({ length: resamples }, () => {
    let s = 0;
    for (let j = 0; j < n; j += 1) s += diff[Math.floor(random() * n)] as number;
    return s / n;
  }).sort((a, b) => a - b);
  const at = (p: number) => means[Math.min(resamples - 1, Math.max(0, Math.round(p * (resamples - 1))))] as number;
  return { mean, low: at(0.025), high: at(0.975) };
}
