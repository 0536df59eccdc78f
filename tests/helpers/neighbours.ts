import assert from 'node:assert/strict';

export interface Neighbour {
  articleId: number;
  similarity: number;
}

/**
 * Two nearest-neighbour lists agree: the same similarities rank by rank, and the
 * same articles above the last similarity. Articles tied with another (identical
 * text in two versions of a law has one vector) may come in either order, and at
 * the cut-off either of them may be kept.
 */
export function assertSameNeighbours(actual: Neighbour[], expected: Neighbour[], what = ''): void {
  assert.equal(actual.length, expected.length, what);
  actual.forEach((h, i) => {
    const want = expected[i]?.similarity ?? NaN;
    assert.ok(Math.abs(h.similarity - want) < 1e-5, `${what} rank ${i}: similarity ${h.similarity} vs ${want}`);
  });
  const last = expected.at(-1)?.similarity ?? 0;
  const above = (hits: Neighbour[]) => hits.filter((h) => h.similarity > last + 1e-5);
  const ids = (hits: Neighbour[]) => above(hits).map((h) => h.articleId).sort((a, b) => a - b);
  assert.deepEqual(ids(actual), ids(expected), `${what} articles above the cut-off`);
  const similarity = new Map(expected.map((h) => [h.articleId, h.similarity]));
  for (const h of above(actual)) {
    assert.ok(Math.abs(h.similarity - (similarity.get(h.articleId) ?? NaN)) < 1e-5, `${what} article ${h.articleId}`);
  }
}
