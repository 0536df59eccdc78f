import assert from 'node:assert/strict';
import { test } from 'node:test';
import { civilCodeListNote, civilCodeStandIns, civilCodeStandInNote, formerInForce, inPlaceLabel, standsInFor } from '../../main/library/citation/civilCodeStandIn.js';

const cites = (n: number, asOf: string): string[] => formerInForce(n, asOf).map((f) => `${f.law}${f.article}`);

test('a 民法典 article stands in for the articles of the civil laws in force on the date, from when each applied until 2021', () => {
  // 第五百七十七条 (违约责任): 民法通则 第一百零六条第一款 from 1987, then 合同法 第一百零七条, which displaced it, from 1999-10-01.
  assert.deepEqual(cites(577, '1986-12-31'), []);
  assert.deepEqual(cites(577, '1995-06-01'), ['民法通则106']);
  assert.deepEqual(cites(577, '1999-10-01'), ['合同法107']);
  assert.deepEqual(cites(577, '2020-12-31'), ['合同法107']);
  assert.deepEqual(cites(577, '2021-01-01'), [], '民法典 itself applies from then on');
  // 民法总则's articles kept their numbers: from 2017-10-01, in place of 民法通则's article of the same rule.
  assert.deepEqual(cites(143, '2017-09-30'), ['民法通则55']);
  assert.deepEqual(cites(143, '2017-10-01'), ['民法总则143']);
  // 诉讼时效 was three years under 民法总则 in 2019, not 民法通则's two: no "changed since" for a rule that was not.
  assert.deepEqual(cites(188, '2019-06-01'), ['民法总则188']);
  assert.deepEqual(cites(188, '2015-06-01'), ['民法通则135', '民法通则137']);
  // 物权法 displaced 担保法 on security rights from 2007-10-01 (物权法 第一百七十八条).
  assert.deepEqual(cites(402, '2005-06-01'), ['担保法41']);
  assert.deepEqual(cites(402, '2019-06-01'), ['物权法187']);
  assert.deepEqual(cites(1, '2017-09-30'), []);
  // The table numbers 婚姻法 as amended in 2001: before that, its 第十七条 was another article, so nothing stands in.
  assert.deepEqual(cites(1062, '2000-06-01'), []);
  assert.deepEqual(cites(1062, '2010-06-01'), ['婚姻法17']);
  // An article of 民法典 no old law had (人格权编's 第九百九十条) stands in for nothing.
  assert.deepEqual(cites(990, '2019-06-01'), []);
  assert.equal(civilCodeStandIns('2021-01-01').length, 0);
  assert.ok(civilCodeStandIns('2019-06-01').length > civilCodeStandIns('2008-01-01').length);
  assert.ok(civilCodeStandIns('2019-06-01').includes(577) && !civilCodeStandIns('2019-06-01').includes(990));
});

test('only national 民法典\'s whole articles stand in, and the note says for what, and that the text is 民法典\'s', () => {
  const article = { lawTitle: '中华人民共和国民法典', province: '', number: 584, subNumber: 0 };
  assert.deepEqual(standsInFor(article, '2019-06-01').map((f) => f.article), [113]);
  assert.deepEqual(standsInFor(article, undefined), []);
  assert.deepEqual(standsInFor({ ...article, lawTitle: '中华人民共和国刑法' }, '2019-06-01'), []);
  assert.deepEqual(standsInFor({ ...article, subNumber: 1 }, '2019-06-01'), []);
  const note = civilCodeStandInNote(standsInFor(article, '2019-06-01'), '2019-06-01');
  assert.equal(note.zh, '民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；本条规则当时见于《合同法》第一百一十三条（违约损失赔偿的范围），法规库中没有该法的条文；此为民法典的条文，当时的条文可能与此不同');
  assert.equal(note.short, '代《合同法》第一百一十三条（违约损失赔偿的范围），该法当时（2019-06-01）施行，法规库中没有其条文；此为民法典的条文，当时的条文可能不同');
  // A rule 民法典 changed says so (合同法 第五十一条, 无权处分).
  assert.match(civilCodeStandInNote(formerInForce(597, '2019-06-01'), '2019-06-01').zh, /《合同法》第五十一条（无权处分，规则其后有实质修改）/);
  // So does the short tag the consultation reads: 担保法 presumed 连带责任 where 民法典 presumes 一般保证.
  assert.match(civilCodeStandInNote(formerInForce(686, '2019-06-01'), '2019-06-01').short, /《担保法》第十九条（保证方式约定不明时的推定，由连带责任改为一般保证，规则其后有实质修改）/);
  assert.deepEqual(formerInForce(686, '2019-06-01').map(inPlaceLabel).map((l) => l.zh), ['《担保法》第十六条', '《担保法》第十九条（规则其后有实质修改）']);
  assert.match(civilCodeListNote('1995-06-01').zh, /代替当时施行的民法通则、继承法中规则相应的条文/);
});
