import assert from 'node:assert/strict';
import { test } from 'node:test';
import ort from 'onnxruntime-node';
import { encodeModel, toFloat16 } from '../../main/models/onnx/model.js';

test('an encoded Gather model runs in onnxruntime and returns the right rows', async () => {
  const bytes = encodeModel({
    inputs: [{ name: 'ids', dtype: 'int64', shape: ['n'] }],
    outputs: [{ name: 'rows', dtype: 'float32', shape: ['n', 2] }],
    initializers: [{ name: 'table', dtype: 'float32', dims: [3, 2], data: new Float32Array([1, 2, 3, 4, 5, 6]) }],
    nodes: [{ op: 'Gather', inputs: ['table', 'ids'], outputs: ['rows'], attrs: { axis: { i: 0 } } }],
    metadata: { purpose: 'test' },
  });
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['cpu'] });
  const out = await session.run({ ids: new ort.Tensor('int64', BigInt64Array.from([2n, 0n]), [2]) });
  assert.deepEqual(out.rows?.dims, [2, 2]);
  assert.deepEqual(Array.from(out.rows?.data as Float32Array), [5, 6, 1, 2]);
});

test('float and int attributes and fp16 initializers survive encoding', async () => {
  const bytes = encodeModel({
    inputs: [{ name: 'x', dtype: 'float32', shape: [2] }],
    outputs: [{ name: 'y', dtype: 'float32', shape: [2] }],
    initializers: [{ name: 'h', dtype: 'float16', dims: [2], data: toFloat16(new Float32Array([0.5, -2])) }],
    nodes: [
      { op: 'Cast', inputs: ['h'], outputs: ['hf'], attrs: { to: { i: 1 } } },
      { op: 'Mul', inputs: ['x', 'hf'], outputs: ['m'] },
      { op: 'LeakyRelu', inputs: ['m'], outputs: ['y'], attrs: { alpha: { f: 0.25 } } },
    ],
  });
  const session = await ort.InferenceSession.create(bytes);
  const out = await session.run({ x: new ort.Tensor('float32', new Float32Array([4, 3]), [2]) });
  assert.deepEqual(Array.from(out.y?.data as Float32Array), [2, -1.5]);
});

test('toFloat16 rounds to the nearest half-precision value', () => {
  assert.deepEqual(Array.from(toFloat16(new Float32Array([0, 1, -1, 65504, 1e-8]))), [0, 0x3c00, 0xbc00, 0x7bff, 0]);
});
