/**
 * Label memory: the training questions with the articles they were labelled
 * with. A query's nearest training questions (tf-idf cosine over characters
 * and character bigrams) vote for their articles and laws; the votes are
 * reranker features, and the nearest questions' articles join the candidates.
 */

/** One training question and its gold articles as `popularityKey`s (law title#number). */
export interface MemoryEntry {
  text: string;
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

function grams(text: string): Map<string, number> {
  const s = text.replace(PUNCTUATION, '').toLowerCase();
  const counts = new Map<string, number>();
  for (let i = 0; i < s.length; i += 1) {
    const ch = s[i] as string;
    counts.set(ch, (counts.get(ch) ?? 0) + 0.5);
    if (i + 1 < s.length) {
      const bi = s.slice(i, i + 2);
      counts.set(bi, (counts.get(bi) ?? 0) + 1);
    }
  }
  return counts;
}

export function lawOfKey(key: string): string {
  return key.slice(0, key.lastIndexOf('#'));
}

export class LabelMemory {
  private readonly idf = new Map<string, number>();
  private readonly defaultIdf: number;
  /** term → [entry, weight] postings of the unit-length entry vectors. */
  private readonly postings = new Map<string, Array<[number, number]>>();
  private readonly laws: string[][];

  constructor(readonly entries: MemoryEntry[]) {
    const bags = entries.map((e) => grams(e.text));
    const df = new Map<string, number>();
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
  private vector(bag: Map<string, number>): Map<string, number> {
    const v = new Map<string, number>();
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
