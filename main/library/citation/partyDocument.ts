/**
 * A title in 《》 that names a document of the parties or of a court rather than a law: 《借款合同》第八条,
 * 《股权转让协议》第三条, 《公司章程》第十条, 《民事判决书》. Briefs cite them all the time; the library holds
 * none, and none is a statute to check. A title the library knows (by its name or an alias) is a law whatever its
 * ending, and the forms of legal instruments — 法, 条例, 规定, 办法, 细则, 规则, 解释, 决定 (全国人大常委会关于…的决定),
 * 通知, 意见, 批复 — are not documents here: only the endings below are.
 */
import { normalizeLawName, type LawNameIndex } from './aliases.js';

/** What kind of document: the parties' own (a contract, a charter, an IOU), or one a court, an arbitral body or an agency issued. */
export type DocumentKind = 'party' | 'ruling';

/** Endings of the parties' documents, the longest first where one ends another (补充协议 is a 协议). */
const PARTY_ENDINGS = [
  '合同', '合同书', '协议', '协议书', '契约', '合约', '章程', '承诺书', '承诺函', '保证书', '担保书', '确认书', '确认函',
  '委托书', '授权书', '借条', '欠条', '收条', '借据', '收据', '通知书', '意向书', '备忘录', '说明书', '声明书', '遗嘱',
  '员工手册', '规章制度', '管理制度', '起诉状', '答辩状', '申请书', '意见书', '补充条款', '合同条款', '还款计划', '计划书',
  '对账单', '结算单', '确认单',
];
/** Endings of documents a court, an arbitral body or an agency issues in a case (not 决定 alone: a legal instrument). */
const RULING_ENDINGS = ['判决书', '裁定书', '调解书', '裁决书', '决定书', '支付令'];
/** A version or sample said after the title: 《建设工程施工合同（示范文本）》, 《借款合同（2023年）》. */
const TRAILING_NOTE = /[（(][^（）()]*[）)]$/;
/** A number told after the title: 《补充协议一》, 《补充协议2》, 《补充协议之二》. */
const TRAILING_ORDINAL = /(?:之)?(?:[一二三四五六七八九十]{1,3}|[0-9０-９]{1,3})$/;
/** Charters that are no party's document: 中国共产党章程, 中国共产主义青年团章程. */
const NOT_A_PARTY = /^中国共产(?:党|主义青年团)/;

/** The kind of document a cited title names (without or with its 《》), or null for a law, or a name the library knows. */
export function documentKind(title: string, names: LawNameIndex): DocumentKind | null {
  const name = title.replace(/^《|》$/g, '').trim().replace(TRAILING_NOTE, '').replace(TRAILING_ORDINAL, '');
  if (name.length < 2 || NOT_A_PARTY.test(name) || names.lookup(normalizeLawName(title)).length > 0) return null;
  if (RULING_ENDINGS.some((e) => name.endsWith(e))) return 'ruling';
  return PARTY_ENDINGS.some((e) => name.endsWith(e)) ? 'party' : null;
}

/** Why a clause of such a document is not checked, in English (the CLI) and Chinese (the app). */
export function documentNote(kind: DocumentKind): { en: string; zh: string } {
  return kind === 'party'
    ? { en: 'a clause of a contract, agreement or other party document, not a law: not checked', zh: '合同、协议等当事人文件的条款，非法律法规，未核验' }
    : { en: 'a court, arbitral or administrative document, not a law: not checked', zh: '裁判文书、决定书等法律文书，非法律法规，未核验' };
}
