/**
 * The span of time a question's facts cover: 「2018年开始…一直到2022年」 runs from 2018-01-01 to 2022-12-31,
 * 「2018年3月…2022年」 from 2018-03-01. A matter whose facts span an amendment of a law it turns on must be split by
 * the lawyer (the conduct before the amendment took effect under the old text, after it under the new); the span is
 * what spannedAmendments.ts tests the law's versions against.
 *
 * Not a fact's date: a year naming a law's version (「2018年修正」, 「1999年合同法」, 「2019年11月1日起施行的商标法」), or the
 * day the question is asked (「今天是2024年5月10日」, the consultation's own date). 「至今」 after a fact's date stretches
 * the span to the day the turn ran.
 */

/** One date of the facts, as the question gives it: the first and last day it may mean (a year: 01-01 to 12-31). */
export interface FactDate {
  start: string;
  end: string;
  /** The words as written (「2018年3月」). */
  said: string;
}

export interface FactSpan {
  /** The first day the earliest date may mean, and the last day the latest may mean. */
  from: string;
  to: string;
  /** The last day the earliest date may mean, and the first the latest may mean: a change strictly inside these surely falls between the facts. */
  fromEnd: string;
  toStart: string;
  /** The words of the earliest and the latest (「2018年」, 「2022年」; 「至今」 for the turn's day). */
  fromSaid: string;
  toSaid: string;
}

const YEAR = '((?:19[5-9]|20[0-4])\\d)';
/** 2018年3月1日, 2018年3月, 2018年; 2018-03-01, 2018.3, 2018/3/1. */
const DATE = new RegExp(`(?<!\\d)${YEAR}(?:\\s*年(?:\\s*(\\d{1,2})\\s*月(?:\\s*(\\d{1,2})\\s*[日号])?)?|[.\\-/](\\d{1,2})(?:[.\\-/](\\d{1,2}))?(?!\\d))`, 'gu');
/** Right after the date: a version or an enactment (「修正」, 「起施行的」, 「版」), or a law named by it (「合同法」, 「《公司法》」). */
const NAMES_VERSION = /^\s*(?:起|的)?\s*(?:修正|修订|修改|版|颁布|公布|施行|生效|通过的?《|(?:第[一二三四五六七八九十]+次)?修)|^\s*(?:起施行|施行的|通过的|公布的|颁布的)|^\s*的?\s*《|^\s*的?[^，。；！？、\s《》]{0,8}(?:法|条例|司法解释|规定)(?=[第》\s，。；、）)？?]|还是|和|与|及|或|的|中|里|$)/u;
/** Right before the date: the day of the asking (「今天是」, 「目前」, 「咨询日期：」). */
const TODAY_BEFORE = /(?:今天|今日|现在|目前|当前|本日|咨询日期|咨询时间)\s*(?:是|为)?\s*[:：]?\s*$/u;
/** The facts run on to the day of the asking: 「至今」, 「一直持续到现在」. */
const UNTIL_NOW = /至今|迄今|到现在|到目前|到今天/u;

const pad = (n: number) => String(n).padStart(2, '0');

function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The dates of the facts a question gives, in the order written; `asked`, the consultation's own date, is none of them. */
export function factDates(text: string, asked: string | null = null): FactDate[] {
  const out: FactDate[] = [];
  for (const m of text.matchAll(DATE)) {
    const at = m.index!;
    const after = text.slice(at + m[0].length, at + m[0].length + 14);
    if (NAMES_VERSION.test(after) || TODAY_BEFORE.test(text.slice(Math.max(0, at - 8), at))) continue;
    const year = Number(m[1]);
    const month = m[2] ?? m[4];
    const day = m[3] ?? m[5];
    const mm = month === undefined ? null : Number(month);
    const dd = day === undefined ? null : Number(day);
    if (mm !== null && (mm < 1 || mm > 12)) continue;
    if (mm !== null && dd !== null && (dd < 1 || dd > lastDay(year, mm))) continue;
    const start = `${year}-${pad(mm ?? 1)}-${pad(dd ?? 1)}`;
    const end = `${year}-${pad(mm ?? 12)}-${pad(dd ?? lastDay(year, mm ?? 12))}`;
    if (asked && start === asked && end === asked) continue;
    out.push({ start, end, said: m[0].trim() });
  }
  return out;
}

/**
 * The span of the facts: from the earliest date the question gives to the latest, or to `now` (the day the turn ran)
 * when it says the facts go on 「至今」. Null unless two different dates are given (or one and 「至今」) — one date is
 * no span, and neither is a fact's date beside the consultation's own.
 */
export function factSpan(text: string, opts: { asked?: string | null; now?: string | null } = {}): FactSpan | null {
  const dates = factDates(text, opts.asked ?? null);
  if (!dates.length) return null;
  const first = dates.reduce((a, b) => (b.start < a.start ? b : a));
  let last = dates.reduce((a, b) => (b.end > a.end ? b : a));
  if (opts.now && UNTIL_NOW.test(text) && opts.now > last.end) last = { start: opts.now, end: opts.now, said: '至今' };
  if (first.start === last.start && first.end === last.end) return null;
  return { from: first.start, to: last.end, fromEnd: first.end, toStart: last.start, fromSaid: first.said, toSaid: last.said };
}
