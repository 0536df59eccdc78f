import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadEmbedder, loadReranker } from '../../main/models/index.js';
import { modelId, readModelFolder } from '../../main/models/modelFolder.js';
import { OnnxEmbedder } from '../../main/models/onnxEmbedder.js';
import { OnnxReranker } from '../../main/models/onnxReranker.js';
import { createSession, explainFailure, type ProviderName } from '../../main/models/providers.js';
import { LexError } from '../../main/util/errors.js';
import { handHidden, HIDDEN, LENGTH_PENALTY, tempDir, tokenId, writeTinyEmbeddingModel, writeTinyReranker } from '../helpers/tinyModels.js';

const parent = tempDir();
const meanDir = writeTinyEmbeddingModel(parent, 'tiny-mean', { pooling: 'mean' });
const clsDir = writeTinyEmbeddingModel(parent, 'tiny-cls', { pooling: 'cls' });

function normalise(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / n);
}

/** Mean of the tiny model's hidden states over the given tokens, normalised: what the embedder must return. */
function handMean(tokens: string[], withTypes = true): number[] {
  const sum = new Array<number>(HIDDEN).fill(0);
  tokens.forEach((t, pos) => handHidden(tokenId(t), pos, 0, withTypes).forEach((x, h) => (sum[h] = (sum[h] as number) + x)));
  return normalise(sum.map((x) => x / tokens.length));
}

function assertClose(actual: ArrayLike<number>, expected: number[], tol = 1e-5): void {
  assert.equal(actual.length, expected.length);
  for (let i = 0; i < expected.length; i += 1) {
    assert.ok(Math.abs((actual[i] as number) - (expected[i] as number)) < tol, `index ${i}: ${actual[i]} vs ${expected[i]}`);
  }
}

const norm = (v: Float32Array) => Math.sqrt(Array.from(v).reduce((s, x) => s + x * x, 0));

test('mean pooling matches a hand computation from the embedding tables', async () => {
  const e = await OnnxEmbedder.load(meanDir);
  try {
    assert.equal(e.dimension, HIDDEN);
    assert.equal(e.provider, 'cpu');
    assert.equal(e.pooling, 'mean');
    const [v] = await e.embed(['劳动合同法'], 'document');
    assertClose(v as Float32Array, handMean(['[CLS]', '劳', '动', '合', '同', '法', '[SEP]']));
    const [w] = await e.embed(['Laws'], 'query');
    assertClose(w as Float32Array, handMean(['[CLS]', 'law', '##s', '[SEP]']));
  } finally {
    await e.close();
  }
});

test('padding does not change a vector: a mixed-length batch equals one-by-one embedding', async () => {
  const e = await OnnxEmbedder.load(meanDir, { batchSize: 3 });
  try {
    const texts = ['法', '劳动合同法第1条', 'the law of wages', '用人单位', 'b', '劳动者权益保护', ''];
    const batched = await e.embed(texts, 'document');
    assert.equal(batched.length, texts.length);
    for (const [i, text] of texts.entries()) {
      const [alone] = await e.embed([text], 'document');
      assertClose(batched[i] as Float32Array, Array.from(alone as Float32Array));
      assert.ok(Math.abs(norm(batched[i] as Float32Array) - 1) < 1e-5, 'unit length');
    }
    assert.deepEqual(await e.embed([], 'query'), []);
  } finally {
    await e.close();
  }
});

test('CLS pooling picks position 0', async () => {
  const e = await OnnxEmbedder.load(clsDir);
  try {
    assert.equal(e.pooling, 'cls');
    const [a, b] = await e.embed(['劳动合同法', 'law'], 'document');
    // The tiny model has no attention, so position 0 is [CLS] + position 0 for every text.
    assertClose(a as Float32Array, normalise(handHidden(tokenId('[CLS]'), 0)));
    assertClose(b as Float32Array, normalise(handHidden(tokenId('[CLS]'), 0)));
  } finally {
    await e.close();
  }
});

