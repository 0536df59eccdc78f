/**
 * Retrieval metrics with binary relevance, as the seed papers define them.
 * `ranked` is the system's ranking; `gold` the relevant ids.
 */
export function recallAtK(ranked: readonly number[], gold: ReadonlySet<number>, k: number): number {
  if (gold.size === 0) return 0;
  let found = 0;
  // An id listed twice is found once.
  for (const id of new Set(ranked.slice(0, k))) if (gold.has(id)) found += 1;
  return found / gold.size;
}

export function mrrAtK(ranked: readonly number[], gold: ReadonlySet<number>, k: number): number {
  const top = ranked.slice(0, k);
  for (let i = 0; i < top.length; i += 1) if (gold.has(top[i] as number)) return 1 / (i + 1);
  return 0;
}

export function ndcgAtK(ranked: readonly number[], gold: ReadonlySet<number>, k: number): number {
  if (gold.size === 0) return 0;
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    if (gold.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(gold.size, k); i += 1) idcg += 1 / Math.log2(i + 2);
  return dcg / idcg;
}

export function hitAtK(ranked: readonly number[], gold: ReadonlySet<number>, k: number): number {
  return ranked.slice(0, k).some((id) => gold.has(id)) ? 1 : 0;
}

export interface MetricSet {
  recall: number;
  mrr: number;
  ndcg: number;
  hit: number;
}

export function scoreQuery(ranked: readonly number[], gold: ReadonlySet<number>, k: number): MetricSet {
  return {
    recall: recallAtK(ranked, gold, k),
    mrr: mrrAtK(ranked, gold, k),
    ndcg: ndcgAtK(ranked, gold, k),
    hit: hitAtK(ranked, gold, k),
  };
}

export function meanMetrics(sets: MetricSet[]): MetricSet {
  const n = sets.length || 1;
  const sum = (f: (m: MetricSet) => number) => sets.reduce((acc, m) => acc + f(m), 0) / n;
  return { recall: sum((m) => m.recall), mrr: sum((m) => m.mrr), ndcg: sum((m) => m.ndcg), hit: sum((m) => m.hit) };
}
