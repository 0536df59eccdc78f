/**
 * The listwise MLP beside the boosted trees (listwiseMlp.ts) and the shipped reranker graph that
 * blends both per query (gbdtOnnx.ts blendedRerankerGraph).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ort from 'onnxruntime-node';
import { fitMlps, type RerankerRows } from '../../main/models/hashgram/rerankerPool.js';
import { seededRandom } from '../../main/util/numeric.js';
import { blendedScores } from '../../main/models/hashgram/rerankerTraining.js';
import { predictForest, trainGbdt } from '../../main/search/hybrid/gbdt.js';
import { blendedRerankerGraph } from '../../main/search/hybrid/gbdtOnnx.js';
import { averageMlps, predictMlp, squash, standardScores, trainListwiseMlp, type MlpOptions, type RankedList } from '../../main/search/hybrid/listwiseMlp.js';

const OPTIONS: MlpOptions = { hidden: 8, epochs: 12, learningRate: 0.01, batch: 4, decay: 1e-4 };

/**
 * Questions of 10 candidates, one relevant, told apart by two features together (on very different
 * scales: a count in the hundreds, a similarity below 1), which neither gives alone; the last
 * feature is a constant, as the reranker's bias feature is.
 */
function lists(count: number, seed: number): RankedList[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const gold = Math.floor(random() * 10);
    const rows = Array.from({ length: 10 }, (_, i) => {
      const hit = i === gold;
      // The relevant one is strong on both; a decoy is weak on at least one, often strong on the other.
      const a = hit ? 0.55 + random() * 0.45 : random();
      const b = hit ? 0.55 + random() * 0.45 : random() * 0.5;
      const [ra, rb] = random() < 0.5 ? [a, b] : [b, a];
      return Float32Array.from([ra * 300, rb, random() * 5, 1]);
    });
    return { rows, gold: Uint8Array.from({ length: 10 }, (_, i) => (i === gold ? 1 : 0)) };
  });
}

function top1(score: (row: Float32Array) => number, held: RankedList[]): number {
  return held.filter((l) => {
    const s = l.rows.map((r) => score(r as Float32Array));
    return l.gold[s.indexOf(Math.max(...s))] === 1;
  }).length / held.length;
}

test('squash and per-query standard scores', () => {
  assert.equal(squash(0), 0);
  assert.ok(Math.abs(squash(Math.E - 1) - 1) < 1e-12);
  assert.ok(Math.abs(squash(-(Math.E - 1)) + 1) < 1e-12);
  const z = standardScores([1, 2, 3, 4]);
  assert.ok(Math.abs(z.reduce((a, b) => a + b, 0)) < 1e-9);
  assert.ok(Math.abs(z.reduce((a, b) => a + b * b, 0) / 4 - 1) < 1e-5);
  assert.deepEqual(standardScores([5, 5, 5]), [0, 0, 0], 'a list of equal scores has nothing to order');
  assert.deepEqual(standardScores([7]), [0]);
});

test('the MLP learns to rank from whole candidate lists, deterministically per seed', () => {
  const train = lists(300, 1);
  const held = lists(100, 2);
  const untrained = trainListwiseMlp(train, 4, { ...OPTIONS, epochs: 0 }, 5);
  const mlp = trainListwiseMlp(train, 4, OPTIONS, 5);
  const before = top1((r) => predictMlp(untrained, r), held);
  const after = top1((r) => predictMlp(mlp, r), held);
  assert.ok(after >= 0.8, `top-1 on held-out questions ${after}`);
  assert.ok(after > before + 0.3, `trained ${after} against untrained ${before}`);
  assert.deepEqual(trainListwiseMlp(train, 4, OPTIONS, 5), mlp, 'same seed, same network');
  assert.notDeepEqual(trainListwiseMlp(train, 4, OPTIONS, 6).w1, mlp.w1, 'another seed, another network');
  // Questions without a gold candidate are skipped, not divided by zero.
  const withEmpty = [...train.slice(0, 20), { rows: train[0]!.rows, gold: new Uint8Array(10) }];
  const net = trainListwiseMlp(withEmpty, 4, OPTIONS, 5);
  assert.ok(Array.from(net.w1).every(Number.isFinite));
});