test('the id names the folder and a digest of model.onnx, tokenizer.json and the settings that change vectors', async () => {
  const idOf = async (dir: string, opts: Parameters<typeof OnnxEmbedder.load>[1] = {}) => {
    const e = await OnnxEmbedder.load(dir, opts);
    await e.close();
    return e.id;
  };
  const first = await idOf(meanDir);
  assert.match(first, /^onnx:tiny-mean@[0-9a-f]{12}$/);
  assert.equal(await idOf(meanDir), first, 'same files, same id');
  const copy = (name: string, lexdesk?: Record<string, unknown>) => {
    const dir = path.join(parent, name);
    fs.cpSync(meanDir, dir, { recursive: true });
    if (lexdesk) fs.writeFileSync(path.join(dir, 'lexdesk.json'), JSON.stringify(lexdesk));
    return dir;
  };
  const same = copy('tiny-mean-copy');
  assert.equal((await idOf(same)).split('@')[1], first.split('@')[1], 'a copy has the same digest');
  const ids = new Set([first.split('@')[1]]);
  for (const [name, lexdesk] of [['p1', { queryPrefix: 'query: ' }], ['p2', { documentPrefix: 'passage: ' }], ['p3', { maxLength: 4 }], ['p4', { pooling: 'cls' }]] as const) {
    ids.add((await idOf(copy(`tiny-mean-${name}`, lexdesk))).split('@')[1]);
  }
  const edited = copy('tiny-mean-tok');
  const tok = JSON.parse(fs.readFileSync(path.join(edited, 'tokenizer.json'), 'utf8'));
  tok.normalizer = { type: 'Lowercase' };
  fs.writeFileSync(path.join(edited, 'tokenizer.json'), JSON.stringify(tok));
  ids.add((await idOf(edited)).split('@')[1]);
  assert.equal(ids.size, 6, 'every change of prefix, length, pooling or tokenizer gives another id');
  assert.equal(await idOf(meanDir, { pooling: 'cls' }), `${first}+cls`);
});

/** A tiny model folder with no pooling config, its config.json changed by `config`. */
function withoutPoolingConfig(name: string, config: Record<string, unknown> = {}): string {
  const dir = writeTinyEmbeddingModel(parent, name);
  fs.rmSync(path.join(dir, '1_Pooling'), { recursive: true });
  const file = path.join(dir, 'config.json');
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), ...config }));
  return dir;
}

test('no pooling config: a decoder model type pools its last token, any other model the mean, each said to be a guess', async () => {
  const decoder = await OnnxEmbedder.load(withoutPoolingConfig('tiny-decoder', { model_type: 'qwen2' }));
  const encoderDir = withoutPoolingConfig('tiny-nopool');
  const encoder = await OnnxEmbedder.load(encoderDir);
  try {
    assert.equal(decoder.pooling, 'last');
    assert.match(decoder.poolingGuess ?? '', /pooling guessed: last token, as config\.json names a decoder model \(qwen2\).*lexdesk\.json/);
    const [v] = await decoder.embed(['劳动'], 'document');
    assertClose(v as Float32Array, normalise(handHidden(tokenId('[SEP]'), 3)), 1e-5);
    // Its vectors differ from a mean's, so its id does too; a guessed mean keeps the id such folders had.
    const unguessed = { ...readModelFolder(path.join(parent, 'tiny-decoder')), inferredPooling: null };
    assert.notEqual(await modelId(unguessed), decoder.id);
    assert.equal(encoder.pooling, 'mean');
    assert.match(encoder.poolingGuess ?? '', /pooling guessed: mean, as the folder has no pooling config/);
    assert.equal(await modelId({ ...readModelFolder(encoderDir), inferredPooling: null }), encoder.id);
    // An architecture name tells a decoder too; a stated pooling is no guess.
    assert.equal((await loadEmbedder({ kind: 'onnx', dir: withoutPoolingConfig('tiny-causal', { model_type: 'custom', architectures: ['MyForCausalLM'] }) }) as OnnxEmbedder).pooling, 'last');
    const stated = await OnnxEmbedder.load(meanDir);
    assert.equal(stated.poolingGuess, null);
    await stated.close();
  } finally {
    await decoder.close();
    await encoder.close();
  }
});

