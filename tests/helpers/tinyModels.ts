/**
 * Test helper: tiny BERT-shaped model folders written with our own ONNX
 * encoder and a hand-written WordPiece tokenizer.json, so the embedder,
 * reranker and doctor can be tested offline with values computable by hand.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeModel, type OnnxNode, type OnnxTensor, type OnnxValue } from '../../main/models/onnx/model.js';
import { seededRandom } from '../../main/util/numeric.js';

export const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const CHINESE = [...'劳动合同法民刑典第条解除工资赔偿用人单位者权益保护'];
const ASCII = ['law', '##s', 'contract', '##ing', 'labor', 'work', 'pay', 'employ', '##er', '##ee', 'the', 'of', 'and', 'wage', '##es', 'a', 'b', 'c', '1', '2', '3', '，', '。', ',', '.'];

/** ~55 tokens: ids are positions in this list ([PAD] 0, [UNK] 1, [CLS] 2, [SEP] 3, [MASK] 4). */
export const VOCAB: string[] = [...SPECIALS, ...CHINESE, ...ASCII];
export const HIDDEN = 8;
export const MAX_POSITIONS = 32;

export function tokenId(token: string): number {
  const id = VOCAB.indexOf(token);
  if (id < 0) throw new Error(`not in the test vocab: ${token}`);
  return id;
}

const special = (content: string) => ({ id: tokenId(content), content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
const specialRef = (id: string, typeId: number) => ({ SpecialToken: { id, type_id: typeId } });
const seqRef = (id: 'A' | 'B', typeId: number) => ({ Sequence: { id, type_id: typeId } });

export function tokenizerJson(): Record<string, unknown> {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [specialRef('[CLS]', 0), seqRef('A', 0), specialRef('[SEP]', 0)],
      pair: [specialRef('[CLS]', 0), seqRef('A', 0), specialRef('[SEP]', 0), seqRef('B', 1), specialRef('[SEP]', 1)],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [tokenId('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [tokenId('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCAB.map((t, i) => [t, i])),
    },
  };
}

const TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  do_lower_case: true,
  tokenize_chinese_chars: true,
  model_max_length: MAX_POSITIONS,
  cls_token: '[CLS]',
  sep_token: '[SEP]',
  pad_token: '[PAD]',
  unk_token: '[UNK]',
  mask_token: '[MASK]',
};

/** Deterministic pseudo-random table in [-1, 1) (mulberry32). */
export function table(rows: number, cols: number, seed: number): Float32Array {
  const next = seededRandom(seed);
  return Float32Array.from({ length: rows * cols }, () => Math.fround(next() * 2 - 1));
}

export interface TinyEmbeddingTables {
  word: Float32Array;
  position: Float32Array;
  type: Float32Array;
}

export const TABLES: TinyEmbeddingTables = {
  word: table(VOCAB.length, HIDDEN, 1),
  position: table(MAX_POSITIONS, HIDDEN, 2),
  type: table(2, HIDDEN, 3),
};

/** The tiny model's hidden state for one token, computed by hand: tanh(word + position (+ type)). */
export function handHidden(id: number, position: number, typeId = 0, withTypes = true): number[] {
  return Array.from({ length: HIDDEN }, (_, h) => {
    const w = TABLES.word[id * HIDDEN + h] as number;
    const p = TABLES.position[position * HIDDEN + h] as number;
    const t = withTypes ? (TABLES.type[typeId * HIDDEN + h] as number) : 0;
    return Math.tanh(w + p + t);
  });
}

const int64 = (name: string, values: bigint[], dims: number[] = [values.length]): OnnxTensor => ({ name, dtype: 'int64', dims, data: BigInt64Array.from(values) });
const floats = (name: string, data: Float32Array, dims: number[]): OnnxTensor => ({ name, dtype: 'float32', dims, data });
const tokenInputs = (withTypes: boolean) =>
  ['input_ids', 'attention_mask', ...(withTypes ? ['token_type_ids'] : [])].map((name) => ({ name, dtype: 'int64' as const, shape: ['batch', 'sequence'] }));

