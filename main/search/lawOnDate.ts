/**
 * Whether articles were law on a date, for what a dated search or lookup shows beside them instead of today's status
 * alone: 民法典 第五百七十七条 as of 2019 stands in for 《合同法》第一百零七条 and was not yet law (现行有效 today, 未施行
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
 * The ids among `articles` that were law on `asOf`: the article's version is the one in force then, or its law was in
 * force then in a text the library lacks and the article is not known to be later (刑法 第二百六十四条 as of 2019, read
 * in the 2020 text: the notes say which text applied). Not a stand-in of 民法典, an article a later amendment added or
 * one deleted by then (`notLaw`: the dated note's own word on it), nor a version not yet in force or already replaced
 * on that date. One query for them all: the date's filter reads every document's history once per query.
 */
export function lawOnDate(db: Db, articles: readonly DatedArticle[], asOf: string, notLaw: (id: number) => boolean): Set<number> {
  const asked = articles.filter((a) => !notLaw(a.id) && standsInFor(a, asOf).length === 0).map((a) => a.id);
  if (asked.length === 0) return new Set();
  // The search's own rule for a date, so that a hit and the article opened from it never disagree.
  const { where, params } = filterSql({ asOf });
  const sql = `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
    WHERE a.id IN (SELECT value FROM json_each(@ids)) AND ${where.join(' AND ')}`;
  return new Set(cachedStatement(db, sql).pluck().all({ ...params, ids: JSON.stringify(asked) }) as number[]);
}