test('a Dense (or other) module after pooling in modules.json is refused for token outputs, and used through a sentence_embedding output', async () => {
  const modules = [
    { idx: 0, name: '0', path: '', type: 'sentence_transformers.models.Transformer' },
    { idx: 1, name: '1', path: '1_Pooling', type: 'sentence_transformers.models.Pooling' },
    { idx: 2, name: '2', path: '2_Dense', type: 'sentence_transformers.models.Dense' },
    { idx: 3, name: '3', path: '3_Normalize', type: 'sentence_transformers.models.Normalize' },
  ];
  const tokenOutput = writeTinyEmbeddingModel(parent, 'tiny-dense');
  const pooledOutput = writeTinyEmbeddingModel(parent, 'tiny-dense-pooled', { sentenceEmbedding: true });
  for (const dir of [tokenOutput, pooledOutput]) fs.writeFileSync(path.join(dir, 'modules.json'), JSON.stringify(modules));
  await assert.rejects(OnnxEmbedder.load(tokenOutput), (err: unknown) => {
    return err instanceof LexError && err.code === 'model-unsupported' && /modules\.json lists a Dense module \(2_Dense\) after pooling.*sentence_embedding/.test(err.message);
  });
  const e = await OnnxEmbedder.load(pooledOutput);
  assert.equal(e.outputName, 'sentence_embedding');
  await e.close();
  // Transformer, Pooling and Normalize alone change nothing LexDesk does not do itself.
  const plain = writeTinyEmbeddingModel(parent, 'tiny-st-plain');
  fs.writeFileSync(path.join(plain, 'modules.json'), JSON.stringify(modules.filter((m) => m.path !== '2_Dense')));
  await (await OnnxEmbedder.load(plain)).close();
});

test('the id covers an external data file beside model.onnx (size and both ends), and is the same without one as before', async () => {
  const dir = path.join(parent, 'tiny-external');
  fs.cpSync(meanDir, dir, { recursive: true });
  const idOf = async () => {
    const e = await OnnxEmbedder.load(dir);
    await e.close();
    return e.id.split('@')[1];
  };
  const plain = await idOf();
  assert.equal(plain, (await modelId(readModelFolder(meanDir))).split('@')[1], 'no data file: the digest of model.onnx and the settings alone');
  const data = path.join(dir, 'model.onnx_data');
  const weights = Buffer.alloc(3 << 20, 7);
  fs.writeFileSync(data, weights);
  const withData = await idOf();
  assert.notEqual(withData, plain);
  weights[weights.length - 1] = 8; // the last tensor changed, same size
  fs.writeFileSync(data, weights);
  const changedEnd = await idOf();
  assert.notEqual(changedEnd, withData);
  fs.appendFileSync(data, Buffer.from([0]));
  assert.notEqual(await idOf(), changedEnd, 'a size change');
  fs.rmSync(data);
  fs.writeFileSync(path.join(dir, 'model.onnx.data'), Buffer.from([1, 2, 3]));
  assert.notEqual(await idOf(), plain, 'model.onnx.data too');
});

test('lexdesk.json sets prefixes and max length; onnx/model.onnx is found', async () => {
  const dir = writeTinyEmbeddingModel(parent, 'tiny-prefixed', { inOnnxFolder: true, lexdesk: { queryPrefix: '劳动', maxLength: 5 } });
  const e = await OnnxEmbedder.load(dir);
  try {
    assert.equal(e.maxLength, 5);
    const [q] = await e.embed(['法'], 'query');
    const [d] = await e.embed(['劳动法'], 'document');
    assertClose(q as Float32Array, Array.from(d as Float32Array));
    const [long] = await e.embed(['劳动合同法'], 'document');
    assertClose(long as Float32Array, handMean(['[CLS]', '劳', '动', '合', '[SEP]']));
  } finally {
    await e.close();
  }
});

test('only declared inputs are fed: a model without token_type_ids works', async () => {
  const dir = writeTinyEmbeddingModel(parent, 'tiny-no-types', { tokenTypes: false });
  const e = await OnnxEmbedder.load(dir);
  try {
    const [v] = await e.embed(['工资'], 'document');
    assertClose(v as Float32Array, handMean(['[CLS]', '工', '资', '[SEP]'], false));
  } finally {
    await e.close();
  }
});

test('a sentence_embedding output is used as is', async () => {
  const dir = writeTinyEmbeddingModel(parent, 'tiny-sentence', { pooling: 'mean', sentenceEmbedding: true });
  const e = await OnnxEmbedder.load(dir);
  try {
    assert.equal(e.outputName, 'sentence_embedding');
    const [v] = await e.embed(['劳动合同法'], 'document');
    assertClose(v as Float32Array, normalise(handHidden(tokenId('[CLS]'), 0)));
  } finally {
    await e.close();
  }
});

