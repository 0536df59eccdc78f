/**
 * A consultation's title tells the matter: its first message without greetings and filler, cut at a clause boundary;
 * once the first turn's legal state is known, the title the model wrote with it, else the matter and its core issue.
 * A title the user gave or renamed is never overwritten. Real library and HTTP (scripted LLM), the CLI's list, a report.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { LegalStateSchema } from '../../main/consult/schemas.js';
import { modelTitle, opensWithLabel, questionTitle, stateTitle } from '../../main/consult/title.js';
import { buildReport } from '../../main/report/model.js';
import { runCli } from '../helpers/cli.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { defaultReply } from '../helpers/scriptedLlm.js';

const SKIP = sharedSkipReason();
const GREETED = '您好，我想问一下我在公司上班三年了，老板突然说要辞退我，也没说给补偿，这样合法吗？';

test('the first message\'s title: greetings and filler left out, cut at a clause boundary', () => {
  assert.equal(questionTitle(GREETED), '我在公司上班三年了，老板突然说要辞退我，也没说给补偿');
  assert.equal(questionTitle('律师您好！请问一下，借条丢了还能要回钱吗？'), '借条丢了还能要回钱吗');
  assert.equal(questionTitle('我想问下，离婚需要什么证件'), '离婚需要什么证件');
  assert.equal(questionTitle(WAGES), '公司已经连续三个月拖欠我的工资，我想辞职', 'whole clauses within 30 characters');
  assert.equal(questionTitle('公司拖欠了我2022年的工资，能解除合同吗？'), '公司拖欠了我2022年的工资，能解除合同吗');
  assert.equal(questionTitle('我想离婚'), '我想离婚', '「我想」 alone is the matter, not filler');
  assert.equal(questionTitle('你好'), '你好', 'nothing but a greeting: kept');
  assert.equal(opensWithLabel('甲案：公司拖欠工资'), true);
  assert.equal(opensWithLabel('张某劳动争议案: 公司拖欠工资'), true);
  assert.equal(opensWithLabel('公司拖欠工资，这个案子能赢吗：'), false);
  assert.equal(questionTitle('一'.repeat(50)), `${'一'.repeat(30)}…`, 'one clause too long is clipped');
});

test('the state\'s title: the matter (a crime named, else the relation, else the field) and the core issue', () => {
  const state = (s: object) => LegalStateSchema.parse(s);
  assert.equal(stateTitle(state({ relations: ['劳动合同关系'], disputeFocus: ['经济补偿的计算'] })), '劳动合同 · 经济补偿的计算');
  assert.equal(stateTitle(state({ relations: ['劳动合同关系'], disputeFocus: ['拖欠工资能否解除劳动合同'] })), '拖欠工资能否解除劳动合同', 'the matter not said twice');
  assert.equal(stateTitle(state({ domains: ['刑事诉讼法'], disputeFocus: ['能否取保候审？'] }), ['帮信罪']), '帮信罪 · 能否取保候审');
  assert.equal(stateTitle(state({ domains: ['婚姻家庭'], subQuestion: '离婚时房产如何分割，首付是婚前付的' })), '婚姻家庭 · 离婚时房产如何分割');
  assert.equal(stateTitle(state({})), null);
  assert.equal(modelTitle(' 「劳动合同解除 · 经济补偿」。'), '劳动合同解除 · 经济补偿');
  assert.equal(modelTitle(42), null);
  assert.equal(modelTitle('案'.repeat(31)), null);
});

describe('titles of consultations', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  before(async () => {
    bench = await startBench();
  });
  after(async () => bench?.dispose());
  beforeEach(() => bench.llm.reset());

  const titleOf = (id: number) => bench.consultations().store.consultation(id);

  test('offline: the question\'s title; it is what consult --list and a report show', async () => {
    const t = await bench.consultations({ offline: true }).ask({ text: GREETED });
    assert.equal(titleOf(t.consultationId).title, '我在公司上班三年了，老板突然说要辞退我，也没说给补偿');
    assert.equal(titleOf(t.consultationId).title_by, 'question');
    const listed = JSON.parse((await runCli(['consult', '--list', '--db', bench.lib.dbPath, '--json'])).stdout) as Array<{ id: number; title: string }>;
    assert.equal(listed.find((c) => c.id === t.consultationId)?.title, '我在公司上班三年了，老板突然说要辞退我，也没说给补偿');
    const report = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, 'test');
    assert.equal(report.title, '我在公司上班三年了，老板突然说要辞退我，也没说给补偿');
  });

  test('the first turn\'s state names the matter; a later turn does not retitle', async () => {
    const reply = defaultReply('state', { prompt: '' } as never) as { json: Record<string, unknown> };
    bench.llm.queue('state', { json: { ...reply.json, disputeFocus: ['经济补偿的计算'] } }, { json: { ...reply.json, relations: ['借贷关系'], disputeFocus: ['借款能否要回'] } });
    const c = bench.consultations();
    const first = await c.ask({ text: GREETED });
    assert.equal(first.status, 'done', JSON.stringify(first.error));
    assert.deepEqual(titleOf(first.consultationId), { ...titleOf(first.consultationId), title: '劳动合同 · 经济补偿的计算', title_by: 'state' });
    // The state request of a first turn asks for a title; a later turn's does not.
    assert.match(bench.llm.requests.find((r) => r.role === 'state')!.prompt, /"title":""/);
    await c.ask({ consultationId: first.consultationId, text: '另外他还欠我两万块钱' });
    assert.doesNotMatch(bench.llm.requests.filter((r) => r.role === 'state')[1]!.prompt, /"title"/);
    assert.equal(titleOf(first.consultationId).title, '劳动合同 · 经济补偿的计算');
    const listed = JSON.parse((await runCli(['consult', '--list', '--db', bench.lib.dbPath, '--json'])).stdout) as Array<{ id: number; title: string }>;
    assert.equal(listed.find((c) => c.id === first.consultationId)?.title, '劳动合同 · 经济补偿的计算');
  });

  test('the model\'s title when it writes one; an unusable one falls back to the state\'s; neither fails the turn', async () => {
    const reply = defaultReply('state', { prompt: '' } as never) as { json: Record<string, unknown> };
    bench.llm.queue('state', { json: { ...reply.json, title: '「劳动合同解除 · 经济补偿」' } });
    const byModel = await bench.consultations().ask({ text: WAGES });
    assert.deepEqual([titleOf(byModel.consultationId).title, titleOf(byModel.consultationId).title_by], ['劳动合同解除 · 经济补偿', 'llm']);
    bench.llm.queue('state', { json: { ...reply.json, title: { text: '?' } } });
    const odd = await bench.consultations().ask({ text: WAGES });
    assert.equal(odd.status, 'done');
    assert.deepEqual([titleOf(odd.consultationId).title, titleOf(odd.consultationId).title_by], ['拖欠工资能否解除劳动合同', 'state']);
  });

  test('a title the user gave, renamed to, or opened the message with (「甲案：」), is never overwritten', async () => {
    const labelled = await bench.consultations().ask({ text: '甲案：公司拖欠工资三个月，我能否解除劳动合同？' });
    assert.deepEqual([titleOf(labelled.consultationId).title, titleOf(labelled.consultationId).title_by], ['甲案：公司拖欠工资三个月，我能否解除劳动合同', 'user']);
    const given = await bench.consultations().ask({ text: WAGES, title: '张某欠薪' });
    assert.deepEqual([titleOf(given.consultationId).title, titleOf(given.consultationId).title_by], ['张某欠薪', 'user']);
    assert.doesNotMatch(bench.llm.requests.filter((r) => r.role === 'state').at(-1)!.prompt, /"title"/, 'no title asked for where the user gave one');
    // Renamed before the first turn's state is known: the first turn failed, is renamed, then retried.
    bench.llm.queue('state', { status: 401 });
    const c = bench.consultations();
    const failed = await c.ask({ text: GREETED });
    assert.equal(failed.status, 'failed');
    c.rename(failed.consultationId, '劳动争议（李某）');
    const retried = await c.retry(failed.turnId);
    assert.equal(retried.status, 'done', JSON.stringify(retried.error));
    assert.deepEqual([titleOf(failed.consultationId).title, titleOf(failed.consultationId).title_by], ['劳动争议（李某）', 'user']);
  });
});
