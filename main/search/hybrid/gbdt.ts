import { sigmoid } from './logistic.js';

/**
 * Gradient-boosted regression trees with logistic loss (Newton leaf values,
 * histogram split search over quantile bins): the learned reranker.
 * Trees export to ONNX's TreeEnsembleRegressor (see gbdtOnnx.ts).
 */
export interface TreeNode {
  /** -1 for a leaf. */
  feature: number;
  /** Go left when x[feature] <= threshold. */
  threshold: number;
  left: number;
  right: number;
  value: number;
}

export interface Forest {
  base: number;
  trees: TreeNode[][];
  featureCount: number;
}

export interface GbdtOptions {
  trees?: number;
  depth?: number;
  learningRate?: number;
  minLeafHessian?: number;
  lambda?: number;
  bins?: number;
  /** Weight of positive rows (relevant candidates are rare; logistic objective only). */
  positiveWeight?: number;
  /**
   * 'logistic' (pointwise, default) or 'lambdarank': pairwise logistic loss
   * within each query, every (relevant, irrelevant) pair weighted by how much
   * swapping them changes nDCG@`lambdaK` (LambdaMART). Needs `groups`.
   */
  objective?: 'logistic' | 'lambdarank';
  lambdaK?: number;
}

export function predictForest(forest: Forest, x: ArrayLike<number>): number {
  let s = forest.base;
  for (const tree of forest.trees) {
    let n = 0;
    for (;;) {
      const node = tree[n] as TreeNode;
      if (node.feature < 0) {
        s += node.value;
        break;
      }
      n = (x[node.feature] as number) <= node.threshold ? node.left : node.right;
    }
  }
  return s;
}

/** One forest that predicts the mean of `forests` (their trees, leaf values divided by their number). */
export function averageForests(forests: Forest[]): Forest {
  const n = forests.length;
  if (!n) throw new Error('averageForests needs at least one forest');
  return {
    base: forests.reduce((s, f) => s + f.base, 0) / n,
    trees: forests.flatMap((f) => f.trees.map((tree) => tree.map((node) => (node.feature < 0 ? { ...node, value: node.value / n } : node)))),
    featureCount: (forests[0] as Forest).featureCount,
  };
}

/** Quantile thresholds per feature (at most `bins` − 1 of them). */
function binEdges(rows: Float32Array[], feature: number, bins: number): Float32Array {
  const values = Float32Array.from(rows, (r) => r[feature] as number).sort();
  const edges = new Set<number>();
  for (let b = 1; b < bins; b += 1) edges.add(values[Math.floor((b * values.length) / bins)] as number);
  edges.delete(values[values.length - 1] as number);
  return Float32Array.from([...edges].sort((a, b) => a - b));
}

