import type { Db } from '../db/open.js';
import { statusSql } from '../library/status.js';
import { STAND_IN_DOCUMENTS_SQL } from '../library/versions/versionGap.js';
import { CIVIL_CODE_TITLE } from '../library/citation/civilCodeConcordance.js';
import { CIVIL_CODE_EFFECTIVE, civilCodeStandIns } from '../library/citation/civilCodeStandIn.js';
import { RETROACTIVE_ARTICLES } from '../library/citation/civilCodeRetroactive.js';
import type { LawLevel } from '../library/types.js';
import { LexError } from '../util/errors.js';

/** Restrictions a search or lookup applies to the library. */
export interface SearchFilters {
  /** Law title or short name (e.g. "劳动合同法"); matches any law whose title or short name contains it. */
  law?: string;
  /** Laws that `law` is a known name of (民诉法, 劳动争议解释(一)), added by `withLawNames`; matched besides the titles. */
  lawIds?: number[];
  levels?: LawLevel[];
  /**
   * Only the versions in force today, plus versions not yet in force (a new law or amendment
   * already published is worth finding; it is shown as 尚未施行). Default true; ignored when asOf is given.
   */
  currentOnly?: boolean;
  /**
   * ISO date: only the version of each law in force on that date; for a law in force then whose text of the time the
   * library lacks, its first version (versionGap.ts); before 2021, the 民法典 articles holding the rules of the civil
   * laws then in force (civilCodeStandIn.ts).
   */
  asOf?: string;
  /** Province packs to include besides national law: names, or "all". Default: national law only. */
  provinces?: string[] | 'all';
  /**
   * With `asOf`: ids of articles that amendments in force only after that date added (刑法 第一百三十三条之二 in 2019),
   * left out; added by `withDateLimits`.
   */
  notYet?: number[];
  /**
   * With `asOf`: ids of documents repealed on or before that date (the 2006 劳动争议 interpretation, repealed 2021-01-01,
   * is no law of 2022; replacedBy.ts knownRepeals), left out; added by `withDateLimits`.
   */
  repealed?: number[];
}

/** The 民法典 article numbers a search dated `asOf` lets through: the stand-ins and the articles applied to earlier facts. */
function civilCodeArticlesOn(asOf: string): number[] {
  const standIns = civilCodeStandIns(asOf);
  if (asOf >= CIVIL_CODE_EFFECTIVE) return standIns;
  return [...new Set([...standIns, ...RETROACTIVE_ARTICLES])].sort((a, b) => a - b);
}

export interface SqlFilter {
  where: string[];
  params: Record<string, string | number>;
}

/** SQL conditions on `d` (documents) and `l` (laws) for the filters. */
export function filterSql(filters: SearchFilters): SqlFilter {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (filters.asOf) {
    // A version without an effective date counts from its publication date, as citation lookup does. A law the
    // library holds no text of for that date, though it was law then (刑法 in 2019), is searched in its first text.
    // Before 2021, the 民法典 articles holding the rules of the civil laws then in force (合同法…, which the library
    // lacks) stand in for them (civilCodeStandIn.ts), in 民法典's first text. Its documents pass at the document level and
    // its articles are picked by a second term, so the other documents' articles are never tested one by one.
    // The articles the time-effect interpretation applies to earlier facts (a typed will of 2020: 第一千一百三十六条)
    // pass too, though they stand in for no article of the old laws (civilCodeRetroactive.ts).
    const civil = civilCodeArticlesOn(filters.asOf);
    const civilLaw = `(SELECT id FROM laws WHERE title = @civilCode AND province = '')`;
    const civilDocument = civil.length
      ? ` OR (d.law_id = ${civilLaw} AND NOT EXISTS (SELECT 1 FROM documents g WHERE g.law_id = d.law_id AND COALESCE(g.publish_date, '') < COALESCE(d.publish_date, '')))`
      : '';
    where.push(`((COALESCE(d.effective_date, d.publish_date) <= @asOf AND NOT EXISTS (
      SELECT 1 FROM documents d2 WHERE d2.law_id = d.law_id AND COALESCE(d2.effective_date, d2.publish_date) <= @asOf
        AND COALESCE(d2.publish_date, '') > COALESCE(d.publish_date, ''))) OR d.id IN (${STAND_IN_DOCUMENTS_SQL})${civilDocument})`);
    params.asOf = filters.asOf;
    if (civil.length) {
      // (民法典 has no version in force before 2021, so its articles are let through by the table alone.)
      where.push(`(d.law_id IS NOT ${civilLaw} OR (a.sub_number = 0 AND a.number IN (SELECT value FROM json_each(@civilStandIns))))`);
      params.civilStandIns = JSON.stringify(civil);
      params.civilCode = CIVIL_CODE_TITLE;
    }
    if (filters.notYet?.length) {
      where.push('a.id NOT IN (SELECT value FROM json_each(@notYet))');
      params.notYet = JSON.stringify(filters.notYet);
    }
    if (filters.repealed?.length) {
      where.push('d.id NOT IN (SELECT value FROM json_each(@repealed))');
      params.repealed = JSON.stringify(filters.repealed);
    }
  } else if (filters.currentOnly ?? true) {
    where.push(`${statusSql('d')} IN ('current', 'pending')`);
  }
  if (filters.law) {
    const name = filters.law.replace(/[《》\s]/g, '');
    if (!name) throw new LexError('usage', `The law filter "${filters.law}" names no law: give a title or short name, e.g. 劳动合同法`);
    const byName = filters.lawIds?.length ? ' OR l.id IN (SELECT value FROM json_each(@lawIds))' : '';
    // % and _ in a name are matched as themselves, not as LIKE wildcards.
    where.push(`(l.title LIKE @law ESCAPE '\\' OR l.short_name LIKE @law ESCAPE '\\'${byName})`);
    params.law = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (byName) params.lawIds = JSON.stringify(filters.lawIds);
  }
  if (filters.levels?.length) {
    const names = filters.levels.map((_, i) => `@level${i}`);
    filters.levels.forEach((level, i) => (params[`level${i}`] = level));
    where.push(`d.level IN (${names.join(', ')})`);
  }
  provinceSql(filters.provinces, where, params);
  return { where, params };
}

