/**
 * The same provision in the law's other versions. A revision renumbers (公司法 of 2018 第二十条, on abusing
 * shareholder rights, is 2023's 第二十一条, and its third paragraph, piercing the corporate veil, became
 * 第二十三条), splits and rewords articles, so the same number in another version is often another
 * provision. Each version's counterpart is found by text (counterpartChoice.ts): the article sharing
 * most character pairs with this one, unless another article of this one's version holds it, or one
 * that holds most of this text or most of whose text this one holds (a split or a merger), then a
 * paragraph, then an article each other's closest; other articles that took a large part of it are
 * listed beside it. With it comes what changed, from the older text to the newer.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';
import type { StatuteArticle } from '../articles.js';
import { statusSql } from '../status.js';
import { diffTexts, type DiffPart } from './textDiff.js';
import { AMENDED, chooseCounterpart, COVERED } from './counterpartChoice.js';
import { curatedAlso, curatedCounterpart } from './curatedCounterparts.js';
import { sameWording } from './sameWording.js';
import { pairCover, pairOverlap, textPairs, type TextPairs } from './textPairs.js';

/** How that version's provision relates to this article. */
export type VersionMatch = 'self' | 'identical' | 'amended' | 'partly' | 'none';

export interface VersionArticle {
  articleId: number;
  label: string;
  /** Share of character pairs the two texts have in common (Dice), 0–1. */
  similarity: number;
}

export interface ArticleVersion {
  publishDate: string | null;
  effectiveDate: string | null;
  status: string;
  /** The article of that version holding this provision (this article itself in its own version); null when none does. */
  articleId: number | null;
  label: string | null;
  similarity: number | null;
  match: VersionMatch;
  /** Other articles of that version that took a large part of this text, or whose text this one largely holds (a split or a merger). */
  also: VersionArticle[];
  /** From the older text to the newer; null for this article's own version, an identical text or no counterpart. */
  diff: DiffPart[] | null;
  /** The newer version this one says word for word, punctuation and spacing aside: a republication, not a revision (民诉法解释 of 2022-04-01 and 2022-04-02). */
  sameWordingAs?: string;
}

const MAX_ALSO = 3;
/** An article that shares a paragraph is listed beside the counterpart only when this alike as a whole: a list of roles repeated in a definitions article (公司法 第二百一十六条) is no carry-over. */
const ALSO_SIMILARITY = 0.2;

interface Candidate {
  id: number;
  label: string;
  text: string;
  pairs: TextPairs;
  /** Its paragraphs long enough to be told apart from boilerplate (违反前款规定，给公司造成损失的，应当承担赔偿责任). */
  parts: TextPairs[];
  /** The headings it stands under. */
  path: readonly string[];
}

/** A paragraph this long (in character pairs) is a provision of its own, not a formula many articles repeat. */
const MIN_PART_PAIRS = 25;

function candidate(row: { id: number; label: string; text: string; path?: readonly string[] }): Candidate {
  return { id: row.id, label: row.label, text: row.text, path: row.path ?? [], pairs: textPairs(row.text), parts: longParagraphs(row.text) };
}

function longParagraphs(text: string): TextPairs[] {
  return text.split('\n').map(textPairs).filter((p) => p.total >= MIN_PART_PAIRS);
}

/** The versions of a law, newest first: publish date ('' for an undated one), the latest effective date among its documents, status. */
export function lawVersions(db: Db, lawId: number): Array<{ publishDate: string; effectiveDate: string | null; status: string }> {
  return cachedStatement(
    db,
    `SELECT COALESCE(d.publish_date, '') AS publishDate, MAX(d.effective_date) AS effectiveDate, ${statusSql('d')} AS status
       FROM documents d WHERE d.law_id = ?
      GROUP BY COALESCE(d.publish_date, '') ORDER BY publishDate DESC`,
  ).all(lawId) as Array<{ publishDate: string; effectiveDate: string | null; status: string }>;
}

export function articleVersions(db: Db, article: StatuteArticle): ArticleVersion[] {
  const versions = lawVersions(db, article.lawId);
  return versions.map((v, i) => {
    const newer = versions[i - 1];
    const republished = newer && v.publishDate && newer.publishDate && sameWordingCached(db, article.lawId, v.publishDate, newer.publishDate);
    return {
      publishDate: v.publishDate || null,
      effectiveDate: v.effectiveDate,
      status: v.status,
      ...counterpartInVersion(db, article, v.publishDate),
      ...(republished ? { sameWordingAs: newer.publishDate } : {}),
    };
  });
}

const wordingCache = new RecentCache<boolean>(64);

/** sameWording (sameWording.ts), kept per library revision: every article of a law asks it of the same two versions. */
function sameWordingCached(db: Db, lawId: number, a: string, b: string): boolean {
  return wordingCache.get(db, [textRevision(db), lawId, a, b].join('|'), () => sameWording(db, lawId, a, b));
}

