/**
 * A minimal protocol-buffers encoder: enough to write ONNX models (varints,
 * length-delimited fields, packed repeated numbers, raw bytes).
 */
export class ProtoWriter {
  private chunks: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    while (v >= 0x80n) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wireType: 0 | 1 | 2 | 5): void {
    this.varint((field << 3) | wireType);
  }

  int(field: number, value: number | bigint): this {
    this.tag(field, 0);
    this.varint(value);
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.push(b);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.varint(value.length);
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytes(field, inner.finish());
  }

  /** Packed repeated varints (int64/int32 lists). */
  packedInts(field: number, values: ArrayLike<number | bigint>): this {
    const inner = new ProtoWriter();
    for (let i = 0; i < values.length; i += 1) inner.varint(values[i] as number | bigint);
    return this.bytes(field, inner.finish());
  }

  /** Packed repeated floats. */
  packedFloats(field: number, values: ArrayLike<number>): this {
    const b = new Uint8Array(values.length * 4);
    const view = new DataView(b.buffer);
    for (let i = 0; i < values.length; i += 1) view.setFloat32(i * 4, values[i] as number, true);
    return this.bytes(field, b);
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const c of this.chunks) {
      out.set(c, offset);
      offset += c.length;
    }
    return out;
  }
}
