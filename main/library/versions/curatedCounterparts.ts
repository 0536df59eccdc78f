/**
 * Pairings text cannot find, each read by a lawyer in both texts. 行政复议法 of 2023 restates what 2017 said from the
 * applicant's side (「对…不服的，向…申请行政复议」) from the reviewing organ's side (「…管辖下列行政复议案件：（一）对…
 * 不服的」), and turns rules into items of longer lists, so the provision survives in words that share a quarter of
 * their character pairs or less, while the law's own vocabulary makes an unrelated article more alike: 2017 第十三条 is
 * closest to 2023 第二十八条 (the justice department, 「…也可以向上一级司法行政部门申请行政复议」), not 第二十四条, whose
 * item (二) is the rule. Neither headings (both stand under 行政复议管辖) nor weighting the law's common words (tried in
 * session 49: it broke as many right pairings as it mended) tells them apart, so these few are listed. Each names the
 * article holding the provision in the other version; `both` also pairs the other way round.
 *
 * 刑诉法解释 of 2012 第九十五条 is another: its first 款 says what 「刑讯逼供等非法方法」 in the law's exclusionary rule
 * means, its second 款 what 「可能严重影响司法公正」 means for physical evidence. 2021 gave each its own place — the first
 * became 第一百二十三条, the confessions to exclude, the second 第一百二十六条第二款 word for word —, so text pairs the
 * article with 第一百二十六条 (the one verbatim sentence), and a 2012 citation of 第九十五条, which is cited for the
 * confessions, was said to be 「2021-01-26 版中第一百二十六条含其部分内容」. `also` lists where the rest of it went.
 */
export interface CuratedCounterpart {
  law: string;
  from: { version: string; label: string };
  to: { version: string; label: string };
  /** Whether the newer article's counterpart in the older version is this one too. */
  both: boolean;
  why: string;
  /** Other articles of the newer version that took a part of it (listed beside the counterpart). */
  also?: string[];
}

const REVIEW_LAW = '中华人民共和国行政复议法';
const pair = (from: string, to: string, both: boolean, why: string): CuratedCounterpart => ({
  law: REVIEW_LAW, from: { version: '2017-09-01', label: from }, to: { version: '2023-09-01', label: to }, both, why,
});

export const CURATED_COUNTERPARTS: readonly CuratedCounterpart[] = [
  pair('第八条', '第十二条', true, '行政处分、人事处理决定 and the mediation of civil disputes, for which 2017 sent the applicant elsewhere, are among 2023\'s matters outside review (items 三 and 四)'),
  pair('第十三条', '第二十四条', false, 'an application against a local government goes to the government one level up: 2023 第二十四条 item (二), 「对下一级人民政府作出的行政行为不服的」, and its second paragraph for the 派出机关; 2023 第二十四条 also took 第十二条 and 第十五条, and stays paired with 第十五条'),
  pair('第二十二条', '第四十九条', true, 'review on the papers (书面审查) became hearing the parties, with 「可以书面审理」 where they cannot be heard'),
  pair('第二十五条', '第四十一条', true, 'withdrawing an application ends the review: 2023 第四十一条 item (一), 「申请人撤回行政复议申请，行政复议机构准予撤回」'),
  {
    law: '最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释',
    from: { version: '2012-12-20', label: '第九十五条' }, to: { version: '2021-01-26', label: '第一百二十三条' }, both: true,
    why: '2012 第九十五条第一款 defines the 「刑讯逼供等非法方法」 whose confessions 刑事诉讼法 (2012 第五十四条, 2018 第五十六条) excludes — 「使用肉刑或者变相肉刑…使被告人在肉体上或者精神上遭受剧烈疼痛或者痛苦的方法，迫使被告人违背意愿供述的」; 2021 第一百二十三条 lists those methods (「采用殴打、违法使用戒具等暴力方法或者变相肉刑的恶劣手段，使被告人遭受难以忍受的痛苦而违背意愿作出的供述」, threats, illegal detention). Its second 款 is 2021 第一百二十六条第二款 word for word',
    also: ['第一百二十六条'],
  },
];

/** The label of the article of version `to` holding the provision of `label` in version `from`, when the table says; else null. */
export function curatedCounterpart(law: string, from: string, label: string, to: string): string | null {
  return curatedEntry(law, from, label, to)?.label ?? null;
}

/** The articles of version `to` that took a part of `label` beside its curated counterpart (older to newer only). */
export function curatedAlso(law: string, from: string, label: string, to: string): string[] {
  return curatedEntry(law, from, label, to)?.also ?? [];
}

function curatedEntry(law: string, from: string, label: string, to: string): { label: string; also: string[] } | null {
  for (const c of CURATED_COUNTERPARTS) {
    if (c.law !== law) continue;
    if (c.from.version === from && c.from.label === label && c.to.version === to) return { label: c.to.label, also: c.also ?? [] };
    if (c.both && c.to.version === from && c.to.label === label && c.from.version === to) return { label: c.from.label, also: [] };
  }
  return null;
}
