/**
 * The embedding models of `npm run train-model` train on worker threads
 * (parallelDense.ts): each must be bit-for-bit the model trainDense gives on
 * the main thread, whatever the number of threads, and a failing worker must
 * surface as an error rather than a hang.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trainDense, type DenseTrainOptions } from '../../main/models/hashgram/denseTrainer.js';
import { featuresOf } from '../../main/models/hashgram/features.js';
import type { HashgramModel } from '../../main/models/hashgram/model.js';
import { dot, normalise } from '../../main/util/numeric.js';
import { startDenseTraining } from '../../main/models/hashgram/parallelDense.js';
import { TINY_ARTICLES as ARTICLES, tinyTrainingSet } from '../helpers/tinyTrainingSet.js';

const QUESTIONS: Array<[string, number]> = [
  ['老板拖欠工资怎么办', 0], ['公司不发劳动报酬能申请支付令吗', 0], ['离婚时工资算共同财产吗', 1], ['婚后奖金归谁', 1],
  ['偷东西数额较大判几年', 2], ['入户盗窃怎么处罚', 2], ['房东不交付房子怎么办', 3], ['租的房子能随便改用途吗', 3],
  ['办许可证可以委托别人吗', 4], ['行政许可要公开吗', 4], ['用别人的作品要许可吗', 5], ['署名权归谁', 5],
];

const options = (): DenseTrainOptions => ({ steps: 200, batch: 6, lr: 0.05, temperature: 0.05, seed: 11, hardNegatives: 1, deadline: Date.now() + 120_000, log: () => {} });

function assertSameWeights(got: HashgramModel, want: HashgramModel, label: string): void {
  assert.ok(Buffer.from(got.unigram.buffer).equals(Buffer.from(want.unigram.buffer)), `${label}: same character table`);
  assert.ok(Buffer.from(got.bigram.buffer).equals(Buffer.from(want.bigram.buffer)), `${label}: same bigram table`);
}

test('worker threads train exactly the models the main thread trains, with 1 or 2 threads', async () => {
  const set = tinyTrainingSet(QUESTIONS);
  const folds = [0, 1, null];
  const expected = folds.map((fold) => trainDense(set, options(), fold));
  for (const threads of [2, 1]) {
    const got = await Promise.all(startDenseTraining(set, options(), folds, threads));
    got.forEach((g, i) => {
      assert.equal(g.steps, 200);
      assertSameWeights(g.model, expected[i]!.model, `fold ${folds[i]}, ${threads} thread(s)`);
    });
  }
  assert.ok(!Buffer.from(expected[0]!.model.bigram.buffer).equals(Buffer.from(expected[1]!.model.bigram.buffer)), 'different folds give different models');
  // The model trained on everything answers its own questions.
  const model = expected[2]!.model;
  const vec = (text: string) => normalise(model.encode(featuresOf(set.tokenize(text), set.shape))).unit;
  const docs = ARTICLES.map(vec);
  for (const [question, article] of QUESTIONS) {
    const q = vec(question);
    const best = docs.map((d, i) => [dot(d, q), i] as const).sort((a, b) => b[0] - a[0])[0]![1];
    assert.equal(best, article, question);
  }
});

test('a worker that fails rejects the models it leaves unfinished, with its error', async () => {
  const set = tinyTrainingSet(QUESTIONS);
  set.queries[0] = { ...set.queries[0]!, gold: [999] }; // an article the set does not hold (q0 is in fold 0)
  const runs = startDenseTraining(set, { ...options(), steps: 50 }, [1, 0], 1);
  // Fold 1's model learns from q0 and fails; fold 0's, queued behind it on the one thread, never starts.
  await assert.rejects(runs[0]!, /Cannot read properties of undefined/);
  await assert.rejects(runs[1]!, /Cannot read properties of undefined/);
});
