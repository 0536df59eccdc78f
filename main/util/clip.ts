/**
 * A text cut to its first `max` characters with 「…」 after it when anything was cut. Characters are
 * counted as code points, so a rare character outside the Basic Multilingual Plane (CJK Extension B,
 * found in some place and personal names) is never split into half a surrogate pair.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = [...text];
  return points.length > max ? `${points.slice(0, max).join('')}…` : text;
}
