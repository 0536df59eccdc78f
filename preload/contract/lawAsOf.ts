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
