/**
 * Where a provision of a version the library does not hold stands in one it does. LawRefBook has 刑事诉讼法 only as
 * revised in 2018, which inserted articles (认罪认罚 in 第十五条, 值班律师, 监察 cases, the 速裁 procedure, trial in
 * absentia) and so moved most numbers; a brief or judgment of 2013–2018 cites the 2012 numbering — 「2012年刑事诉讼法
 * 第一百七十三条第二款」 for 情节轻微 non-prosecution, 2018's 第一百七十七条第二款 — and was checked against 2018's
 * 第一百七十三条 (听取意见), or said to cite a version the library lacks, with no word of where the provision is now.
 *
 * The 2012 text is not here, so no entry is found by text. Each is read off documents the library holds that cite
 * both numberings for the same rule: an article of the 2012 刑诉法解释 (in force with the 2012 law) that cites
 * 「刑事诉讼法第X条」, whose counterpart in the 2021 解释 (written for the 2018 law) says the same with 「第Y条」; or the
 * 人民检察院刑事诉讼规则 of 2012 (试行) and of 2019 alike. `evidence` names both articles, and
 * tests/integration/unheldNumbering.test.ts checks each against the texts. Numbers no such pair vouches for are not
 * listed (a citation of them reads as before).
 */
export interface CitedArticleRef {
  law: string;
  version: string;
  label: string;
}

export interface UnheldArticle {
  law: string;
  /** The version the library lacks: the year a citation names it by, and when it governed (effective, until replaced). */
  year: number;
  from: string;
  until: string;
  label: string;
  /** Where its provision stands in the version held. */
  now: { version: string; label: string };
  subject: string;
  /** A document of the time citing `label` and one of the held version's time citing `now.label`, for the same rule. */
  evidence: { then: CitedArticleRef; since: CitedArticleRef };
}

const CPL = '中华人民共和国刑事诉讼法';
const INTERPRETATION = '最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释';
const RULES_2012 = '人民检察院刑事诉讼规则（试行）';
const RULES_2019 = '人民检察院刑事诉讼规则';

/** 2012 `label` is 2018 `now`; both 刑诉法解释 articles (2012's and 2021's) cite the law for the same words. */
function interpreted(label: string, now: string, subject: string, then: string, since: string): UnheldArticle {
  return moved(label, now, subject, { law: INTERPRETATION, version: '2012-12-20', label: then }, { law: INTERPRETATION, version: '2021-01-26', label: since });
}

function moved(label: string, now: string, subject: string, then: CitedArticleRef, since: CitedArticleRef): UnheldArticle {
  return { law: CPL, year: 2012, from: '2013-01-01', until: '2018-10-26', label, now: { version: '2018-10-26', label: now }, subject, evidence: { then, since } };
}

