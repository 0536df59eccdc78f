/**
 * A revision that renumbers a law makes a citation without a version ambiguous. 公司法 of
 * 2023 is the law in force, and its 第七十一条 is on dismissing directors; the 第七十一条
 * that older judgments, contracts and models cite, on transferring shares, is the 2018
 * version's. A heavy amendment does the same on a smaller scale (未成年人保护法第九条 of
 * 2024 names another coordinating body than 2020's). When the version before the one a
 * citation resolved to reads otherwise under the same number, this finds it, so the
 * reader is told.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { ARTICLE_SELECT, articleById, citedSpans, toStatuteArticle, type ArticleRow, type StatuteArticle } from '../articles.js';
import { counterpartInVersion, counterpartOfText } from '../versions/counterparts.js';
import type { CitedPart } from './parseCitation.js';
import { pairOverlap, textPairs } from '../versions/textPairs.js';
import { clip } from '../../util/clip.js';

export interface EarlierNumbering {
  articleId: number;
  /** The earlier version's publish date. */
  publishDate: string;
  label: string;
  /** The earlier provision's opening words. */
  excerpt: string;
}

/** Where the earlier provision stands in the version looked up (2018's 第七十一条 is 2023's 第八十四条). */
export interface ProvisionNow {
  articleId: number;
  label: string;
}

/** Below this share of shared character pairs, the text under one number reads otherwise: another provision, or one rewritten. */
export const SAME_PROVISION = 0.5;
const EXCERPT_CHARS = 40;
/** The article under the same number in the version published last before the given date. */
const EARLIER_ARTICLE_SQL = `${ARTICLE_SELECT} WHERE d.law_id = @law AND a.number = @number AND a.sub_number = @sub AND a.kind = 'article'
     AND d.publish_date = (SELECT max(publish_date) FROM documents WHERE law_id = @law AND publish_date < @date)
   LIMIT 1`;

export function earlierNumbering(db: Db, article: StatuteArticle): EarlierNumbering | null {
  if (article.kind !== 'article' || article.publishDate === null) return null;
  const earlier = cachedStatement(db, EARLIER_ARTICLE_SQL).get({ law: article.lawId, number: article.number, sub: article.subNumber, date: article.publishDate }) as ArticleRow | undefined;
  if (!earlier) return null;
  const before = toStatuteArticle(earlier);
  if (pairOverlap(textPairs(before.text), textPairs(article.text)) >= SAME_PROVISION) return null;
  const text = before.text.replace(/\s+/g, '');
  return {
    articleId: before.id,
    publishDate: before.publishDate ?? '',
    label: before.label,
    excerpt: clip(text, EXCERPT_CHARS),
  };
}

/**
 * The article of `article`'s version that holds the earlier provision now (found by text, see counterparts.ts);
 * null when none does, or when it is `article` itself, reworded beyond recognition (未成年人保护法第九条).
 * Apart from earlierNumbering, which every lookup runs, as it reads the whole version.
 */
export function provisionNow(db: Db, earlier: EarlierNumbering, article: StatuteArticle, parts: readonly CitedPart[] = []): ProvisionNow | null {
  const before = articleById(db, earlier.articleId);
  if (!before) return null;
  // 公司法 2018 第二十条第三款 (piercing the corporate veil): the 款 cited, now 第二十三条, not the article's first 款, now 第二十一条.
  const part = partText(before, parts);
  const there = part
    ? counterpartOfText(db, { lawId: before.lawId, kind: before.kind, text: part }, article.publishDate ?? '')
    : counterpartInVersion(db, before, article.publishDate ?? '');
  return there.articleId && there.label && there.articleId !== article.id ? { articleId: there.articleId, label: there.label } : null;
}

/** The text of the 款 and 项 cited, when the article has them all; null for none cited or one it lacks. */
export function partText(article: StatuteArticle, parts: readonly CitedPart[]): string | null {
  if (parts.length === 0) return null;
  const held = parts.every(({ paragraph, items }) => paragraph === null || (paragraph <= article.paragraphs.length && items.every((i) => i <= (article.paragraphs[paragraph - 1]?.items.length ?? 0))));
  const spans = held ? citedSpans(article, parts) : [];
  return spans.length ? spans.map(([from, to]) => article.text.slice(from, to)).join('\n') : null;
}

/** Whether the earlier article has the 款 and 项 cited (2018's 第二十条 had a 第三款; 2023's has two). */
export function earlierHasParts(db: Db, earlier: EarlierNumbering, parts: readonly CitedPart[]): boolean {
  const before = articleById(db, earlier.articleId);
  return !!before && partText(before, parts) !== null;
}
