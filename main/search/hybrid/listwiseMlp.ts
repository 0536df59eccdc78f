/**
 * A small neural ranker beside the boosted trees: one hidden layer of ReLU units over the same
 * feature rows, each value first squashed (sign · log(1 + |x|)) and standardised, trained listwise
 * (ListNet: softmax cross-entropy between each question's candidate scores and its gold articles,
 * Adam). Trees split on thresholds and learn from candidates one by one; this learns smooth
 * combinations and from whole candidate lists, and its errors differ from the trees', so the two
 * blended rank better than either (README, fifteenth round).
 */
import { dot, seededRandom } from '../../util/numeric.js';

export interface MlpOptions {
  hidden: number;
  epochs: number;
  learningRate: number;
  /** Questions per Adam step. */
  batch: number;
  /** L2 weight decay added to every gradient. */
  decay: number;
}

/**
 * A trained ranker: score = w2 · relu(W1ᵀ · standardise(squash(x)) + b1). It has no output bias:
 * a constant added to every candidate's score changes no ranking, so there would be nothing to train.
 */
export interface Mlp {
  featureCount: number;
  hidden: number;
  mean: Float32Array;
  scale: Float32Array;
  /** featureCount × hidden, row-major (feature d, unit k at d · hidden + k). */
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
}

/** One question's candidate rows and which of them are gold. */
export interface RankedList {
  rows: ArrayLike<number>[];
  gold: ArrayLike<number>;
}

/** sign(x) · log(1 + |x|): keeps counts, scores and ranks on comparable scales. */
export function squash(x: number): number {
  return Math.sign(x) * Math.log1p(Math.abs(x));
}

/** A row squashed and standardised as the network sees it. */
function standardise(row: ArrayLike<number>, mean: Float32Array, scale: Float32Array): Float64Array {
  return Float64Array.from({ length: mean.length }, (_, d) => (squash(row[d] as number) - (mean[d] as number)) / (scale[d] as number));
}

/**
 * Mean and standard deviation of each squashed feature, rounded to float32 as they ship. A feature
 * that (almost) never varies, such as the constant bias, gets scale 1: its deviation is rounding
 * noise, and dividing by it would turn the float32 rounding of its mean into huge inputs.
 */
function standardiser(lists: RankedList[], featureCount: number): { mean: Float32Array; scale: Float32Array } {
  const mean = new Float64Array(featureCount);
  const scale = new Float64Array(featureCount);
  let n = 0;
  for (const l of lists) for (const r of l.rows) { n += 1; for (let d = 0; d < featureCount; d += 1) mean[d] = (mean[d] as number) + squash(r[d] as number); }
  for (let d = 0; d < featureCount; d += 1) mean[d] = (mean[d] as number) / Math.max(1, n);
  for (const l of lists) for (const r of l.rows) for (let d = 0; d < featureCount; d += 1) scale[d] = (scale[d] as number) + (squash(r[d] as number) - (mean[d] as number)) ** 2;
  for (let d = 0; d < featureCount; d += 1) {
    const sd = Math.sqrt((scale[d] as number) / Math.max(1, n));
    scale[d] = sd > 1e-6 ? sd : 1;
  }
  return { mean: Float32Array.from(mean), scale: Float32Array.from(scale) };
}

/**
 * Fits one ranker on `lists` (questions without a gold candidate teach nothing and are skipped);
 * deterministic for a given seed, whichever thread runs it.
 */
