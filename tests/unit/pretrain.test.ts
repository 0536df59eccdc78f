import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Tokenizer } from '@huggingface/tokenizers';
import { featuresOf } from '../../main/models/hashgram/features.js';
import { dot, normalise } from '../../main/models/hashgram/model.js';
import { pretrainInverseCloze } from '../../main/models/hashgram/pretrain.js';
import type { TrainingSet } from '../../main/models/hashgram/trainingSet.js';
import { buildVocab, tokenizerConfigJson, tokenizerJson } from '../../main/models/hashgram/vocab.js';

const ARTICLES = [
  '用人单位应当按时足额支付劳动报酬。用人单位拖欠劳动报酬的，劳动者可以申请支付令。',
  '夫妻在婚姻关系存续期间所得的工资奖金为共同财产。离婚时共同财产由双方协议处理。',
  '盗窃公私财物数额较大的，处三年以下有期徒刑。多次盗窃或者入户盗窃的，依照前款处罚。',
  '出租人应当按照约定将租赁物交付承租人。承租人应当按照约定的方法使用租赁物。',
  '行政机关实施行政许可应当公开公平。申请人可以委托代理人提出行政许可申请。',
  '著作权人享有发表权和署名权。他人使用作品应当取得著作权人的许可并支付报酬。',
];

function tinySet(): TrainingSet {
  const vocab = buildVocab(ARTICLES, 1, 5000);
  const tokenizer = new Tokenizer(tokenizerJson(vocab, 128), tokenizerConfigJson(128));
  const tokenize = (text: string) => tokenizer.encode(text).ids as number[];
  const shape = { vocabSize: vocab.length, buckets: 4096, dimension: 16 };
  const corpus = ARTICLES.map((text, id) => ({ id, text, current: true }));
  return {
    corpus, vocab, tokenizer, shape, tokenize, queries: [], queryFeatures: [], negatives: [],
    docFeatures: new Map(corpus.map((a) => [a.id, featuresOf(tokenize(a.text), shape)])),
  };
}

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
