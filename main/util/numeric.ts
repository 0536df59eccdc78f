/**
 * Small numeric helpers shared by training (models/hashgram) and search
 * (search/hybrid): pure functions, no I/O, so either side may import them.
 */

/** Inner product of two equally long vectors. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < a.length; k += 1) s += (a[k] as number) * (b[k] as number);
  return s;
}

/** L2 norm and the normalised copy. */
export function normalise(v: Float32Array): { unit: Float32Array; norm: number } {
  let s = 0;
  for (let k = 0; k < v.length; k += 1) s += (v[k] as number) ** 2;
  const norm = Math.sqrt(s) || 1e-12;
  const unit = new Float32Array(v.length);
  for (let k = 0; k < v.length; k += 1) unit[k] = (v[k] as number) / norm;
  return { unit, norm };
}

/** Deterministic PRNG (mulberry32) so training is reproducible with a fixed seed. */
export function seededRandom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