export function trainListwiseMlp(lists: RankedList[], featureCount: number, options: MlpOptions, seed: number): Mlp {
  const { hidden: H, batch } = options;
  const D = featureCount;
  const random = seededRandom(seed);
  const { mean, scale } = standardiser(lists, D);
  const data = lists.filter((l) => Array.from(l.gold).some((g) => g > 0)).map((l) => ({
    x: l.rows.map((r) => standardise(r, mean, scale)),
    y: Float64Array.from(l.gold),
  }));
  const w1 = Float64Array.from({ length: D * H }, () => (random() * 2 - 1) * Math.sqrt(3 / D));
  const b1 = new Float64Array(H);
  const w2 = Float64Array.from({ length: H }, () => (random() * 2 - 1) * Math.sqrt(3 / H));
  const params = [w1, b1, w2];
  const m1 = params.map((p) => new Float64Array(p.length));
  const m2 = params.map((p) => new Float64Array(p.length));
  const grads = params.map((p) => new Float64Array(p.length));
  const [g1, gb1, g2] = grads as [Float64Array, Float64Array, Float64Array];
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    const order = data.map((_d, i) => i);
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (let start = 0; start < order.length; start += batch) {
      for (const g of grads) g.fill(0);
      for (const qi of order.slice(start, start + batch)) {
        const { x, y } = data[qi] as (typeof data)[number];
        const hs = x.map((r) => hiddenLayer(r, w1, b1, H, new Float64Array(H)));
        const s = hs.map((hv) => dot(hv, w2));
        const top = Math.max(...s);
        const e = s.map((z) => Math.exp(z - top));
        const total = e.reduce((a, b) => a + b, 0);
        const goldTotal = y.reduce((a, b) => a + b, 0);
        s.forEach((_z, j) => {
          const gs = (e[j] as number) / total - (y[j] as number) / goldTotal;
          const hv = hs[j] as Float64Array;
          const r = x[j] as Float64Array;
          for (let k = 0; k < H; k += 1) {
            if ((hv[k] as number) <= 0) continue;
            g2[k] = (g2[k] as number) + gs * (hv[k] as number);
            const gh = gs * (w2[k] as number);
            gb1[k] = (gb1[k] as number) + gh;
            for (let d = 0; d < D; d += 1) g1[d * H + k] = (g1[d * H + k] as number) + gh * (r[d] as number);
          }
        });
      }
      step += 1;
      params.forEach((p, pi) => adam(p, grads[pi] as Float64Array, m1[pi] as Float64Array, m2[pi] as Float64Array, step, options, batch));
    }
  }
  return {
    featureCount: D, hidden: H,
    mean, scale, w1: Float32Array.from(w1), b1: Float32Array.from(b1), w2: Float32Array.from(w2),
  };
}

function hiddenLayer(r: ArrayLike<number>, w1: ArrayLike<number>, b1: ArrayLike<number>, H: number, out: Float64Array): Float64Array {
  for (let k = 0; k < H; k += 1) out[k] = b1[k] as number;
  for (let d = 0; d < r.length; d += 1) {
    const v = r[d] as number;
    if (v === 0) continue;
    const base = d * H;
    for (let k = 0; k < H; k += 1) out[k] = (out[k] as number) + v * (w1[base + k] as number);
  }
  for (let k = 0; k < H; k += 1) if ((out[k] as number) < 0) out[k] = 0;
  return out;
}

function adam(p: Float64Array, g: Float64Array, m: Float64Array, v: Float64Array, step: number, o: MlpOptions, batch: number): void {
  const c1 = 1 - 0.9 ** step;
  const c2 = 1 - 0.999 ** step;
  for (let a = 0; a < p.length; a += 1) {
    const grad = (g[a] as number) / batch + o.decay * (p[a] as number);
    m[a] = 0.9 * (m[a] as number) + 0.1 * grad;
    v[a] = 0.999 * (v[a] as number) + 0.001 * grad * grad;
    p[a] = (p[a] as number) - (o.learningRate * ((m[a] as number) / c1)) / (Math.sqrt((v[a] as number) / c2) + 1e-8);
  }
}

/** Averages rankers fitted on the same questions (same standardisation) into one with all their hidden units. */
export function averageMlps(mlps: Mlp[]): Mlp {
  const first = mlps[0] as Mlp;
  const H = mlps.reduce((n, m) => n + m.hidden, 0);
  const D = first.featureCount;
  const w1 = new Float32Array(D * H);
  const b1 = new Float32Array(H);
  const w2 = new Float32Array(H);
  let offset = 0;
  for (const m of mlps) {
    for (let d = 0; d < D; d += 1) w1.set(m.w1.subarray(d * m.hidden, (d + 1) * m.hidden), d * H + offset);
    b1.set(m.b1, offset);
    w2.set(m.w2.map((w) => w / mlps.length), offset);
    offset += m.hidden;
  }
  return { ...first, hidden: H, w1, b1, w2 };
}

/** The ranker's score of one row, in float64 (the ONNX graph computes the same in float32). */
export function predictMlp(mlp: Mlp, row: ArrayLike<number>): number {
  const x = standardise(row, mlp.mean, mlp.scale);
  return dot(hiddenLayer(x, mlp.w1, mlp.b1, mlp.hidden, new Float64Array(mlp.hidden)), mlp.w2);
}

/** Each score minus the list's mean, over the list's standard deviation (0 for a list of equal scores). */
export function standardScores(scores: number[]): number[] {
  const mean = scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length);
  const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, scores.length));
  return scores.map((s) => (s - mean) / (sd + 1e-6));
}
