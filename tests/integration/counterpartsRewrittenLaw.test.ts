/**
 * Counterparts across a rewritten law, read from the real LawRefBook files: 行政复议法 of 2023 renumbered and
 * recast nearly all of the 2017 text (43 articles to 90), and its vocabulary (行政复议申请, 行政复议机关) makes
 * unrelated articles a third alike; 公司法 of 2023 moved articles between the chapters on the two kinds of company.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ResolveResult } from '../../main/library/citation/resolver.js';
import type { ArticleVersion } from '../../main/library/versions/counterparts.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
let lib: TempLibrary;

/** The label of the article holding `citation`'s provision in the version published `date` (null: none does). */
function counterpart(citation: string, version: string, date: string): string | null {
  const result = lib.engine.lookup(citation, { version }) as ResolveResult;
  assert.ok(result.ok, citation);
  const there = lib.engine.context(result.article).versions.find((v: ArticleVersion) => v.publishDate === date);
  assert.ok(there, `${citation}: no version ${date}`);
  return there.label;
}

describe('counterparts across a rewritten law', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({
      files: ['诉讼与非诉讼程序法/行政复议法(2017-09-01).md', '诉讼与非诉讼程序法/行政复议法(2023-09-01).md',
        '民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md'],
    });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('行政复议法 2017 → 2023: renumbered provisions found, recast ones kept', () => {
    const to2023 = (n: string) => counterpart(`行政复议法第${n}条`, '2017-09-01', '2023-09-01');
    const expected: Array<[string, string | null]> = [
      ['六', '第十一条'], // scope of review
      ['九', '第二十条'], // sixty days to apply
      ['五', '第十条'], ['七', '第十三条'], ['十一', '第二十二条'], ['十二', '第二十七条'], ['十六', '第二十九条'],
      ['十七', '第三十条'], ['十九', '第三十四条'], ['二十一', '第四十二条'], ['二十三', '第四十八条'], ['二十八', '第六十四条'],
      ['二十九', '第七十二条'], ['三十', '第二十三条'], ['三十一', '第六十二条'], ['三十四', '第八十条'], ['四十一', '第八十九条'],
      // The county government's forwarding of applications (转送) is gone: not 2023's 补正 (第三十一条).
      ['十八', null],
      // Recast beyond what text finds (curatedCounterparts.ts): jurisdiction restated from the organ's side, rules
      // turned into items. Withdrawal (撤回) is 第四十一条 item (一), not 2023's dismissal of an application (第三十三条).
      ['八', '第十二条'], ['十三', '第二十四条'], ['二十二', '第四十九条'], ['二十五', '第四十一条'],
    ];
    assert.deepEqual(expected.map(([n]) => [n, to2023(n)]), expected);
  });

  test('行政复议法: a curated pairing is shown as partly carried over, with the change, and nothing listed beside it', () => {
    const result = lib.engine.lookup('行政复议法第二十五条', { version: '2017-09-01' }) as ResolveResult;
    assert.ok(result.ok);
    const there = lib.engine.context(result.article).versions.find((v: ArticleVersion) => v.publishDate === '2023-09-01');
    assert.equal(there?.match, 'partly');
    assert.ok(there?.similarity !== null && there!.similarity! < 0.35, String(there?.similarity));
    assert.deepEqual(there?.also, []);
    assert.ok(there?.diff?.some(([op]) => op !== 0), 'the change from the 2017 text is shown');
  });

  test('行政复议法 2023 ← 2017: no pairing made of the law\'s vocabulary alone', () => {
    const from2017 = (n: string) => counterpart(`行政复议法第${n}条`, '2023-09-01', '2017-09-01');
    const expected: Array<[string, string | null]> = [
      ['十一', '第六条'], ['二十', '第九条'], ['十四', '第十条'], ['十六', '第十条'], ['二十四', '第十五条'], ['二十八', '第十二条'],
      ['二十九', '第十六条'], ['四十七', '第二十三条'], ['六十六', '第二十八条'], ['七十五', '第三十一条'], ['八十', '第三十四条'],
      ['二十三', '第三十条'], // 复议前置: 2017 第三十条's 自然资源 rule; 第十六条 is 2023's 第二十九条
      ['三十一', null], // 补正, new
      ['三十二', null], // filing through the authority that imposed an on-the-spot penalty, new
      ['三十三', null], // 驳回申请, new
      ['三十九', null], // 中止, new
      ['七十九', null], // publishing decisions, new
      ['十二', '第八条'], ['四十九', '第二十二条'], ['四十一', '第二十五条'], // curated both ways
      ['二十四', '第十五条'], // 2017 第十三条 → 第二十四条 is one way only: 第二十四条 also took 第十二条 and 第十五条
      ['七十四', null], // settlement (和解), new: its withdrawal is 第四十一条's
    ];
    assert.deepEqual(expected.map(([n]) => [n, from2017(n)]), expected);
  });

  test('公司法 2023 第四十五条 and 第六十三条 with the 2018 articles a lawyer would name', () => {
    // 「设立有限责任公司，应当由股东共同制定公司章程」 is 2018 第二十三条's item (三) lifted out, not 第六十条 (一人公司章程).
    assert.equal(counterpart('公司法第四十五条', '2023-12-29', '2018-10-26'), '第二十三条');
    // A limited company's shareholders' meeting, convened and chaired: 2018 第四十条, not 第一百零一条 (股份有限公司's).
    assert.equal(counterpart('公司法第六十三条', '2023-12-29', '2018-10-26'), '第四十条');
    assert.equal(counterpart('公司法第一百零一条', '2018-10-26', '2023-12-29'), '第一百一十四条');
    assert.equal(counterpart('公司法第一百一十四条', '2023-12-29', '2018-10-26'), '第一百零一条');
    // The objecting shareholder's buy-back right of a limited company: 2018 第七十四条 → 2023 第八十九条 (第一百六十一条 is a joint stock company's).
    assert.equal(counterpart('公司法第七十四条', '2018-10-26', '2023-12-29'), '第八十九条');
    // Pairings that were right before stay so.
    assert.equal(counterpart('公司法第二十三条', '2023-12-29', '2018-10-26'), '第二十条');
    assert.equal(counterpart('公司法第七十一条', '2018-10-26', '2023-12-29'), '第八十四条');
    assert.equal(counterpart('公司法第五十三条', '2023-12-29', '2018-10-26'), '第三十五条');
  });
});
