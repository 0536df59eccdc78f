/**
 * Dates of effect LawRefBook lacks or gives wrongly for amended national laws: its files leave the date empty (treated
 * as the day of publication) or give the publication date, while the amending decision set a later day. A matter
 * dated in between was then governed by the text before the amendment, so a wrong date reads the new text as the law of
 * the time (民事诉讼法 as of 2023-10-01 read the 2023 text, in force only from 2024-01-01). Each entry is the date the
 * amending decision itself gives; only a stored date that is empty or the publication date is replaced, so a corrected
 * source wins. Applied on import (recomputeStatuses) and to existing libraries by migration 17.
 */
export interface EffectiveDateFix {
  title: string;
  /** The version's publication date, as LawRefBook files it. */
  published: string;
  /** The day the amending decision says it takes effect. */
  effective: string;
}

export const EFFECTIVE_DATE_FIXES: readonly EffectiveDateFix[] = [
  // 《关于修改〈中华人民共和国民事诉讼法〉的决定》(2023-09-01): 自2024年1月1日起施行.
  { title: '中华人民共和国民事诉讼法', published: '2023-09-01', effective: '2024-01-01' },
  // 《关于修改〈中华人民共和国监察法〉的决定》(2024-12-25): 自2025年6月1日起施行.
  { title: '中华人民共和国监察法', published: '2024-12-25', effective: '2025-06-01' },
  // 《关于修改〈中华人民共和国会计法〉的决定》(2024-06-28): 自2024年7月1日起施行.
  { title: '中华人民共和国会计法', published: '2024-06-28', effective: '2024-07-01' },
  // 《关于修改〈中华人民共和国慈善法〉的决定》(2023-12-29): 自2024年9月5日起施行.
  { title: '中华人民共和国慈善法', published: '2023-12-29', effective: '2024-09-05' },
  // 《关于修改〈中华人民共和国立法法〉的决定》(2023-03-13): 自2023年3月15日起施行.
  { title: '中华人民共和国立法法', published: '2023-03-13', effective: '2023-03-15' },
  // 《关于修改〈中华人民共和国反垄断法〉的决定》(2022-06-24): 自2022年8月1日起施行.
  { title: '中华人民共和国反垄断法', published: '2022-06-24', effective: '2022-08-01' },
];

const quoted = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The fixes as SQL statements (national documents only). */
export function effectiveDateFixesSql(fixes: readonly EffectiveDateFix[] = EFFECTIVE_DATE_FIXES): string {
  return fixes.map((f) => `UPDATE documents SET effective_date = ${quoted(f.effective)}
     WHERE province = '' AND publish_date = ${quoted(f.published)} AND (effective_date IS NULL OR effective_date = publish_date)
       AND law_id IN (SELECT id FROM laws WHERE title = ${quoted(f.title)} AND province = '');`).join('\n');
}
