import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reciprocalRankFusion } from '../../main/search/hybrid/fusion.js';
import { trainLogistic, trainPairwise } from '../../main/search/hybrid/logistic.js';
import { dot } from '../../main/util/numeric.js';

test('RRF sums 1/(k+rank) over lists (hand-checked)', () => {
  // k = 60: id 7 is 1st in A and 3rd in B → 1/61 + 1/63; id 9 is 1st in B → 1/61;
  // ids 5 and 2 are both 2nd in one list → 1/62 each, tie broken by id.
  const fused = reciprocalRankFusion([[7, 5], [9, 2, 7]]);
  assert.deepEqual(fused.map((f) => f.id), [7, 9, 2, 5]);
  assert.ok(Math.abs((fused[0]?.score ?? 0) - (1 / 61 + 1 / 63)) < 1e-12);
  assert.ok(Math.abs((fused[3]?.score ?? 0) - 1 / 62) < 1e-12);
});

test('RRF breaks ties by id so results are deterministic', () => {
  assert.deepEqual(reciprocalRankFusion([[3], [1]]).map((f) => f.id), [1, 3]);
});

test('pointwise logistic regression learns the informative feature', () => {
  // feature 1 separates the classes; feature 2 is noise.
  const rows = [[1, 2, 0.3], [1, 1.5, 0.9], [1, -1, 0.4], [1, -2, 0.8]].map((r) => Float32Array.from(r));
  const w = trainLogistic(rows, [1, 1, 0, 0], { epochs: 500, l2: 0 });
  assert.ok((w[1] ?? 0) > 1, `weight of the separating feature: ${w[1]}`);
  assert.ok(dot(w, rows[0] as Float32Array) > dot(w, rows[2] as Float32Array));
});

test('pairwise training orders relevant candidates above the others within each query', () => {
  const q = (pos: number[], neg: number[]) => ({ rows: [Float32Array.from(pos), Float32Array.from(neg)], labels: [1, 0] });
  const w = trainPairwise([q([0, 0.9, 0.1], [0, 0.2, 0.5]), q([0, 0.7, 0.9], [0, 0.1, 0.8])], { epochs: 300, l2: 0 });
  assert.ok((w[1] ?? 0) > 0);
  assert.ok(dot(w, Float32Array.from([0, 0.8, 0])) > dot(w, Float32Array.from([0, 0.3, 0])));
});
