/** A short excerpt of an article with the query terms marked. */
export interface Snippet {
  text: string;
  /** [start, end) character ranges in `text` to highlight. */
  highlights: Array<[number, number]>;
}

const WINDOW = 90;

export function makeSnippet(text: string, terms: string[], window = WINDOW): Snippet {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  const usable = terms.filter((t) => t.length > 0).sort((a, b) => b.length - a.length);
  const hits = findHits(flat, usable);
  const start = bestWindowStart(flat.length, hits, window);
  const end = Math.min(flat.length, start + window);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < flat.length ? '…' : '';
  const highlights = hits
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s - start + prefix.length, e - start + prefix.length]);
  return { text: prefix + flat.slice(start, end) + suffix, highlights };
}

function findHits(text: string, terms: string[]): Array<[number, number]> {
  const taken = new Uint8Array(text.length);
  const hits: Array<[number, number]> = [];
  for (const term of terms) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(term, from);
      if (at < 0) break;
      from = at + term.length;
      if (taken.subarray(at, at + term.length).some((v) => v === 1)) continue;
      taken.fill(1, at, at + term.length);
      hits.push([at, at + term.length]);
    }
  }
  return hits.sort((a, b) => a[0] - b[0]);
}

function bestWindowStart(length: number, hits: Array<[number, number]>, window: number): number {
  if (length <= window || hits.length === 0) return 0;
  let best = 0;
  let bestCount = -1;
  for (const [s] of hits) {
    const start = Math.max(0, Math.min(s - 10, length - window));
    const count = hits.filter(([hs, he]) => hs >= start && he <= start + window).length;
    if (count > bestCount) {
      best = start;
      bestCount = count;
    }
  }
  return best;
}

/** Renders a snippet for a terminal: ANSI bold when colour is on, 【】 otherwise. */
export function renderSnippet(snippet: Snippet, ansi: boolean): string {
  let out = '';
  let pos = 0;
  for (const [s, e] of snippet.highlights) {
    out += snippet.text.slice(pos, s) + (ansi ? `\x1b[1;33m${snippet.text.slice(s, e)}\x1b[0m` : `【${snippet.text.slice(s, e)}】`);
    pos = e;
  }
  return out + snippet.text.slice(pos);
}
