/**
 * Pairings text cannot find, each read by a lawyer in both texts. 行政复议法 of 2023 restates what 2017 said from the
 * applicant's side (「对…不服的，向…申请行政复议」) from the reviewing organ's side (「…管辖下列行政复议案件：（一）对…
 * 不服的」), and turns rules into items of longer lists, so the provision survives in words that share a quarter of
 * their character pairs or less, while the law's own vocabulary makes an unrelated article more alike: 2017 第十三条 is
 * closest to 2023 第二十八条 (the justice department, 「…也可以向上一级司法行政部门申请行政复议」), not 第二十四条, whose
 * item (二) is the rule. Neither headings (both stand under 行政复议管辖) nor weighting the law's common words (tried in
 * session 49: it broke as many right pairings as it mended) tells them apart, so these few are listed. Each names the
 * article holding the provision in the other version; `both` also pairs the other way round.
 */
export interface CuratedCounterpart {
  law: string;
  from: { version: string; label: string };
  to: { version: string; label: string };
  /** Whether the newer article's counterpart in the older version is this one too. */
  both: boolean;
  why: string;
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
];

/** The label of the article of version `to` holding the provision of `label` in version `from`, when the table says; else null. */
export function curatedCounterpart(law: string, from: string, label: string, to: string): string | null {
  for (const c of CURATED_COUNTERPARTS) {
    if (c.law !== law) continue;
    if (c.from.version === from && c.from.label === label && c.to.version === to) return c.to.label;
    if (c.both && c.to.version === from && c.to.label === label && c.from.version === to) return c.from.label;
  }
  return null;
}
