import type { DenseRetriever } from '../../search/hybrid/hybridRank.js';
import { toFloat16 } from '../onnx/model.js';
import { dot, normalise } from '../../util/numeric.js';
import { featuresOf, type FeatureBag } from './features.js';
import type { HashgramModel } from './model.js';

/** Rounds the model's tables to float16, as the exported ONNX model stores them. */
export function roundToFloat16(model: HashgramModel): void {
  for (const table of [model.unigram, model.bigram]) {
    const half = toFloat16(table);
    for (let i = 0; i < table.length; i += 1) table[i] = fromFloat16(half[i] as number);
  }
}

function fromFloat16(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** Exact dense search in memory with a model being trained (same maths as its ONNX export). */
export class JsDenseRetriever implements DenseRetriever {
  private readonly ids: number[];
  private readonly vectors: Float32Array[];

  constructor(
    readonly modelId: string,
    private readonly model: HashgramModel,
    docs: Map<number, FeatureBag>,
    private readonly tokenize: (text: string) => number[],
  ) {
    this.ids = [...docs.keys()];
    this.vectors = this.ids.map((id) => normalise(model.encode(docs.get(id) as FeatureBag)).unit);
  }

  async search(text: string, k: number, within?: ReadonlySet<number>): Promise<Array<{ articleId: number; similarity: number }>> {
    const q = normalise(this.model.encode(featuresOf(this.tokenize(text), this.model.shape))).unit;
    const best: Array<{ articleId: number; similarity: number }> = [];
    for (let i = 0; i < this.vectors.length; i += 1) {
      if (within && !within.has(this.ids[i] as number)) continue;
      const s = dot(this.vectors[i] as Float32Array, q);
      if (best.length < k || s > (best[best.length - 1] as { similarity: number }).similarity) {
        best.push({ articleId: this.ids[i] as number, similarity: s });
        best.sort((a, b) => b.similarity - a.similarity);
        if (best.length > k) best.pop();
      }
    }
    return best;
  }
}
