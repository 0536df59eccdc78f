/** A short excerpt of an article with the query terms marked. */
export interface Snippet {
  text: string;
  /** [start, end) character ranges in `text` to highlight. */
  highlights: Array<[number, number]>;
}

/** Characters a snippet shows. */
export const WINDOW = 90;

export function makeSnippet(text: string, terms: string[], window = WINDOW): Snippet {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  const { start, end, hits } = focusOf(flat, terms, window);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < flat.length ? '…' : '';
  const highlights = hits
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s - start + prefix.length, e - start + prefix.length]);
  return { text: prefix + flat.slice(start, end) + suffix, highlights };
}

/** Where a text best shows a query: the window [start, end) and every term's [start, end) in the whole text, in order. */
export interface Focus {
  start: number;
  end: number;
  hits: Array<[number, number]>;
}

/**
 * A query word that is one character of a citation's syntax or a numeral (第, 条, 一, 2…), as 「民法典第2000条」 or
 * 「第一款」 segment: marking every 一 and 第 of an article says nothing, so it is neither marked nor sought.
 */
const CITATION_CHARACTER = /^[第条款项之一二三四五六七八九十百千万零〇两0-9０-９]$/;

/** The window of `text` holding the most of the query's distinct terms (see bestWindowStart), with all the terms' places. */
export function focusOf(text: string, terms: string[], window = WINDOW): Focus {
  const usable = [...new Set(terms.filter((t) => t.length > 0 && !CITATION_CHARACTER.test(t)))].sort((a, b) => b.length - a.length);
  // Single characters (不, 年, 人) are in almost every article: marked only when no longer word of the query is in it.
  const words = findHits(text, usable.filter((t) => [...t].length > 1));
  const hits = words.length ? words : findHits(text, usable);
  const start = clauseStart(text, bestWindowStart(text.length, hits, window), hits);
  return { start, end: Math.min(text.length, start + window), hits: hits.map((h) => [h.start, h.end]) };
}

/** How far before the window's first word its start may move to open a clause. */
const SNAP = 20;
/** Characters a clause follows: line breaks (spaces in a flattened text), full stops, semicolons, colons, commas. */
const CLAUSE_BREAK = /[\n 。；：，]/;

/**
 * The window's start moved back to the earliest clause start (or the text's) at most SNAP characters before its
 * first word, so an excerpt opens at 「（二）未及时…」 or 「劳动者可以…」, not mid-word at 「…位有下列」; unmoved when none is that near.
 */
function clauseStart(text: string, start: number, hits: Hit[]): number {
  const first = hits.find((h) => h.start >= start)?.start;
  if (first === undefined) return start;
  for (let i = Math.max(0, first - SNAP); i < first; i++) {
    if (i > 0 && !CLAUSE_BREAK.test(text[i - 1] as string)) continue;
    while (i < first && /\s/.test(text[i] as string)) i++;
    return i;
  }
  return start;
}

interface Hit {
  start: number;
  end: number;
  term: string;
}

function findHits(text: string, terms: string[]): Hit[] {
  const taken = new Uint8Array(text.length);
  const hits: Hit[] = [];
  for (const term of terms) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(term, from);
      if (at < 0) break;
      from = at + term.length;
      if (taken.subarray(at, at + term.length).some((v) => v === 1)) continue;
      taken.fill(1, at, at + term.length);
      hits.push({ start: at, end: at + term.length, term });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** A repeat of a term already in the window counts this much of a new one: the window that shows most of the query wins. */
const REPEAT_WEIGHT = 0.2;

/**
 * Where the excerpt starts: the window holding the most of the query's distinct terms, longer terms
 * (more telling: 劳动报酬 against 单位) weighing more, and repeats a little; the earliest on a tie.
 */
function bestWindowStart(length: number, hits: Hit[], window: number): number {
  if (length <= window || hits.length === 0) return 0;
  let best = 0;
  let bestScore = -1;
  for (const { start: s } of hits) {
    const start = Math.max(0, Math.min(s - 10, length - window));
    const seen = new Set<string>();
    let score = 0;
    for (const h of hits) {
      if (h.start < start || h.end > start + window) continue;
      score += seen.has(h.term) ? REPEAT_WEIGHT * h.term.length : h.term.length;
      seen.add(h.term);
    }
    if (score > bestScore) {
      best = start;
      bestScore = score;
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
