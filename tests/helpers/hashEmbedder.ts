/**
 * A small, deterministic TextEmbedder for vector-index tests: character
 * unigrams and bigrams with sublinear counts, each feature hashed (FNV-1a) to
 * its own pseudo-random ±1 pattern over all `dimension` components (a dense
 * random projection of the hashed features, like SimHash), L2-normalised.
 * Texts sharing many characters get similar vectors, and the vectors are
 * dense like a real model's, so quantized search behaves realistically. It
 * records every text it embeds so tests can see what was re-embedded.
 */
import type { EmbedKind, TextEmbedder } from '../../main/models/types.js';

export interface HashEmbedderOptions {
  /** Default 'test:hash<dimension>'. */
  id?: string;
  /** Default 64. */
  dimension?: number;
}

export class HashEmbedder implements TextEmbedder {
  readonly id: string;
  readonly dimension: number;
  readonly provider = 'cpu';
  /** embed() calls so far. */
  calls = 0;
  /** Every text embedded so far, in order. */
  readonly texts: string[] = [];

  constructor(opts: HashEmbedderOptions = {}) {
    this.dimension = opts.dimension ?? 64;
    this.id = opts.id ?? `test:hash${this.dimension}`;
  }

  async embed(texts: string[], _kind: EmbedKind): Promise<Float32Array[]> {
    this.calls += 1;
    this.texts.push(...texts);
    return texts.map((t) => this.vectorOf(t));
  }

  /** The vector of one text (synchronous; what embed() returns for it). */
  vectorOf(text: string): Float32Array {
    const counts = new Map<string, number>();
    const chars = [...text.replace(/\s+/g, ' ')];
    chars.forEach((c, i) => {
      bump(counts, c);
      const next = chars[i + 1];
      if (next !== undefined) bump(counts, c + next);
    });
    const v = new Float32Array(this.dimension);
    for (const [feature, n] of counts) {
      const w = 1 + Math.log(n);
      // The feature's own ±1 pattern over all dimensions (xorshift32 seeded by its hash).
      let h = fnv1a(feature) || 1;
      for (let i = 0; i < v.length; i++) {
        h ^= h << 13;
        h ^= h >>> 17;
        h ^= h << 5;
        v[i] = (v[i] as number) + (h & 1 ? w : -w);
      }
    }
    return normalise(v);
  }

  async close(): Promise<void> {}

  /** Forgets the recorded calls and texts. */
  reset(): void {
    this.calls = 0;
    this.texts.length = 0;
  }
}

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm === 0) return v;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}
