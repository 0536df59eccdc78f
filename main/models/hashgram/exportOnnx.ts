import fs from 'node:fs';
import path from 'node:path';
import { encodeModel, toFloat16, type OnnxNode } from '../onnx/model.js';
import { BIGRAM_MULTIPLIER, type HashgramShape } from './features.js';
import type { HashgramModel } from './model.js';
import { tokenizerConfigJson, tokenizerJson } from './vocab.js';

const INT64_MAX = 9223372036854775807n;

function int64(name: string, values: bigint[]) {
  return { name, dtype: 'int64' as const, dims: [values.length], data: BigInt64Array.from(values) };
}

/**
 * The ONNX graph: sum of unigram rows over real tokens plus hashed-bigram rows
 * over neighbouring real tokens → `sentence_embedding` [batch, dim]
 * (the Embedder L2-normalises). Tables are stored as float16 and cast once
 * (onnxruntime folds the cast when the session loads).
 */
export function hashgramGraph(model: HashgramModel): Uint8Array {
  const { vocabSize, buckets, dimension } = model.shape;
  const nodes: OnnxNode[] = [
    { op: 'Cast', inputs: ['unigram_f16'], outputs: ['unigram'], attrs: { to: { i: 1 } } },
    { op: 'Cast', inputs: ['bigram_f16'], outputs: ['bigram'], attrs: { to: { i: 1 } } },
    { op: 'Cast', inputs: ['attention_mask'], outputs: ['mask'], attrs: { to: { i: 1 } } },
    { op: 'Gather', inputs: ['unigram', 'input_ids'], outputs: ['uni_rows'], attrs: { axis: { i: 0 } } },
    { op: 'Unsqueeze', inputs: ['mask', 'axis2'], outputs: ['mask3'] },
    { op: 'Mul', inputs: ['uni_rows', 'mask3'], outputs: ['uni_masked'] },
    { op: 'ReduceSum', inputs: ['uni_masked', 'axis1'], outputs: ['uni_sum'], attrs: { keepdims: { i: 0 } } },
    { op: 'Slice', inputs: ['input_ids', 'zero', 'minus_one', 'axis1'], outputs: ['left_ids'] },
    { op: 'Slice', inputs: ['input_ids', 'one', 'int64_max', 'axis1'], outputs: ['right_ids'] },
    { op: 'Mul', inputs: ['left_ids', 'multiplier'], outputs: ['left_scaled'] },
    { op: 'Add', inputs: ['left_scaled', 'right_ids'], outputs: ['pair_code'] },
    { op: 'Mod', inputs: ['pair_code', 'bucket_count'], outputs: ['bucket'] },
    { op: 'Gather', inputs: ['bigram', 'bucket'], outputs: ['bi_rows'], attrs: { axis: { i: 0 } } },
    { op: 'Slice', inputs: ['mask', 'zero', 'minus_one', 'axis1'], outputs: ['left_mask'] },
    { op: 'Slice', inputs: ['mask', 'one', 'int64_max', 'axis1'], outputs: ['right_mask'] },
    { op: 'Mul', inputs: ['left_mask', 'right_mask'], outputs: ['pair_mask'] },
    { op: 'Unsqueeze', inputs: ['pair_mask', 'axis2'], outputs: ['pair_mask3'] },
    { op: 'Mul', inputs: ['bi_rows', 'pair_mask3'], outputs: ['bi_masked'] },
    { op: 'ReduceSum', inputs: ['bi_masked', 'axis1'], outputs: ['bi_sum'], attrs: { keepdims: { i: 0 } } },
    { op: 'Add', inputs: ['uni_sum', 'bi_sum'], outputs: ['sentence_embedding'] },
  ];
  return encodeModel({
    inputs: [
      { name: 'input_ids', dtype: 'int64', shape: ['batch', 'sequence'] },
      { name: 'attention_mask', dtype: 'int64', shape: ['batch', 'sequence'] },
    ],
    outputs: [{ name: 'sentence_embedding', dtype: 'float32', shape: ['batch', dimension] }],
    nodes,
    initializers: [
      { name: 'unigram_f16', dtype: 'float16', dims: [vocabSize, dimension], data: toFloat16(model.unigram) },
      { name: 'bigram_f16', dtype: 'float16', dims: [buckets, dimension], data: toFloat16(model.bigram) },
      int64('axis1', [1n]), int64('axis2', [2n]), int64('zero', [0n]), int64('one', [1n]),
      int64('minus_one', [-1n]), int64('int64_max', [INT64_MAX]),
      { name: 'multiplier', dtype: 'int64', dims: [], data: BigInt64Array.from([BigInt(BIGRAM_MULTIPLIER)]) },
      { name: 'bucket_count', dtype: 'int64', dims: [], data: BigInt64Array.from([BigInt(buckets)]) },
    ],
    opsets: { '': 17 },
    producer: 'lexdesk train-model',
    metadata: { model: 'lexdesk-hashgram', buckets: String(buckets), multiplier: String(BIGRAM_MULTIPLIER) },
  });
}

export interface ExportInfo {
  name: string;
  maxLength: number;
  trainedOn: string[];
  seed: number;
  steps: number;
  metrics: Record<string, number>;
}

/** Writes a Hugging Face-layout model folder that the standard Embedder loads. */
export function exportModelFolder(dir: string, model: HashgramModel, vocab: string[], info: ExportInfo): void {
  fs.mkdirSync(dir, { recursive: true });
  const shape: HashgramShape = model.shape;
  fs.writeFileSync(path.join(dir, 'model.onnx'), hashgramGraph(model));
  fs.writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab, info.maxLength)));
  fs.writeFileSync(path.join(dir, 'tokenizer_config.json'), JSON.stringify(tokenizerConfigJson(info.maxLength), null, 2));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({
    model_type: 'lexdesk-hashgram', hidden_size: shape.dimension, vocab_size: shape.vocabSize,
    bigram_buckets: shape.buckets, max_position_embeddings: info.maxLength,
  }, null, 2));
  fs.writeFileSync(path.join(dir, 'lexdesk.json'), JSON.stringify({
    name: info.name, maxLength: info.maxLength, queryPrefix: '', documentPrefix: '',
  }, null, 2));
  fs.writeFileSync(path.join(dir, 'training.json'), JSON.stringify(info, null, 2));
}
