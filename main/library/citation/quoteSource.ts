/**
 * A quotation that is not the cited article's text is often another article's. A brief written from
 * 民事诉讼法 of 2017 cites 第六十四条 and quotes 「当事人对自己提出的主张，有责任提供证据」, which the
 * version in force holds as 第六十七条; a contract cites 公司法第七十一条 with 2018's words on transferring
 * shares; a number is mistyped and the quotation is its neighbour's. This finds where in the cited law the
 * quotation stands, so the reader is told which article the text meant instead of only that it differs.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { ARTICLE_SELECT, toStatuteArticle, type ArticleRow } from '../articles.js';
import { statusSql } from '../status.js';
import { counterpartInVersion, lawVersions } from '../versions/counterparts.js';
import { pairCover, textPairs, type TextPairs } from '../versions/textPairs.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';

export interface QuoteSource {
  articleId: number;
  /** The law holding it: the cited article's, or the law that repealed the one cited. */
  lawTitle: string;
  label: string;
  /** The version holding it; the cited article's own when `sameVersion`. */
  publishDate: string | null;
  status: string;
  sameVersion: boolean;
  /** Word for word (spacing and punctuation aside), or only close (a word or two differ). */
  verbatim: boolean;
  /**
   * For an article of another version: the article of the cited version (or, with no article cited, of the
   * version in force) holding that provision now, and how (word for word, amended, or only part of it); null
   * when that version holds none of it, or the article is in that version itself.
   */
  now: { articleId: number; label: string; match: 'identical' | 'amended' | 'partly' } | null;
}

/** Shorter quotations (正当理由, 依法) stand in too many articles to say which one was meant. */
const MIN_QUOTE_CHARS = 8;
/** A close quotation shares at least this part of its character pairs with the article, and clearly more than with the article cited. */
const CLOSE_COVER = 0.9;
const CLOSE_MARGIN = 0.25;

interface LawArticle {
  id: number;
  label: string;
  number: number | null;
  sub_number: number | null;
  publish_date: string | null;
  status: string;
  /** The text without spacing and punctuation, and its character pairs. */
  key: string;
  pairs: TextPairs;
}

/** Laws whose articles are kept read, so that a text quoting one law many times reads it once. */
const CACHED_LAWS = 4;
const cache = new RecentCache<LawArticle[]>(CACHED_LAWS);

/** Every version's articles of one law (and province), read once until the library's text changes. */
function lawArticles(db: Db, lawId: number, province: string): LawArticle[] {
  return cache.get(db, [textRevision(db), lawId, province].join('|'), () => {
    const rows = cachedStatement(
      db,
      `SELECT a.id, a.label, a.number, a.sub_number, a.text, d.publish_date, ${statusSql('d')} AS status
         FROM articles a JOIN documents d ON d.id = a.document_id
        WHERE d.law_id = ? AND COALESCE(d.province, '') = ? AND a.kind = 'article'`,
    ).all(lawId, province ?? '') as Array<Omit<LawArticle, 'key' | 'pairs'> & { text: string }>;
    return rows.map(({ text, ...a }) => ({ ...a, key: quoteKey(text), pairs: textPairs(text) }));
  });
}

/** Spacing and the forms of punctuation that quotations vary in, left out, so that only the words are compared. */
function quoteKey(s: string): string {
  return s.replace(/[\s\p{P}]/gu, '');
}

/**
 * Where the quotation stands in the cited article's law, when not in the article itself: by preference the
 * same number in another version (the citation follows an older text, and the article of the cited version
 * that holds the provision now is given), then another article of the cited version (a mistyped number),
 * then any version's, newest first. Word for word before close. Null when the law has it nowhere.
 */
