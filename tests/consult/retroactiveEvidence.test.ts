/**
 * A consultation on an inheritance of 2020 with 民法典 and its time-effect interpretation in the library: evidence that
 * interpretation applies to facts of that time (第一千一百四十二条, 公证遗嘱 then a new will) is told so to the answer, and
 * the judge's code check quotes the interpretation's article. The scripted endpoint, a real library.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
let bench: Bench;

describe('a consultation on facts before 民法典 that its time-effect interpretation reaches', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench(['民法典', '司法解释/最高人民法院关于适用《民法典》时间效力的若干规定(2020-12-29).md']);
  });
  after(async () => {
    await bench?.dispose();
  });

  test('第一千一百四十二条 as of 2020: the answer\'s evidence and the judge\'s check name the interpretation', async () => {
    bench.llm.queue('state', { json: { parties: [], relations: ['继承关系'], keyFacts: ['父亲2020年10月去世，立有公证遗嘱和一份新遗嘱'], disputeFocus: ['数份遗嘱以哪份为准'], posture: '', domains: ['继承'], subQuestion: '数份遗嘱内容相抵触以哪份为准', missingFacts: [], factDate: '2020-10-01', place: null } });
    bench.llm.queue('planner', { json: { role: 'terminology', queries: ['立有数份遗嘱 内容相抵触 以最后的遗嘱为准'], covered: true, reason: '' } });
    const r = await bench.consultations().ask({ text: '父亲2020年10月去世，先立了公证遗嘱，后来又写了一份遗嘱，两份内容不一样，听哪份的？' });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.ok(r.evidence.some((e) => e.articleLabel === '第一千一百四十二条'), r.evidence.map((e) => e.articleLabel).join(','));
    const answer = bench.llm.requests.find((q) => q.role === 'answer')!.prompt;
    assert.match(answer, /第一千一百四十二条（代《继承法》第二十条[^\n]*；但《最高人民法院关于适用〈中华人民共和国民法典〉时间效力的若干规定》第二十三条规定民法典施行前的部分事实适用本条，须按其条件核对）/);
    const checks = r.iterations.at(-1)!.codeChecks.map((c) => c.problem).join('\n');
    assert.match(checks, /第一千一百四十二条[^\n]*第二十三条规定：“被继承人在民法典施行前立有公证遗嘱/);
    assert.doesNotMatch(answer, /第一千一百四十一条[^\n]*时间效力/, 'an article it does not reach is not said to be');
  });
});
