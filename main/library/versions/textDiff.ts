/**
 * What changed between two versions of a provision, character by character (Chinese has no
 * spaces to diff by words): the longest common subsequence of the two texts, with the shared
 * runs of one or two characters between two changes folded into them, so that a reworded
 * clause reads as one replacement and not as scattered single characters.
 */

/** -1: only in the older text; 0: in both; 1: only in the newer text. */
export type DiffPart = [op: -1 | 0 | 1, text: string];

/** Above this many cells the character table would be too large: the middle is compared line by line instead. */
const MAX_CELLS = 4_000_000;
/** Shared runs this short between two changes are folded into them. */
const SHORT_RUN = 2;

export function diffTexts(before: string, after: string): DiffPart[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  // Never inside a character written as two UTF-16 units (a rare character such as 𠀀).
  if (head > 0 && isHighSurrogate(before.charCodeAt(head - 1))) head--;
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const middle = a.length * b.length > MAX_CELLS ? lineDiff(a, b) : unitDiff([...a], [...b]);
  const parts: DiffPart[] = [[0, before.slice(0, head)], ...middle, [0, before.slice(before.length - tail)]];
  return merged(foldShortRuns(merged(parts)));
}

/** The LCS diff of two sequences of units (characters, or lines), each unit's text kept. */
function unitDiff(a: string[], b: string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  // lcs[i * (m + 1) + j]: the common subsequence's length of a[i..] and b[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = a[i] === b[j] ? (lcs[(i + 1) * (m + 1) + j + 1] as number) + 1 : Math.max(lcs[(i + 1) * (m + 1) + j] as number, lcs[i * (m + 1) + j + 1] as number);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) parts.push([0, a[i++] as string]), j++;
    else if (j < m && (i === n || (lcs[i * (m + 1) + j + 1] as number) > (lcs[(i + 1) * (m + 1) + j] as number))) parts.push([1, b[j++] as string]);
    else parts.push([-1, a[i++] as string]);
  }
  return parts;
}

/** Whole lines compared (each keeping its line break), for texts too long for the character table. */
function lineDiff(a: string, b: string): DiffPart[] {
  const lines = (s: string) => s.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  return unitDiff(lines(a), lines(b));
}

/** Adjacent parts of one kind joined, empty ones dropped, and in each run of changes the deletion before the insertion. */
function merged(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push([-1, removed]);
    if (added) out.push([1, added]);
    removed = added = '';
  };
  for (const [op, text] of parts) {
    if (!text) continue;
    if (op === -1) removed += text;
    else if (op === 1) added += text;
    else {
      flush();
      const last = out.at(-1);
      if (last && last[0] === 0) last[1] += text;
      else out.push([0, text]);
    }
  }
  flush();
  return out;
}

/** A shared run of at most SHORT_RUN characters with changes on both sides becomes part of both of them. */
function foldShortRuns(parts: DiffPart[]): DiffPart[] {
  return parts.flatMap((part, i): DiffPart[] => {
    const [op, text] = part;
    const changed = (k: number) => parts[k] !== undefined && parts[k]![0] !== 0;
    const beforeIsChange = changed(i - 1);
    const afterIsChange = changed(i + 1);
    if (op !== 0 || [...text].length > SHORT_RUN || !beforeIsChange || !afterIsChange) return [part];
    return [[-1, text], [1, text]];
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
