/**
 * Whether two versions of a law say the same words, punctuation and spacing aside: a republication (民诉法解释 of
 * 2022-04-01 and 2022-04-02 differ only in half- and full-width brackets), which a comparison of the two would list
 * as dozens of amendments that change nothing, and a list of versions as two.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { ARTICLE_SELECT, toStatuteArticle, type ArticleRow, type StatuteArticle } from '../articles.js';

export function sameWording(db: Db, lawId: number, a: string, b: string): boolean {
  const words = (date: string) => versionArticleList(db, lawId, date).map((x) => `${x.label}${x.text}`.replace(/[\s\p{P}]/gu, '')).join('|');
  return words(a) === words(b);
}

/** One version's articles (the preamble aside), in the order of its documents and their numbering. */
export function versionArticleList(db: Db, lawId: number, date: string): StatuteArticle[] {
  const rows = cachedStatement(
    db,
    `${ARTICLE_SELECT} WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind != 'preamble' ORDER BY d.id, a.ordinal`,
  ).all(lawId, date) as ArticleRow[];
  return rows.map(toStatuteArticle);
}