/** The article of the version published `date` holding `article`'s provision (see counterpartIn), for one version only. */
export function counterpartInVersion(db: Db, article: StatuteArticle, date: string): Pick<ArticleVersion, 'articleId' | 'label' | 'similarity' | 'match' | 'also' | 'diff'> {
  const own = article.publishDate ?? '';
  if (date === own) return { articleId: article.id, label: article.label, similarity: 1, match: 'self', also: [], diff: null };
  const candidates = versionArticles(db, article, date);
  const listed = curatedCounterpart(article.lawTitle, own, article.label, date);
  const forced = listed === null ? undefined : candidates.find((c) => c.label === listed);
  const found = counterpartIn(candidate(article), candidates, date < own, versionArticles(db, article, own), true, forced);
  // What else took part of it, as the table says (刑诉法解释 2012 第九十五条's second 款, 2021 第一百二十六条).
  const also = forced ? curatedAlso(article.lawTitle, own, article.label, date).flatMap((label) => candidates.filter((c) => c.label === label)) : [];
  return also.length ? { ...found, also: also.map((c) => ({ articleId: c.id, label: c.label, similarity: round(pairOverlap(candidate(article).pairs, c.pairs)) })) } : found;
}

/**
 * The article of the version published `date` holding a provision known only by its text (a saved article whose
 * own version the library no longer holds); the change is from that text to the version's.
 */
export function counterpartOfText(db: Db, provision: Pick<StatuteArticle, 'lawId' | 'kind' | 'text'>, date: string): Pick<ArticleVersion, 'articleId' | 'label' | 'similarity' | 'match' | 'also' | 'diff'> {
  return counterpartIn(candidate({ id: 0, label: '', text: provision.text }), versionArticles(db, provision, date), false, null);
}

/**
 * The article of another law's version published `date` holding this article's text: where a repealed document's
 * provision went in the one that replaced it (合同法解释（二）第二十六条 → 民法典 第五百三十三条); the change is
 * from this text to that one.
 */
export function counterpartInLaw(db: Db, article: StatuteArticle, lawId: number, date: string): Pick<ArticleVersion, 'articleId' | 'label' | 'similarity' | 'match' | 'also' | 'diff'> {
  return counterpartIn(candidate(article), versionArticles(db, { lawId, kind: article.kind }, date), false, versionArticles(db, article, article.publishDate ?? ''));
}

/** Versions whose articles' pairs are kept, so that reading a law's articles one after another counts each version once. */
const CACHED_VERSIONS = 8;
const cache = new RecentCache<Candidate[]>(CACHED_VERSIONS);

/** One version's articles of the article's kind, with their pairs (cached per connection until the library's text changes). */
function versionArticles(db: Db, article: Pick<StatuteArticle, 'lawId' | 'kind'>, date: string): Candidate[] {
  return cache.get(db, [textRevision(db), article.lawId, date, article.kind].join('|'), () => {
    const rows = cachedStatement(
      db,
      `SELECT a.id, a.label, a.text, a.path FROM articles a JOIN documents d ON d.id = a.document_id
        WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind = ? ORDER BY d.id, a.ordinal`,
    ).all(article.lawId, date, article.kind) as Array<{ id: number; label: string; text: string; path: string }>;
    return rows.map((r) => candidate({ ...r, path: JSON.parse(r.path) as string[] }));
  });
}

/**
 * This article's counterpart among one version's articles (see counterpartChoice), the others that took part of it,
 * and the change between them. `own` is the article's own version, when the library holds it; `forced`, a counterpart
 * the curated table gives (curatedCounterparts.ts).
 */
function counterpartIn(
  mine: Candidate, candidates: Candidate[], older: boolean, own: Candidate[] | null, recast = false, forced?: Candidate,
): Pick<ArticleVersion, 'articleId' | 'label' | 'similarity' | 'match' | 'also' | 'diff'> {
  const best = forced ? { c: forced, similarity: pairOverlap(mine.pairs, forced.pairs) } : chooseCounterpart(mine, candidates, own, recast);
  if (!best) return { articleId: null, label: null, similarity: null, match: 'none', also: [], diff: null };
  const bySimilarity = candidates.map((c) => ({ c, similarity: pairOverlap(mine.pairs, c.pairs) })).sort((x, y) => y.similarity - x.similarity);
  const identical = squeeze(best.c.text) === squeeze(mine.text);
  // A paragraph of one carried into the other: 2018's 第二十条 第三款 (piercing the veil) is 2023's 第二十三条 第一款.
  const sharesParagraph = (c: Candidate) =>
    mine.parts.some((p) => pairCover(p, c.pairs) >= COVERED) || c.parts.some((p) => pairCover(p, mine.pairs) >= COVERED);
  // A curated pairing was judged alone: the others the rules would list beside it are not (行政复议法 2023 第四十一条's
  // items share words with 2017 第六条's list without taking from it).
  const also = bySimilarity
    .filter((s) => !forced && s.c !== best.c && s.similarity >= ALSO_SIMILARITY && sharesParagraph(s.c))
    .slice(0, MAX_ALSO)
    .map((s) => ({ articleId: s.c.id, label: s.c.label, similarity: round(s.similarity) }));
  return {
    articleId: best.c.id,
    label: best.c.label,
    similarity: round(best.similarity),
    match: identical ? 'identical' : best.similarity >= AMENDED ? 'amended' : 'partly',
    also,
    diff: identical ? null : older ? diffTexts(best.c.text, mine.text) : diffTexts(mine.text, best.c.text),
  };
}

/** The text without spaces and line breaks: a re-wrapped line is no amendment (nor a change to a saved article). */
export const squeeze = (text: string) => text.replace(/\s+/g, '');
const round = (x: number) => Math.round(x * 1000) / 1000;