export interface EmbeddingModelOptions {
  pooling?: 'mean' | 'cls';
  /** Declare a token_type_ids input (default true). */
  tokenTypes?: boolean;
  /** Also output `sentence_embedding` = the hidden state at position 0. */
  sentenceEmbedding?: boolean;
  /** Written as lexdesk.json. */
  lexdesk?: Record<string, unknown>;
  /** Put the model at onnx/model.onnx instead of model.onnx. */
  inOnnxFolder?: boolean;
}

function embeddingGraph(opts: EmbeddingModelOptions): Uint8Array {
  const withTypes = opts.tokenTypes ?? true;
  const nodes: OnnxNode[] = [
    { op: 'Gather', inputs: ['word_table', 'input_ids'], outputs: ['we'], attrs: { axis: { i: 0 } } },
    { op: 'Shape', inputs: ['input_ids'], outputs: ['shape'] },
    { op: 'Gather', inputs: ['shape', 'one'], outputs: ['seq_len'], attrs: { axis: { i: 0 } } },
    { op: 'Range', inputs: ['zero', 'seq_len', 'one'], outputs: ['positions'] },
    { op: 'Gather', inputs: ['pos_table', 'positions'], outputs: ['pe'], attrs: { axis: { i: 0 } } },
    { op: 'Add', inputs: ['we', 'pe'], outputs: ['wp'] },
  ];
  if (withTypes) {
    nodes.push({ op: 'Gather', inputs: ['type_table', 'token_type_ids'], outputs: ['te'], attrs: { axis: { i: 0 } } });
    nodes.push({ op: 'Add', inputs: ['wp', 'te'], outputs: ['sum'] });
  } else {
    nodes.push({ op: 'Identity', inputs: ['wp'], outputs: ['sum'] });
  }
  nodes.push({ op: 'Tanh', inputs: ['sum'], outputs: ['last_hidden_state'] });
  const outputs: OnnxValue[] = [{ name: 'last_hidden_state', dtype: 'float32', shape: ['batch', 'sequence', HIDDEN] }];
  if (opts.sentenceEmbedding) {
    nodes.push({ op: 'Gather', inputs: ['last_hidden_state', 'zero'], outputs: ['sentence_embedding'], attrs: { axis: { i: 1 } } });
    outputs.push({ name: 'sentence_embedding', dtype: 'float32', shape: ['batch', HIDDEN] });
  }
  return encodeModel({
    inputs: tokenInputs(withTypes),
    outputs,
    nodes,
    initializers: [
      floats('word_table', TABLES.word, [VOCAB.length, HIDDEN]),
      floats('pos_table', TABLES.position, [MAX_POSITIONS, HIDDEN]),
      ...(withTypes ? [floats('type_table', TABLES.type, [2, HIDDEN])] : []),
      int64('zero', [0n], []),
      int64('one', [1n], []),
    ],
  });
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

function writeTokenizerFiles(dir: string): void {
  writeJson(path.join(dir, 'tokenizer.json'), tokenizerJson());
  writeJson(path.join(dir, 'tokenizer_config.json'), TOKENIZER_CONFIG);
}

function bertConfig(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model_type: 'bert', hidden_size: HIDDEN, vocab_size: VOCAB.length, max_position_embeddings: MAX_POSITIONS, type_vocab_size: 2, ...extra };
}

