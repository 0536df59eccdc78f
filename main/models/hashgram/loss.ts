import { dot, normalise } from '../../util/numeric.js';
import type { HashgramModel } from './model.js';
import type { FeatureBag } from './features.js';

export interface ContrastiveBatch {
  queries: FeatureBag[];
  docs: FeatureBag[];
  /** Index into docs of each query's positive. */
  positive: number[];
  /** Per query: doc indices that are also relevant (excluded from its negatives). */
  alsoRelevant: Array<Set<number>>;
}

/**
 * One InfoNCE step with in-batch (and supplied hard) negatives: every query is
 * scored against every doc of the batch; gradients flow through the L2
 * normalisation into the feature rows (Adagrad). Returns the mean loss.
 */
export function contrastiveStep(model: HashgramModel, batch: ContrastiveBatch, temperature: number, lr: number): number {
  const dim = model.shape.dimension;
  const q = batch.queries.map((f) => normalise(model.encode(f)));
  const d = batch.docs.map((f) => normalise(model.encode(f)));
  const gq = q.map(() => new Float32Array(dim));
  const gd = d.map(() => new Float32Array(dim));
  let loss = 0;
  q.forEach((qi, i) => {
    const pos = batch.positive[i] as number;
    const skip = batch.alsoRelevant[i] ?? new Set<number>();
    const logits = d.map((dj, j) => (j !== pos && skip.has(j) ? -Infinity : dot(qi.unit, dj.unit) / temperature));
    const max = Math.max(...logits);
    const exps = logits.map((l) => Math.exp(l - max));
    const z = exps.reduce((a, b) => a + b, 0);
    loss += -Math.log((exps[pos] as number) / z);
    exps.forEach((e, j) => {
      const coeff = (e / z - (j === pos ? 1 : 0)) / temperature;
      if (coeff === 0) return;
      axpy(gq[i] as Float32Array, coeff, (d[j] as { unit: Float32Array }).unit);
      axpy(gd[j] as Float32Array, coeff, qi.unit);
    });
  });
  q.forEach((qi, i) => model.update(batch.queries[i] as FeatureBag, throughNorm(gq[i] as Float32Array, qi), lr));
  d.forEach((dj, j) => model.update(batch.docs[j] as FeatureBag, throughNorm(gd[j] as Float32Array, dj), lr));
  return loss / q.length;
}

function axpy(y: Float32Array, a: number, x: Float32Array): void {
  for (let k = 0; k < y.length; k += 1) y[k] = (y[k] as number) + a * (x[k] as number);
}

/** Gradient w.r.t. the un-normalised vector from the gradient w.r.t. its unit vector. */
function throughNorm(gUnit: Float32Array, v: { unit: Float32Array; norm: number }): Float32Array {
  const proj = dot(v.unit, gUnit);
  const out = new Float32Array(gUnit.length);
  for (let k = 0; k < out.length; k += 1) out[k] = ((gUnit[k] as number) - (v.unit[k] as number) * proj) / v.norm;
  return out;
}
