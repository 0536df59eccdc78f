import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { addRule, activateRules } from '../../main/consult/rules/ruleStore.js';
import { ensureStatuteGraph, referencedBy } from '../../main/library/graph/statuteGraph.js';
import { eventLog, startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
let bench: Bench;

const STATE_1 = { parties: [{ name: '张三', role: '劳动者' }], relations: ['劳动合同关系'], keyFacts: ['公司拖欠工资三个月'], disputeFocus: ['能否解除合同'], posture: '协商', domains: ['劳动法'], subQuestion: '能否辞职', missingFacts: ['工作年限'], factDate: null, place: null };
const STATE_2 = { ...STATE_1, keyFacts: ['公司拖欠工资三个月', '工作五年'], missingFacts: [], subQuestion: '经济补偿多少' };

describe('multi-turn consultations', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
  });
  after(async () => {
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  test('the state is induced from user-only history; what changed is derivable; corrections carry forward', async () => {
    const c = bench.consultations();
    bench.llm.queue('state', { json: STATE_1 });
    const t1 = await c.ask({ text: WAGES });
    c.correctState(t1.turnId, { posture: '已申请劳动仲裁' });
    bench.llm.queue('state', { json: STATE_2 });
    const t2 = await c.ask({ consultationId: t1.consultationId, text: '我在公司工作了五年，经济补偿能拿多少？' });
    const statePrompt = bench.llm.requests.filter((q) => q.role === 'state').at(-1)!.prompt;
    assert.match(statePrompt, /1\. 公司已经连续三个月/);
    assert.match(statePrompt, /2\. 我在公司工作了五年/);
    assert.ok(!statePrompt.includes('可以解除劳动合同'), 'assistant answers are not part of the state input');
    assert.match(statePrompt, /已申请劳动仲裁/, 'the correction is used from the next turn on');
    assert.match(statePrompt, /用户亲自更正过的字段.*posture/);
    const keyFacts = t2.stateChanges.find((ch) => ch.field === 'keyFacts');
    assert.deepEqual(keyFacts, { field: 'keyFacts', added: ['工作五年'], removed: [] });
    assert.ok(t2.stateChanges.some((ch) => ch.field === 'missingFacts' && ch.removed.includes('工作年限')));
    const answerReq = bench.llm.requests.filter((q) => q.role === 'answer').at(-1)!;
    assert.ok(answerReq.body.messages.some((m) => m.role === 'assistant'), 'the answer sees the earlier exchange');
    const reopened = c.get(t1.consultationId);
    assert.equal(reopened.turns.length, 2);
    assert.equal(reopened.turns[0]!.state?.posture, '已申请劳动仲裁', 'the stored state shows the correction');
  });

  test('with redaction on, identifiers never reach the endpoint and come back restored', async () => {
    const c = bench.consultations({ redact: true, redactNames: ['张三'] });
    const text = `我是张三，手机13812345678。${WAGES}`;
    bench.llm.setScript((req) => (req.role === 'answer' ? { text: '[当事人A]您好，可以解除合同，我们会联系[电话1]。' } : undefined));
    const log = eventLog();
    const r = await c.ask({ text, onEvent: log.onEvent });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    for (const q of bench.llm.requests) {
      const body = JSON.stringify(q.body);
      assert.ok(!body.includes('13812345678') && !body.includes('张三'), `request for ${q.role} is redacted`);
    }
    assert.equal(r.answer, '张三您好，可以解除合同，我们会联系13812345678。');
    assert.equal(log.tokens(), r.answer, 'the stream is restored too');
    assert.deepEqual(r.redactions.map((x) => [x.placeholder, x.original]).sort(), [['[当事人A]', '张三'], ['[电话1]', '13812345678']]);
    assert.ok(log.events.some((e) => e.type === 'redactions'));
    const logged = c.store.calls(r.turnId).map((x) => x.messages).join('');
    assert.ok(!logged.includes('13812345678'), 'the call log stores what was sent');
  });

  test('a name marked once stays redacted in every later turn and retry of the consultation, also one not yet mentioned', async () => {
    const c = bench.consultations({ redact: true });
    const t1 = await c.ask({ text: `我是李四。${WAGES}`, markNames: ['李四', '王五'] });
    assert.equal(t1.status, 'done', JSON.stringify(t1.error));
    bench.llm.reset();
    bench.llm.queue('judge', { status: 500 });
    const t2 = await c.ask({ consultationId: t1.consultationId, text: '李四在公司工作了五年，主管王五说没有经济补偿，能拿多少？' });
    assert.equal(t2.status, 'failed', 'the second turn fails at the judge, so it can be retried');
    const retried = await c.retry(t2.turnId);
    assert.equal(retried.status, 'done', JSON.stringify(retried.error));
    const sent = bench.llm.requests.map((q) => ({ role: q.role, body: JSON.stringify(q.body) }));
    for (const role of ['state', 'planner', 'rerank', 'judge', 'answer']) assert.ok(sent.some((q) => q.role === role), `turn 2 and its retry called ${role}`);
    assert.deepEqual(sent.filter((q) => /李四|王五/.test(q.body)).map((q) => q.role), [], 'no request of turn 2 or its retry names either person');
    const answer = sent.filter((q) => q.role === 'answer').at(-1)!.body;
    assert.ok(answer.includes('我是[当事人A]') && answer.includes('主管[当事人B]'), 'the earlier exchange and the new message go out with the placeholders');
    assert.equal(retried.userText, '李四在公司工作了五年，主管王五说没有经济补偿，能拿多少？', 'the user still sees the names');
    assert.deepEqual(retried.redactions.map((x) => [x.placeholder, x.original]).sort(), [['[当事人A]', '李四'], ['[当事人B]', '王五']]);
  });

  test('statute graph: a judicial interpretation is linked to the article it interprets and joins the pool', async () => {
    const { links } = ensureStatuteGraph(bench.lib.engine.db, bench.lib.engine.searchDeps().resolver);
    assert.ok(links > 50, `links: ${links}`);
    const a38 = bench.lib.engine.lookup('劳动合同法第38条');
    assert.ok(a38.ok);
    const linked = referencedBy(bench.lib.engine.db, a38.article.id);
    const interp = bench.lib.engine.articles(linked.filter((l) => l.kind === 'interprets').map((l) => l.articleId));
    assert.ok(interp.some((a) => a.lawTitle.includes('劳动争议')), 'the labour-dispute interpretation interprets 第三十八条');
    const r = await bench.consultations().ask({ text: WAGES });
    assert.ok(r.evidence.some((e) => e.foundBy.some((s) => s.via === 'graph')), 'graph links bring supporting provisions');
  });

  test('active expansion rules are applied, appended to the original query', async () => {
    const rule = addRule(bench.lib.engine.db, { name: '同义词', instruction: '为每个关键法律术语补充同义词和变体', outputFormat: '[A]、[B]、[C]' });
    activateRules(bench.lib.engine.db, [rule.id]);
    try {
      bench.llm.queue('rules', { json: { expansions: [{ rule: '同义词', text: '劳动报酬、工资、薪酬' }] } });
      const r = await bench.consultations().ask({ text: WAGES });
      assert.match(bench.llm.requests.find((q) => q.role === 'rules')!.prompt, /同义词/);
      assert.ok(r.evidence.some((e) => e.foundBy.some((s) => s.via === 'rule' && s.query === `${WAGES} 劳动报酬、工资、薪酬`)));
    } finally {
      activateRules(bench.lib.engine.db, []);
    }
  });

  test('the user can override the verdict; the judge verdict is kept beside it', async () => {
    const c = bench.consultations();
    const r = await c.ask({ text: WAGES });
    c.overrideVerdict(r.turnId, 'insufficient', '还需核实工资条');
    const again = c.turn(r.turnId);
    assert.equal(again.verdict, 'sufficient');
    assert.deepEqual(again.verdictOverride, { verdict: 'insufficient', note: '还需核实工资条' });
  });

  test('history: list, search, rename, delete', async () => {
    const c = bench.consultations({ offline: true });
    const r = await c.ask({ text: '房屋租赁合同押金不退怎么办', title: '租赁押金' });
    assert.ok(c.list('押金').some((x) => x.id === r.consultationId));
    c.rename(r.consultationId, '王先生押金纠纷');
    assert.equal(c.list('王先生')[0]!.id, r.consultationId);
    c.delete(r.consultationId);
    assert.throws(() => c.get(r.consultationId), /No consultation/);
  });
});
