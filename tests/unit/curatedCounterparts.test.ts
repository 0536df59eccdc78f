import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CURATED_COUNTERPARTS, curatedAlso, curatedCounterpart } from '../../main/library/versions/curatedCounterparts.js';
import { isCalendarDate } from '../../preload/contract/calendarDate.js';

const LAW = '中华人民共和国行政复议法';

test('a curated pairing is read from the older version to the newer, and back only where it says both', () => {
  assert.equal(curatedCounterpart(LAW, '2017-09-01', '第十三条', '2023-09-01'), '第二十四条');
  assert.equal(curatedCounterpart(LAW, '2023-09-01', '第二十四条', '2017-09-01'), null, 'one way only');
  assert.equal(curatedCounterpart(LAW, '2023-09-01', '第四十一条', '2017-09-01'), '第二十五条');
  assert.equal(curatedCounterpart(LAW, '2017-09-01', '第九条', '2023-09-01'), null, 'an article not listed is left to the text');
  assert.equal(curatedCounterpart('中华人民共和国公司法', '2017-09-01', '第十三条', '2023-09-01'), null, 'another law');
});

test('the table is well formed: dates, labels, one entry per article and direction, a reason each', () => {
  const seen = new Set<string>();
  for (const c of CURATED_COUNTERPARTS) {
    assert.ok(isCalendarDate(c.from.version) && isCalendarDate(c.to.version) && c.from.version < c.to.version, JSON.stringify(c));
    assert.match(c.from.label, /^第[一二三四五六七八九十百零]+条$/);
    assert.match(c.to.label, /^第[一二三四五六七八九十百零]+条$/);
    assert.ok(c.why.length > 20, c.why);
    for (const key of [`${c.law}|${c.from.version}|${c.from.label}|${c.to.version}`, ...(c.both ? [`${c.law}|${c.to.version}|${c.to.label}|${c.from.version}`] : [])]) {
      assert.ok(!seen.has(key), `listed twice: ${key}`);
      seen.add(key);
    }
  }
});

test('刑诉法解释 2012 第九十五条 is 2021 第一百二十三条 both ways, with 第一百二十六条 beside it from the older side only', () => {
  const law = '最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释';
  assert.equal(curatedCounterpart(law, '2012-12-20', '第九十五条', '2021-01-26'), '第一百二十三条');
  assert.equal(curatedCounterpart(law, '2021-01-26', '第一百二十三条', '2012-12-20'), '第九十五条');
  assert.deepEqual(curatedAlso(law, '2012-12-20', '第九十五条', '2021-01-26'), ['第一百二十六条']);
  assert.deepEqual(curatedAlso(law, '2021-01-26', '第一百二十三条', '2012-12-20'), []);
  assert.deepEqual(curatedAlso(LAW, '2017-09-01', '第十三条', '2023-09-01'), [], 'entries without it list none');
});
