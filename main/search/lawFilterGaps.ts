/**
 * Why a search limited to a law found nothing because of the law, not the words. 「噪声 排放」 with the law filter
 * 环境噪声污染防治法 found nothing and said only "try other words": the law was repealed on 2022-06-05 and search covers
 * the law in force (or in force on the date asked). The same for a date before the law was adopted (公司法 as of
 * 1990), a level filter that leaves the law out, and a province's regulation outside the provinces searched. Each
 * law the filter names gets its reason, and the date to search instead where there is one: the last day a repealed
 * law applied.
 */
import { cachedStatement, type Db } from '../db/open.js';
import type { CitationResolver } from '../library/citation/resolver.js';
import { statusSql } from '../library/status.js';
import { repealedByWords, repealRule } from '../library/versions/replacedBy.js';
import { knownRepeals, undatedRepeals } from '../library/versions/repealTable.js';
import { todayOf } from '../db/today.js';
import { standsIn, versionGap } from '../library/versions/versionGap.js';
import { articlesPassing, filterSql, withDateLimits, withLawNames, type SearchFilters } from './filters.js';
import { bookTitle } from '../../preload/contract/citationLine.js';

export interface LawFilterGap {
  lawTitle: string;
  /**
   * `repealed`: repealed by the date asked (or today); `not-yet`: not yet law on the date asked; `undated`: no date in
   * the library, so no dated search finds it; `level`: of a level the level filter leaves out; `province`: a province's
   * regulation, outside the provinces searched. A law may have several (a level left out and not yet law then).
   */
  reason: 'repealed' | 'not-yet' | 'undated' | 'level' | 'province';
  /** For `repealed`: the last day it applied, whose text a search as of that day finds; absent when the repeal is undated. */
  lastDay?: string;
  /** For `level`: the law's level (行政法规…); for `province`: its province. */
  level?: string;
  province?: string;
  note: { en: string; zh: string };
}

/** Laws a filter names at most: a short name such as 法 or 条例 names hundreds, and then the words are what to change. */
const MAX_LAWS = 8;

/**
 * The laws `filters.law` names that have no article passing the other filters, each with why; empty when the filter
 * names no law, names more than MAX_LAWS, or leaves some article to search (then it is the words that found nothing).
 */
export function lawFilterGaps(db: Db, resolver: CitationResolver, given: SearchFilters): LawFilterGap[] {
  if (!given.law?.trim()) return [];
  const filters = withDateLimits(withLawNames(given, resolver.names), resolver);
  if (articlesPassing(db, filters, { limit: 1 }).length > 0) return [];
  const named = filterSql({ law: filters.law, lawIds: filters.lawIds, currentOnly: false, provinces: 'all' });
  const laws = db.prepare(`SELECT l.id, l.title, l.level, l.province FROM laws l WHERE ${named.where.join(' AND ')} ORDER BY length(l.title), l.id LIMIT ${MAX_LAWS + 1}`)
    .all(named.params) as LawRow[];
  // The law itself before its interpretations and implementing rules (公司法 before 公司法解释（三）): the shortest title first.
  if (laws.length === 0 || laws.length > MAX_LAWS) return [];
  return laws.flatMap((law) => gapsOf(db, resolver, law, filters));
}

interface LawRow {
  id: number;
  title: string;
  level: string;
  province: string;
}

interface DocumentRow {
  id: number;
  publish: string;
  effective: string;
  status: string;
}

/**
 * Why the law had nothing to search: its province or level left out by the filters, and (separately, as changing those
 * alone would not help) its standing on the date asked or today.
 */
function gapsOf(db: Db, resolver: CitationResolver, law: LawRow, filters: SearchFilters): LawFilterGap[] {
  const lawTitle = law.title;
  const out: LawFilterGap[] = [];
  if (law.province && filters.provinces !== 'all' && !(filters.provinces ?? []).includes(law.province)) {
    out.push({
      lawTitle, reason: 'province', province: law.province,
      note: { en: `${bookTitle(lawTitle)} belongs to ${law.province}, and this search covers national law${filters.provinces?.length ? ` and ${filters.provinces.join(', ')}` : ''} only`, zh: `${bookTitle(lawTitle)}属于${law.province}，本次检索不含${law.province}的法规` },
    });
  }
  if (filters.levels?.length && !filters.levels.includes(law.level as never)) {
    out.push({
      lawTitle, reason: 'level', level: law.level,
      note: { en: `${bookTitle(lawTitle)} is of the level ${law.level}, which this search leaves out`, zh: `${bookTitle(lawTitle)}属于${law.level}，不在本次检索的效力级别之内` },
    });
  }
  const dated = dateGap(db, resolver, law, filters);
  return dated ? [...out, dated] : out;
}

