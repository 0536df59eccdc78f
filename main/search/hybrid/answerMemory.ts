import type { MemoryEntry } from './labelMemory.js';
import { cosine, FrozenPostings, GramIdf, packedHashes, unpackGrams, type SparseVector } from './sparseGrams.js';

/** How near a query is to the lawyers' answers citing one article. */
export interface AnswerScores {
  /** Best cosine with one of those answers. */
  max: number;
  /** Cosine with their centroid. */
  centroid: number;
  /** Best cosine with one of their keyword lists. */
  keywordsMax: number;
  /** Summed cosine with all of them. */
  sum: number;
}

const NONE: AnswerScores = { max: 0, centroid: 0, keywordsMax: 0, sum: 0 };

/**
 * The lawyers' answers to the training questions (LeCoQA), as the articles
 * they cite. A lawyer's answer says in plain words what an article provides
 * ("有经营能力的公民经过登记可以成为个体工商户"), so a new question that
 * shares its words points at the article even where it shares none with the
 * training question or the article's own wording. Cosines are tf-idf over
 * hashed characters and bigrams, the document frequencies counted over each
 * answered question and its answer together. README, twenty-second round.
 */
export class AnswerMemory {
  private readonly idf: GramIdf;
  private readonly answers: FrozenPostings;
  private readonly keywords: FrozenPostings;
  /** Article key → the answers citing it (indexes into the answered entries) and the length of their summed unit vectors. */
  private readonly citing = new Map<string, { answers: Int32Array; centroidNorm: number }>();

  constructor(entries: MemoryEntry[]) {
    const answered = entries.filter((e) => e.answer);
    const answerBags = answered.map((e) => unpackGrams(e.answer as NonNullable<MemoryEntry['answer']>));
    this.idf = new GramIdf(answered.map((e, i) => [...packedHashes(e), ...(answerBags[i] as SparseVector).keys()]));
    const vectors = answerBags.map((bag) => this.idf.vector(bag));
    this.answers = new FrozenPostings(vectors);
    this.keywords = new FrozenPostings(answered.map((e) => (e.keywords ? this.idf.vector(unpackGrams(e.keywords)) : undefined)));
    const lists = new Map<string, number[]>();
    answered.forEach((entry, i) => {
      for (const key of new Set(entry.gold)) {
        const list = lists.get(key);
        if (list) list.push(i);
        else lists.set(key, [i]);
      }
    });
    // The centroid of an article's answers is their summed unit vectors over that sum's length, so the query's
    // cosine with it is its summed cosine with the answers over that length: only the length is kept, from the
    // answers' cosines with each other (|Σ a|² = n + 2 Σ_{i<j} a_i · a_j for n unit vectors).
    for (const [key, list] of lists) {
      let squared = list.length;
      for (let x = 0; x < list.length; x += 1) {
        for (let y = x + 1; y < list.length; y += 1) squared += 2 * cosine(vectors[list[x] as number] as SparseVector, vectors[list[y] as number]);
      }
      this.citing.set(key, { answers: Int32Array.from(list), centroidNorm: Math.sqrt(squared) || 1 });
    }
  }

  /** The scores of a query, given as its gram counts (`gramCounts`), per article key (zeros for an article no answer cites). */
  scores(queryGrams: SparseVector): (key: string) => AnswerScores {
    if (!this.answers.size) return () => NONE;
    const query = this.idf.vector(queryGrams);
    const answers = this.answers.dot(query);
    const keywords = this.keywords.dot(query);
    return (key) => {
      const citing = this.citing.get(key);
      if (!citing) return NONE;
      let max = 0;
      let sum = 0;
      let keywordsMax = 0;
      for (const i of citing.answers) {
        const a = answers[i] as number;
        max = Math.max(max, a);
        sum += a;
        keywordsMax = Math.max(keywordsMax, keywords[i] as number);
      }
      return { max, centroid: sum / citing.centroidNorm, keywordsMax, sum };
    };
  }
}
