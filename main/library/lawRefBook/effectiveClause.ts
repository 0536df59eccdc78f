import { chineseToInt, digitsToInt, WRITTEN_YEAR } from '../../../preload/contract/numerals.js';

/**
 * The 施行 clause a statute closes with: 「本法自2024年7月1日起施行」, also 本条例 /
 * 本规定 / 本解释 / 本办法 / 本决定 / 本命令 …, dates in Arabic, full-width or Chinese
 * numerals (二〇二四年七月一日), optionally with an hour (…日零时起施行); older texts say
 * 起执行 (工资支付暂行规定: 「本规定自一九九五年一月一日起执行」).
 * "自公布之日起施行" names no date and is not matched here (takesEffectOnPublication
 * reads it), nor is a clause for one article (本法第十条自…起施行).
 */
/** The act a closing clause speaks of: 本法, 本条例, 本实施细则 … */
const THIS_ACT = '本(?:实施|暂行|补充)?(?:法|条例|规定|解释|办法|决定|细则|规则|修正案|批复|通知|安排|意见|准则|规范|答复|命令)';
const CLAUSE = new RegExp(
  `${THIS_ACT}自\\s*(${WRITTEN_YEAR})\\s*年\\s*([0-9０-９一二三四五六七八九十]{1,3})\\s*月\\s*([0-9０-９一二三四五六七八九十]{1,3})\\s*日(?:[0-9０-９零〇一二三四五六七八九十]{1,3}时)?起(?:施行|生效|执行)`,
  'gu',
);

/** 「自公布之日起施行」, also 发布 / 颁布, 「从发布之日起施行」 and 「本命令自发布之日起生效」. */
const ON_PUBLICATION = new RegExp(`${THIS_ACT}(?:自|从)(?:公布|发布|颁布)之日起(?:施行|生效|执行)`, 'u');
/** 「本条例自修订发布之日起施行」: the revised text takes effect when it is published. */
const ON_REVISED_PUBLICATION = new RegExp(`${THIS_ACT}(?:自|从)修订(?:公布|发布|颁布)之日起(?:施行|生效|执行)`, 'u');

/**
 * 「本条例自公布之日起施行」: the act takes effect the day it is published. Only the
 * caller can tell whether that day is this version's (an amended text often keeps the
 * original's clause).
 */
export function takesEffectOnPublication(text: string): boolean {
  return ON_PUBLICATION.test(text);
}

/** 「本条例自修订发布之日起施行」: the act, as revised, takes effect the day the revision is published. */
export function takesEffectOnRevisedPublication(text: string): boolean {
  return ON_REVISED_PUBLICATION.test(text);
}

/** Every date a 施行 clause in `text` names, as YYYY-MM-DD, in the order they appear. */
export function effectiveDatesInText(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CLAUSE)) {
    const date = isoDate(m[1] ?? '', m[2] ?? '', m[3] ?? '');
    if (date) out.push(date);
  }
  return out;
}

/**
 * The same clause read more loosely, with the act it speaks of, for the day a law first took effect (lawOrigins.ts):
 * 「本法由全国人民代表大会通过，自1984年10月1日起施行」, 「本法自1986年10月1日施行」, 「本法（原称…）自1989年1月1日起施行」,
 * 「本规定从1986年7月1日起施行」 — never a clause for part of it (本法第十条…). The import keeps to the strict form above.
 */
const LOOSE_CLAUSE = new RegExp(
  `本(?:实施|暂行|补充)?(法|条例|规定|解释|办法|决定|细则|规则|修正案|批复|通知|安排|意见|准则|规范|答复)(?:[（(][^（）()]*[）)])?(?:[^。；（）()第]{0,30}?，)?(?:自|从)\\s*(${WRITTEN_YEAR})\\s*年\\s*([0-9０-９一二三四五六七八九十]{1,3})\\s*月\\s*([0-9０-９一二三四五六七八九十]{1,3})\\s*日(?:[0-9０-９零〇一二三四五六七八九十]{1,3}时)?起?(?:施行|生效)`,
  'gu',
);

/** Every date a 施行 clause in `text` names, read loosely, with the act the clause speaks of (法, 条例, 解释…). */
export function statedStarts(text: string): Array<{ date: string; act: string }> {
  const out: Array<{ date: string; act: string }> = [];
  for (const m of text.matchAll(LOOSE_CLAUSE)) {
    const date = isoDate(m[2] ?? '', m[3] ?? '', m[4] ?? '');
    if (date) out.push({ date, act: m[1]! });
  }
  return out;
}

function isoDate(year: string, month: string, day: string): string | null {
  // A year is written digit by digit (二〇二四), month and day as numbers (十二, 二十一).
  const y = digitsToInt(year);
  const m = chineseToInt(month);
  const d = chineseToInt(day);
  if (y === null || y < 1949 || !m || m > 12 || !d || d > 31) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