function dateGap(db: Db, resolver: CitationResolver, law: LawRow, filters: SearchFilters): LawFilterGap | null {
  const documents = cachedStatement(db, `SELECT d.id, COALESCE(d.publish_date, '') AS publish, COALESCE(d.effective_date, d.publish_date, '') AS effective,
      ${statusSql('d')} AS status FROM documents d WHERE d.law_id = ? ORDER BY COALESCE(d.publish_date, '') DESC`).all(law.id) as DocumentRow[];
  const latest = documents[0];
  if (!latest) return null;
  const asOf = filters.asOf;
  if (asOf) {
    // A document with no date at all: no dated search can place it.
    if (documents.every((d) => !d.effective)) {
      return {
        lawTitle: law.title, reason: 'undated',
        note: { en: `${bookTitle(law.title)} has no date in the library, so a search as of a date cannot place it`, zh: `${bookTitle(law.title)}在法规库中没有日期，按日期检索无法确定其是否适用` },
      };
    }
    // The version in force on the date: the latest to take effect by then.
    const then = documents.find((d) => d.effective && d.effective <= asOf);
    if (!then) return notYet(resolver, law, asOf);
    const repealedOn = knownRepeals(db).get(then.id);
    if (repealedOn && repealedOn <= asOf) return repealed(db, law, then, repealedOn, asOf);
    // Filed as repealed with no date: repealed today, and left out from today on.
    return undatedRepeals(db).has(then.id) && asOf >= todayOf(db) ? repealed(db, law, then, null, asOf) : null;
  }
  if ((filters.currentOnly ?? true) && documents.every((d) => d.status !== 'current' && d.status !== 'pending') && latest.status === 'repealed') {
    return repealed(db, law, latest, knownRepeals(db).get(latest.id) ?? null, undefined);
  }
  return null;
}

/** No version in force on `asOf`, and no first text standing in for one: versionGap says when the law was adopted and took effect. */
function notYet(resolver: CitationResolver, law: LawRow, asOf: string): LawFilterGap | null {
  const first = resolver.firstVersion(law.id);
  if (!first || !first.publishDate || standsIn(first, asOf)) return null;
  const gap = versionGap(first, null, asOf);
  return { lawTitle: law.title, reason: 'not-yet', note: { en: `${bookTitle(law.title)}: ${gap.en}`, zh: `${bookTitle(law.title)}：${gap.zh}` } };
}

/** Repealed by `asOf` (or today, without one), said with what repealed it, from when, and what holds its rules now. */
function repealed(db: Db, law: LawRow, document: DocumentRow, repealedOn: string | null, asOf: string | undefined): LawFilterGap {
  const rule = repealRule(db, { lawTitle: law.title, publishDate: document.publish || null });
  const by = rule ? repealedByWords({ repealedOn, repealedBy: rule.repealedBy }) : null;
  const holders = (rule?.by ?? []).filter((title) => title !== law.title && !title.startsWith('最高人民法院关于废止'));
  const related = holders.length ? { en: `; related rules are now in ${holders.map(bookTitle).join(', ')}`, zh: `；相关规定现见于${holders.map(bookTitle).join('、')}` } : { en: '', zh: '' };
  const what = by
    ? { en: `${bookTitle(law.title)} ${by.en}`, zh: `${bookTitle(law.title)}${by.zh}` }
    : repealedOn
      ? { en: `${bookTitle(law.title)} was repealed with effect from ${repealedOn}`, zh: `${bookTitle(law.title)}已于 ${repealedOn} 废止` }
      : { en: `${bookTitle(law.title)} is filed as repealed (the library does not say from when)`, zh: `${bookTitle(law.title)}已废止，法规库中没有其废止日期` };
  const lastDay = repealedOn && document.effective && dayBefore(repealedOn) >= document.effective ? dayBefore(repealedOn) : undefined;
  const scope = asOf
    ? { en: `; it ${repealedOn ? 'no longer applied' : 'does not apply'} on ${asOf}`, zh: `；在 ${asOf} 已不再适用` }
    : { en: `, and this search covers the law in force`, zh: `；本次检索只含现行有效的文本` };
  return {
    lawTitle: law.title, reason: 'repealed', ...(lastDay ? { lastDay } : {}),
    note: { en: `${what.en}${scope.en}${related.en}`, zh: `${what.zh}${scope.zh}${related.zh}` },
  };
}

/** The day before `date` (YYYY-MM-DD). */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
