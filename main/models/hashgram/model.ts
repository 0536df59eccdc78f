import { type FeatureBag, type HashgramShape } from './features.js';

/**
 * A learned weighted bag of character unigrams and hashed bigrams: a text's
 * vector is the sum of its features' rows (then L2-normalised). Row norms act
 * as learned term weights; shared by queries and articles.
 */
export class HashgramModel {
  readonly unigram: Float32Array;
  readonly bigram: Float32Array;
  /** Adagrad's sums of squared gradients, allocated by the first update (a model only used to encode needs none). */
  private accU: Float32Array | null = null;
  private accB: Float32Array | null = null;

  /** Random weights (Gaussian, `initScale`), or `tables` used as they are (not copied), e.g. a model trained on a worker thread. */
  constructor(readonly shape: HashgramShape, random: () => number, initScale = 0.1, tables?: { unigram: Float32Array; bigram: Float32Array }) {
    const { vocabSize, buckets, dimension } = shape;
    if (tables && (tables.unigram.length !== vocabSize * dimension || tables.bigram.length !== buckets * dimension)) {
      throw new Error('HashgramModel: the weight tables do not match the shape');
    }
    this.unigram = tables?.unigram ?? gaussian(vocabSize * dimension, random, initScale);
    this.bigram = tables?.bigram ?? gaussian(buckets * dimension, random, initScale);
  }

  static fromTables(shape: HashgramShape, unigram: Float32Array, bigram: Float32Array): HashgramModel {
    return new HashgramModel(shape, () => 0, 0, { unigram, bigram });
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
    this.accU ??= new Float32Array(this.unigram.length);
    this.accB ??= new Float32Array(this.bigram.length);
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

