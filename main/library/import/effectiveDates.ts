/**
 * Dates of effect LawRefBook lacks or gives wrongly for amended national laws and administrative regulations: its files leave the date empty (treated
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
  // Administrative regulations (since session 50). 《国务院关于修改〈工伤保险条例〉的决定》(国务院令第586号, 2010-12-20):
  // 自2011年1月1日起施行.
  { title: '工伤保险条例', published: '2010-12-20', effective: '2011-01-01' },
  // 《国务院关于修改〈全国年节及纪念日放假办法〉的决定》(国务院令第795号, 2024-11-10): 自2025年1月1日起施行 (the two added
  // public holidays, which wages for work on them turn on).
  { title: '全国年节及纪念日放假办法', published: '2024-11-10', effective: '2025-01-01' },
  // 《国务院关于修改和废止部分行政法规的决定》(国务院令第797号, 2024-12-06): 自2025年1月20日起施行; the twenty regulations it amends.
  ...[
    '互联网上网服务营业场所管理条例', '互联网信息服务管理办法', '中华人民共和国企业所得税法实施条例', '使用有毒物品作业场所劳动保护条例', '公共场所卫生管理条例',
    '出版管理条例', '医疗器械监督管理条例', '印刷业管理条例', '印铸刻字业暂行管理规则', '地震监测管理条例', '外国人在中华人民共和国收养子女登记办法',
    '外国律师事务所驻华代表机构管理条例', '外国民用航空器飞行管理规则', '广播电视管理条例', '放射性药品管理办法', '民用航空运输不定期飞行管理暂行规定',
    '病原微生物实验室生物安全管理条例', '中华人民共和国药品管理法实施条例', '音像制品管理条例', '麻醉药品和精神药品管理条例',
  ].map((title) => ({ title, published: '2024-12-06', effective: '2025-01-20' })),
];

const quoted = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The fixes as SQL statements (national documents only). */
export function effectiveDateFixesSql(fixes: readonly EffectiveDateFix[] = EFFECTIVE_DATE_FIXES): string {
  return fixes.map((f) => `UPDATE documents SET effective_date = ${quoted(f.effective)}
     WHERE province = '' AND publish_date = ${quoted(f.published)} AND (effective_date IS NULL OR effective_date = publish_date)
       AND law_id IN (SELECT id FROM laws WHERE title = ${quoted(f.title)} AND province = '');`).join('\n');
}
