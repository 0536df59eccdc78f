/**
 * The amendments a span of facts straddles, read from a real library (spannedAmendments.ts): 商标法's held 2019 text
 * (in force 2019-11-01) and the amendments its history records without their texts (2013-08-30, adopted only), said
 * surely or as 「可能」 where a date is given by its year; a law's first text (民法典) is no amendment.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';
import { factSpan } from '../../main/consult/factSpan.js';
import { spannedAmendments } from '../../main/library/versions/spannedAmendments.js';

const SKIP = sharedSkipReason();

describe('amendments a span of facts straddles', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let trademark: number;
  let code: number;
  before(async () => {
    lib = await buildLibrary({ files: ['民法商法/商标法(2019-04-23).md', '民法典'] });
    const id = (title: string, label: string) => lib.engine.db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND a.label = ?`).pluck().get(title, label) as number;
    trademark = id('中华人民共和国商标法', '第六十三条');
    code = id('中华人民共和国民法典', '第一千一百八十五条');
  });
  after(async () => {
    await lib?.dispose();
  });
  const spanned = (text: string) => spannedAmendments(lib.engine.db, [trademark, code], factSpan(text)!, null);

  test('2018 to 2022: the 2019 amendment in force 2019-11-01, the library lacking the text before; 民法典 (first in force 2021) is no amendment', () => {
    const [s, ...rest] = spanned('2018年开始侵权，一直到2022年');
    assert.deepEqual(rest, []);
    assert.deepEqual(s?.changes, [{ name: '2019 年修正', adopted: '2019-04-23', inForce: '2019-11-01', earlierText: null, sure: true }]);
  });

  test('2012 to 2015: the 2013 amendment the history records, known by its adoption only', () => {
    const [s] = spanned('2012年5月开始侵权，2015年停止');
    assert.deepEqual(s?.changes, [{ name: '2013 年修正', adopted: '2013-08-30', inForce: null, earlierText: null, sure: true }]);
    assert.match(s!.zh, /^本案事实跨越《中华人民共和国商标法》2013 年修正（2013-08-30 通过，施行日期法规库未载）：问题所述事实自 2012年5月 至 2015年，2013-08-30 前的行为适用修改前的文本/);
  });

  test('2019 to 2020, by years only: it may straddle; 2020 to 2022: nothing', () => {
    const [s] = spanned('2019年开始侵权，2020年停止');
    assert.equal(s?.changes[0]?.sure, false);
    assert.match(s!.zh, /^本案事实可能跨越《中华人民共和国商标法》2019 年修正/);
    assert.match(s!.en, /^The facts may straddle the 2019 amendment/);
    assert.deepEqual(spanned('2020年开始侵权，2022年停止'), []);
  });
});

describe('a law whose own article applies the milder text (从旧兼从轻)', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let penalty: number;
  let trademark: number;
  before(async () => {
    lib = await buildLibrary({ files: ['行政法/行政处罚法(2021-01-22).md', '民法商法/商标法(2019-04-23).md'] });
    const id = (title: string, label: string) => lib.engine.db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND a.label = ?`).pluck().get(title, label) as number;
    penalty = id('中华人民共和国行政处罚法', '第三十三条');
    trademark = id('中华人民共和国商标法', '第六十三条');
  });
  after(async () => {
    await lib?.dispose();
  });

  test('行政处罚法 2020 to 2022: the 2021 revision, old text for conduct before 2021-07-15 unless the new one punishes more lightly (第三十七条)', () => {
    const [s] = spannedAmendments(lib.engine.db, [penalty], factSpan('2020年3月开始违法经营，2022年5月被处罚')!, null);
    assert.equal(s?.title, '中华人民共和国行政处罚法');
    assert.equal(s?.changes[0]?.inForce, '2021-07-15');
    assert.match(s!.zh, /2021-07-15 前的行为适用修改前的文本，此后的适用修改后的文本；持续到该日以后的行为，按持续行为的规则判断适用哪一文本；但作出处罚决定时新的规定处罚较轻或者不认为是违法的，适用新的规定（从旧兼从轻，该法第三十七条）；法规库中没有修改前的文本/);
    assert.match(s!.en, /; but when the decision is made under a new text that punishes it more lightly or not at all, the new text applies \(the milder law, 第三十七条 of that law\); the library lacks/);
  });

  test('a law without such an article (商标法) reads as before', () => {
    const [s] = spannedAmendments(lib.engine.db, [trademark], factSpan('2018年开始侵权，一直到2022年')!, null);
    assert.doesNotMatch(s!.zh, /从旧兼从轻/);
    assert.doesNotMatch(s!.en, /milder law/);
  });
});
