/**
 * 民法典 articles that apply to facts before 民法典 took effect (2021-01-01), by 《最高人民法院关于适用〈中华人民共和国
 * 民法典〉时间效力的若干规定》 (法释〔2020〕15号): a typed will made in 2020 is judged by 第一千一百三十六条 (its 第十五条),
 * a nephew's 代位继承 of an uncle who died in 2019 by 第一千一百二十八条 (第十四条). A citation of such an article for a
 * matter of that time was told only 「该法…在 2020-10-01 尚未施行」, which sends the reader to the old law the
 * interpretation set aside. Which article of the interpretation names which 民法典 article is listed here by hand (its
 * text names them, but conditions and exceptions such as 第二十一条's 「不予支持」 need reading); the words quoted are
 * the library's, so nothing is said when the library lacks the interpretation.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { intToChinese } from '../../../preload/contract/numerals.js';
import { CIVIL_CODE_EFFECTIVE } from './civilCodeStandIn.js';
import { CIVIL_CODE_TITLE } from './civilCodeConcordance.js';

export const TIME_EFFECT_TITLE = '最高人民法院关于适用《中华人民共和国民法典》时间效力的若干规定';

/** 民法典 article numbers → the article of the time-effect interpretation that applies them to earlier facts. */
const RETROACTIVE: ReadonlyArray<readonly [civil: readonly number[], rule: number]> = [
  [[185], 6], [[401, 428], 7], [[496], 9], [[565], 10], [[580], 11],
  [[761, 762, 763, 764, 765, 766, 767, 768, 769], 12],
  [[1125], 13], [[1128], 14], [[1136], 15], [[1176], 16], [[1177], 17], [[1217], 18], [[1254], 19],
  [[734], 21], [[1079], 22], [[1142], 23], [[1052], 26],
];

/** The 民法典 article numbers the interpretation applies to some facts before 2021-01-01, in order. */
export const RETROACTIVE_ARTICLES: readonly number[] = RETROACTIVE.flatMap(([civil]) => civil).sort((a, b) => a - b);

/**
 * For an article of national 民法典 and a date before it took effect: the article of the time-effect interpretation
 * that applies it to facts of that date (「时间效力规定第十五条」), by the table alone; null otherwise. Search lets
 * these articles through a date before 2021 (filters.ts) and labels them with it.
 */
export function retroactiveRule(article: { lawTitle: string; province: string; number: number; subNumber: number }, asOf: string | undefined): string | null {
  if (!asOf || asOf >= CIVIL_CODE_EFFECTIVE || article.lawTitle !== CIVIL_CODE_TITLE || article.province !== '' || article.subNumber !== 0) return null;
  const rule = RETROACTIVE.find(([civil]) => civil.includes(article.number))?.[1];
  return rule === undefined ? null : `时间效力规定第${intToChinese(rule)}条`;
}

const RULE_SQL = `SELECT a.text FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
  WHERE l.title = ? AND l.province = '' AND a.number = ? AND a.sub_number = 0 AND a.kind = 'article' ORDER BY d.publish_date DESC LIMIT 1`;

/**
 * For 民法典 article `number` cited as of a date before it took effect: the article of the time-effect interpretation
 * that applies it to facts of that time, quoted; null for the other articles, for a date from 2021-01-01 on, or when
 * the library lacks the interpretation.
 */
export function retroactiveNote(db: Db, number: number, asOf: string): { en: string; zh: string; short: string } | null {
  if (asOf >= CIVIL_CODE_EFFECTIVE) return null;
  const rule = RETROACTIVE.find(([civil]) => civil.includes(number))?.[1];
  if (rule === undefined) return null;
  const text = cachedStatement(db, RULE_SQL).pluck().get(TIME_EFFECT_TITLE, rule) as string | undefined;
  if (!text) return null;
  const title = `《${TIME_EFFECT_TITLE.replace(/《/g, '〈').replace(/》/g, '〉')}》第${intToChinese(rule)}条`;
  const words = text.replace(/\s+/g, '');
  return {
    en: `but ${title} applies 民法典 to some facts before it took effect: 「${words}」`,
    zh: `但${title}规定：“${words}”该日的事实可能适用本条，请按该条的条件核对`,
    short: `但${title}规定民法典施行前的部分事实适用本条，须按其条件核对`,
  };
}
