import type { StatuteArticle } from '../articles.js';
import { normalizeLawName } from '../citation/aliases.js';
import type { CitationResolver } from '../citation/resolver.js';
import { parseCitations, type CitationRef } from '../citation/parseCitation.js';
import type { ArticleKind } from '../types.js';

export interface ArticleForLinks {
  id: number;
  lawId: number;
  /** Title of the citing law: an amendment (刑法修正案) names the law it amends. */
  lawTitle: string;
  documentId: number;
  kind: ArticleKind;
  publish: string;
  /** When the citing text took effect ('' when unknown): its citations mean the law as it read then. */
  effective: string;
  level: string;
  number: number;
  subNumber: number;
  text: string;
}

export type LinkKind = 'cites' | 'interprets' | 'amends';

export interface ArticleLink {
  from: number;
  to: number;
  kind: LinkKind;
  /**
   * False when no version of the cited law in the library was in force when the
   * citing text took effect, so the current text stands in: its numbering may
   * differ from the one the citation meant (民事诉讼法第二百三十七条 of 2017 is
   * not the 第二百三十七条 of 2023).
   */
  verified: boolean;
}

/** Finds an article of a given law version by number (for 本法第X条 and 前条). */
export type SameVersionLookup = (lawId: number, publish: string, number: number, subNumber: number) => number | undefined;

const PRC = '中华人民共和国';
/** "在刑法第三百九十条后增加一条": the article only says where the new one goes. */
const POSITION_ONLY_AFTER = /^\s*之?后(?:增加|增设|插入)/u;

/**
 * The law an amendment changes: "中华人民共和国刑法修正案（十二）" → "中华人民共和国刑法",
 * "…关于修改《X》的决定" → "X"; null for anything else (and for decisions amending
 * several documents at once, whose title names only the first).
 */
function amendedLawTitle(title: string): string | null {
  const amendment = /^(.+?)修正案(?:[（(][^（）()]*[）)])?$/u.exec(title);
  if (amendment?.[1]) return amendment[1];
  const decision = /关于修改《([^》]+)》的决定$/u.exec(title);
  return decision?.[1] ?? null;
}

function sameLawTitle(a: string, b: string): boolean {
  const strip = (t: string) => normalizeLawName(t).replace(PRC, '');
  return strip(a) === strip(b);
}

interface Target {
  article: StatuteArticle;
  verified: boolean;
}

/**
 * Which article a citation means. An amendment's citations of the law it amends
 * point at the first version that contains the amendment (刑法修正案（十二）
 * 五、 → 刑法第三百九十条 as amended). Any other citation means the version in force
 * when the citing text took effect; only when the library has none does the
 * current version stand in, and the link is marked unverified.
 */
function linkTarget(a: ArticleForLinks, ref: CitationRef, resolver: CitationResolver, amended: string | null): Target | null {
  if (amended !== null && a.publish) {
    const hit = resolver.resolveRef(ref, { amendedOn: a.publish });
    if (hit.ok && sameLawTitle(hit.article.lawTitle, amended)) return { article: hit.article, verified: true };
  }
  const date = a.effective || a.publish;
  if (date) {
    const hit = resolver.resolveRef(ref, { asOf: date });
    // A first text standing in for the text of the time (刑法 cited in 2015) has a numbering no one checked.
    if (hit.ok && !hit.gap) return { article: hit.article, verified: true };
  }
  const current = resolver.resolveRef(ref);
  return current.ok ? { article: current.article, verified: false } : null;
}

function linkKind(a: ArticleForLinks, target: StatuteArticle, amended: string | null): LinkKind {
  if (amended !== null && sameLawTitle(target.lawTitle, amended)) return 'amends';
  const interprets = a.level === '司法解释' && target.level !== '司法解释' && target.lawId !== a.lawId;
  return interprets ? 'interprets' : 'cites';
}

/** One place in the citing text that makes a link: the characters [start, end) of the citation (or of 前条). */
export interface LinkSpan {
  to: number;
  kind: LinkKind;
  verified: boolean;
  start: number;
  end: number;
}

/**
 * Every citation in one article (or item, or 序言) that links to another article, 前条 first, then
 * the citations as parseCitations finds them: 《X法》第N条 and X法第N条 (see linkTarget), 本法第N条
 * (same version), 前条 (the article before). A judicial interpretation citing a law's article is
 * recorded as interpreting it, an amendment citing the law it amends as amending it.
 */
export function linkSpans(a: ArticleForLinks, previousId: number | undefined, resolver: CitationResolver, sameVersion: SameVersionLookup): LinkSpan[] {
  const out: LinkSpan[] = [];
  const add = (to: number | undefined, kind: LinkKind, start: number, end: number, verified = true) => {
    if (to !== undefined && to !== a.id) out.push({ to, kind, verified, start, end });
  };
  const before = previousId === undefined ? -1 : a.text.indexOf('前条');
  if (before >= 0) add(previousId, 'cites', before, before + 2);
  if (!a.text.includes('条') && !a.text.includes('序言')) return out;
  const amended = amendedLawTitle(a.lawTitle);
  for (const ref of parseCitations(a.text, resolver.names)) {
    if (ref.sameLaw) {
      if (!ref.preamble) add(sameVersion(a.lawId, a.publish, ref.article, ref.subNumber), 'cites', ref.start, ref.end);
      continue;
    }
    if (!ref.lawKeys.length) continue;
    const target = linkTarget(a, ref, resolver, amended);
    if (!target) continue;
    const kind = linkKind(a, target.article, amended);
    if (kind !== 'amends' || !POSITION_ONLY_AFTER.test(a.text.slice(ref.end))) add(target.article.id, kind, ref.start, ref.end, target.verified);
  }
  return out;
}

/** The links one article makes (linkSpans), one per target and kind, verified where any of its citations is. */
export function extractLinks(a: ArticleForLinks, previousId: number | undefined, resolver: CitationResolver, sameVersion: SameVersionLookup): ArticleLink[] {
  const out = new Map<string, ArticleLink>();
  for (const { to, kind, verified } of linkSpans(a, previousId, resolver, sameVersion)) {
    const key = `${to}:${kind}`;
    if (!out.get(key)?.verified) out.set(key, { from: a.id, to, kind, verified });
  }
  return [...out.values()];
}
