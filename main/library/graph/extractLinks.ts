import type { CitationResolver } from '../citation/resolver.js';
import { parseCitations } from '../citation/parseCitation.js';

export interface ArticleForLinks {
  id: number;
  lawId: number;
  documentId: number;
  publish: string;
  level: string;
  number: number;
  subNumber: number;
  text: string;
}

export interface ArticleLink {
  from: number;
  to: number;
  kind: 'cites' | 'interprets';
}

/** Finds an article of a given law version by number (for 本法第X条 and 前条). */
export type SameVersionLookup = (lawId: number, publish: string, number: number, subNumber: number) => number | undefined;

/**
 * The links one article makes: 《X法》第N条 and X法第N条 (resolved to the version
 * in force when the citing text was published, else the current one), 本法第N条
 * (same version), 前条 (the article before). A judicial interpretation citing a
 * law's article is recorded as interpreting it.
 */
export function extractLinks(a: ArticleForLinks, previousId: number | undefined, resolver: CitationResolver, sameVersion: SameVersionLookup): ArticleLink[] {
  const out = new Map<string, ArticleLink>();
  const add = (to: number | undefined, kind: ArticleLink['kind']) => {
    if (to === undefined || to === a.id) return;
    out.set(`${to}:${kind}`, { from: a.id, to, kind });
  };
  if (previousId !== undefined && /前条/.test(a.text)) add(previousId, 'cites');
  if (!a.text.includes('条')) return [...out.values()];
  for (const ref of parseCitations(a.text, resolver.names)) {
    if (ref.sameLaw) {
      add(sameVersion(a.lawId, a.publish, ref.article, ref.subNumber), 'cites');
      continue;
    }
    if (!ref.lawKeys.length) continue;
    let hit = resolver.resolveRef(ref, { asOf: a.publish || undefined });
    if (!hit.ok && a.publish) hit = resolver.resolveRef(ref);
    if (!hit.ok) continue;
    const interprets = a.level === '司法解释' && hit.article.level !== '司法解释' && hit.article.lawId !== a.lawId;
    add(hit.article.id, interprets ? 'interprets' : 'cites');
  }
  return [...out.values()];
}