/**
 * The filters with the ids of the laws their `law` is a known name of: the abbreviations and short names
 * that citations understand (民诉法, 劳动争议解释(一)) but that no title contains.
 */
export function withLawNames(filters: SearchFilters, names: { lookup(name: string): string[] }): SearchFilters {
  if (!filters.law || filters.lawIds) return filters;
  const ids = names.lookup(filters.law).map(Number).filter(Number.isInteger);
  return ids.length ? { ...filters, lawIds: ids } : filters;
}

/**
 * The filters with what their `asOf` leaves out besides versions not in force: the articles amendments in force only
 * later added (amendmentTrail.ts), and the documents repealed by then (replacedBy.ts), which the versions alone keep.
 */
export function withDateLimits(filters: SearchFilters, limits: { trails: { articlesNotYet(asOf: string): number[] }; repealedBy(asOf: string): number[] }): SearchFilters {
  if (!filters.asOf || filters.notYet || filters.repealed) return filters;
  const notYet = limits.trails.articlesNotYet(filters.asOf);
  const repealed = limits.repealedBy(filters.asOf);
  return { ...filters, ...(notYet.length ? { notYet } : {}), ...(repealed.length ? { repealed } : {}) };
}

/** Whether a law filter (as `filterSql` reads it, after `withLawNames`) names any law in the library, in any version or province. */
export function lawFilterMatches(db: Db, filters: Pick<SearchFilters, 'law' | 'lawIds'>): boolean {
  const { where, params } = filterSql({ ...filters, currentOnly: false, provinces: 'all' });
  return db.prepare(`SELECT 1 FROM laws l WHERE ${where.join(' AND ')} LIMIT 1`).get(params) !== undefined;
}

/**
 * Ids of the articles that pass the filters: among `among` when given, else in the whole
 * library, at most `limit` of them (ask for one more than you can use to tell "too many").
 */
export function articlesPassing(db: Db, filters: SearchFilters, opts: { among?: readonly number[]; limit?: number } = {}): number[] {
  if (opts.among && !opts.among.length) return [];
  const { where, params } = filterSql(filters);
  const conditions = [...(opts.among ? ['a.id IN (SELECT value FROM json_each(@among))'] : []), ...where];
  return db.prepare(
    `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}${opts.limit === undefined ? '' : ` LIMIT ${Math.floor(opts.limit)}`}`,
  ).pluck().all({ ...params, ...(opts.among ? { among: JSON.stringify(opts.among) } : {}) }) as number[];
}

function provinceSql(provinces: SearchFilters['provinces'], where: string[], params: Record<string, string | number>): void {
  if (provinces === 'all') return;
  if (!provinces?.length) {
    where.push("d.province = ''");
    return;
  }
  const names = provinces.map((_, i) => `@prov${i}`);
  provinces.forEach((p, i) => (params[`prov${i}`] = p));
  where.push(`d.province IN ('', ${names.join(', ')})`);
}
