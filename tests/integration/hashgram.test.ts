import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Tokenizer } from '@huggingface/tokenizers';
import { loadEmbedder } from '../../main/models/index.js';
import { exportModelFolder } from '../../main/models/hashgram/exportOnnx.js';
import { featuresOf } from '../../main/models/hashgram/features.js';
import { roundToFloat16 } from '../../main/models/hashgram/jsDense.js';
import { contrastiveStep } from '../../main/models/hashgram/loss.js';
import { HashgramModel } from '../../main/models/hashgram/model.js';
import { normalise, seededRandom } from '../../main/util/numeric.js';
import { truncateIds } from '../../main/models/hashgram/trainingSet.js';
import { buildVocab, tokenizerConfigJson, tokenizerJson } from '../../main/models/hashgram/vocab.js';

const TEXTS = ['劳动者可以解除劳动合同', '用人单位未及时足额支付劳动报酬的', '行为人因过错侵害他人民事权益', 'Law 2020 第三十八条'];
const MAX = 16;

function setup(seed: number) {
  const vocab = buildVocab(TEXTS, 1, 500);
  const tokenizer = new Tokenizer(tokenizerJson(vocab, MAX), tokenizerConfigJson(MAX));
  const shape = { vocabSize: vocab.length, buckets: 257, dimension: 8 };
  const tokenize = (t: string) => truncateIds(tokenizer.encode(t).ids as number[], MAX);
  return { vocab, shape, tokenize, model: new HashgramModel(shape, seededRandom(seed)) };
}

test('the exported ONNX hashgram model gives the same vectors as the training code', async () => {
  const { vocab, shape, tokenize, model } = setup(7);
  roundToFloat16(model);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-hashgram-'));
  try {
    exportModelFolder(dir, model, vocab, { name: 'test-hashgram', maxLength: MAX, trainedOn: [], seed: 7, steps: 0, metrics: {} });
    const embedder = await loadEmbedder({ kind: 'onnx', dir });
    try {
      assert.equal(embedder.dimension, 8);
      const texts = [...TEXTS, '一个很长的句子会被截断到最大长度以内再计算特征的总和'];
      const onnx = await embedder.embed(texts, 'document');
      texts.forEach((text, i) => {
        const expected = normalise(model.encode(featuresOf(tokenize(text), shape))).unit;
        const got = onnx[i] as Float32Array;
        for (let k = 0; k < 8; k += 1) assert.ok(Math.abs((got[k] as number) - (expected[k] as number)) < 1e-4, `text ${i} dim ${k}: ${got[k]} vs ${expected[k]}`);
      });
    } finally {
      await embedder.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('contrastive training is deterministic for a seed and lowers the loss', () => {
  const run = () => {
    const { shape, tokenize, model } = setup(11);
    const f = TEXTS.map((t) => featuresOf(tokenize(t), shape));
    const batch = { queries: [f[0], f[2]].map((x) => x!), docs: [f[1], f[3]].map((x) => x!), positive: [0, 1], alsoRelevant: [new Set<number>(), new Set<number>()] };
    const losses = Array.from({ length: 30 }, () => contrastiveStep(model, batch, 0.1, 0.1));
    return { losses, weights: model.unigram.slice(0, 16) };
  };
  const a = run();
  const b = run();
  assert.deepEqual(Array.from(a.weights), Array.from(b.weights));
  assert.ok((a.losses[29] ?? 1) < (a.losses[0] ?? 0), `loss ${a.losses[0]} → ${a.losses[29]}`);
});