test('missing files give errors that name them', async () => {
  const dir = writeTinyEmbeddingModel(parent, 'tiny-broken');
  fs.rmSync(path.join(dir, 'tokenizer.json'));
  await assert.rejects(OnnxEmbedder.load(dir), (err: unknown) => err instanceof LexError && /tokenizer\.json/.test(err.message));
  const noModel = writeTinyEmbeddingModel(parent, 'tiny-no-model');
  fs.rmSync(path.join(noModel, 'model.onnx'));
  await assert.rejects(OnnxEmbedder.load(noModel), (err: unknown) => err instanceof LexError && /model\.onnx/.test(err.message) && /onnx\/model\.onnx/.test(err.message));
  await assert.rejects(OnnxEmbedder.load(path.join(parent, 'nowhere')), (err: unknown) => err instanceof LexError && err.code === 'model-missing');
});

for (const gpu of ['cuda', 'webgpu'] as ProviderName[]) {
  test(`requesting ['${gpu}', 'cpu'] falls back to CPU with a reason instead of throwing`, async () => {
    const created = await createSession(path.join(meanDir, 'model.onnx'), [gpu, 'cpu']);
    await created.session.release();
    assert.deepEqual(created.requested, [gpu, 'cpu']);
    if (created.provider === gpu) return; // a machine where that provider really works
    assert.equal(created.provider, 'cpu');
    const fallback = created.fallbacks.find((f) => f.provider === gpu);
    assert.ok(fallback && fallback.reason.length > 0, 'reason recorded');
    const e = await OnnxEmbedder.load(meanDir, { providers: [gpu] });
    assert.equal(e.provider, 'cpu');
    assert.equal(e.fallbacks[0]?.provider, gpu);
    await e.close();
  });
}

test('a failed provider gets an actionable reason: what to install, per platform', () => {
  const adapter = 'Failed to get a WebGPU adapter: No supported adapters';
  const linux = explainFailure('webgpu', adapter, 'linux');
  assert.match(linux, /^no WebGPU adapter/);
  assert.match(linux, /libvulkan1/);
  assert.match(linux, /libglvnd0/);
  assert.match(linux, /No supported adapters$/, 'the runtime\'s own words are kept');
  assert.doesNotMatch(explainFailure('webgpu', adapter, 'darwin'), /libvulkan1/);
  assert.match(explainFailure('cuda', 'OrtSessionOptionsAppendExecutionProvider_Cuda: Failed to load shared library', 'linux'), /ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node/);
  assert.match(explainFailure('dml', 'backend not found.', 'linux'), /^dml is not part of onnxruntime-node on linux\//);
});

test('providers are tried in the order given: CPU before a GPU provider means CPU, with nothing tried before it', async () => {
  const created = await createSession(path.join(meanDir, 'model.onnx'), ['cpu', 'cuda']);
  await created.session.release();
  assert.equal(created.provider, 'cpu');
  assert.deepEqual(created.fallbacks, []);
});

const QUERY = '劳动合同';
const PASSAGES = ['工资', '劳动', '劳动合同法', '合同 劳动 law law law'];
/** Overlap with the query's 4 tokens minus the penalty per passage token ([SEP] included). */
const HAND_SCORES = [0 - 3 * LENGTH_PENALTY, 2 - 3 * LENGTH_PENALTY, 4 - 6 * LENGTH_PENALTY, 4 - 8 * LENGTH_PENALTY];

test('the reranker scores pairs as computed by hand and orders them', async () => {
  const r = await OnnxReranker.load(writeTinyReranker(parent, 'rerank-1', 1), { batchSize: 3 });
  try {
    const scores = await r.score(QUERY, PASSAGES);
    assertClose(scores, HAND_SCORES);
    const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]).map(([, i]) => PASSAGES[i]);
    assert.deepEqual(order, ['劳动合同法', '合同 劳动 law law law', '劳动', '工资']);
    assert.deepEqual(await r.score(QUERY, []), []);
  } finally {
    await r.close();
  }
});

test('a two-class reranker scores the positive class (log-odds)', async () => {
  const r = await loadReranker(writeTinyReranker(parent, 'rerank-2', 2), ['cpu']);
  try {
    assertClose(await r.score(QUERY, PASSAGES), HAND_SCORES.map((s) => 2 * s));
    assert.equal(r.provider, 'cpu');
  } finally {
    await r.close();
  }
});

test('loadEmbedder opens ONNX folders', async () => {
  const e = await loadEmbedder({ kind: 'onnx', dir: meanDir, providers: ['cpu'] });
  assert.equal(e.dimension, HIDDEN);
  assert.match(e.id, /^onnx:tiny-mean@[0-9a-f]{12}$/);
  await e.close();
});
