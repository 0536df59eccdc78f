/**
 * Whether an article was law on a date, for what a dated search or lookup shows beside it instead of today's status
 * alone: 民法典 第五百七十七条 as of 2019 stands in for 《合同法》第一百零七条 and was not yet law (现行有效 today, 尚未施行
 * then); 刑法 第一百三十三条之二 as of 2019 had not been added; a version superseded since (已被修订 today) was law then.
 */
import { cachedStatement, type Db } from '../db/open.js';
import { standsInFor } from '../library/citation/civilCodeStandIn.js';
import { filterSql } from './filters.js';

export interface DatedArticle {
  id: number;
  lawTitle: string;
  province: string;
  number: number;
  subNumber: number;
}

/**
 * True when the article's version is the one in force on `asOf`, or its law was in force then in a text the library
 * lacks and the article is not known to be later (刑法 第二百六十四条 as of 2019, read in the 2020 text: the notes say
 * which text applied); false for a stand-in of 民法典, an article a later amendment added or one deleted by then, and a
 * version not yet in force or already replaced on that date. `notLaw` is the dated note's own word on the article.
 */
export function lawOnDate(db: Db, article: DatedArticle, asOf: string, notLaw: boolean): boolean {
  if (notLaw || standsInFor(article, asOf).length > 0) return false;
  // The search's own rule for a date, so that a hit and the article opened from it never disagree.
  const { where, params } = filterSql({ asOf });
  const sql = `SELECT 1 FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE a.id = @id AND ${where.join(' AND ')}`;
  return cachedStatement(db, sql).get({ ...params, id: article.id }) !== undefined;
}