export function quoteSource(db: Db, citedArticleId: number, quote: string): QuoteSource | null {
  const key = quoteKey(quote);
  if ([...key].length < MIN_QUOTE_CHARS) return null;
  const row = cachedStatement(db, `${ARTICLE_SELECT} WHERE a.id = ?`).get(citedArticleId) as ArticleRow | undefined;
  if (!row) return null;
  const cited = toStatuteArticle(row);
  if (quoteKey(cited.text).includes(key)) return null;
  const others = lawArticles(db, cited.lawId, cited.province).filter((a) => a.id !== cited.id);
  const rank = (a: LawArticle): number => {
    const sameVersion = (a.publish_date ?? '') === (cited.publishDate ?? '');
    const sameNumber = a.number === cited.number && a.sub_number === cited.subNumber;
    return !sameVersion && sameNumber ? 0 : sameVersion ? 1 : 2;
  };
  const found = located(others, key, cited.text, rank);
  if (!found) return null;
  const sameVersion = (found.article.publish_date ?? '') === (cited.publishDate ?? '');
  return sourceOf(db, cited.lawTitle, found, sameVersion, sameVersion ? null : cited.publishDate ?? '');
}

/**
 * Where the quotation stands in a law when the citation names no article of it the library holds: a law
 * since repealed, whose words the law that repealed it carried over (《合同法》第一百零七条's are 民法典
 * 第五百七十七条's), or an article number the law does not have. The version in force first, then the newest;
 * for an older version's article, where the version in force holds it.
 */
export function quoteInLaw(db: Db, law: { id: number; title: string; province: string }, quote: string): QuoteSource | null {
  const key = quoteKey(quote);
  if ([...key].length < MIN_QUOTE_CHARS) return null;
  const found = located(lawArticles(db, law.id, law.province), key, '', (a) => (a.status === 'current' ? 0 : 1));
  if (!found) return null;
  const inForce = lawVersions(db, law.id).find((v) => v.status === 'current')?.publishDate;
  const current = found.article.status === 'current' || inForce === undefined;
  return sourceOf(db, law.title, found, false, current ? null : inForce);
}

/** The article holding the quotation word for word, by `rank` (lower first) then the newest version; else the closest. */
function located(articles: LawArticle[], key: string, citedText: string, rank: (a: LawArticle) => number): { article: LawArticle; verbatim: boolean } | null {
  const byPreference = (a: LawArticle, b: LawArticle) => rank(a) - rank(b) || (b.publish_date ?? '').localeCompare(a.publish_date ?? '');
  const exact = articles.filter((a) => a.key.includes(key)).sort(byPreference)[0];
  return exact ? { article: exact, verbatim: true } : closest(articles, key, citedText, byPreference);
}

/** The source found, and (given a version date) where that version holds its provision. */
function sourceOf(db: Db, lawTitle: string, found: { article: LawArticle; verbatim: boolean }, sameVersion: boolean, nowIn: string | null): QuoteSource {
  const { article, verbatim } = found;
  return {
    articleId: article.id,
    lawTitle,
    label: article.label,
    publishDate: article.publish_date,
    status: article.status,
    sameVersion,
    verbatim,
    now: nowIn === null ? null : holdingNow(db, article.id, nowIn),
  };
}

/** The article sharing nearly all of the quotation's character pairs, and far more of them than the article cited does. */
function closest(others: LawArticle[], key: string, citedText: string, byPreference: (a: LawArticle, b: LawArticle) => number): { article: LawArticle; verbatim: false } | null {
  const pairs = textPairs(key);
  const floor = Math.max(CLOSE_COVER, pairCover(pairs, textPairs(citedText)) + CLOSE_MARGIN);
  let best: { article: LawArticle; cover: number } | null = null;
  for (const article of others) {
    const cover = pairCover(pairs, article.pairs);
    if (cover < floor) continue;
    if (!best || cover > best.cover + 1e-9 || (Math.abs(cover - best.cover) <= 1e-9 && byPreference(article, best.article) < 0)) best = { article, cover };
  }
  return best && { article: best.article, verbatim: false };
}

/** The article of the version published `date` holding the provision of article `id`, as the versions view finds it. */
function holdingNow(db: Db, id: number, date: string): QuoteSource['now'] {
  const row = cachedStatement(db, `${ARTICLE_SELECT} WHERE a.id = ?`).get(id) as ArticleRow | undefined;
  if (!row) return null;
  const there = counterpartInVersion(db, toStatuteArticle(row), date);
  const { articleId, label, match } = there;
  return articleId && label && (match === 'identical' || match === 'amended' || match === 'partly') ? { articleId, label, match } : null;
}
