/** A paragraph cut where `query` occurs: plain runs, and matches numbered in reading order from `first`. */
export type FoundSegment = { text: string; match?: number };

/**
 * The occurrences of `query` in `text` (case and full-width/half-width spaces aside, as a reader types them), each
 * numbered from `first`, so that a whole law's matches count 1…n across its paragraphs.
 */
export function findSegments(text: string, query: string, first: number): { segments: FoundSegment[]; count: number } {
  const q = query.trim();
  if (!q) return { segments: [{ text }], count: 0 };
  const hay = text.toLowerCase();
  const needle = q.toLowerCase();
  const segments: FoundSegment[] = [];
  let at = 0;
  let count = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) {
    if (i > at) segments.push({ text: text.slice(at, i) });
    segments.push({ text: text.slice(i, i + needle.length), match: first + count });
    count++;
    at = i + needle.length;
  }
  if (at < text.length || !segments.length) segments.push({ text: text.slice(at) });
  return { segments, count };
}
