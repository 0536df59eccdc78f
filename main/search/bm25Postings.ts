import type { PostingsSnapshot } from './postingsSnapshot.js';

/** FTS5's own BM25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

export interface PooledRow {
  id: number;
  /** FTS5's bm25() value: lower is better. */
  rank: number;
}

/**
 * FTS5's bm25(): for each phrase in order, idf × f·(k1+1) / (f + k1·(1 − b + b·D/avgdl)),
 * where f adds the column weight once per instance (title, then headings, then
 * body) and idf = ln((N − n + 0.5)/(n + 0.5)), at least 1e-6. The rank is −score.
 */
export function bestRows(index: PostingsSnapshot, phrases: string[], weights: number[], pool: number): PooledRow[] {
  index.generation = (index.generation + 1) >>> 0 || 1;
  const { scores, stamp, generation, lengths, averageLength, rowCount, touched } = index;
  const [wTitle, wHeadings, wBody] = weights as [number, number, number];
  let count = 0;
  for (const phrase of phrases) {
    const postings = index.terms.get(phrase);
    if (!postings) continue;
    const { rows, counts } = postings;
    const hits = rows.length;
    const raw = Math.log((rowCount - hits + 0.5) / (hits + 0.5));
    const idf = raw <= 0 ? 1e-6 : raw;
    for (let i = 0; i < hits; i += 1) {
      const row = rows[i] as number;
      let f = 0;
      for (let k = counts[3 * i] as number; k > 0; k -= 1) f += wTitle;
      for (let k = counts[3 * i + 1] as number; k > 0; k -= 1) f += wHeadings;
      for (let k = counts[3 * i + 2] as number; k > 0; k -= 1) f += wBody;
      const part = idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * (lengths[row] as number)) / averageLength)));
      if (stamp[row] !== generation) {
        stamp[row] = generation;
        scores[row] = part;
        touched[count++] = row;
      } else scores[row] = (scores[row] as number) + part;
    }
  }
  return selectBest(touched.subarray(0, count), scores, pool).map((row) => ({ id: index.rowids[row] as number, rank: -1.0 * (scores[row] as number) }));
}

/** The `pool` rows with the highest scores, best first, ties by row (= rowid) order. */
function selectBest(rows: Int32Array, scores: Float64Array, pool: number): number[] {
  let kept: number[];
  if (rows.length > pool) {
    const values = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i += 1) values[i] = scores[rows[i] as number] as number;
    const threshold = kthLargest(values, pool);
    kept = [];
    for (const r of rows) if ((scores[r] as number) >= threshold) kept.push(r);
  } else kept = Array.from(rows);
  return kept.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b).slice(0, pool);
}

/** The k-th largest value (quickselect; reorders `values`). */
function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) > pivot) i += 1;
      while ((values[j] as number) < pivot) j -= 1;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target] as number;
}

