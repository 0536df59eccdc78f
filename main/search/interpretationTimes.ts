/**
 * 刑法 looked up as of a date whose interpretations include one in force then and a later one not yet in force (非法集资
 * of 2010 and of 2022 for an act of 2019): which of them a court applies (《…关于适用刑事司法解释时间效力问题的规定》第三条),
 * said once for `lexdesk show` and the app's article view alike.
 */
import { bookTitle } from '../../preload/contract/citationLine.js';
import type { DateStanding } from './lawOnDate.js';

/** How a linking article stood on the date, in the order listed: in force then first, then undated repeals, then not yet, then replaced by then. */
export const STANDING_ORDER: Record<DateStanding, number> = {
  'in-force': 0, 'amended-since': 0, 'deleted-since': 0, 'other-text': 0, 'repeal-undated': 1,
  'not-yet': 2, 'version-not-yet': 2, 'not-added': 2, superseded: 3, repealed: 3, deleted: 3,
};

const CRIMINAL_LAW = '中华人民共和国刑法';
const TIMES_RULE = '最高人民法院、最高人民检察院关于适用刑事司法解释时间效力问题的规定';

/** The note for an article of `lawTitle` whose interpretations stood so on the date; null unless 刑法 with both kinds among them. */
export function interpretationTimesNote(lawTitle: string, standings: readonly DateStanding[]): { en: string; zh: string } | null {
  if (lawTitle !== CRIMINAL_LAW) return null;
  const then = standings.some((s) => STANDING_ORDER[s] === 0);
  const later = standings.some((s) => STANDING_ORDER[s] === 2);
  if (!then || !later) return null;
  const rule = `${bookTitle(TIMES_RULE)}第三条`;
  return {
    en: `interpretations of the time and later ones are both listed: an act before a new interpretation took effect is handled under the one of its time, unless the new one is more favourable to the accused (${rule}): compare both.`,
    zh: `所列司法解释既有当时施行的，也有其后施行的：新解释施行前的行为，适用行为时的解释；但新解释对被告人更有利的，适用新解释（${rule}）。请对照两者。`,
  };
}
