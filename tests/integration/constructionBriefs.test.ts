/**
 * A construction and real-estate lawyer's briefs, checked on a real library of 民法典 and the interpretations of the
 * field (建设工程施工合同解释 of 2004, （二） of 2018, （一） of 2020; 城镇房屋租赁 and 商品房买卖 as amended in 2020):
 * a bare article number is read in the law the text named last, even where that citation was not found, and the
 * practitioners' 「解释（二）第二十一条」 is read as the series member it names, never as the （一） cited just before.
 * Real SQLite, real FTS5, the real LawRefBook texts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# construction briefs tests ${SKIP}`);

const CONSTRUCTION = '最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释';

describe('construction and tenancy briefs: which law a bare or short-named article is read in', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({
      files: [
        '民法典',
        `司法解释/${CONSTRUCTION}(2004-10-25).md`,
        `司法解释/${CONSTRUCTION}（一）(2020-12-29).md`,
        `司法解释/${CONSTRUCTION}（二）(2018-12-30).md`,
        '司法解释/最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释(2020-12-29).md',
        '司法解释/最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释(2020-12-29).md',
        '经济法/建筑法(2019-04-23).md',
      ],
    });
  });
  after(async () => {
    await lib?.dispose();
  });
  const check = (text: string, asOf: string) => checkDraft(lib.engine.searchDeps().resolver, text, asOf).citations;

  test('a bare number after a citation not found is read in that law, not in the one named before it', () => {
    // 2009's 第二十一条 (优先购买权 damages) was struck out in 2020; 第十五条 of the same interpretation follows it.
    const cs = check('依据《民法典》第七百二十八条，及《城镇房屋租赁合同解释》第二十一条（2009年版）、第十五条，出租人应当通知承租人。', '2022-03-01');
    assert.deepEqual(cs.map((c) => [c.marker, c.finding]), [['《民法典》第七百二十八条', 'ok'], ['《城镇房屋租赁合同解释》第二十一条', 'unresolvable'], ['第十五条', 'check']]);
    assert.equal(cs[2]!.lawTitle, '最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释');
    assert.match(cs[2]!.text!, /抵押权人协议折价、变卖租赁房屋/);
    // A law the library does not hold: the bare number after it cannot be checked, and is not given to 民法典.
    const unheld = check('依据《民法典》第五百七十七条及《商品房销售管理办法》第二十条、第二十一条，买受人有权解除合同。', '2022-03-01');
    assert.equal(unheld[2]!.marker, '第二十一条');
    assert.equal(unheld[2]!.lawTitle, null);
    assert.equal(unheld[2]!.finding, 'unresolvable');
    assert.equal(unheld[2]!.noteZh, '第二十一条没有写明法律，按前面提到的《商品房销售管理办法》读：法规库中没有这部法律');
    // The next law the text names ends it: a bare number after 《民法典》 again is 民法典's.
    const again = check('《商品房销售管理办法》第二十条、第二十一条；《民法典》第五百六十三条、第五百六十六条。', '2022-03-01');
    assert.deepEqual(again.map((c) => [c.marker, c.lawTitle, c.articleLabel]), [
      ['《商品房销售管理办法》第二十条', null, null], ['第二十一条', null, null],
      ['《民法典》第五百六十三条', '中华人民共和国民法典', '第五百六十三条'], ['第五百六十六条', '中华人民共和国民法典', '第五百六十六条'],
    ]);
  });

  test('「解释（二）第二十一条」 is the （二）named before, with its repeal and where its rule is now', () => {
    const cs = check('依据《建设工程施工合同解释（二）》第二十二条、《建设工程施工合同解释（一）》第四十条；解释（二）第二十一条。', '2022-03-01');
    const short = cs[2]!;
    assert.equal(short.marker, '第二十一条');
    assert.equal(short.lawTitle, `${CONSTRUCTION}（二）`);
    assert.match(short.text!, /利息、违约金、损害赔偿金等主张优先受偿的，人民法院不予支持/);
    assert.match(short.noteZh!, /^“解释（二）”第二十一条按前面提到的《建设工程施工合同解释（二）》读；该文件已由.*废止/);
    assert.match(short.noteZh!, /第四十条（内容相同）/);
    // As of 2020 it applied: read in it all the same, and not as 解释（一）, not yet in force.
    const then = check('《建设工程施工合同解释（一）》第四十条；解释（二）第二十一条。', '2020-11-01');
    assert.equal(then[1]!.lawTitle, `${CONSTRUCTION}（二）`);
    assert.doesNotMatch(then[1]!.noteZh!, /尚未施行/);
  });

  test('a short name with no member of the series named before is the sibling of the one named, or cannot be checked', () => {
    // Only （一） named: （二） is its sibling, which the library holds; the bare number after it too.
    const cs = check('《建设工程施工合同解释（一）》第四十一条，及解释（二）第二十二条、第二十条。', '2022-03-01');
    assert.deepEqual(cs.map((c) => [c.marker, c.lawTitle, c.articleLabel]), [
      ['《建设工程施工合同解释（一）》第四十一条', `${CONSTRUCTION}（一）`, '第四十一条'],
      ['第二十二条', `${CONSTRUCTION}（二）`, '第二十二条'],
      ['第二十条', `${CONSTRUCTION}（二）`, '第二十条'],
    ]);
    assert.match(cs[1]!.text!, /六个月/);
    // 《城镇房屋租赁合同解释》 has no numbered siblings: 解释（三） after 解释（一） the library lacks cannot be checked.
    const none = check('《建设工程施工合同解释（一）》第四十一条，及解释（三）第二条。', '2022-03-01');
    assert.equal(none[1]!.lawTitle, null);
    assert.match(none[1]!.noteZh!, /^“解释（三）”第二条：文中前面没有写明该解释的全称，无法核验这条引用/);
    // No series named at all: a bare number after 解释（二） is read as before, in the law named last.
    const plain = check('《民法典》第八百零七条，解释（二）第二十二条。', '2022-03-01');
    assert.equal(plain[1]!.lawTitle, '中华人民共和国民法典');
  });

  test('「第十四条（2003年版）」: the version named after the article is the one checked, and only for that article', () => {
    // 2003's 第十四条 was the 3% area rule; 2020's 第十四条 is on title certificates. Not vouched for against the 2020 text.
    const cs = check('依据《商品房买卖合同解释》第十四条（2003年版），面积误差比绝对值超出3%，买受人有权解除合同。', '2022-03-01');
    assert.equal(cs[0]!.finding, 'check');
    assert.match(cs[0]!.noteZh!, /^文中引用的是该法 2003-03-24 通过的文本，法规库中没有（最早的是 2020-12-29 版，2021-01-01 施行）/);
    // The year of one article is not the next one's: 第十三条（2020年修正） and a bare 第十三条 after 第十七条（2003年版） are read in 2020's text, unremarked.
    const two = check('《商品房买卖合同解释》第十七条（2003年版）、第十三条（2020年修正）；同解释第十七条（2003年版）、第十三条，被告应支付违约金。', '2022-03-01');
    assert.deepEqual(two.map((c) => [c.marker, c.finding]), [['《商品房买卖合同解释》第十七条', 'check'], ['第十三条', 'check'], ['第十七条', 'check'], ['第十三条', 'check']]);
    assert.doesNotMatch(two[1]!.noteZh!, /2003-03-24/);
    assert.doesNotMatch(two[3]!.noteZh!, /2003-03-24/);
    assert.match(two[3]!.noteZh!, /^第十三条没有写明法律，按文中前面最后提到的法律读作《最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释》第十三条$/);
    // A version the library holds, named after the article, is read: 建筑法 of 2019, in force then and now.
    const held = check('依据《建筑法》第二十八条（2019年修正），承包单位不得转包。', '2022-03-01');
    assert.deepEqual([held[0]!.finding, held[0]!.publishDate], ['ok', '2019-04-23']);
  });
});
