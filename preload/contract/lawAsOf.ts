import type { TurnResult } from '../../main/consult/types.js';

/**
 * The date a consultation turn applied the law as of, and why (main/consult/context.ts appliedLawAsOf): the
 * consultation's own date, the facts' date the turn's state gave, or the engine's today. Its words, shared by the
 * CLI's turn summary, reports and the app, so that each says it alike: 「适用法律截至 2024-05-10（咨询所定日期）」.
 */
export type LawAsOf = NonNullable<TurnResult['lawAsOf']>;
export type LawAsOfBy = LawAsOf['by'];

/** What precedes the date: 「适用法律截至」. */
export const LAW_AS_OF_ZH = '适用法律截至';
export const LAW_AS_OF_EN = 'Law applied as of';

/** What each reason is called, in brackets after the date. */
export const LAW_AS_OF_BY_ZH: Readonly<Record<LawAsOfBy, string>> = { consultation: '咨询所定日期', facts: '事实日期', today: '咨询当日' };
export const LAW_AS_OF_BY_EN: Readonly<Record<LawAsOfBy, string>> = { consultation: 'the date set for the consultation', facts: 'the date of the facts', today: 'the day of the turn' };

/** One turn's date with what it is: 「2024-04-15（事实日期）」. */
export const lawDateZh = (d: LawAsOf): string => `${d.date}（${LAW_AS_OF_BY_ZH[d.by]}）`;

/**
 * A turn's line: 「适用法律截至 2024-05-10（咨询所定日期）」, or in English 「Law applied as of 2024-05-10 (the date set for
 * the consultation)」. `colon` writes 「适用法律截至：…」, as the CLI's turn summary lines up its fields.
 */
export function lawAsOfLine(d: LawAsOf, lang: 'zh' | 'en' = 'zh', colon = false): string {
  if (lang === 'en') return `${LAW_AS_OF_EN}${colon ? ':' : ''} ${d.date} (${LAW_AS_OF_BY_EN[d.by]})`;
  return `${LAW_AS_OF_ZH}${colon ? '：' : ' '}${lawDateZh(d)}`;
}

/** The first day of 民法典 (which repealed 婚姻法, 继承法, 合同法…), the line past which facts usually take the law of their time. */
const CIVIL_CODE_IN_FORCE = '2021-01-01';
/** A year the question gives for its facts (「2018年借款」, 「2019.3」, 「2018-05」), not a law's version (「2018年修正」, 「2018年公司法」). */
const FACT_YEAR = /(?<!\d)((?:19[89]|20[0-2])\d)(?:\s*年(?!\s*(?:修正|修订|修改|版|颁布|公布|施行|通过|起施行|的?《|[^，。；！？\s]{0,8}法(?:[第》规\s，。？?]|还是|和|与|及|或|的|中|里|$)))|[.\-/](?:0?[1-9]|1[0-2])(?!\d))/g;

/**
 * The earliest year before 民法典 a question gives for its facts, when the turn applied the law as of its own day
 * (no date set for the consultation, none given by the facts' state — every offline turn): a matter of 2018 answered
 * with the law of today. Null otherwise.
 */
export function earlierFactsYear(question: string, d: LawAsOf | null): number | null {
  if (!d || d.by !== 'today') return null;
  const years = [...question.matchAll(FACT_YEAR)].map((m) => Number(m[1])).filter((y) => `${y}-12-31` < CIVIL_CODE_IN_FORCE && `${y}` < d.date.slice(0, 4));
  return years.length ? Math.min(...years) : null;
}

/**
 * What to tell the reader of such a turn: 「问题提到 2018 年的事实，本轮按 2026-12-08（咨询当日）的法律检索；…」, with the
 * rule of 民法典's time-effect interpretation and how to set the date.
 */
export function earlierFactsNote(year: number, d: LawAsOf, lang: 'zh' | 'en' = 'zh'): string {
  if (lang === 'en') {
    return `The question gives facts of ${year}, and this turn applied the law as of ${d.date} (${LAW_AS_OF_BY_EN[d.by]}). Disputes over facts before 民法典 took effect (2021-01-01) are generally decided under the laws and interpretations of their time (婚姻法, 继承法, 合同法…; 《最高人民法院关于适用〈中华人民共和国民法典〉时间效力的若干规定》第一条); set the consultation's date to one of ${year} to search the law of then.`;
  }
  return `问题提到 ${year} 年的事实，本轮按 ${lawDateZh(d)}的法律检索；民法典施行（2021-01-01）前的法律事实引起的纠纷，一般适用当时的法律、司法解释（婚姻法、继承法、合同法等，见《最高人民法院关于适用〈中华人民共和国民法典〉时间效力的若干规定》第一条）。如需按当时的法律检索，请为咨询设定 ${year} 年的适用日期。`;
}
