/**
 * Doctrine names (不安抗辩权, 表见代理, 法人人格否认) on a real library: every statute term an
 * entry adds is in the article it was written against, and the name itself is not (else the
 * entry would be needless); a search for a name alone reaches that article. Real SQLite, real FTS5.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getArticles } from '../../main/library/articles.js';
import { DOCTRINE_TERMS } from '../../main/search/doctrineTerms.js';
import { layTermExpansion } from '../../main/search/layTerms.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();

/** The article each entry (by its first name) was read against. */
const READ_AGAINST: Record<string, string> = {
  不安抗辩: '民法典第527条', 同时履行抗辩: '民法典第525条', 先履行抗辩: '民法典第526条', 情势变更: '民法典第533条', 缔约过失: '民法典第500条',
  预期违约: '民法典第578条', 表见代理: '民法典第172条', 表见代表: '民法典第504条', 债务加入: '民法典第552条', 定金罚则: '民法典第587条',
  流质: '民法典第428条', 占有改定: '民法典第228条', 简易交付: '民法典第226条', 指示交付: '民法典第227条', 添附: '民法典第322条',
  自甘风险: '民法典第1176条', 自助行为: '民法典第1177条', 好意同乘: '民法典第1217条', 公平责任: '民法典第1186条', 过错推定: '民法典第1165条',
  无过错责任: '民法典第1166条', 与有过失: '民法典第1173条', 共同危险行为: '民法典第1170条', 雇主责任: '民法典第1191条', 避风港: '民法典第1195条',
  日常家事代理: '民法典第1060条', 离婚冷静期: '民法典第1077条', 家务补偿: '民法典第1088条', 离婚损害赔偿: '民法典第1091条', 转继承: '民法典第1152条', 必留份: '民法典第1141条',
  法人人格否认: '公司法第23条', 隐名股东: '公司法解释三第25条', 股东代表诉讼: '公司法第189条', 公司僵局: '公司法第231条', 出资加速到期: '公司法第54条',
  异议股东: '公司法第89条', 股东知情权: '公司法第57条',
  违法解除赔偿金: '劳动合同法第87条', 被迫解除: '劳动合同法第38条', 末位淘汰: '劳动合同法第40条',
  罪刑法定: '刑法第3条', 从旧兼从轻: '刑法第12条', 追诉时效: '刑法第87条', 特殊防卫: '刑法第20条', 坦白从宽: '刑法第67条', 转化型抢劫: '刑法第269条',
  帮信罪: '刑法第287条之二', 醉驾: '刑法第133条之一',
  非法证据排除: '刑事诉讼法第56条', 疑罪从无: '刑事诉讼法第200条', 上诉不加刑: '刑事诉讼法第237条', 刑事证明标准: '刑事诉讼法第55条', 羁押必要性: '刑事诉讼法第95条',
  谁主张谁举证: '民事诉讼法第67条', 一事不再理: '民诉法解释第247条', 管辖权异议: '民事诉讼法第130条', 协议管辖: '民事诉讼法第35条', 执行异议: '民事诉讼法第238条',
  一事不再罚: '行政处罚法第29条', 首违不罚: '行政处罚法第33条', 过罚相当: '行政处罚法第5条', 信赖保护: '行政许可法第8条', 复议不加重: '行政复议法第63条',
};

const FILES = [
  ...CORE_SUBSET,
  '司法解释/最高人民法院关于适用《公司法》若干问题的规定（三）(2011-01-27).md',
  '司法解释/最高人民法院关于适用《民事诉讼法》的解释(2022-04-01).md',
  '诉讼与非诉讼程序法/刑事诉讼法(2018-10-26).md',
  '诉讼与非诉讼程序法/民事诉讼法(2023-09-01).md',
  '诉讼与非诉讼程序法/行政复议法(2023-09-01).md',
  '行政法/行政处罚法(2021-01-22).md',
  '行政法/行政许可法(2019-04-23).md',
];

describe('doctrine names', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: FILES });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('each entry names the article it was read against; its terms are in that article, its names are not', () => {
    assert.deepEqual(DOCTRINE_TERMS.map(([names]) => String(names[0])).sort(), Object.keys(READ_AGAINST).sort());
    for (const [names, terms] of DOCTRINE_TERMS) {
      const citation = READ_AGAINST[String(names[0])] as string;
      const found = lib.engine.lookup(citation);
      assert.ok(found.ok, `${citation}: ${found.ok ? '' : found.message}`);
      const text = found.article.text;
      assert.deepEqual(terms.filter((t) => !text.includes(t)), [], `terms missing from ${citation}`);
      assert.deepEqual(names.filter((n) => text.includes(n)), [], `${citation} already says the name`);
    }
  });

  test('a name that reads as something else adds nothing: 证明标准 alone names no procedure, 知情权 alone no shareholder, 坦白 alone no confession', () => {
    assert.deepEqual(layTermExpansion('消费者的知情权'), []);
    assert.ok(!layTermExpansion('我跟妻子坦白了').includes('如实供述自己罪行'));
    assert.deepEqual(layTermExpansion('环境污染案件的证明标准'), []);
    assert.deepEqual(layTermExpansion('刑事案件的证明标准'), []);
    assert.deepEqual(layTermExpansion('刑事证明标准'), ['证据确实、充分']);
  });

  const place = async (query: string, literal: boolean, law: string, number: number) => {
    const ranked = await lib.engine.retrieval.rank(query, { mode: 'lexical', limit: 50, literal });
    const labels = getArticles(lib.engine.db, ranked.map((r) => r.id)).map((a) => `${a.lawTitle}#${a.number}`);
    const at = labels.indexOf(`${law}#${number}`);
    return at < 0 ? Infinity : at + 1;
  };

  for (const [query, law, number] of [
    ['不安抗辩权', '中华人民共和国民法典', 527],
    ['好意同乘', '中华人民共和国民法典', 1217],
    ['自甘风险', '中华人民共和国民法典', 1176],
    ['法人人格否认', '中华人民共和国公司法', 23],
    ['上诉不加刑', '中华人民共和国刑事诉讼法', 237],
    ['首违不罚', '中华人民共和国行政处罚法', 33],
  ] as const) {
    test(`${query} reaches ${law} 第${number}条 in the top 3; the name as typed does not reach the top 10`, async () => {
      assert.ok((await place(query, false, law, number)) <= 3, `${query}: ${await place(query, false, law, number)}`);
      assert.ok((await place(query, true, law, number)) > 10, `${query} as typed: ${await place(query, true, law, number)}`);
    });
  }
});