/** A fresh temporary folder (removed when the process exits). */
export function tempDir(prefix = 'lexdesk-model-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes a tiny embedding model folder named `name` under `parent`; returns its path. */
export function writeTinyEmbeddingModel(parent: string, name = 'tiny-embed', opts: EmbeddingModelOptions = {}): string {
  const dir = path.join(parent, name);
  writeTokenizerFiles(dir);
  writeJson(path.join(dir, 'config.json'), bertConfig());
  const pooling = opts.pooling ?? 'mean';
  writeJson(path.join(dir, '1_Pooling', 'config.json'), {
    word_embedding_dimension: HIDDEN,
    pooling_mode_cls_token: pooling === 'cls',
    pooling_mode_mean_tokens: pooling === 'mean',
    pooling_mode_max_tokens: false,
    pooling_mode_mean_sqrt_len_tokens: false,
  });
  if (opts.lexdesk) writeJson(path.join(dir, 'lexdesk.json'), opts.lexdesk);
  const modelFile = path.join(dir, opts.inOnnxFolder ? 'onnx' : '', 'model.onnx');
  fs.mkdirSync(path.dirname(modelFile), { recursive: true });
  fs.writeFileSync(modelFile, embeddingGraph(opts));
  return dir;
}

/** Penalty per passage token (type 1, [SEP] included) in the tiny reranker's logit. */
export const LENGTH_PENALTY = 0.01;

/**
 * A cross-encoder whose logit is the number of query tokens found in the
 * passage (multiset overlap, special tokens ignored) minus 0.01 × the passage
 * part's length; `classes: 2` outputs [-logit, logit].
 */
function rerankerGraph(classes: 1 | 2): Uint8Array {
  const v = VOCAB.length;
  const oneHot = new Float32Array(v * v);
  for (let i = SPECIALS.length; i < v; i += 1) oneHot[i * v + i] = 1;
  const nodes: OnnxNode[] = [
    { op: 'Cast', inputs: ['attention_mask'], outputs: ['mask_f'], attrs: { to: { i: 1 } } },
    { op: 'Cast', inputs: ['token_type_ids'], outputs: ['type_f'], attrs: { to: { i: 1 } } },
    { op: 'Mul', inputs: ['mask_f', 'type_f'], outputs: ['mask_b'] },
    { op: 'Sub', inputs: ['mask_f', 'mask_b'], outputs: ['mask_a'] },
    { op: 'Unsqueeze', inputs: ['mask_a', 'axis2'], outputs: ['mask_a3'] },
    { op: 'Unsqueeze', inputs: ['mask_b', 'axis2'], outputs: ['mask_b3'] },
    { op: 'Gather', inputs: ['one_hot', 'input_ids'], outputs: ['e'], attrs: { axis: { i: 0 } } },
    { op: 'Mul', inputs: ['e', 'mask_a3'], outputs: ['ea'] },
    { op: 'Mul', inputs: ['e', 'mask_b3'], outputs: ['eb'] },
    { op: 'ReduceSum', inputs: ['ea', 'axis1'], outputs: ['bag_a'], attrs: { keepdims: { i: 0 } } },
    { op: 'ReduceSum', inputs: ['eb', 'axis1'], outputs: ['bag_b'], attrs: { keepdims: { i: 0 } } },
    { op: 'Min', inputs: ['bag_a', 'bag_b'], outputs: ['both'] },
    { op: 'ReduceSum', inputs: ['both', 'axis1'], outputs: ['overlap'], attrs: { keepdims: { i: 1 } } },
    { op: 'ReduceSum', inputs: ['mask_b', 'axis1'], outputs: ['len_b'], attrs: { keepdims: { i: 1 } } },
    { op: 'Mul', inputs: ['len_b', 'penalty'], outputs: ['len_cost'] },
    { op: 'Sub', inputs: ['overlap', 'len_cost'], outputs: classes === 1 ? ['logits'] : ['logit'] },
  ];
  if (classes === 2) {
    nodes.push({ op: 'Neg', inputs: ['logit'], outputs: ['neg'] });
    nodes.push({ op: 'Concat', inputs: ['neg', 'logit'], outputs: ['logits'], attrs: { axis: { i: 1 } } });
  }
  return encodeModel({
    inputs: tokenInputs(true),
    outputs: [{ name: 'logits', dtype: 'float32', shape: ['batch', classes] }],
    nodes,
    initializers: [
      floats('one_hot', oneHot, [v, v]),
      floats('penalty', new Float32Array([LENGTH_PENALTY]), []),
      int64('axis1', [1n]),
      int64('axis2', [2n]),
    ],
  });
}

/** Writes a tiny cross-encoder folder; returns its path. */
export function writeTinyReranker(parent: string, name = 'tiny-rerank', classes: 1 | 2 = 1): string {
  const dir = path.join(parent, name);
  writeTokenizerFiles(dir);
  writeJson(path.join(dir, 'config.json'), bertConfig({ architectures: ['BertForSequenceClassification'], num_labels: classes }));
  fs.writeFileSync(path.join(dir, 'model.onnx'), rerankerGraph(classes));
  return dir;
}
