/**
 * An answer citing an article of one law for a rule another document of the turn's evidence lays down (an in-house
 * counsel's review, session 51: 《劳动合同法》第二十二条 for the 30% non-compete compensation was told its words fit
 * 第四十七条, 经济补偿, while the rule is 劳动争议解释（一） 第三十六条, in the evidence). The real library, the scripted
 * model through the real client, the turn as stored and its report.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auditCitations } from '../../main/consult/citationAudit.js';
import { checkDraft } from '../../main/consult/draftCheck.js';
import type { TurnResult } from '../../main/consult/types.js';
import { buildReport } from '../../main/report/index.js';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const WRONG = '《劳动合同法》第二十二条';
const INTERPRETATION = '最高人民法院关于审理劳动争议案件适用法律问题的解释（一）';
const QUESTION = '我和公司签了竞业限制协议，但协议里没写补偿，离职后我遵守了竞业限制，可以要求公司给补偿吗？按什么标准？';
/** The rule as an answer says it, with the wrong article of 劳动合同法 written beside it. */
const ANSWER = `可以。竞业限制期间用人单位应当按月给予经济补偿[1]。如果双方约定了竞业限制但没有约定补偿，依据${WRONG}，劳动者履行了竞业限制义务的，可以要求用人单位按照劳动合同解除前十二个月平均工资的30%按月支付经济补偿。`;

describe('a wrong citation whose words another document of the evidence holds', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  let turn: TurnResult;
  before(async () => {
    bench = await startBench();
    bench.llm.queue('state', { json: { parties: [{ name: '用户', role: '劳动者' }, { name: '公司', role: '用人单位' }], relations: ['劳动关系'], keyFacts: ['签订竞业限制协议，未约定经济补偿', '离职后履行了竞业限制义务'], disputeFocus: ['未约定补偿的竞业限制能否要求经济补偿'], posture: '协商', domains: ['劳动法'], subQuestion: '未约定补偿的竞业限制，劳动者能否要求经济补偿及其标准', missingFacts: [], factDate: null, place: null } });
    bench.llm.queue('planner', { json: { historyQuery: '竞业限制 未约定经济补偿 劳动者履行竞业限制义务 按月支付经济补偿', role: 'terminology', queries: ['竞业限制 经济补偿 平均工资的30%', '竞业限制条款 用人单位 按月给予劳动者经济补偿'], covered: true, reason: '覆盖' } });
    bench.llm.queue('answer', { text: ANSWER });
    turn = await bench.consultations().ask({ text: QUESTION, title: '竞业限制补偿', asOf: '2025-06-01' });
  });
  after(async () => {
    await bench?.dispose();
  });

  const interpretationAt = () => turn.evidence.findIndex((e) => e.lawTitle === INTERPRETATION && e.articleLabel === '第三十六条');

  test('the suggestion is the evidence article of the interpretation, with its number in the evidence and its law', () => {
    const at = interpretationAt();
    assert.ok(at >= 0, `the turn's evidence holds 解释（一） 第三十六条: ${turn.evidence.map((e) => `${e.lawTitle}${e.articleLabel}`).join('、')}`);
    const cited = turn.citations.find((c) => c.marker === WRONG);
    assert.equal(cited?.label, 'outside_evidence', JSON.stringify(turn.citations));
    assert.deepEqual(cited?.closer, { articleId: turn.evidence[at]!.articleId, label: '第三十六条', lawTitle: INTERPRETATION, evidence: at + 1 });
    assert.match(cited!.noteZh!, new RegExp(`与本轮证据\\[${at + 1}\\]《${INTERPRETATION.replace(/[（）]/g, '.')}》第三十六条相符（「当事人在劳动合同或者保密协议中约定了竞业限制`));
    assert.match(cited!.noteZh!, /请核对所引法条$/);
    assert.doesNotMatch(cited!.noteZh!, /第四十七条/);
    assert.match(cited!.note!, new RegExp(`evidence \\[${at + 1}\\], 第三十六条 of 《`));
  });

  test('the turn read back keeps it, and the report warns of it once, naming the interpretation', () => {
    const stored = bench.consultations().get(turn.consultationId).turns.at(-1)!;
    const cited = stored.citations.find((c) => c.marker === WRONG);
    assert.equal(cited?.closer?.lawTitle, INTERPRETATION);
    assert.equal(cited?.closer?.evidence, interpretationAt() + 1);
    const model = buildReport(bench.lib.engine, bench.consultations(), turn.consultationId, '0.0.0');
    const about = model.warnings.filter((w) => w.includes(WRONG));
    assert.equal(about.length, 1, about.join('\n'));
    assert.match(about[0]!, /本轮证据\[\d+\]《最高人民法院关于审理劳动争议案件适用法律问题的解释（一）》第三十六条相符/);
  });

  test('without the interpretation among the evidence, the suggestion stays within the law cited', () => {
    const resolver = bench.lib.engine.searchDeps().resolver;
    const without = turn.evidence.filter((e) => e.lawTitle !== INTERPRETATION);
    const [, cited] = auditCitations(ANSWER, without, resolver, '2025-06-01');
    assert.equal(cited?.marker, WRONG);
    assert.notEqual(cited?.closer, undefined, 'still marked: its words are not 第二十二条\'s');
    assert.equal(cited?.closer?.lawTitle, undefined);
    assert.doesNotMatch(cited!.noteZh!, /本轮证据\[/);
  });

  test('the right article of the law, cited for words of its own, is not sent to the interpretation', () => {
    const resolver = bench.lib.engine.searchDeps().resolver;
    const right = '依据《劳动合同法》第二十三条，对负有保密义务的劳动者，用人单位可以在劳动合同或者保密协议中与劳动者约定竞业限制条款，并约定在解除或者终止劳动合同后，在竞业限制期限内按月给予劳动者经济补偿。';
    const [cited] = auditCitations(right, turn.evidence, resolver, '2025-06-01');
    assert.equal(cited?.articleLabel, '第二十三条');
    assert.equal('closer' in cited!, false, cited?.noteZh ?? '');
  });

  test('a memo checked with no evidence: the interpretation implementing the law cited is named, a wrong number of the law itself still names the law\'s article', () => {
    const resolver = bench.lib.engine.searchDeps().resolver;
    const memo = [
      `公司与该总监签订的竞业限制协议未约定补偿标准。依据${WRONG}，劳动者履行了竞业限制义务的，可以要求公司按照其离职前十二个月平均工资的30%按月支付经济补偿。`,
      '经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付（《劳动合同法》第四十六条）。',
      '竞业限制的人员限于用人单位的高级管理人员、高级技术人员和其他负有保密义务的人员（《劳动合同法》第二十四条）。',
    ].join('\n');
    const [wrong, neighbour, right] = checkDraft(resolver, memo, '2025-06-01').citations;
    assert.equal(wrong?.finding, 'check');
    assert.equal(wrong?.closer?.lawTitle, INTERPRETATION);
    assert.equal(wrong?.closer?.label, '第三十六条');
    assert.equal(wrong?.closer?.evidence, undefined, 'no evidence in a draft');
    assert.match(wrong!.noteZh!, /^文中此处所述与该条内容不符.*与《最高人民法院关于审理劳动争议案件适用法律问题的解释（一）》第三十六条相符（「当事人在劳动合同或者保密协议中约定了竞业限制/);
    assert.deepEqual([neighbour?.finding, neighbour?.closer?.label, neighbour?.closer?.lawTitle], ['check', '第四十七条', undefined]);
    assert.deepEqual([right?.finding, 'closer' in right!], ['ok', false]);
  });
});
