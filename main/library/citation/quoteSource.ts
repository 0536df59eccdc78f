/**
 * A quotation that is not the cited article's text is often another article's. A brief written from
 * 民事诉讼法 of 2017 cites 第六十四条 and quotes 「当事人对自己提出的主张，有责任提供证据」, which the
 * version in force holds as 第六十七条; a contract cites 公司法第七十一条 with 2018's words on transferring
 * shares; a number is mistyped and the quotation is its neighbour's. This finds where in the cited law the
 * quotation stands, so the reader is told which article the text meant instead of only that it differs.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { articleById } from '../articles.js';
import { statusSql } from '../status.js';
import { counterpartInVersion } from '../versions/counterparts.js';
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
  /** The article is in the version cited, or (with no article cited) the one applied on the date checked. */
  applied: boolean;
  /** The version `now` was looked for in (the cited one, or the one applied); null when `applied`, or when no version applied then. */
  nowIn: string | null;
  /** The library holds more than one version of the law: a number may follow an older numbering, not only be mistyped. */
  revised: boolean;
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

/** Every version's articles of one law, newest version first, read once until the library's text changes. */
function lawArticles(db: Db, lawId: number): LawArticle[] {
  return cache.get(db, `${textRevision(db)}|${lawId}`, () => {
    const rows = cachedStatement(
      db,
      `SELECT a.id, a.label, a.number, a.sub_number, a.text, d.publish_date, ${statusSql('d')} AS status
         FROM articles a JOIN documents d ON d.id = a.document_id
        WHERE d.law_id = ? AND a.kind = 'article'
        ORDER BY COALESCE(d.publish_date, '') DESC, d.id, a.ordinal`,
    ).all(lawId) as Array<Omit<LawArticle, 'key' | 'pairs'> & { text: string }>;
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
 * then any version's, newest first. Word for word before close. Null when the law has it nowhere, or in
 * more than one article of a version (「但是当事人另有约定的除外」 ends 23 articles of 民法典: which one was
 * meant cannot be told).
 */
export function quoteSource(db: Db, citedArticleId: number, quote: string): QuoteSource | null {
  const key = quoteKey(quote);
  const cited = [...key].length < MIN_QUOTE_CHARS ? null : articleById(db, citedArticleId);
  if (!cited || quoteKey(cited.text).includes(key)) return null;
  const others = lawArticles(db, cited.lawId).filter((a) => a.id !== cited.id);
  const version = cited.publishDate ?? '';
  const rank = (a: LawArticle): number => {
    const sameVersion = (a.publish_date ?? '') === version;
    const sameNumber = a.number === cited.number && a.sub_number === cited.subNumber;
    return !sameVersion && sameNumber ? 0 : sameVersion ? 1 : 2;
  };
  const found = located(others, key, cited.text, rank);
  if (!found) return null;
  const sameVersion = (found.article.publish_date ?? '') === version;
  return sourceOf(db, cited.lawTitle, found, sameVersion, sameVersion, sameVersion ? null : version, others);
}

/**
 * Where the quotation stands in a law when the citation names no article of it the library holds: a law
 * since repealed, whose words the law that repealed it carried over (《合同法》第一百零七条's are 民法典
 * 第五百七十七条's), or an article number the law does not have. The version applied (`version`, the one in
 * force on the date checked) first, then the newest; for another version's article, where the version applied
 * holds it. Null as for quoteSource.
 */
export function quoteInLaw(db: Db, law: { id: number; title: string }, version: string | null, quote: string): QuoteSource | null {
  const key = quoteKey(quote);
  if ([...key].length < MIN_QUOTE_CHARS) return null;
  const articles = lawArticles(db, law.id);
  const found = located(articles, key, '', (a) => (version !== null && (a.publish_date ?? '') === version ? 0 : 1));
  if (!found) return null;
  const applied = version !== null && (found.article.publish_date ?? '') === version;
  return sourceOf(db, law.title, found, false, applied, applied ? null : version, articles);
}

/**
 * The article holding the quotation word for word, by `rank` (lower first) then the newest version; else the
 * closest. Null when the best rank holds it in two articles of one version: the words do not tell which.
 */
function located(articles: LawArticle[], key: string, citedText: string, rank: (a: LawArticle) => number): { article: LawArticle; verbatim: boolean } | null {
  const exact = articles.filter((a) => a.key.includes(key));
  if (exact.length) {
    const one = onlyOne(exact, rank, () => 0);
    return one && { article: one, verbatim: true };
  }
  const pairs = textPairs(key);
  const floor = Math.max(CLOSE_COVER, pairCover(pairs, textPairs(citedText)) + CLOSE_MARGIN);
  const covers = new Map<LawArticle, number>();
  for (const a of articles) {
    const cover = pairCover(pairs, a.pairs);
    if (cover >= floor) covers.set(a, cover);
  }
  const best = onlyOne([...covers.keys()], rank, (a) => covers.get(a)!);
  return best && { article: best, verbatim: false };
}

/**
 * Of the candidates at the best rank (then the highest score), the newest version's — unless that version has
 * two of them, when the text cannot say which it meant (null). `candidates` come newest version first.
 */
function onlyOne(candidates: LawArticle[], rank: (a: LawArticle) => number, score: (a: LawArticle) => number): LawArticle | null {
  if (!candidates.length) return null;
  const bestRank = Math.min(...candidates.map(rank));
  const ranked = candidates.filter((a) => rank(a) === bestRank);
  const bestScore = Math.max(...ranked.map(score));
  const top = ranked.filter((a) => score(a) >= bestScore - 1e-9);
  const chosen = top[0]!;
  const inItsVersion = top.filter((a) => (a.publish_date ?? '') === (chosen.publish_date ?? ''));
  return inItsVersion.length === 1 ? chosen : null;
}

/** The source found, and (given a version date) where that version holds its provision. */
function sourceOf(db: Db, lawTitle: string, found: { article: LawArticle; verbatim: boolean }, sameVersion: boolean, applied: boolean, nowIn: string | null, law: LawArticle[]): QuoteSource {
  const { article, verbatim } = found;
  return {
    applied,
    revised: law.some((a) => a.publish_date !== article.publish_date),
    articleId: article.id,
    lawTitle,
    label: article.label,
    publishDate: article.publish_date,
    status: article.status,
    sameVersion,
    verbatim,
    nowIn,
    now: nowIn === null ? null : holdingNow(db, article.id, nowIn),
  };
}

/** The article of the version published `date` holding the provision of article `id`, as the versions view finds it. */
function holdingNow(db: Db, id: number, date: string): QuoteSource['now'] {
  const article = articleById(db, id);
  if (!article) return null;
  const { articleId, label, match } = counterpartInVersion(db, article, date);
  return articleId && label && (match === 'identical' || match === 'amended' || match === 'partly') ? { articleId, label, match } : null;
}
