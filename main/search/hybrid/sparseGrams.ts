/**
 * Sparse tf-idf vectors over hashed characters and character bigrams, shared by
 * the label memory (training questions) and the answer memory (lawyers' answers).
 */

/** A text's hashed grams packed for a model folder: no text is kept. */
export interface PackedGrams {
  /** Base64 of a Uint32Array: the grams' hashes, ascending. */
  grams: string;
  /** Base64 of a Uint8Array: per gram, twice its count (at most 255). */
  counts: string;
}

export type SparseVector = Map<number, number>;

const PUNCTUATION = /[\s\p{P}\p{S}]/gu;

/** The text grams are taken from: punctuation and spaces dropped, lower-cased (shared with the reranker's bigram features). */
export function gramText(text: string): string {
  return text.replace(PUNCTUATION, '').toLowerCase();
}

/** 32-bit FNV-1a of the UTF-16 code units (collisions are rare among the grams of a few thousand texts). */
function gramHash(gram: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gram.length; i += 1) {
    h ^= gram.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Hashed gram → count: characters count 0.5, character bigrams 1 (punctuation and spaces dropped). */
export function gramCounts(text: string): SparseVector {
  const s = gramText(text);
  const counts = new Map<number, number>();
  const add = (gram: string, c: number) => {
    const h = gramHash(gram);
    counts.set(h, (counts.get(h) ?? 0) + c);
  };
  for (let i = 0; i < s.length; i += 1) {
    add(s[i] as string, 0.5);
    if (i + 1 < s.length) add(s.slice(i, i + 2), 1);
  }
  return counts;
}

export function packGrams(text: string): PackedGrams {
  const sorted = [...gramCounts(text)].sort((a, b) => a[0] - b[0]);
  return {
    grams: Buffer.from(Uint32Array.from(sorted, ([h]) => h).buffer).toString('base64'),
    counts: Buffer.from(Uint8Array.from(sorted, ([, c]) => Math.min(255, Math.round(c * 2)))).toString('base64'),
  };
}

/** The gram hashes of a packed text, without their counts. */
export function packedHashes(packed: PackedGrams): Uint32Array {
  const bytes = Buffer.from(packed.grams, 'base64');
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

export function unpackGrams(packed: PackedGrams): SparseVector {
  const hashes = packedHashes(packed);
  const counts = Buffer.from(packed.counts, 'base64');
  return new Map(Array.from(hashes, (h, i) => [h, (counts[i] as number) / 2] as [number, number]));
}

/** Inverse document frequencies of a set of gram bags (log((n + 1) / (df + 1)) + 1), and the value for a gram none holds. */
export class GramIdf {
  private readonly idf = new Map<number, number>();
  private readonly unseen: number;

  constructor(bags: Iterable<Iterable<number>>) {
    const df = new Map<number, number>();
    let n = 0;
    for (const bag of bags) {
      n += 1;
      for (const t of new Set(bag)) df.set(t, (df.get(t) ?? 0) + 1);
    }
    for (const [t, d] of df) this.idf.set(t, Math.log((n + 1) / (d + 1)) + 1);
    this.unseen = Math.log(n + 1) + 1;
  }

  /** Unit-length tf-idf vector (log tf) of a bag of gram counts. */
  vector(bag: SparseVector): SparseVector {
    const v = new Map<number, number>();
    for (const [t, c] of bag) v.set(t, (1 + Math.log(c)) * (this.idf.get(t) ?? this.unseen));
    return toUnit(v);
  }
}

export function toUnit(v: SparseVector): SparseVector {
  let norm = 0;
  for (const w of v.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of v) v.set(t, w / norm);
  return v;
}

export function cosine(a: SparseVector, b: SparseVector | undefined): number {
  if (!b) return 0;
  let s = 0;
  for (const [t, w] of a) s += w * (b.get(t) ?? 0);
  return s;
}

/** Adds `vector` into the centroid kept for `key` in `centroids` (sums of unit vectors, made unit afterwards). */
export function addToCentroid<K>(centroids: Map<K, SparseVector>, key: K, vector: SparseVector): void {
  let c = centroids.get(key);
  if (!c) centroids.set(key, (c = new Map()));
  for (const [t, w] of vector) c.set(t, (c.get(t) ?? 0) + w);
}

/**
 * Postings (term → entries and weights) of a fixed list of sparse vectors, packed once into flat
 * typed arrays, each term's entries and weights a slice of two arrays: a fraction of the heap of a
 * list per term, and the lists are only read after they are built.
 */
export class FrozenPostings {
  /** Term → its slot; slot s holds entries[offsets[s] .. offsets[s + 1]). */
  private readonly slots = new Map<number, number>();
  private readonly offsets: Int32Array;
  private readonly entries: Int32Array;
  private readonly weights: Float64Array;
  readonly size: number;

  /** `vectors[i]` is entry i's vector (absent: none); filled in two passes, with no list per term in between. */
  constructor(vectors: Array<SparseVector | undefined>) {
    this.size = vectors.length;
    const counts = new Map<number, number>();
    for (const v of vectors) if (v) for (const t of v.keys()) counts.set(t, (counts.get(t) ?? 0) + 1);
    this.offsets = new Int32Array(counts.size + 1);
    let slot = 0;
    for (const [t, n] of counts) {
      this.slots.set(t, slot);
      this.offsets[slot + 1] = (this.offsets[slot] as number) + n;
      slot += 1;
    }
    const total = this.offsets[counts.size] as number;
    this.entries = new Int32Array(total);
    this.weights = new Float64Array(total);
    const cursor = this.offsets.slice(0, counts.size);
    vectors.forEach((v, i) => {
      if (!v) return;
      for (const [t, w] of v) {
        const s = this.slots.get(t) as number;
        const at = cursor[s] as number;
        this.entries[at] = i;
        this.weights[at] = w;
        cursor[s] = at + 1;
      }
    });
  }

  /** Dot products of a sparse query with every vector (0 where they share no gram). */
  dot(query: SparseVector): Float64Array {
    const sims = new Float64Array(this.size);
    for (const [t, w] of query) {
      const slot = this.slots.get(t);
      if (slot === undefined) continue;
      for (let k = this.offsets[slot] as number, end = this.offsets[slot + 1] as number; k < end; k += 1) {
        const i = this.entries[k] as number;
        sims[i] = (sims[i] as number) + w * (this.weights[k] as number);
      }
    }
    return sims;
  }

  /** The `k` best [index, dot product] of a sparse query (positive products only, ties by index). */
  top(query: SparseVector, k: number): Array<[number, number]> {
    if (k <= 0) return [];
    const out: Array<[number, number]> = [];
    this.dot(query).forEach((s, i) => {
      if (s > 0) out.push([i, s]);
    });
    return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k);
  }
}
