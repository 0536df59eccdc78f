import type { HistoryEntry } from '../types.js';
import { effectiveDatesInText, takesEffectOnPublication, takesEffectOnRevisedPublication } from './effectiveClause.js';
import { daysBetween } from '../../../preload/contract/calendarDate.js';

/**
 * A version's date of effect, from what its file says: the date the source states (`valid_from` or a 施行 line of the
 * history), else the version's own closing clause (「本法自2021年1月1日起施行」), else — when the clause says the act
 * takes effect on publication (「本条例自公布之日起施行」) and the history shows the text is this version's own — the day
 * it was promulgated. Null when none of these can be read without doubt; the import and migration 23 share it.
 */
export interface DateOfEffectInput {
  /** The date the source states: `valid_from`, else the last 施行 line of the history. */
  stated: string | null;
  history: HistoryEntry[];
  /** The last articles' texts (or an unnumbered document's whole text), where the 施行 clause stands. */
  closing: string[];
  publishDate: string | null;
}

/** How many of the last articles are read for the 施行 clause. */
export const CLOSING_ARTICLES = 3;
/** How far a history's publication line may lie from the collection's publish date and still be this text's (a day off). */
const PUBLICATION_SLACK_DAYS = 3;
/** How long after the State Council's approval a ministry's publication of the text may follow (批准 → 发布). */
const APPROVAL_TO_PUBLICATION_DAYS = 120;

const AMENDMENT = /修正|修订|修改/u;
const PUBLICATION = /公布|发布|颁布/u;
const APPROVAL = /批准/u;
const EFFECT_LINE = /施行|^执行$/u;

export function dateOfEffect(input: DateOfEffectInput): string | null {
  const closingDates = input.closing.flatMap(effectiveDatesInText);
  return fromStatedOrClause(input.stated, closingDates, input.publishDate) ?? onPublication(input);
}

/** The last 施行 line of a history (also 「1995年1月1日 执行」), as the source states it. */
export function effectiveFromHistory(history: HistoryEntry[]): string | null {
  return history.filter((h) => EFFECT_LINE.test(h.event)).at(-1)?.date ?? null;
}

/**
 * A version cannot take effect before it was published: an earlier date is an older version's, kept in the text
 * (会计法 2024 still says 本法自2000年7月1日起施行) or the history (宪法 2018 carries only the 1982 施行 line); a stated
 * date before publication still says the version took effect on publication (宪法 amendments do).
 */
function fromStatedOrClause(stated: string | null, fromText: string[], publishDate: string | null): string | null {
  const notBefore = (d: string) => !publishDate || d >= publishDate;
  if (stated && notBefore(stated)) return stated;
  const clause = fromText.filter(notBefore).pop();
  if (clause) return clause;
  return stated ? publishDate : null;
}

function onPublication({ closing, history, publishDate }: DateOfEffectInput): string | null {
  if (!publishDate) return null;
  if (closing.some(takesEffectOnRevisedPublication)) return revisedAfter(history, publishDate) ? publishDate : null;
  if (!closing.some(takesEffectOnPublication)) return null;
  return history.some((h) => AMENDMENT.test(h.event)) ? afterFullRevision(history, publishDate) : originalPublication(history, publishDate);
}

/**
 * An original text (its history names no amendment): the day it was promulgated, when the history's publication line is
 * this file's (the same day, or a day or two off where the collection's date slipped: 人民调解委员会组织条例, filed as
 * 1989-06-16, 「1989年6月17日 国务院令第37号发布」 — the line wins); when the history has only the State Council's approval
 * (国务院批准) and the collection dates the ministry's publication a few weeks after it, that publication; with no history
 * at all, the file's own date. A history whose publication lies years before the file's date is a re-publication
 * (收养子女登记办法 of 2019 keeps the 1999 text's clause), and gets none.
 */
function originalPublication(history: HistoryEntry[], publishDate: string): string | null {
  const events = history.filter((h) => !EFFECT_LINE.test(h.event));
  if (events.length === 0) return publishDate;
  const published = events.filter((h) => PUBLICATION.test(h.event)).at(-1);
  if (published) return Math.abs(daysBetween(published.date, publishDate)) <= PUBLICATION_SLACK_DAYS ? published.date : null;
  const last = events.at(-1)!;
  if (last.date === publishDate) return publishDate;
  const wait = daysBetween(last.date, publishDate);
  return APPROVAL.test(last.event) && wait > 0 && wait <= APPROVAL_TO_PUBLICATION_DAYS ? publishDate : null;
}

/**
 * A text revised as a whole (修订 by the legislature or by a State Council order, not by a 《…决定》 amending it) is
 * promulgated anew with its closing clause, so 「本法自公布之日起施行」 then speaks of this version: 国务院组织法 of
 * 2024-03-11 (「第十四届全国人民代表大会第二次会议修订」). Only when that revision is the history's last amendment and
 * the history ends on this file's publish date. An amendment by decision leaves the original's clause in the text.
 */
function afterFullRevision(history: HistoryEntry[], publishDate: string): string | null {
  const lastAmendment = history.filter((h) => AMENDMENT.test(h.event)).at(-1)!;
  const whole = /修订/u.test(lastAmendment.event) && !/决定|根据|批准/u.test(lastAmendment.event);
  const ends = history.filter((h) => !EFFECT_LINE.test(h.event)).at(-1)?.date;
  return whole && ends === publishDate ? publishDate : null;
}

/** 「本条例自修订发布之日起施行」 speaks of a revision: this file's, when it is dated after everything its history names. */
function revisedAfter(history: HistoryEntry[], publishDate: string): boolean {
  return history.length > 0 && history.every((h) => h.date < publishDate);
}