test('averaging networks of the same questions averages their scores', () => {
  const train = lists(80, 3);
  const nets = [1, 2, 3].map((seed) => trainListwiseMlp(train, 4, OPTIONS, seed));
  const averaged = averageMlps(nets);
  assert.equal(averaged.hidden, 24);
  for (const row of lists(5, 4).flatMap((l) => l.rows)) {
    const mean = nets.reduce((s, n) => s + predictMlp(n, row), 0) / 3;
    assert.ok(Math.abs(predictMlp(averaged, row) - mean) < 1e-5);
  }
});

test('worker threads fit exactly the networks the main thread fits', async () => {
  const train = lists(40, 7);
  const rows: RerankerRows = {
    x: Float32Array.from(train.flatMap((l) => l.rows.flatMap((r) => Array.from(r)))),
    featureCount: 4,
    labels: Uint8Array.from(train.flatMap((l) => Array.from(l.gold))),
    start: Int32Array.from({ length: 41 }, (_, q) => q * 10),
  };
  const jobs = [{ questions: Int32Array.from({ length: 30 }, (_, i) => i), seed: 11 }, { questions: Int32Array.from({ length: 20 }, (_, i) => 39 - i), seed: 12 }];
  const one = await fitMlps(rows, jobs, OPTIONS, 1);
  assert.deepEqual(one[0], trainListwiseMlp(train.slice(0, 30), 4, OPTIONS, 11));
  assert.deepEqual(await fitMlps(rows, jobs, OPTIONS, 2), one);
});

test('the blended ONNX graph scores each query as the trainer blends trees and MLP', async () => {
  const train = lists(200, 8);
  const x = train.flatMap((l) => l.rows as Float32Array[]);
  const y = train.flatMap((l) => Array.from(l.gold));
  const groups = train.flatMap((l, g) => l.rows.map(() => g));
  const forest = trainGbdt(x, y, { trees: 30, depth: 3, learningRate: 0.1, positiveWeight: 3 }, groups);
  const mlp = averageMlps([trainListwiseMlp(train, 4, OPTIONS, 1), trainListwiseMlp(train, 4, OPTIONS, 2)]);
  const session = await ort.InferenceSession.create(blendedRerankerGraph(forest, mlp, 0.75, ['a', 'b', 'c', 'bias']));
  const run = async (rows: Float32Array[]) => {
    const data = new Float32Array(rows.length * 4);
    rows.forEach((r, i) => data.set(r, i * 4));
    const out = await session.run({ features: new ort.Tensor('float32', data, [rows.length, 4]) });
    return Array.from(out.score?.data as Float32Array);
  };
  const held = lists(30, 9);
  let blendedTop1 = 0;
  for (const l of held) {
    const rows = l.rows as Float32Array[];
    const got = await run(rows);
    const expected = blendedScores(forest, mlp, rows);
    got.forEach((s, i) => assert.ok(Math.abs(s - (expected[i] as number)) < 1e-4, `row ${i}: ${s} against ${expected[i]}`));
    // The blend is trees and MLP standardised over this query's candidates, MLP weighted 0.75.
    const trees = standardScores(rows.map((r) => predictForest(forest, r)));
    const net = standardScores(rows.map((r) => predictMlp(mlp, r)));
    expected.forEach((e, i) => assert.ok(Math.abs(e - ((trees[i] as number) + 0.75 * (net[i] as number))) < 1e-9));
    if (l.gold[got.indexOf(Math.max(...got))] === 1) blendedTop1 += 1;
  }
  assert.ok(blendedTop1 / held.length >= 0.8, `blended top-1 ${blendedTop1}/${held.length}`);
  // A query with one candidate scores 0, not NaN.
  assert.deepEqual(await run([held[0]!.rows[0] as Float32Array]), [0]);
});
