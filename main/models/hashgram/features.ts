/**
 * The hashgram model's features, computed from token ids exactly as its ONNX
 * graph does: every token id (unigram) and a hashed id for every pair of
 * neighbouring tokens (bigram bucket = (a * BIGRAM_MULTIPLIER + b) mod buckets).
 */
export const BIGRAM_MULTIPLIER = 1000003;

export interface HashgramShape {
  vocabSize: number;
  buckets: number;
  dimension: number;
}

export interface FeatureBag {
  /** Row indices into the unigram table. */
  unigrams: Int32Array;
  /** Row indices into the bigram table. */
  bigrams: Int32Array;
}

export function bigramBucket(a: number, b: number, buckets: number): number {
  return (a * BIGRAM_MULTIPLIER + b) % buckets;
}

/** Features of one tokenised text (ids include [CLS] … [SEP], no padding). */
export function featuresOf(ids: ArrayLike<number>, shape: HashgramShape): FeatureBag {
  const n = ids.length;
  const unigrams = new Int32Array(n);
  const bigrams = new Int32Array(Math.max(0, n - 1));
  for (let i = 0; i < n; i += 1) unigrams[i] = ids[i] as number;
  for (let i = 0; i + 1 < n; i += 1) bigrams[i] = bigramBucket(ids[i] as number, ids[i + 1] as number, shape.buckets);
  return { unigrams, bigrams };
}
