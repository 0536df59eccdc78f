/**
 * A consultation on facts of a past date, with 刑法 and its twelve amendments in the library: evidence its amendments
 * vouch for is read as the text of the time, evidence amended since is read with the text of the time beside it.
 * The scripted endpoint through the real `openai` client, a real library.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { datedEvidence } from '../../main/consult/turnResult.js';

const SKIP = sharedSkipReason();
let bench: Bench;

describe('a consultation whose evidence its law\'s amendments date', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench(['刑法']);
  });
  after(async () => {
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  test('a bribe of 2022: 第三百九十条 is read with the text of 2022 beside the amended one, and the answer is told how to use it', async () => {
    bench.llm.queue('state', { json: { parties: [], relations: [], keyFacts: ['2022年6月向国家工作人员行贿'], disputeFocus: ['行贿罪'], posture: '', domains: ['刑法'], subQuestion: '行贿罪如何处罚', missingFacts: [], factDate: '2022-06-01', place: null } });
    bench.llm.queue('planner', { json: { role: 'terminology', queries: ['对犯行贿罪的 处罚 谋取不正当利益 情节严重'], covered: true, reason: '' } });
    const r = await bench.consultations().ask({ text: '2022年6月我为了拿到工程给官员送了钱，行贿罪怎么判？' });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    const bribe = r.evidence.find((e) => e.articleLabel === '第三百九十条' && e.lawTitle === '中华人民共和国刑法');
    assert.ok(bribe, r.evidence.map((e) => e.lawTitle + e.articleLabel).join(','));
    const judge = bench.llm.requests.find((q) => q.role === 'judge')!.prompt;
    assert.ok(judge.includes('第三百九十条（此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改，2022-06-01 施行的是此前的条文（见《刑法修正案（九）》第四十五条））：对犯行贿罪的，处三年以下有期徒刑'), judge);
    assert.ok(judge.includes('\n  2022-06-01 施行的文本（《刑法修正案（九）》第四十五条）：对犯行贿罪的，处五年以下有期徒刑或者拘役'), 'the text of the time beside it');
    assert.ok(judge.includes('《中华人民共和国刑法》第三百九十条（此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改，2022-06-01 施行的是此前的条文（见《刑法修正案（九）》第四十五条）），当时的文本见《刑法修正案（九）》第四十五条；刑事案件依刑法第十二条从旧兼从轻'), 'its code check');
    const answer = bench.llm.requests.find((q) => q.role === 'answer')!;
    assert.ok(answer.prompt.includes('2022-06-01 施行的文本（《刑法修正案（九）》第四十五条）：对犯行贿罪的，处五年以下有期徒刑'));
    assert.match(answer.body.messages[0]!.content, /标注“此后经……修改”或“此后经……删去”的证据，当时施行的是此前的条文：证据附有当时的文本时，写明当时的文本与其后的修改；.*比较行为时的条文与现行条文，适用处刑较轻的/);
    assert.doesNotMatch(answer.body.messages[0]!.content, /标注“代……”/, 'nothing stands in for a law the library lacks');
    // Read back, each piece of evidence says how it stood on the facts' date: 第三百九十条 in force, in the text of the
    // time beside it; an article added later (第一百三十三条之二 as of 2019) not yet.
    assert.deepEqual(bribe.onDate, { date: '2022-06-01', standing: 'amended-since' });
    assert.deepEqual(bench.consultations().get(r.consultationId).turns.at(-1)!.evidence.find((e) => e.articleId === bribe.articleId)!.onDate, { date: '2022-06-01', standing: 'amended-since' });
    const added = bench.lib.engine.lookup('刑法第133条之二');
    const theft = bench.lib.engine.lookup('刑法第264条');
    assert.ok(added.ok && theft.ok);
    assert.deepEqual(datedEvidence(bench.lib.engine, [{ ...bribe, articleId: added.article.id }, { ...bribe, articleId: theft.article.id }], '2019-06-01').map((e) => e.onDate?.standing), ['not-added', 'in-force']);
    assert.equal(datedEvidence(bench.lib.engine, [bribe], null)[0], bribe, 'no date, nothing added');
  });

  test('a theft of 2019: 第二百六十四条 is vouched for as the text of the time, not a stand-in to check', async () => {
    bench.llm.queue('state', { json: { parties: [], relations: [], keyFacts: ['2019年6月盗窃他人手机'], disputeFocus: ['盗窃罪'], posture: '', domains: ['刑法'], subQuestion: '是否构成盗窃罪', missingFacts: [], factDate: '2019-06-01', place: null } });
    bench.llm.queue('planner', { json: { role: 'terminology', queries: ['盗窃公私财物 数额较大'], covered: true, reason: '' } });
    const r = await bench.consultations().ask({ text: '2019年6月我偷了别人一部手机，价值五千元，会构成盗窃罪吗？' });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.ok(r.evidence.some((e) => e.articleLabel === '第二百六十四条'));
    const judge = bench.llm.requests.find((q) => q.role === 'judge')!.prompt;
    assert.ok(judge.includes('第二百六十四条（自 2011-05-01 起未经修改，即 2019-06-01 施行的条文）：盗窃公私财物'), judge);
    assert.doesNotMatch(judge, /第二百六十四条 自 2021-03-01 起施行，晚于适用日期/);
    assert.doesNotMatch(bench.llm.requests.find((q) => q.role === 'answer')!.body.messages[0]!.content, /标注“代……”|标注“此后经……修改”/);
    assert.ok(r.iterations.at(-1)!.codeChecks.every((c) => !/第二百六十四条/.test(c.problem)), JSON.stringify(r.iterations.at(-1)!.codeChecks));
  });
});