function binIndex(edges: Float32Array, v: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v <= (edges[mid] as number)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

interface Split { feature: number; bin: number; gain: number }

/**
 * Fits a forest. `groups` gives each row's query (rows of one query must be
 * contiguous); the lambdarank objective needs it.
 */
export function trainGbdt(rows: Float32Array[], labels: number[], opts: GbdtOptions = {}, groups?: number[]): Forest {
  const featureCount = rows[0]?.length ?? 0;
  const o = { trees: 120, depth: 4, learningRate: 0.1, minLeafHessian: 1, lambda: 1, bins: 32, positiveWeight: 1, objective: 'logistic', lambdaK: 10, ...opts };
  const ranking = o.objective === 'lambdarank';
  if (ranking && groups?.length !== rows.length) throw new Error('lambdarank needs a query group per row');
  const spans = ranking ? groupSpans(groups as number[]) : [];
  const edges = Array.from({ length: featureCount }, (_, f) => binEdges(rows, f, o.bins));
  const binned = rows.map((r) => Uint8Array.from({ length: featureCount }, (_, f) => binIndex(edges[f] as Float32Array, r[f] as number)));
  const weight = labels.map((y) => (y === 1 ? o.positiveWeight : 1));
  const mean = labels.reduce((a, y, i) => a + y * (weight[i] as number), 0) / weight.reduce((a, w) => a + w, 0);
  const base = ranking ? 0 : Math.log(Math.max(mean, 1e-6) / Math.max(1 - mean, 1e-6));
  const score = new Float64Array(rows.length).fill(base);
  const g = new Float64Array(rows.length);
  const h = new Float64Array(rows.length);
  const trees: TreeNode[][] = [];
  for (let t = 0; t < o.trees; t += 1) {
    if (ranking) {
      for (const [from, to] of spans) lambdaGradients(score, labels, from, to, o.lambdaK, g, h);
    } else {
      for (let i = 0; i < rows.length; i += 1) {
        const p = sigmoid(score[i] as number);
        const w = weight[i] as number;
        g[i] = w * (p - (labels[i] as number));
        h[i] = w * Math.max(p * (1 - p), 1e-6);
      }
    }
    const tree: TreeNode[] = [];
    grow(tree, [...rows.keys()], 0);
    trees.push(tree);
    for (let i = 0; i < rows.length; i += 1) score[i] = (score[i] as number) + predictForest({ base: 0, trees: [tree], featureCount }, rows[i] as Float32Array);
  }
  return { base, trees, featureCount };

  function grow(tree: TreeNode[], idx: number[], depth: number): number {
    const id = tree.length;
    let G = 0;
    let H = 0;
    for (const i of idx) {
      G += g[i] as number;
      H += h[i] as number;
    }
    tree.push({ feature: -1, threshold: 0, left: -1, right: -1, value: (-G / (H + o.lambda)) * o.learningRate });
    if (depth >= o.depth || idx.length < 2) return id;
    const split = bestSplit(idx, G, H);
    if (!split) return id;
    const threshold = (edges[split.feature] as Float32Array)[split.bin] as number;
    const left = idx.filter((i) => ((binned[i] as Uint8Array)[split.feature] as number) <= split.bin);
    const right = idx.filter((i) => ((binned[i] as Uint8Array)[split.feature] as number) > split.bin);
    const node = tree[id] as TreeNode;
    node.feature = split.feature;
    node.threshold = threshold;
    node.left = grow(tree, left, depth + 1);
    node.right = grow(tree, right, depth + 1);
    return id;
  }

  function bestSplit(idx: number[], G: number, H: number): Split | null {
    let best: Split | null = null;
    const parent = (G * G) / (H + o.lambda);
    for (let f = 0; f < featureCount; f += 1) {
      const nb = (edges[f] as Float32Array).length + 1;
      const gs = new Float64Array(nb);
      const hs = new Float64Array(nb);
      for (const i of idx) {
        const b = (binned[i] as Uint8Array)[f] as number;
        gs[b] = (gs[b] as number) + (g[i] as number);
        hs[b] = (hs[b] as number) + (h[i] as number);
      }
      let gl = 0;
      let hl = 0;
      for (let b = 0; b < nb - 1; b += 1) {
        gl += gs[b] as number;
        hl += hs[b] as number;
        const hr = H - hl;
        if (hl < o.minLeafHessian || hr < o.minLeafHessian) continue;
        const gain = (gl * gl) / (hl + o.lambda) + ((G - gl) * (G - gl)) / (hr + o.lambda) - parent;
        if (gain > 1e-9 && (!best || gain > best.gain)) best = { feature: f, bin: b, gain };
      }
    }
    return best;
  }
}

/** [from, to) row ranges of consecutive equal group ids. */
function groupSpans(groups: number[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let from = 0;
  for (let i = 1; i <= groups.length; i += 1) {
    if (i === groups.length || groups[i] !== groups[from]) {
      spans.push([from, i]);
      from = i;
    }
  }
  return spans;
}

/**
 * LambdaRank gradients of one query's rows [from, to): for each pair of a
 * relevant and an irrelevant row, the pairwise logistic gradient scaled by
 * |ΔnDCG@k| of swapping them in the current ranking.
 */
function lambdaGradients(score: Float64Array, labels: number[], from: number, to: number, k: number, g: Float64Array, h: Float64Array): void {
  const idx: number[] = [];
  let relevant = 0;
  for (let i = from; i < to; i += 1) {
    g[i] = 0;
    h[i] = 1e-6;
    idx.push(i);
    if (labels[i] === 1) relevant += 1;
  }
  if (relevant === 0 || relevant === idx.length) return;
  idx.sort((a, b) => (score[b] as number) - (score[a] as number) || a - b);
  const rankOf = new Map(idx.map((row, r) => [row, r]));
  let ideal = 0;
  for (let r = 0; r < Math.min(relevant, k); r += 1) ideal += 1 / Math.log2(r + 2);
  const discount = (r: number) => (r < k ? 1 / Math.log2(r + 2) : 0);
  for (let a = from; a < to; a += 1) {
    if (labels[a] !== 1) continue;
    for (let b = from; b < to; b += 1) {
      if (labels[b] === 1) continue;
      const delta = Math.abs(discount(rankOf.get(a) as number) - discount(rankOf.get(b) as number)) / ideal;
      if (delta === 0) continue;
      const rho = sigmoid((score[b] as number) - (score[a] as number));
      const hess = Math.max(rho * (1 - rho), 1e-6) * delta;
      g[a] = (g[a] as number) - rho * delta;
      g[b] = (g[b] as number) + rho * delta;
      h[a] = (h[a] as number) + hess;
      h[b] = (h[b] as number) + hess;
    }
  }
}
