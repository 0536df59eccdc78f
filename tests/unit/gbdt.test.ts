import assert from 'node:assert/strict';
import { test } from 'node:test';
import ort from 'onnxruntime-node';
import { averageForests, predictForest, trainGbdt } from '../../main/search/hybrid/gbdt.js';
import { forestGraph } from '../../main/search/hybrid/gbdtOnnx.js';
import { seededRandom } from '../../main/util/numeric.js';

function dataset(n: number) {
  // Relevant iff (a > 0.5 and b > 0.3) or c > 0.9: an interaction a linear model cannot express.
  const random = seededRandom(3);
  const rows: Float32Array[] = [];
  const labels: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const x = Float32Array.from([random(), random(), random()]);
    rows.push(x);
    labels.push(((x[0] as number) > 0.5 && (x[1] as number) > 0.3) || (x[2] as number) > 0.9 ? 1 : 0);
  }
  return { rows, labels };
}

test('boosted trees learn an interaction and rank relevant rows first', () => {
  const { rows, labels } = dataset(2000);
  const forest = trainGbdt(rows, labels, { trees: 60, depth: 3, learningRate: 0.2 });
  const test = dataset(500);
  let correct = 0;
  test.rows.forEach((x, i) => {
    if ((predictForest(forest, x) > 0 ? 1 : 0) === test.labels[i]) correct += 1;
  });
  assert.ok(correct / 500 > 0.95, `accuracy ${correct / 500}`);
});

test('the ONNX TreeEnsembleRegressor export scores exactly like the trainer', async () => {
  const { rows, labels } = dataset(800);
  const forest = trainGbdt(rows, labels, { trees: 20, depth: 3 });
  const session = await ort.InferenceSession.create(forestGraph(forest, ['a', 'b', 'c']));
  const sample = rows.slice(0, 50);
  const data = new Float32Array(sample.length * 3);
  sample.forEach((r, i) => data.set(r, i * 3));
  const out = await session.run({ features: new ort.Tensor('float32', data, [sample.length, 3]) });
  const scores = out.score?.data as Float32Array;
  sample.forEach((x, i) => assert.ok(Math.abs((scores[i] as number) - predictForest(forest, x)) < 1e-4, `row ${i}`));
});

test('the lambdarank objective orders each query group so relevant rows come first', () => {
  // Groups of 20 rows, one relevant per group; relevance follows the same interaction.
  const random = seededRandom(5);
  const make = (groups: number) => {
    const rows: Float32Array[] = [];
    const labels: number[] = [];
    const group: number[] = [];
    for (let g = 0; g < groups; g += 1) {
      const target = Math.floor(random() * 20);
      for (let i = 0; i < 20; i += 1) {
        const hit = i === target;
        rows.push(Float32Array.from([hit ? 0.5 + random() / 2 : random() / 2, hit ? 0.3 + random() * 0.7 : random(), random()]));
        labels.push(hit ? 1 : 0);
        group.push(g);
      }
    }
    return { rows, labels, group };
  };
  const train = make(150);
  const forest = trainGbdt(train.rows, train.labels, { trees: 40, depth: 3, learningRate: 0.2, objective: 'lambdarank', minLeafHessian: 0.01 }, train.group);
  const held = make(50);
  let top1 = 0;
  for (let g = 0; g < 50; g += 1) {
    const scores = held.rows.slice(g * 20, g * 20 + 20).map((x) => predictForest(forest, x));
    if (held.labels[g * 20 + scores.indexOf(Math.max(...scores))] === 1) top1 += 1;
  }
  assert.ok(top1 / 50 > 0.9, `top-1 accuracy ${top1 / 50}`);
  assert.throws(() => trainGbdt(train.rows, train.labels, { objective: 'lambdarank' }));
});

test('averaged forests predict the mean of their forests, in the trainer and in the ONNX export', async () => {
  const { rows, labels } = dataset(900);
  const forests = [0, 300, 600].map((start) => trainGbdt(rows.slice(start, start + 300), labels.slice(start, start + 300), { trees: 15, depth: 3 }));
  const averaged = averageForests(forests);
  assert.equal(averaged.trees.length, 45);
  const sample = rows.slice(0, 40);
  const means = sample.map((x) => forests.reduce((s, f) => s + predictForest(f, x), 0) / forests.length);
  // The three forests disagree somewhere (else the mean would say nothing about averaging).
  assert.ok(sample.some((x) => Math.abs(predictForest(forests[0]!, x) - predictForest(forests[1]!, x)) > 0.01));
  sample.forEach((x, i) => assert.ok(Math.abs(predictForest(averaged, x) - (means[i] as number)) < 1e-9, `row ${i}`));
  const session = await ort.InferenceSession.create(forestGraph(averaged, ['a', 'b', 'c']));
  const data = new Float32Array(sample.length * 3);
  sample.forEach((r, i) => data.set(r, i * 3));
  const scores = (await session.run({ features: new ort.Tensor('float32', data, [sample.length, 3]) })).score?.data as Float32Array;
  sample.forEach((_x, i) => assert.ok(Math.abs((scores[i] as number) - (means[i] as number)) < 1e-4, `onnx row ${i}`));
  assert.throws(() => averageForests([]), /at least one/);
});
