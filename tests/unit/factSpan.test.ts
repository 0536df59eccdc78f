/**
 * The span of a question's facts (main/consult/factSpan.ts): from its earliest date to its latest, each as wide as
 * written (a year from 01-01 to 12-31); a law's version year, the day of the asking and the consultation's own date are
 * no facts' dates, and one date is no span.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { factDates, factSpan } from '../../main/consult/factSpan.js';

test('two dates of the facts make a span, each as wide as written', () => {
  assert.deepEqual(factSpan('对方从2018年开始销售假冒我方注册商标的商品，一直到2022年才停止'), { from: '2018-01-01', to: '2022-12-31', fromEnd: '2018-12-31', toStart: '2022-01-01', fromSaid: '2018年', toSaid: '2022年' });
  assert.deepEqual(factSpan('2018年3月起对方侵权，2022年5月仍在销售'), { from: '2018-03-01', to: '2022-05-31', fromEnd: '2018-03-31', toStart: '2022-05-01', fromSaid: '2018年3月', toSaid: '2022年5月' });
  assert.deepEqual(factSpan('2018-03-01签订合同，2019.5.4违约'), { from: '2018-03-01', to: '2019-05-04', fromEnd: '2018-03-01', toStart: '2019-05-04', fromSaid: '2018-03-01', toSaid: '2019.5.4' });
  // Written later first: the span is still from the earliest.
  assert.equal(factSpan('2022年停止侵权，侵权始于2018年')?.from, '2018-01-01');
});

test('「至今」 stretches the span to the day the turn ran', () => {
  assert.deepEqual(factSpan('2018年开始侵权至今', { now: '2026-12-08' }), { from: '2018-01-01', to: '2026-12-08', fromEnd: '2018-12-31', toStart: '2026-12-08', fromSaid: '2018年', toSaid: '至今' });
  assert.equal(factSpan('2018年开始侵权至今'), null, 'no day of the turn given');
});

test('no facts\' date: a law\'s version year, the day of the asking, the consultation\'s own date', () => {
  for (const q of ['2018年修正的公司法', '《商标法》（2013年修正）第六十三条', '1999年合同法第五十二条', '适用2021年行政处罚法还是旧法？', '2013年商标法', '2019年11月1日起施行的商标法', '2020年《民法典》', '今天是2024年5月10日', '咨询日期：2024-05-10']) {
    assert.deepEqual(factDates(q), [], q);
  }
  assert.equal(factDates('2019年法院判决后，2022年申请执行').length, 2, '法院 after a year is no law named');
  assert.deepEqual(factDates('2022年5月10日侵权', '2022-05-10'), [], 'the consultation\'s own date');
  assert.equal(factDates('2022年5月侵权', '2022-05-10').length, 1, 'a month is not the day');
  assert.deepEqual(factDates('借款30万元，利息2000元，2018年13月'), []);
});

test('one date is no span; neither is a date beside a law\'s version', () => {
  assert.equal(factSpan('对方2018年假冒我方注册商标'), null);
  assert.equal(factSpan('依照2019年修正的商标法，对方2018年假冒我方注册商标'), null);
  assert.equal(factSpan('今天是2022年5月10日，对方2018年假冒我方注册商标'), null);
  assert.equal(factSpan('2018年3月和2018年3月两次侵权'), null);
});
