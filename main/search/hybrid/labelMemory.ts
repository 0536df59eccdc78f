/**
 * Label memory: the training questions with the articles they were labelled
 * with. A query's nearest training questions (tf-idf cosine over characters
 * and character bigrams) vote for their articles and laws; the votes are
 * reranker features, and the nearest questions' articles join the candidates.
 *
 * The shipped memory keeps no question text: each question is stored as the
 * counts of its hashed characters and bigrams (the training files stay out of
 * the repository; a query is hashed the same way). Where a lawyer's answer to
 * a question is known (LeCoQA), it is kept hashed too, for answerMemory.ts.
 */
import { AnswerMemory, type AnswerScores } from './answerMemory.js';
import {
  addToCentroid, cosine, FrozenPostings, GramIdf, gramCounts, packGrams, toUnit, unpackGrams,
  type PackedGrams, type SparseVector,
} from './sparseGrams.js';

/** One training question, as hashed gram counts, and its gold articles as `popularityKey`s (law title#number). */
export interface MemoryEntry extends PackedGrams {
  gold: string[];
  /** A lawyer's answer to the question (LeCoQA), and its keywords, hashed the same way; absent where there is none. */
  answer?: PackedGrams;
  keywords?: PackedGrams;
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
  /** How near the query is to the lawyers' answers that cite the article (key); zeros when none does. */
  answers(key: string): AnswerScores;
  /** The query's unit tf-idf vector. */
  query: Map<number, number>;
}

/** Neighbours that vote (features). */
export const MEMORY_NEIGHBOURS = 10;
/** Nearest neighbours whose articles join the candidates. */
export const MEMORY_EXPANSION = 5;
/** Articles whose question centroid is nearest to the query, joining the candidates too. */
export const CENTROID_EXPANSION = 20;

/** The stored form of a training question (and of a lawyer's answer to it, with its keywords, where there is one). */
export function memoryEntry(text: string, gold: string[], answer?: { text: string; keywords?: string }): MemoryEntry {
  const entry: MemoryEntry = { ...packGrams(text), gold };
  if (answer?.text) {
    entry.answer = packGrams(answer.text);
    if (answer.keywords) entry.keywords = packGrams(answer.keywords);
  }
  return entry;
}

export function lawOfKey(key: string): string {
  return key.slice(0, key.lastIndexOf('#'));
}

export class LabelMemory {
  private readonly idf: GramIdf;
  /** Postings of the unit-length entry vectors. */
  private readonly postings: FrozenPostings;
  private readonly laws: string[][];
  /** Unit-length centroids of the question vectors per article key and per law title. */
  private readonly articleCentroids = new Map<string, SparseVector>();
  private readonly lawCentroids = new Map<string, SparseVector>();
  /** Postings of the article centroids (indexed as centroidKeys). */
  private readonly centroidPostings: FrozenPostings;
  private readonly centroidKeys: string[];
  private readonly answerMemory: AnswerMemory;

  constructor(readonly entries: MemoryEntry[]) {
    const bags = entries.map(unpackGrams);
    this.idf = new GramIdf(bags.map((bag) => bag.keys()));
    this.laws = entries.map((e) => [...new Set(e.gold.map(lawOfKey))]);
    const vectors = bags.map((bag) => this.idf.vector(bag));
    this.postings = new FrozenPostings(vectors);
    vectors.forEach((vector, i) => {
      for (const key of new Set((entries[i] as MemoryEntry).gold)) addToCentroid(this.articleCentroids, key, vector);
      for (const law of this.laws[i] as string[]) addToCentroid(this.lawCentroids, law, vector);
    });
    for (const centroids of [this.articleCentroids, this.lawCentroids]) for (const c of centroids.values()) toUnit(c);
    this.centroidKeys = [...this.articleCentroids.keys()];
    this.centroidPostings = new FrozenPostings(this.centroidKeys.map((key) => this.articleCentroids.get(key)));
    this.answerMemory = new AnswerMemory(entries);
  }

  neighbours(text: string, k: number): MemoryNeighbour[] {
    return this.nearest(this.idf.vector(gramCounts(text)), k);
  }

  private nearest(query: Map<number, number>, k: number): MemoryNeighbour[] {
    return this.postings.top(query, k).map(([entry, similarity]) => ({ entry, similarity }));
  }

  votes(text: string, k = MEMORY_NEIGHBOURS): MemoryVotes {
    // The query's grams are counted once; each memory weighs them by its own document frequencies.
    const grams = gramCounts(text);
    const query = this.idf.vector(grams);
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
    return { neighbours, total, articles, laws, centroid, answers: this.answerMemory.scores(grams), query };
  }

  /** Article keys of the `n` nearest questions, nearest first, then of the `centroids` articles whose question centroid is nearest. */
  expansionKeys(votes: MemoryVotes, n = MEMORY_EXPANSION, centroids = CENTROID_EXPANSION): string[] {
    const keys = new Set<string>();
    for (const { entry } of votes.neighbours.slice(0, n)) for (const key of (this.entries[entry] as MemoryEntry).gold) keys.add(key);
    for (const [i] of this.centroidPostings.top(votes.query, centroids)) keys.add(this.centroidKeys[i] as string);
    return [...keys];
  }
}
