/**
 * Label memory: the training questions with the articles they were labelled
 * with. A query's nearest training questions (tf-idf cosine over characters
 * and character bigrams) vote for their articles and laws; the votes are
 * reranker features, and the nearest questions' articles join the candidates.
 *
 * The shipped memory keeps no question text: each question is stored as the
 * counts of its hashed characters and bigrams (the training files stay out of
 * the repository; a query is hashed the same way).
 */

/** One training question, as hashed gram counts, and its gold articles as `popularityKey`s (law title#number). */
export interface MemoryEntry {
  /** Base64 of a Uint32Array: the grams' hashes, ascending. */
  grams: string;
  /** Base64 of a Uint8Array: per gram, twice its count (at most 255). */
  counts: string;
  gold: string[];
}

export interface MemoryNeighbour {
  entry: number;
  similarity: number;
}

/** Votes of a query's nearest training questions. */
export interface MemoryVotes {
  neighbours: MemoryNeighbour[];
  /** Summed similarity of all neighbours. */
  total: number;
  /** Per article key: summed similarity, best similarity, rank of the first neighbour naming it. */
  articles: Map<string, { sum: number; max: number; rank: number }>;
  /** Per law title: summed similarity of the neighbours naming one of its articles. */
  laws: Map<string, number>;
}

/** Neighbours that vote (features). */
export const MEMORY_NEIGHBOURS = 10;
/** Nearest neighbours whose articles join the candidates. */
export const MEMORY_EXPANSION = 5;

const PUNCTUATION = /[\s\p{P}\p{S}]/gu;

/** 32-bit FNV-1a of the UTF-16 code units (collisions are rare among the grams of a few thousand questions). */
function gramHash(gram: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gram.length; i += 1) {
    h ^= gram.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Hashed gram → count: characters count 0.5, character bigrams 1 (punctuation and spaces dropped). */
function grams(text: string): Map<number, number> {
  const s = text.replace(PUNCTUATION, '').toLowerCase();
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

/** The stored form of a training question. */
export function memoryEntry(text: string, gold: string[]): MemoryEntry {
  const sorted = [...grams(text)].sort((a, b) => a[0] - b[0]);
  return {
    grams: Buffer.from(Uint32Array.from(sorted, ([h]) => h).buffer).toString('base64'),
    counts: Buffer.from(Uint8Array.from(sorted, ([, c]) => Math.min(255, Math.round(c * 2)))).toString('base64'),
    gold,
  };
}

function unpack(entry: MemoryEntry): Map<number, number> {
  const bytes = Buffer.from(entry.grams, 'base64');
  const hashes = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const counts = Buffer.from(entry.counts, 'base64');
  return new Map(Array.from(hashes, (h, i) => [h, (counts[i] as number) / 2] as [number, number]));
}

export function lawOfKey(key: string): string {
  return key.slice(0, key.lastIndexOf('#'));
}

export class LabelMemory {
  private readonly idf = new Map<number, number>();
  private readonly defaultIdf: number;
  /** term → [entry, weight] postings of the unit-length entry vectors. */
  private readonly postings = new Map<number, Array<[number, number]>>();
  private readonly laws: string[][];

  constructor(readonly entries: MemoryEntry[]) {
    const bags = entries.map(unpack);
    const df = new Map<number, number>();
    for (const bag of bags) for (const t of bag.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    for (const [t, n] of df) this.idf.set(t, Math.log((entries.length + 1) / (n + 1)) + 1);
    this.defaultIdf = Math.log(entries.length + 1) + 1;
    bags.forEach((bag, i) => {
      for (const [t, w] of this.vector(bag)) {
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push([i, w]);
      }
    });
    this.laws = entries.map((e) => [...new Set(e.gold.map(lawOfKey))]);
  }

  /** Unit-length tf-idf vector (log tf). */
  private vector(bag: Map<number, number>): Map<number, number> {
    const v = new Map<number, number>();
    let norm = 0;
    for (const [t, c] of bag) {
      const w = (1 + Math.log(c)) * (this.idf.get(t) ?? this.defaultIdf);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of v) v.set(t, w / norm);
    return v;
  }

  neighbours(text: string, k: number): MemoryNeighbour[] {
    const sims = new Float64Array(this.entries.length);
    for (const [t, w] of this.vector(grams(text))) {
      for (const [entry, ew] of this.postings.get(t) ?? []) sims[entry] = (sims[entry] as number) + w * ew;
    }
    const out: MemoryNeighbour[] = [];
    sims.forEach((similarity, entry) => {
      if (similarity > 0) out.push({ entry, similarity });
    });
    return out.sort((a, b) => b.similarity - a.similarity || a.entry - b.entry).slice(0, k);
  }

  votes(text: string, k = MEMORY_NEIGHBOURS): MemoryVotes {
    const neighbours = this.neighbours(text, k);
    const articles: MemoryVotes['articles'] = new Map();
    const laws = new Map<string, number>();
    let total = 0;
    neighbours.forEach(({ entry, similarity }, rank) => {
      total += similarity;
      for (const key of new Set((this.entries[entry] as MemoryEntry).gold)) {
        const a = articles.get(key);
        if (a) {
          a.sum += similarity;
          a.max = Math.max(a.max, similarity);
        } else articles.set(key, { sum: similarity, max: similarity, rank });
      }
      for (const law of this.laws[entry] as string[]) laws.set(law, (laws.get(law) ?? 0) + similarity);
    });
    return { neighbours, total, articles, laws };
  }

  /** Article keys of the `n` nearest questions, nearest first. */
  expansionKeys(votes: MemoryVotes, n = MEMORY_EXPANSION): string[] {
    const keys = new Set<string>();
    for (const { entry } of votes.neighbours.slice(0, n)) for (const key of (this.entries[entry] as MemoryEntry).gold) keys.add(key);
    return [...keys];
  }
}
