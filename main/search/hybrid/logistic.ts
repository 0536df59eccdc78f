/**
 * L2-regularised logistic regression fitted by full-batch gradient descent
 * (with positive-class weighting): the learned reranker's training step.
 */
import { dot } from '../../util/numeric.js';

export interface LogisticOptions {
  l2?: number;
  epochs?: number;
  learningRate?: number;
}

export function trainLogistic(rows: Float32Array[], labels: number[], opts: LogisticOptions = {}): Float32Array {
  const dim = rows[0]?.length ?? 0;
  const w = new Float32Array(dim);
  const l2 = opts.l2 ?? 1e-3;
  const lr = opts.learningRate ?? 0.5;
  const positives = labels.filter((y) => y === 1).length || 1;
  const posWeight = (labels.length - positives) / positives;
  const grad = new Float64Array(dim);
  for (let epoch = 0; epoch < (opts.epochs ?? 300); epoch += 1) {
    grad.fill(0);
    let weightSum = 0;
    rows.forEach((x, i) => {
      const y = labels[i] as number;
      const p = sigmoid(dot(w, x));
      const weight = y === 1 ? posWeight : 1;
      weightSum += weight;
      for (let k = 0; k < dim; k += 1) grad[k] = (grad[k] as number) + weight * (p - y) * (x[k] as number);
    });
    for (let k = 0; k < dim; k += 1) {
      const reg = k === 0 ? 0 : l2 * (w[k] as number);
      w[k] = (w[k] as number) - lr * ((grad[k] as number) / weightSum + reg);
    }
  }
  return w;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/**
 * Pairwise logistic regression (RankNet with a linear scorer): for pairs of a
 * relevant and a non-relevant candidate of the same query, fit
 * P(relevant ranks higher) = sigmoid(w · (x_rel − x_other)). Optimises the
 * order within each query rather than absolute relevance.
 */
export function trainPairwise(queries: Array<{ rows: Float32Array[]; labels: number[] }>, opts: LogisticOptions = {}): Float32Array {
  const diffs: Float32Array[] = [];
  for (const q of queries) {
    const pos = q.rows.filter((_, i) => q.labels[i] === 1);
    const neg = q.rows.filter((_, i) => q.labels[i] !== 1);
    for (const p of pos) {
      for (const n of neg) {
        const d = new Float32Array(p.length);
        for (let k = 0; k < d.length; k += 1) d[k] = (p[k] as number) - (n[k] as number);
        diffs.push(d);
      }
    }
  }
  const dim = queries[0]?.rows[0]?.length ?? 0;
  const w = new Float32Array(dim);
  const l2 = opts.l2 ?? 1e-3;
  const lr = opts.learningRate ?? 0.5;
  const grad = new Float64Array(dim);
  for (let epoch = 0; epoch < (opts.epochs ?? 300); epoch += 1) {
    grad.fill(0);
    for (const d of diffs) {
      const p = sigmoid(dot(w, d));
      for (let k = 0; k < dim; k += 1) grad[k] = (grad[k] as number) + (p - 1) * (d[k] as number);
    }
    for (let k = 0; k < dim; k += 1) w[k] = (w[k] as number) - lr * ((grad[k] as number) / (diffs.length || 1) + l2 * (w[k] as number));
  }
  return w;
}
