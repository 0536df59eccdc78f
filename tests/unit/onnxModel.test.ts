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
  // A rounding carry raises the exponent: these once came out as 1 and 0.0625 (half their value).
  assert.deepEqual(Array.from(toFloat16(new Float32Array([1.9999, 0.12499, -3.9999, 65520]))), [0x4000, 0x3000, 0xc400, 0x7c00]);
});

test('toFloat16 gives the same bits as onnxruntime casting float32 to float16', async () => {
  // Random values over the whole half range (normal, subnormal, overflow), carries, exact ties and specials.
  let seed = 12345;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const values: number[] = [];
  for (let i = 0; i < 20000; i += 1) values.push((random() < 0.5 ? -1 : 1) * 2 ** (random() * 48 - 30) * (1 + random()));
  values.push(1.9999, 0.12499, 1 + 2 ** -11, 1 + 3 * 2 ** -11, 2 ** -24, 2 ** -25, 3 * 2 ** -25, 65504, 65519, 65520, Infinity, -Infinity, NaN, -0);
  const input = Float32Array.from(values);
  const bytes = encodeModel({
    inputs: [{ name: 'x', dtype: 'float32', shape: ['n'] }],
    outputs: [{ name: 'y', dtype: 'float16', shape: ['n'] }],
    initializers: [],
    nodes: [{ op: 'Cast', inputs: ['x'], outputs: ['y'], attrs: { to: { i: 10 } } }],
  });
  const session = await ort.InferenceSession.create(bytes);
  const out = await session.run({ x: new ort.Tensor('float32', input, [input.length]) });
  const expected = out.y?.data as Uint16Array;
  const mine = toFloat16(input);
  const differing = Array.from(mine.keys()).filter((i) => mine[i] !== expected[i]);
  assert.deepEqual(differing.slice(0, 5).map((i) => [input[i], mine[i], expected[i]]), []);
  await session.release();
});
