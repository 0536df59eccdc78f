/** Reciprocal rank fusion: score(d) = Σ_lists 1 / (k + rank_list(d)), ranks from 1. */
export function reciprocalRankFusion(lists: number[][], k = 60): Array<{ id: number; score: number }> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}
