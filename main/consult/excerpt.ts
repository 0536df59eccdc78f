import { focusOf, WINDOW, type Snippet } from '../search/snippet.js';
import type { Evidence, EvidenceExcerpt } from './types.js';

/** Where a shortened view of `text` shows most of `terms` (the search snippet's window, opening at a clause); null when none is in it. */
export function evidenceExcerpt(text: string, terms: string[]): EvidenceExcerpt | null {
  const { start, hits } = focusOf(text, terms);
  return hits.length ? { start, hits } : null;
}

/**
 * Each article's excerpt for the words of the queries that found it (`termsOf`: a query's words as the
 * retrievers searched them, statute terms for everyday words included); an article reached only
 * through the statute graph gets the words of the turn's own question.
 */
export function withExcerpts(evidence: Evidence[], termsOf: (query: string) => string[]): Evidence[] {
  const cache = new Map<string, string[]>();
  const words = (query: string): string[] => {
    let terms = cache.get(query);
    if (!terms) cache.set(query, (terms = termsOf(query)));
    return terms;
  };
  const asked = [...new Set(evidence.flatMap((e) => e.foundBy.filter((s) => s.via === 'original').map((s) => s.query)))];
  return evidence.map((e) => {
    const queries = e.foundBy.filter((s) => s.via !== 'graph').map((s) => s.query);
    const terms = [...new Set((queries.length ? queries : asked).flatMap(words))];
    return { ...e, excerpt: evidenceExcerpt(e.text, terms) };
  });
}

/** An evidence article's excerpt as a one-line snippet of `window` characters, the words that found it highlighted (its start when it has none). */
export function excerptSnippet(e: Pick<Evidence, 'text' | 'excerpt'>, window = WINDOW): Snippet {
  const start = e.excerpt?.start ?? 0;
  const end = Math.min(e.text.length, start + window);
  const prefix = start > 0 ? '…' : '';
  // Line breaks become spaces one for one, so the hits' places still hold.
  const text = prefix + e.text.slice(start, end).replace(/\n/g, ' ') + (end < e.text.length ? '…' : '');
  const highlights = (e.excerpt?.hits ?? [])
    .filter(([s, t]) => s >= start && t <= end)
    .map(([s, t]): [number, number] => [s - start + prefix.length, t - start + prefix.length]);
  return { text, highlights };
}
