import { ProtoWriter } from './protobuf.js';

/**
 * Builds ONNX model files (ModelProto) from plain descriptions, so the project
 * can export the models it trains (and tests can generate tiny ones) without
 * Python. Field numbers follow onnx.proto.
 */
export type OnnxDType = 'float32' | 'uint8' | 'int8' | 'int32' | 'int64' | 'bool' | 'float16';

const DTYPE_CODE: Record<OnnxDType, number> = { float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, bool: 9, float16: 10 };

export type TensorData = Float32Array | Uint8Array | Int8Array | Int32Array | BigInt64Array | Uint16Array;

export interface OnnxTensor {
  name: string;
  dtype: OnnxDType;
  dims: number[];
  data: TensorData;
}

export type OnnxAttribute =
  | { i: number }
  | { f: number }
  | { s: string }
  | { ints: number[] }
  | { floats: number[] }
  | { strings: string[] }
  | { t: OnnxTensor };

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  name?: string;
  domain?: string;
  attrs?: Record<string, OnnxAttribute>;
}

export interface OnnxValue {
  name: string;
  dtype: OnnxDType;
  /** Numbers are fixed sizes; strings are symbolic (batch, sequence). */
  shape: Array<number | string>;
}

export interface OnnxModelSpec {
  inputs: OnnxValue[];
  outputs: OnnxValue[];
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  /** Opset per domain; '' is the default domain. Default { '': 17 }. */
  opsets?: Record<string, number>;
  graphName?: string;
  producer?: string;
  metadata?: Record<string, string>;
}

export function tensorBytes(t: OnnxTensor): Uint8Array {
  const expected = t.dims.reduce((a, b) => a * b, 1);
  if (t.data.length !== expected) {
    throw new Error(`tensor ${t.name}: dims ${t.dims.join('x')} need ${expected} values, got ${t.data.length}`);
  }
  return new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
}

function writeTensor(w: ProtoWriter, t: OnnxTensor): void {
  for (const d of t.dims) w.int(1, d);
  w.int(2, DTYPE_CODE[t.dtype]);
  w.string(8, t.name);
  w.bytes(9, tensorBytes(t));
}

function writeAttribute(w: ProtoWriter, name: string, a: OnnxAttribute): void {
  w.string(1, name);
  if ('i' in a) w.int(3, a.i).int(20, 2);
  else if ('f' in a) w.float(2, a.f).int(20, 1);
  else if ('s' in a) w.string(4, a.s).int(20, 3);
  else if ('t' in a) w.message(5, (tw) => writeTensor(tw, a.t)).int(20, 4);
  else if ('floats' in a) w.packedFloats(7, a.floats).int(20, 6);
  else if ('ints' in a) w.packedInts(8, a.ints).int(20, 7);
  else {
    for (const s of a.strings) w.string(9, s);
    w.int(20, 8);
  }
}

function writeNode(w: ProtoWriter, n: OnnxNode, index: number): void {
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  w.string(3, n.name ?? `${n.op}_${index}`);
  w.string(4, n.op);
  for (const [name, attr] of Object.entries(n.attrs ?? {})) w.message(5, (aw) => writeAttribute(aw, name, attr));
  if (n.domain) w.string(7, n.domain);
}

function writeValue(w: ProtoWriter, v: OnnxValue): void {
  w.string(1, v.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, DTYPE_CODE[v.dtype]);
      tensor.message(2, (shape) => {
        for (const d of v.shape) shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
      });
    }),
  );
}

/** Serialises a model to the bytes of a .onnx file. */
export function encodeModel(spec: OnnxModelSpec): Uint8Array {
  const w = new ProtoWriter();
  w.int(1, 8); // ir_version 8 (opset 17 era)
  w.string(2, spec.producer ?? 'lexdesk');
  w.string(3, '1');
  w.message(7, (g) => {
    spec.nodes.forEach((n, i) => g.message(1, (nw) => writeNode(nw, n, i)));
    g.string(2, spec.graphName ?? 'main');
    for (const t of spec.initializers) g.message(5, (tw) => writeTensor(tw, t));
    for (const v of spec.inputs) g.message(11, (vw) => writeValue(vw, v));
    for (const v of spec.outputs) g.message(12, (vw) => writeValue(vw, v));
  });
  for (const [domain, version] of Object.entries(spec.opsets ?? { '': 17 })) {
    w.message(8, (o) => {
      if (domain) o.string(1, domain);
      o.int(2, version);
    });
  }
  for (const [key, value] of Object.entries(spec.metadata ?? {})) w.message(14, (m) => m.string(1, key).string(2, value));
  return w.finish();
}

/** float32 → IEEE half, rounding to nearest with ties to even (as onnxruntime's Cast does), for compact fp16 initializers. */
export function toFloat16(values: Float32Array): Uint16Array {
  const out = new Uint16Array(values.length);
  const f = new Float32Array(1);
  const u = new Uint32Array(f.buffer);
  for (let i = 0; i < values.length; i += 1) {
    f[0] = values[i] as number;
    const x = u[0] as number;
    const sign = (x >>> 16) & 0x8000;
    const mant = x & 0x7fffff;
    if (((x >>> 23) & 0xff) === 0xff) {
      out[i] = sign | (mant ? 0x7e00 : 0x7c00);
      continue;
    }
    const exp = ((x >>> 23) & 0xff) - 127 + 15;
    if (exp < -10) out[i] = sign;
    // Subnormal half: the full significand shifted down.
    else if (exp <= 0) out[i] = sign | roundShift(mant | 0x800000, 14 - exp);
    else if (exp >= 31) out[i] = sign | 0x7c00;
    // Added, not OR-ed: a rounding carry raises the exponent (1.9999 → 2; past 65504 → Infinity).
    else out[i] = sign | ((exp << 10) + roundShift(mant, 13));
  }
  return out;
}

/** value >> shift, rounded to nearest, ties to even. */
function roundShift(value: number, shift: number): number {
  const half = 1 << (shift - 1);
  return (value + half - 1 + ((value >> shift) & 1)) >> shift;
}
