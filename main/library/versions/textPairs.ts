/**
 * How much two statute texts share, by their character pairs (punctuation and spaces left out): what
 * tells one provision carried into another version, renumbered or reworded, from a different one.
 */

/** A text's character pairs and how often each occurs. */
export interface TextPairs {
  counts: Map<string, number>;
  total: number;
}

export function textPairs(text: string): TextPairs {
  const chars = [...text.replace(/[\s\p{P}]/gu, '')];
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = (chars[i] as string) + (chars[i + 1] as string);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return { counts, total: Math.max(0, chars.length - 1) };
}

/** Pairs the two texts share, each counted as often as it occurs in both. */
function shared(a: TextPairs, b: TextPairs): number {
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let n = 0;
  for (const [pair, count] of small.counts) n += Math.min(count, large.counts.get(pair) ?? 0);
  return n;
}

/** Dice's coefficient: 1 for the same text, near 0 for unrelated ones (two empty texts count as the same). */
export function pairOverlap(a: TextPairs, b: TextPairs): number {
  const total = a.total + b.total;
  return total === 0 ? 1 : (2 * shared(a, b)) / total;
}

/** The share of `part`'s pairs found in `whole`: near 1 when `part` was cut out of `whole` (an article split in two). */
export function pairCover(part: TextPairs, whole: TextPairs): number {
  return part.total === 0 ? 0 : shared(part, whole) / part.total;
}
