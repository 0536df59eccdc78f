/** A paragraph cut where the words sought occur: plain runs, and matches numbered in reading order from `first`. */
export type FoundSegment = { text: string; match?: number };

/**
 * How the words sought and the text are compared: full-width letters, digits and marks as their half-width forms
 * (「：」 and 「:」, 「（一）」 and 「(一)」, both of which the collection's texts use), Latin letters in either case.
 */
function fold(ch: string): string {
  const c = ch.codePointAt(0)!;
  const half = c >= 0xff01 && c <= 0xff5e ? String.fromCharCode(c - 0xfee0) : ch;
  const lower = half.toLowerCase();
  return lower.length === 1 ? lower : half;
}

/** The text folded, its spaces left out, with where each folded character stood in the text. */
function folded(text: string): { chars: string; at: number[] } {
  let chars = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/u.test(text[i]!)) continue;
    chars += fold(text[i]!);
    at.push(i);
  }
  return { chars, at };
}

/** The words sought as compared: folded, spaces left out (「解除 劳动合同」 finds 解除劳动合同). */
export function foldQuery(query: string): string {
  return folded(query).chars;
}

/**
 * The occurrences of the words sought in `text`, each numbered from `first`, so that a whole law's matches count
 * 1…n across its paragraphs. Spaces in either are passed over; a match that spans one keeps it inside the mark.
 */
export function findSegments(text: string, query: string, first: number): { segments: FoundSegment[]; count: number } {
  const needle = foldQuery(query);
  if (!needle) return { segments: [{ text }], count: 0 };
  const hay = folded(text);
  const segments: FoundSegment[] = [];
  let at = 0;
  let count = 0;
  for (let i = hay.chars.indexOf(needle); i >= 0; i = hay.chars.indexOf(needle, i + needle.length)) {
    const start = hay.at[i]!;
    const end = hay.at[i + needle.length - 1]! + 1;
    if (start > at) segments.push({ text: text.slice(at, start) });
    segments.push({ text: text.slice(start, end), match: first + count });
    count++;
    at = end;
  }
  if (at < text.length || !segments.length) segments.push({ text: text.slice(at) });
  return { segments, count };
}

const SMALL = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/**
 * An article number typed with digits — 第38条, 38条, 第133条之一 — as its number and sub-number, to find the
 * article itself (its label is written in Chinese numerals); null for other words.
 */
export function articleNumberOf(query: string): { number: number; subNumber: number } | null {
  const m = /^第?(\d{1,5})条(?:之([一二三四五六七八九十]|\d))?$/u.exec(foldQuery(query));
  if (!m) return null;
  const sub = m[2] === undefined ? 0 : /\d/.test(m[2]) ? Number(m[2]) : SMALL.indexOf(m[2]);
  return { number: Number(m[1]), subNumber: sub };
}