export const UNHELD_ARTICLES: readonly UnheldArticle[] = [
  // 规则（试行）第四百零一条 and 规则 第三百六十五条: 「…符合刑事诉讼法第十五/十六条规定的情形之一的，…应当作出不起诉决定」.
  moved('第十五条', '第十六条', '不追究刑事责任的情形', { law: RULES_2012, version: '2012-11-22', label: '第四百零一条' }, { law: RULES_2019, version: '2019-12-02', label: '第三百六十五条' }),
  interpreted('第二十八条', '第二十九条', '回避的情形', '第三十条', '第三十五条'),
  interpreted('第二十九条', '第三十条', '不得接受请客送礼、违反规定会见', '第二十八条', '第三十三条'),
  interpreted('第三十二条', '第三十三条', '委托辩护人', '第五十五条', '第六十三条'),
  interpreted('第三十四条', '第三十五条', '法律援助', '第二百九十一条', '第三百六十一条'),
  // 「确认或者不能排除存在刑事诉讼法第五十四/五十六条规定的以非法方法收集证据情形的，对有关证据应当排除」.
  interpreted('第五十四条', '第五十六条', '非法证据排除', '第一百零二条', '第一百三十七条'),
  interpreted('第六十五条', '第六十七条', '取保候审的条件', '第一百一十六条', '第一百五十条'),
  interpreted('第六十九条', '第七十一条', '被取保候审人应当遵守的规定', '第一百二十三条', '第一百五十八条'),
  interpreted('第七十条', '第七十二条', '保证金数额', '第一百一十九条', '第一百五十三条'),
  interpreted('第七十二条', '第七十四条', '监视居住的条件', '第一百二十五条', '第一百六十条'),
  interpreted('第七十九条', '第八十一条', '逮捕的条件', '第一百二十八条', '第一百六十三条'),
  interpreted('第九十九条', '第一百零一条', '附带民事诉讼', '第一百四十一条', '第一百七十八条'),
  // The 2012 numbering in a document of the time (刑事赔偿解释 of 2015, 第七条: 「依照刑事诉讼法第十五条、第一百七十三条第二款
  // 规定不追究刑事责任的人」, beside 第十五条 above), and 2018's in 规则 of 2019, 第三百七十七条: 「依照刑事诉讼法第一百七十七条
  // 第二款作出不起诉决定的…」; 规则（试行）第四百零六条 and 规则 第三百七十条 restate that 款 word for word, as 2018's 第一百七十七条
  // 第二款 has it: 「对于犯罪情节轻微，依照刑法规定不需要判处刑罚或者免除刑罚的，…可以作出不起诉决定」.
  moved('第一百七十三条', '第一百七十七条', '不起诉', { law: '最高人民法院、最高人民检察院关于办理刑事赔偿案件适用法律若干问题的解释', version: '2015-12-28', label: '第七条' }, { law: RULES_2019, version: '2019-12-02', label: '第三百七十七条' }),
  interpreted('第一百九十一条', '第一百九十六条', '庭外调查核实证据', '第六十六条', '第七十九条'),
  interpreted('第二百条', '第二百零六条', '中止审理', '第二百五十七条', '第三百一十四条'),
  interpreted('第二百零二条', '第二百零八条', '公诉案件的审理期限', '第四百零六条', '第四百八十八条'),
  interpreted('第二百零四条', '第二百一十条', '自诉案件的范围', '第二百五十九条', '第三百一十六条'),
  interpreted('第二百二十三条', '第二百三十四条', '二审开庭审理', '第三百一十七条', '第三百九十三条'),
  interpreted('第二百二十七条', '第二百三十八条', '违反法定诉讼程序的发回重审', '第三百一十八条', '第三百九十四条'),
  interpreted('第二百三十二条', '第二百四十三条', '二审审理期限', '第三百四十条', '第四百一十九条'),
  interpreted('第二百四十二条', '第二百五十三条', '申诉重新审判的情形', '第三百七十七条', '第四百五十九条'),
  interpreted('第二百七十条', '第二百八十一条', '未成年人案件法定代理人到场', '第四百六十六条', '第五百五十五条'),
  interpreted('第二百七十七条', '第二百八十八条', '当事人和解的公诉案件', '第四百九十六条', '第五百八十七条'),
  interpreted('第二百八十四条', '第三百零二条', '强制医疗', '第五百三十一条', '第六百三十七条'),
];

/**
 * The entry for article `label` of `law` as cited: by the year it names (2012年刑事诉讼法), or, naming none, as of a
 * date when that version governed (a brief of 2015 citing 刑事诉讼法第一百七十三条); null when the table has none.
 */
export function unheldArticle(law: string, label: string, cited: { year: number | null; asOf?: string }): UnheldArticle | null {
  return UNHELD_ARTICLES.find((u) => u.law === law && u.label === label && (cited.year !== null ? cited.year === u.year : cited.asOf !== undefined && cited.asOf >= u.from && cited.asOf < u.until)) ?? null;
}
