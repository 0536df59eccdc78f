/**
 * The reranker's bagged forests are fitted on worker threads (rerankerPool.ts):
 * each must be exactly the forest trainGbdt fits on the main thread from the
 * same questions, whatever the number of threads.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitForests, rowsOfQuestions, type RerankerRows } from '../../main/models/hashgram/rerankerPool.js';
import { seededRandom } from '../../main/util/numeric.js';
import { predictForest, trainGbdt, type GbdtOptions } from '../../main/search/hybrid/gbdt.js';

/** 60 questions of 8 candidates, one relevant each, where a ≥ 0.5 and b ≥ 0.3 tells the relevant one. */
function questions(): RerankerRows {
  const random = seededRandom(9);
  const featureCount = 3;
  const perQuestion = 8;
  const x = new Float32Array(60 * perQuestion * featureCount);
  const labels = new Uint8Array(60 * perQuestion);
  const start = new Int32Array(61);
  for (let q = 0; q < 60; q += 1) {
    start[q] = q * perQuestion;
    const gold = Math.floor(random() * perQuestion);
    for (let i = 0; i < perQuestion; i += 1) {
      const r = q * perQuestion + i;
      const hit = i === gold;
      x.set([hit ? 0.5 + random() / 2 : random() / 2, hit ? 0.3 + random() * 0.7 : random(), random()], r * featureCount);
      labels[r] = hit ? 1 : 0;
    }
  }
  start[60] = 60 * perQuestion;
  return { x, featureCount, labels, start };
}

test('worker threads fit exactly the forests the main thread fits, with 1 or 2 threads', async () => {
  const rows = questions();
  const options: GbdtOptions = { trees: 12, depth: 3, positiveWeight: 3 };
  const jobs = [Int32Array.from({ length: 40 }, (_, i) => i), Int32Array.from({ length: 30 }, (_, i) => 59 - 2 * i), Int32Array.of(3, 4, 5, 6, 7, 8, 9, 10, 11, 12)];
  const expected = jobs.map((questions) => {
    const { x, y, groups } = rowsOfQuestions(rows, questions);
    return trainGbdt(x, y, options, groups);
  });
  assert.equal(rowsOfQuestions(rows, jobs[2]!).x.length, 80, 'ten questions of eight rows');
  for (const threads of [2, 1]) {
    const got = await fitForests(rows, jobs, options, threads);
    assert.deepEqual(got, expected, `${threads} thread(s)`);
  }
  // Different questions give different forests, and the first one has learned the rule.
  assert.notDeepEqual(expected[0], expected[1]);
  const held = rowsOfQuestions(rows, Int32Array.from({ length: 20 }, (_, i) => 40 + i));
  let top1 = 0;
  for (let q = 0; q < 20; q += 1) {
    const scores = held.x.slice(q * 8, q * 8 + 8).map((r) => predictForest(expected[0]!, r));
    if (held.y[q * 8 + scores.indexOf(Math.max(...scores))] === 1) top1 += 1;
  }
  assert.ok(top1 >= 16, `top-1 on held-out questions ${top1}/20`);
});
