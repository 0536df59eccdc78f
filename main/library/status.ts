/**
 * A version's status as of today. The import stores a date-free status per
 * document (`documents.status`: the latest version of a title is 'current' or
 * 'repealed', older ones 'superseded'). Whether a version is in force yet
 * depends on today's date, which changes after the import, so it is worked out
 * here, when a statute is read or filtered, from the effective date:
 *   - 'pending': its effective date is after today (尚未施行);
 *   - an older version stays 'current' while every later version is pending
 *     (the law in force until the new one takes effect);
 *   - 'repealed' from the day a repeal the library can date takes effect
 *     (document_repeals, repealTable.ts), whatever the import filed.
 * A version without a known effective date counts as in force from publication.
 */
export { TODAY_SQL } from '../db/today.js';
import { TODAY_SQL } from '../db/today.js';

/** SQL for the status of documents aliased `d` on today's date (needs `d.law_id`, dates and `d.status`). */
export function statusSql(d = 'd'): string {
  return `(CASE
    WHEN ${d}.effective_date > ${TODAY_SQL} THEN 'pending'
    WHEN EXISTS (SELECT 1 FROM document_repeals r WHERE r.document_id = ${d}.id AND r.repealed_on <= ${TODAY_SQL}) THEN 'repealed'
    WHEN ${d}.status = 'superseded' AND NOT EXISTS (
      SELECT 1 FROM documents later WHERE later.law_id = ${d}.law_id
         AND COALESCE(later.publish_date, '') > COALESCE(${d}.publish_date, '')
         AND COALESCE(later.effective_date, later.publish_date, '') <= ${TODAY_SQL}) THEN 'current'
    ELSE ${d}.status END)`;
}

/** Chinese names of the statuses, as the CLI, the app and reports show them. */
export const STATUS_ZH: Record<string, string> = { current: '现行有效', superseded: '已被修订', repealed: '已废止', pending: '尚未施行' };

/** Linked articles with those in force (or about to be) first, in their order, then superseded and repealed ones. */
export function inForceFirst<T extends { status: string }>(articles: readonly T[]): T[] {
  const outOfForce = (a: T) => Number(a.status === 'superseded' || a.status === 'repealed');
  return [...articles].sort((a, b) => outOfForce(a) - outOfForce(b));
}

/** What to show for an effective date the sources do not give. */
export const EFFECTIVE_UNKNOWN = '施行日期不详';

/** How a provision stands in another version (counterparts.ts's match), in the notes' words. */
export const MATCH_WORDS: Record<'identical' | 'amended' | 'partly', { en: string; zh: string }> = {
  identical: { en: 'word for word', zh: '内容相同' },
  amended: { en: 'amended', zh: '内容有修改' },
  partly: { en: 'in part', zh: '部分内容' },
};
