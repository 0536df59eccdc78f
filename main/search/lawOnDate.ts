/**
 * How articles stood on a date, for what a dated search or lookup shows beside today's status: 民法典 第五百七十七条 as
 * of 2019 stands in for 《合同法》第一百零七条 and was not yet in force (现行有效 today, 尚未施行 then); 刑法
 * 第一百三十三条之二 did not exist yet; 公司法 of 2018, 已被修订 today, was the law of 2020 and superseded by 2024-08-01.
 */
import { cachedStatement, type Db } from '../db/open.js';
import type { StatuteArticle } from '../library/articles.js';
import { standsInFor } from '../library/citation/civilCodeStandIn.js';
import { retroactiveRule } from '../library/citation/civilCodeRetroactive.js';
import { knownRepeals, undatedRepeals } from '../library/versions/repealTable.js';
import { todayOf } from '../db/today.js';
import { lawNotYet } from '../library/versions/lawOrigins.js';
import type { GapNote } from '../library/versions/versionGap.js';
import { filterSql } from './filters.js';

/**
 * In force on the date:
 * - `in-force`: its version was in force then, or the law's amendments vouch that its text is the text of then;
 * - `amended-since`, `deleted-since`: in force then, changed or deleted by an amendment in force later (刑法 第三百九十条
 *   as of 2022, 第一百九十九条 as of 2013): the text of then was another;
 * - `other-text`: the law was in force then in a text the library lacks and reads this later one in its place (民事诉讼法
 *   as of 2019): the text of then may differ.
 * Not in force on the date:
 * - `not-yet`: a 民法典 article standing in before 2021 for the civil laws of the time, or an article of a law the library
 *   knows was not yet law then (劳动合同法 as of 2007-10-01: in force from 2008-01-01; lawOrigins.ts lawNotYet);
 * - `version-not-yet`: a version not yet in force (公司法 of 2023 as of 2020);
 * - `not-added`: an article a later amendment added (刑法 第一百三十三条之二 as of 2019);
 * - `superseded`: a version a later one had replaced by then; `repealed`: a document repealed by then (for one filed as
 *   repealed with no date, today or later);
 * - `deleted`: deleted by an amendment in force by then (刑法 第一百九十九条 as of 2016).
 * Not known:
 * - `repeal-undated`: in force by then, and filed as repealed with no date the library knows (信访条例 of 2005 as of
 *   2010), before today: it may have been repealed by then.
 */
export type DateStanding = 'in-force' | 'amended-since' | 'deleted-since' | 'other-text' | 'not-yet' | 'version-not-yet' | 'not-added' | 'superseded' | 'repealed' | 'deleted' | 'repeal-undated';

/** A dated search's or lookup's word on an article beside its status today: the date, and how it stood then. */
export interface OnDate {
  date: string;
  standing: DateStanding;
}

/**
 * How each of `articles` stood on `asOf`, by id. Whether the article was law then is the search's own rule for the date
 * (filterSql), so that a hit and the article opened from it never disagree, with every province's regulations let
 * through; `gapOf` is the resolver's dated note on an article (textGap). One query for them all: the date's filter reads
 * every document's history once per query.
 */
export function standingsOn(db: Db, articles: readonly StatuteArticle[], asOf: string, gapOf: (id: number) => GapNote | null): Map<number, DateStanding> {
  const out = new Map<number, DateStanding>();
  const gaps = new Map(articles.map((a) => [a.id, gapOf(a.id)]));
  const asked: number[] = [];
  for (const a of articles) {
    const notLaw = gaps.get(a.id)?.notLaw;
    if (notLaw) out.set(a.id, notLaw === 'not-yet' ? 'not-added' : 'deleted');
    else if (standsInFor(a, asOf).length > 0 || retroactiveRule(a, asOf)) out.set(a.id, 'not-yet');
    else asked.push(a.id);
  }
  if (asked.length === 0) return out;
  const { where, params } = filterSql({ asOf, provinces: 'all' });
  const sql = `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
    WHERE a.id IN (SELECT value FROM json_each(@ids)) AND ${where.join(' AND ')}`;
  const passing = new Set(cachedStatement(db, sql).pluck().all({ ...params, ids: JSON.stringify(asked) }) as number[]);
  // Laws not yet law on the date, where the library can tell (lawOrigins.ts), rather than a version not yet in force.
  const lawsNotYet = new Set([...new Set(articles.filter((a) => !passing.has(a.id)).map((a) => a.lawId))].filter((id) => lawNotYet(db, id, asOf)));
  const repeals = knownRepeals(db);
  const undated = undatedRepeals(db);
  // Filed as repealed with no date: repealed today, not known before.
  const today = todayOf(db);
  const repealOf = (id: number) => repeals.get(id) ?? (undated.has(id) ? (asOf >= today ? today : UNDATED) : undefined);
  for (const a of articles) {
    if (out.has(a.id)) continue;
    out.set(a.id, !passing.has(a.id) && lawsNotYet.has(a.lawId) ? 'not-yet' : standing(a, asOf, passing.has(a.id), gaps.get(a.id) ?? null, repealOf(a.documentId)));
  }
  return out;
}

/** A repeal the library files without a date, on a date before today. */
const UNDATED = 'undated';

/** An article the date's filter let through or not (`passes`), with its dated note and the day its document was repealed. */
function standing(a: StatuteArticle, asOf: string, passes: boolean, gap: GapNote | null, repealed: string | undefined): DateStanding {
  const effective = a.effectiveDate ?? a.publishDate ?? '';
  // A repealed law's last text is left out from its repeal on (where the library knows it), by the filter as here.
  if (repealed && repealed !== UNDATED && asOf >= repealed) return 'repealed';
  if (!passes) return effective > asOf ? 'version-not-yet' : 'superseded';
  if (repealed === UNDATED) return 'repeal-undated';
  if (gap?.amendedSince) return gap.amendedSince === 'deleted' ? 'deleted-since' : 'amended-since';
  return gap?.confirmed || effective <= asOf ? 'in-force' : 'other-text';
}

/** The standings as the app and the JSON outputs carry them, in the order of `articles`; nothing without a date. */
export function onDates(db: Db, articles: readonly StatuteArticle[], asOf: string | undefined, gapOf: (id: number) => GapNote | null): Array<OnDate | undefined> {
  if (!asOf) return articles.map(() => undefined);
  const standings = standingsOn(db, articles, asOf, gapOf);
  return articles.map((a) => ({ date: asOf, standing: standings.get(a.id)! }));
}

const STANDING_ZH: Record<DateStanding, string> = {
  'in-force': '施行中', 'amended-since': '施行中，其后经修改', 'deleted-since': '施行中，其后删去', 'other-text': '施行中，文本可能不同',
  'not-yet': '尚未施行', 'version-not-yet': '本版尚未施行', 'not-added': '尚无此条', superseded: '已被修订', repealed: '已废止', deleted: '已删去',
  'repeal-undated': '可能施行中（废止日期不详）',
};

/** 「施行中，其后经修改」: how the article stood, as the CLI and reports word it (the app has its own strings, in both languages). */
export function standingZh(standing: DateStanding): string {
  return STANDING_ZH[standing];
}
