import assert from 'node:assert/strict';
import { test } from 'node:test';
import { featuresOf } from '../../main/models/hashgram/features.js';
import { dot, normalise } from '../../main/util/numeric.js';
import { pretrainInverseCloze } from '../../main/models/hashgram/pretrain.js';
import { TINY_ARTICLES as ARTICLES, tinyTrainingSet as tinySet } from '../helpers/tinyTrainingSet.js';

const options = { steps: 300, batch: 6, lr: 0.05, temperature: 0.05, seed: 7, deadline: Date.now() + 60_000, log: () => {} };

// Untrained (0 steps) random tables put at least one probe nearest another article; 300 steps fix all four.
test('inverse-cloze pretraining: a sentence of an article ends up nearest its own article', () => {
  const set = tinySet();
  const model = pretrainInverseCloze(set, options);
  const vec = (text: string) => normalise(model.encode(featuresOf(set.tokenize(text), set.shape))).unit;
  const docs = ARTICLES.map(vec);
  const probes = ['劳动者可以申请支付令', '离婚时共同财产由双方协议处理', '多次盗窃或者入户盗窃', '承租人应当按照约定的方法使用租赁物'];
  probes.forEach((probe, expected) => {
    const q = vec(probe);
    const best = docs.map((d, i) => ({ i, s: dot(q, d) })).sort((a, b) => b.s - a.s)[0];
    assert.equal(best?.i, expected, probe);
  });
});

test('pretraining is deterministic for a seed and skips articles too short to split', () => {
  const set = tinySet();
  set.corpus.push({ id: 99, text: '短文。', current: true });
  const a = pretrainInverseCloze(set, { ...options, steps: 20 });
  const b = pretrainInverseCloze(set, { ...options, steps: 20 });
  assert.deepEqual(a.bigram.slice(0, 64), b.bigram.slice(0, 64));
  const c = pretrainInverseCloze(set, { ...options, steps: 20, seed: 8 });
  assert.notDeepEqual(a.bigram.slice(0, 64), c.bigram.slice(0, 64));
});
