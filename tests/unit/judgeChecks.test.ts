import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeChecks } from '../../main/consult/stages/judge.js';
import type { Evidence } from '../../main/consult/types.js';
import type { ReadFor } from '../../main/consult/context.js';

function ev(over: Partial<Evidence>): Evidence {
  return {
    articleId: 1, lawTitle: '中华人民共和国公司法', articleLabel: '第一条', level: '法律', province: '', status: 'current',
    publishDate: '2023-12-29', effectiveDate: '2024-07-01', path: [], text: '…', score: 1, foundBy: [], excluded: null, excerpt: null, ...over,
  };
}

test('temporal checks: repealed, superseded, and not yet in force on the as-of date', () => {
  const problems = codeChecks(
    [ev({ articleId: 1, status: 'repealed' }), ev({ articleId: 2, status: 'superseded', publishDate: '2018-10-26' }), ev({ articleId: 3 }), ev({ articleId: 4, effectiveDate: '2019-01-01' })],
    '2024-01-01',
    null,
  );
  assert.deepEqual(problems.map((p) => p.articleId), [1, 1, 2, 2, 3]);
  assert.match(problems[0]!.problem, /已废止/);
  assert.match(problems[2]!.problem, /旧版本（2018-10-26）/);
  assert.match(problems.find((p) => p.articleId === 3)!.problem, /自 2024-07-01 起施行，晚于适用日期 2024-01-01/);
  const historic = codeChecks([ev({ status: 'superseded', publishDate: '2018-10-26', effectiveDate: '2018-10-26' })], '2019-06-01', null, '2026-11-22');
  assert.match(historic[0]!.problem, /适用 2019-06-01 时的法律时可以引用/, 'a version in force on a past as-of date is noted, not condemned');
});

test('a later text read in place of one the library lacks (刑法 of 2020 for 2019) is said so, not condemned as not yet in force', () => {
  const theft = ev({ articleId: 7, lawTitle: '中华人民共和国刑法', articleLabel: '第二百六十四条', publishDate: '2020-12-26', effectiveDate: '2021-03-01' });
  const code = ev({ articleId: 8, lawTitle: '中华人民共和国民法典', articleLabel: '第五百七十七条', publishDate: '2020-05-28', effectiveDate: '2021-01-01' });
  const rule = ev({ articleId: 6, lawTitle: '最高人民法院关于适用《中华人民共和国民事诉讼法》的解释', articleLabel: '第一条', level: '司法解释', publishDate: '2022-04-01', effectiveDate: '2022-04-10' });
  const inPlace: Record<number, string> = { 7: '2020-12-26版（2021-03-01 起施行）；法规库中没有该法在 2019-06-01 施行的文本，当时的条文可能不同', 6: '2022-04-01版（2022-04-10 起施行）；法规库中没有该解释在 2019-06-01 施行的文本，当时的条文可能不同' };
  const problems = codeChecks([theft, code, rule], '2019-06-01', null, '2026-11-28', (e) => (inPlace[e.articleId] ? { tag: inPlace[e.articleId]!, kind: 'in-place' } : undefined));
  assert.deepEqual(problems.map((p) => p.problem), [
    '《中华人民共和国刑法》第二百六十四条（2020-12-26版（2021-03-01 起施行）；法规库中没有该法在 2019-06-01 施行的文本，当时的条文可能不同），须另行核对；刑事案件依刑法第十二条从旧兼从轻，须比较行为时的条文与现行条文',
    '《中华人民共和国民法典》第五百七十七条 自 2021-01-01 起施行，晚于适用日期 2019-06-01',
    '《最高人民法院关于适用〈中华人民共和国民事诉讼法〉的解释》第一条（2022-04-01版（2022-04-10 起施行）；法规库中没有该解释在 2019-06-01 施行的文本，当时的条文可能不同），须另行核对',
  ]);
});

test('an article its law\'s amendments date: vouched for, no check; amended since, checked against the text of the date', () => {
  const theft = ev({ articleId: 7, lawTitle: '中华人民共和国刑法', articleLabel: '第二百六十四条', publishDate: '2020-12-26', effectiveDate: '2021-03-01' });
  const bribe = ev({ articleId: 9, lawTitle: '中华人民共和国刑法', articleLabel: '第三百九十条', publishDate: '2020-12-26', effectiveDate: '2021-03-01' });
  const read: Record<number, ReadFor> = {
    7: { tag: '自 2011-05-01 起未经修改，即 2019-06-01 施行的条文', kind: 'confirmed' },
    9: { tag: '此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改', kind: 'amended', then: { text: '对犯行贿罪的，处五年以下有期徒刑', source: '《刑法修正案（九）》第四十五条', asOf: '2019-06-01' } },
  };
  const problems = codeChecks([theft, bribe], '2019-06-01', null, '2026-11-28', (e) => read[e.articleId]);
  assert.deepEqual(problems.map((p) => p.problem), [
    '《中华人民共和国刑法》第三百九十条（此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改），当时的文本见《刑法修正案（九）》第四十五条；刑事案件依刑法第十二条从旧兼从轻，须比较行为时的条文与现行条文',
  ], 'the vouched-for article is neither a stand-in nor 晚于适用日期');
});

test('jurisdiction checks: a province pack article is flagged unless the matter is in that province', () => {
  const beijing = ev({ articleId: 9, province: '北京', lawTitle: '北京市物业管理条例', effectiveDate: '2020-05-01' });
  assert.match(codeChecks([beijing], '2024-01-01', null)[0]!.problem, /北京的地方性法规，本案所在地未知/);
  assert.match(codeChecks([beijing], '2024-01-01', '上海')[0]!.problem, /而本案在上海/);
  assert.deepEqual(codeChecks([beijing], '2024-01-01', '北京'), []);
  assert.deepEqual(codeChecks([ev({ effectiveDate: '2020-01-01' })], '2024-01-01', '北京'), [], 'national law applies everywhere');
});

test('a 民法典 article the time-effect interpretation applies to earlier facts: its problem says so, and only its', () => {
  const typed = ev({ articleId: 1136, lawTitle: '中华人民共和国民法典', articleLabel: '第一千一百三十六条', publishDate: '2020-05-28', effectiveDate: '2021-01-01' });
  const heir = ev({ articleId: 1141, lawTitle: '中华人民共和国民法典', articleLabel: '第一千一百四十一条', publishDate: '2020-05-28', effectiveDate: '2021-01-01' });
  const retro = (e: Evidence) => (e.articleId === 1136 ? '但《…时间效力的若干规定》第十五条规定：“…”' : null);
  const problems = codeChecks([typed, heir], '2020-10-01', null, '2026-12-08', () => undefined, retro);
  assert.deepEqual(problems.map((p) => p.problem), [
    '《中华人民共和国民法典》第一千一百三十六条 自 2021-01-01 起施行，晚于适用日期 2020-10-01；但《…时间效力的若干规定》第十五条规定：“…”',
    '《中华人民共和国民法典》第一千一百四十一条 自 2021-01-01 起施行，晚于适用日期 2020-10-01',
  ]);
});
