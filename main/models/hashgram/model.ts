import { type FeatureBag, type HashgramShape } from './features.js';

/**
 * A learned weighted bag of character unigrams and hashed bigrams: a text's
 * vector is the sum of its features' rows (then L2-normalised). Row norms act
 * as learned term weights; shared by queries and articles.
 */
export class HashgramModel {
  readonly unigram: Float32Array;
  readonly bigram: Float32Array;
  private readonly accU: Float32Array;
  private readonly accB: Float32Array;

  constructor(readonly shape: HashgramShape, random: () => number, initScale = 0.1) {
    const { vocabSize, buckets, dimension } = shape;
    this.unigram = gaussian(vocabSize * dimension, random, initScale);
    this.bigram = gaussian(buckets * dimension, random, initScale);
    this.accU = new Float32Array(vocabSize * dimension);
    this.accB = new Float32Array(buckets * dimension);
  }

  /** Takes over another model's weights (same shape); the Adagrad state starts afresh. */
  copyWeightsFrom(other: HashgramModel): void {
    this.unigram.set(other.unigram);
    this.bigram.set(other.bigram);
  }

  /** Un-normalised sum of feature rows. */
  encode(f: FeatureBag, out = new Float32Array(this.shape.dimension)): Float32Array {
    const d = this.shape.dimension;
    out.fill(0);
    addRows(this.unigram, f.unigrams, d, out);
    addRows(this.bigram, f.bigrams, d, out);
    return out;
  }

  /** Adagrad step on the rows a text used, given dLoss/dVector for that text. */
  update(f: FeatureBag, grad: Float32Array, lr: number): void {
    const d = this.shape.dimension;
    adagradRows(this.unigram, this.accU, f.unigrams, d, grad, lr);
    adagradRows(this.bigram, this.accB, f.bigrams, d, grad, lr);
  }
}

function gaussian(n: number, random: () => number, scale: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 2) {
    const u = Math.max(random(), 1e-12);
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u)) * scale;
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < n) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

function addRows(table: Float32Array, rows: Int32Array, d: number, out: Float32Array): void {
  for (let r = 0; r < rows.length; r += 1) {
    const base = (rows[r] as number) * d;
    for (let k = 0; k < d; k += 1) out[k] = (out[k] as number) + (table[base + k] as number);
  }
}

function adagradRows(table: Float32Array, acc: Float32Array, rows: Int32Array, d: number, grad: Float32Array, lr: number): void {
  for (let r = 0; r < rows.length; r += 1) {
    const base = (rows[r] as number) * d;
    for (let k = 0; k < d; k += 1) {
      const g = grad[k] as number;
      const a = (acc[base + k] as number) + g * g;
      acc[base + k] = a;
      table[base + k] = (table[base + k] as number) - (lr * g) / Math.sqrt(a + 1e-8);
    }
  }
}

/** L2 norm and the normalised copy. */
export function normalise(v: Float32Array): { unit: Float32Array; norm: number } {
  let s = 0;
  for (let k = 0; k < v.length; k += 1) s += (v[k] as number) ** 2;
  const norm = Math.sqrt(s) || 1e-12;
  const unit = new Float32Array(v.length);
  for (let k = 0; k < v.length; k += 1) unit[k] = (v[k] as number) / norm;
  return { unit, norm };
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k += 1) s += (a[k] as number) * (b[k] as number);
  return s;
}

/** Deterministic PRNG (mulberry32) so training is reproducible with a fixed seed. */
export function seededRandom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
