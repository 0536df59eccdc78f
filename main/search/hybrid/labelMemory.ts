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
  /** Cosine of the query with the centroid of all training questions labelled with the article (key) or with any article of the law (title); 0 when none. */
  centroid: { article(key: string): number; law(title: string): number };
  /** The query's unit tf-idf vector. */
  query: Map<number, number>;
}

/** Neighbours that vote (features). */
export const MEMORY_NEIGHBOURS = 10;
/** Nearest neighbours whose articles join the candidates. */
export const MEMORY_EXPANSION = 5;
/** Articles whose question centroid is nearest to the query, joining the candidates too. */
export const CENTROID_EXPANSION = 20;

const PUNCTUATION = /[\s\p{P}\p{S}]/gu;

/** The text grams are taken from: punctuation and spaces dropped, lower-cased (shared with the reranker's bigram features). */
export function gramText(text: string): string {
  return text.replace(PUNCTUATION, '').toLowerCase();
}

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
  /** Unit-length centroids of the question vectors per article key and per law title. */
  private readonly articleCentroids = new Map<string, Map<number, number>>();
  private readonly lawCentroids = new Map<string, Map<number, number>>();
  /** term → [article key index, weight] postings of the article centroids. */
  private readonly centroidPostings = new Map<number, Array<[number, number]>>();
  private readonly centroidKeys: string[];

  constructor(readonly entries: MemoryEntry[]) {
    const bags = entries.map(unpack);
    const df = new Map<number, number>();
    for (const bag of bags) for (const t of bag.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    for (const [t, n] of df) this.idf.set(t, Math.log((entries.length + 1) / (n + 1)) + 1);
    this.defaultIdf = Math.log(entries.length + 1) + 1;
    this.laws = entries.map((e) => [...new Set(e.gold.map(lawOfKey))]);
    bags.forEach((bag, i) => {
      const vector = this.vector(bag);
      addPostings(this.postings, i, vector);
      for (const key of new Set((entries[i] as MemoryEntry).gold)) addInto(this.articleCentroids, key, vector);
      for (const law of this.laws[i] as string[]) addInto(this.lawCentroids, law, vector);
    });
    for (const centroids of [this.articleCentroids, this.lawCentroids]) for (const c of centroids.values()) toUnit(c);
    this.centroidKeys = [...this.articleCentroids.keys()];
    this.centroidKeys.forEach((key, i) => addPostings(this.centroidPostings, i, this.articleCentroids.get(key) as Map<number, number>));
  }

  /** Unit-length tf-idf vector (log tf). */
  private vector(bag: Map<number, number>): Map<number, number> {
    const v = new Map<number, number>();
    for (const [t, c] of bag) v.set(t, (1 + Math.log(c)) * (this.idf.get(t) ?? this.defaultIdf));
    return toUnit(v);
  }

  neighbours(text: string, k: number): MemoryNeighbour[] {
    return this.nearest(this.vector(grams(text)), k);
  }

  private nearest(query: Map<number, number>, k: number): MemoryNeighbour[] {
    return topByPostings(query, this.postings, this.entries.length, k).map(([entry, similarity]) => ({ entry, similarity }));
  }

  votes(text: string, k = MEMORY_NEIGHBOURS): MemoryVotes {
    const query = this.vector(grams(text));
    const neighbours = this.nearest(query, k);
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
    const centroid = {
      article: (key: string) => cosine(query, this.articleCentroids.get(key)),
      law: (title: string) => cosine(query, this.lawCentroids.get(title)),
    };
    return { neighbours, total, articles, laws, centroid, query };
  }

  /** Article keys of the `n` nearest questions, nearest first, then of the `centroids` articles whose question centroid is nearest. */
  expansionKeys(votes: MemoryVotes, n = MEMORY_EXPANSION, centroids = CENTROID_EXPANSION): string[] {
    const keys = new Set<string>();
    for (const { entry } of votes.neighbours.slice(0, n)) for (const key of (this.entries[entry] as MemoryEntry).gold) keys.add(key);
    for (const [i] of topByPostings(votes.query, this.centroidPostings, this.centroidKeys.length, centroids)) keys.add(this.centroidKeys[i] as string);
    return [...keys];
  }
}

function addPostings(postings: Map<number, Array<[number, number]>>, index: number, vector: Map<number, number>): void {
  for (const [t, w] of vector) {
    let list = postings.get(t);
    if (!list) postings.set(t, (list = []));
    list.push([index, w]);
  }
}

function addInto(centroids: Map<string, Map<number, number>>, key: string, vector: Map<number, number>): void {
  let c = centroids.get(key);
  if (!c) centroids.set(key, (c = new Map()));
  for (const [t, w] of vector) c.set(t, (c.get(t) ?? 0) + w);
}

function toUnit(v: Map<number, number>): Map<number, number> {
  let norm = 0;
  for (const w of v.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of v) v.set(t, w / norm);
  return v;
}

function cosine(a: Map<number, number>, b: Map<number, number> | undefined): number {
  if (!b) return 0;
  let s = 0;
  for (const [t, w] of a) s += w * (b.get(t) ?? 0);
  return s;
}

/** The `k` best [index, dot product] of a sparse query against postings (positive products only, ties by index). */
function topByPostings(query: Map<number, number>, postings: Map<number, Array<[number, number]>>, size: number, k: number): Array<[number, number]> {
  if (k <= 0) return [];
  const sims = new Float64Array(size);
  for (const [t, w] of query) for (const [i, pw] of postings.get(t) ?? []) sims[i] = (sims[i] as number) + w * pw;
  const out: Array<[number, number]> = [];
  sims.forEach((s, i) => {
    if (s > 0) out.push([i, s]);
  });
  return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k);
}
