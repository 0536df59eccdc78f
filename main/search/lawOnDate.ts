/**
 * How articles stood on a date, for what a dated search or lookup shows beside today's status: 民法典 第五百七十七条 as
 * of 2019 stands in for 《合同法》第一百零七条 and was not yet in force (现行有效 today, 尚未施行 then); 刑法
 * 第一百三十三条之二 had not been added; 公司法 of 2018, 已被修订 today, was the law of 2020 and superseded by 2024-08-01.
 */
import { cachedStatement, type Db } from '../db/open.js';
import { standsInFor } from '../library/citation/civilCodeStandIn.js';
import type { GapNote } from '../library/versions/versionGap.js';
import { filterSql } from './filters.js';

/**
 * - `in-force`: its version was in force then, or the law's amendments vouch that its text is the text of then;
 * - `other-text`: the law was in force then in a text the library lacks (民事诉讼法 as of 2019, read in its 2021 text), or
 *   the article was amended since (刑法 第三百九十条 as of 2022): in force, its text then may differ, as the notes say;
 * - `not-yet`: a version not yet in force, a 民法典 article standing in before 2021, an article a later amendment added;
 * - `superseded`: a version a later one had replaced by then;
 * - `deleted`: deleted by an amendment in force by then (刑法 第一百九十九条 as of 2016).
 */
export type DateStanding = 'in-force' | 'other-text' | 'not-yet' | 'superseded' | 'deleted';

/** A dated search's or lookup's word on an article beside its status today: the date, and how it stood then. */
export interface OnDate {
  date: string;
  standing: DateStanding;
}

export interface DatedArticle {
  id: number;
  lawTitle: string;
  province: string;
  number: number;
  subNumber: number;
  effectiveDate: string | null;
  publishDate: string | null;
}

/**
 * How each of `articles` stood on `asOf`, by id. Whether the article was law then is the search's own rule for the date
 * (filterSql), so that a hit and the article opened from it never agree to differ, with every province's regulations
 * let through; `gapOf` is the resolver's dated note on an article (textGap). One query for them all: the date's filter
 * reads every document's history once per query.
 */
export function standingsOn(db: Db, articles: readonly DatedArticle[], asOf: string, gapOf: (id: number) => GapNote | null): Map<number, DateStanding> {
  const out = new Map<number, DateStanding>();
  const gaps = new Map(articles.map((a) => [a.id, gapOf(a.id)]));
  const asked: number[] = [];
  for (const a of articles) {
    const notLaw = gaps.get(a.id)?.notLaw;
    if (notLaw) out.set(a.id, notLaw);
    else if (standsInFor(a, asOf).length > 0) out.set(a.id, 'not-yet');
    else asked.push(a.id);
  }
  if (asked.length === 0) return out;
  const { where, params } = filterSql({ asOf, provinces: 'all' });
  const sql = `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
    WHERE a.id IN (SELECT value FROM json_each(@ids)) AND ${where.join(' AND ')}`;
  const passing = new Set(cachedStatement(db, sql).pluck().all({ ...params, ids: JSON.stringify(asked) }) as number[]);
  for (const a of articles) {
    if (out.has(a.id)) continue;
    const gap = gaps.get(a.id);
    const effective = a.effectiveDate ?? a.publishDate ?? '';
    if (!passing.has(a.id)) out.set(a.id, effective > asOf ? 'not-yet' : 'superseded');
    else if (gap?.amendedSince) out.set(a.id, 'other-text');
    else out.set(a.id, gap?.confirmed || effective <= asOf ? 'in-force' : 'other-text');
  }
  return out;
}

/** The standings as the app and the JSON outputs carry them, in the order of `articles`; nothing without a date. */
export function onDates(db: Db, articles: readonly DatedArticle[], asOf: string | undefined, gapOf: (id: number) => GapNote | null): Array<OnDate | undefined> {
  if (!asOf) return articles.map(() => undefined);
  const standings = standingsOn(db, articles, asOf, gapOf);
  return articles.map((a) => ({ date: asOf, standing: standings.get(a.id)! }));
}

const STANDING_ZH: Record<DateStanding, string> = {
  'in-force': '施行中', 'other-text': '施行，文本可能不同', 'not-yet': '尚未施行', superseded: '已被修订', deleted: '已删去',
};

/** 「2019-06-01 尚未施行」: the standing as the CLI and reports word it (the app has its own strings, in both languages). */
export function standingZh(dated: OnDate): string {
  return `${dated.date} ${STANDING_ZH[dated.standing]}`;
}
