import type { Db } from '../../db/open.js';
import { getArticles, type StatuteArticle } from '../articles.js';
import { inForceFirst } from '../status.js';
import type { CitationResolver } from '../citation/resolver.js';
import { linkSpans, type ArticleForLinks, type LinkKind } from './extractLinks.js';
import { referencedBy } from './statuteGraph.js';

/**
 * Where a citing article names the article being read: the clause holding the citation, with the
 * citation marked, and the lead of its list when the clause is one of its 项 — what 劳动合同法
 * 第四十六条 says of 第三十八条 is 「有下列情形之一的，用人单位应当向劳动者支付经济补偿：」 and
 * 「（一）劳动者依照本法第三十八条规定解除劳动合同的；」.
 */
export interface CitingPassage {
  /** The citing article. */
  articleId: number;
  /** The line that opens the list the clause belongs to (ends with a colon); null when none. */
  lead: string | null;
  text: string;
  /** The citation inside `text`, [start, end). */
  mark: [number, number];
}

/** Longest passage shown; a longer clause is cut around the citation. */
const MAX_PASSAGE = 120;
const SENTENCE_END = /[。；;！？]/;
const ITEM_START = /^\s*[（(][一二三四五六七八九十百]+[）)]/;

function forLinks(a: StatuteArticle): ArticleForLinks {
  return {
    id: a.id, lawId: a.lawId, lawTitle: a.lawTitle, documentId: a.documentId, kind: a.kind,
    publish: a.publishDate ?? '', effective: a.effectiveDate ?? '', level: a.level,
    number: a.number, subNumber: a.subNumber, text: a.text,
  };
}

/** The clause of `text` around [start, end): from the sentence end before it to the one after it, within its line. */
export function clauseAround(text: string, start: number, end: number): { lead: string | null; text: string; mark: [number, number] } {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline < 0 ? text.length : newline;
  let from = lineStart;
  for (let i = start - 1; i >= lineStart; i--) if (SENTENCE_END.test(text[i] as string)) { from = i + 1; break; }
  let to = lineEnd;
  for (let i = end; i < lineEnd; i++) if (SENTENCE_END.test(text[i] as string)) { to = i + 1; break; }
  // A long clause is cut around the citation, whole characters kept.
  let prefix = '';
  let suffix = '';
  if (to - from > MAX_PASSAGE) {
    const room = Math.max(0, MAX_PASSAGE - (end - start));
    const cutFrom = Math.max(from, start - Math.floor(room / 2));
    const cutTo = Math.min(to, end + (room - (start - cutFrom)));
    if (cutFrom > from) prefix = '…';
    if (cutTo < to) suffix = '…';
    [from, to] = [cutFrom, cutTo];
  }
  const line = text.slice(lineStart, lineEnd);
  let lead: string | null = null;
  if (ITEM_START.test(line) && lineStart > 0) {
    // The lead is the line just above the list's items, and leads only when it ends with a colon.
    const above = text.slice(0, lineStart - 1).split('\n').reverse().find((l) => !ITEM_START.test(l));
    lead = above !== undefined && /[：:]\s*$/.test(above) ? above.trim() : null;
  }
  const shown = text.slice(from, to).trim();
  const offset = from + (text.slice(from, to).length - text.slice(from, to).trimStart().length);
  return { lead, text: prefix + shown + suffix, mark: [start - offset + prefix.length, end - offset + prefix.length] };
}

/**
 * For each citing article, where it names `target` (its first citation of it): the links the statute
 * graph stores, found again with their places in the text. An article whose citation cannot be found
 * again (the library changed since the graph was built) is left out.
 */
export function citingPassages(db: Db, resolver: CitationResolver, target: StatuteArticle, citing: StatuteArticle[]): CitingPassage[] {
  const previous = db.prepare(
    `SELECT id, kind FROM articles WHERE document_id = ? AND ordinal < ? ORDER BY ordinal DESC LIMIT 1`,
  );
  // 本法第N条 within the law version, which may span several documents (民法典, one per 编); the last one wins, as in the graph.
  const inVersion = db.prepare(
    `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind = 'article' AND a.number = ? AND a.sub_number = ?
      ORDER BY a.document_id DESC, a.ordinal DESC LIMIT 1`,
  );
  const out: CitingPassage[] = [];
  for (const a of citing) {
    const before = a.kind === 'preamble' ? undefined : (previous.get(a.documentId, a.ordinal) as { id: number; kind: string } | undefined);
    const previousId = before && before.kind !== 'preamble' ? before.id : undefined;
    const sameVersion = (law: number, publish: string, n: number, sub: number) => (inVersion.get(law, publish, n, sub) as { id: number } | undefined)?.id;
    const span = linkSpans(forLinks(a), previousId, resolver, sameVersion).filter((l) => l.to === target.id).sort((x, y) => x.start - y.start)[0];
    if (span) out.push({ articleId: a.id, ...clauseAround(a.text, span.start, span.end) });
  }
  return out;
}

/** An article linking into another (citing, interpreting or amending it), with whether its link was checked and where it names it. */
export interface IncomingLink {
  article: StatuteArticle;
  /** See LinkedArticle.verified. */
  verified: boolean;
  passage: CitingPassage | null;
}

/** The articles linking into `target`, by kind of link, each kind in force first, with where each names `target`. */
export function linksInto(db: Db, resolver: CitationResolver, target: StatuteArticle): Record<LinkKind, IncomingLink[]> {
  const incoming = referencedBy(db, target.id);
  const citing = getArticles(db, [...new Set(incoming.map((l) => l.articleId))]);
  const passages = new Map(citingPassages(db, resolver, target, citing).map((p) => [p.articleId, p]));
  const ofKind = (kind: LinkKind): IncomingLink[] => {
    const verified = new Map(incoming.filter((l) => l.kind === kind).map((l) => [l.articleId, l.verified]));
    return inForceFirst(citing.filter((a) => verified.has(a.id))).map((a) => ({ article: a, verified: verified.get(a.id) ?? false, passage: passages.get(a.id) ?? null }));
  };
  return { cites: ofKind('cites'), interprets: ofKind('interprets'), amends: ofKind('amends') };
}
