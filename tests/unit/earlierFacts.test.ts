/** The year a question gives for facts before 民法典, read so that a law's version or a sum of money is no such year. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { earlierFactsNote, earlierFactsYear } from '../../preload/contract/lawAsOf.js';

const today = { date: '2026-12-08', by: 'today' as const };

test('the earliest year before 2021 the facts are given in, for a turn that applied the law of its own day', () => {
  assert.equal(earlierFactsYear('我丈夫2019年离婚，2018年以个人名义借了30万', today), 2018);
  assert.equal(earlierFactsYear('2019.3 签的借款合同，2020-05 到期', today), 2019);
  assert.equal(earlierFactsYear('爷爷2020年去世，留下一份打印的遗嘱', today), 2020);
});

test('no year of the facts: a law\'s version, a later year, a sum of money, or the law applied as of a date given', () => {
  for (const q of ['《2018年公司法》第七十一条', '公司法（2018年修正）第七十一条', '2018年修正的公司法', '1999年合同法第五十二条', '适用2017年行政处罚法还是2021年的？', '2015年继承法规定的遗嘱形式', '我2024年离婚', '借款30万元，利息2000元']) {
    assert.equal(earlierFactsYear(q, today), null, q);
  }
  assert.equal(earlierFactsYear('2018年借款', { date: '2018-06-01', by: 'consultation' }), null);
  assert.equal(earlierFactsYear('2018年借款', { date: '2018-06-01', by: 'facts' }), null);
  assert.equal(earlierFactsYear('2018年借款', null), null);
});

test('the note names the year, the date applied and the rule of the time, in both languages', () => {
  assert.match(earlierFactsNote(2018, today), /^问题提到 2018 年的事实，本轮按 2026-12-08（咨询当日）的法律检索；.*时间效力的若干规定》第一条）。如需按当时的法律检索，请为咨询设定 2018 年的适用日期。$/);
  assert.match(earlierFactsNote(2018, today, 'en'), /^The question gives facts of 2018, and this turn applied the law as of 2026-12-08 \(the day of the turn\)\./);
});
