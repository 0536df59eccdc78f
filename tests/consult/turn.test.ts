import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { evidenceLine } from '../../main/consult/prompts.js';
import { retroactiveRule } from '../../main/library/citation/civilCodeRetroactive.js';
import { chineseToInt } from '../../preload/contract/numerals.js';
import type { TurnResult } from '../../main/consult/types.js';
import { eventLog, startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { numberedItems } from '../helpers/scriptedLlm.js';

const SKIP = sharedSkipReason();
let bench: Bench;

describe('a consultation turn against the scripted endpoint', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
  });
  after(async () => {
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  test('runs every stage in order, streams the answer, and stores what it did', async () => {
    const log = eventLog();
    const c = bench.consultations();
    const r = await c.ask({ text: WAGES, onEvent: log.onEvent });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.equal(r.mode, 'llm');
    assert.deepEqual(log.stages(), ['state:done', 'retrieval:done', 'rewrite#1:done', 'retrieval#1:done', 'rerank:done', 'audit:done', 'judge#1:done', 'answer:done', 'citations:done']);
    assert.ok(log.events.every((e) => e.type !== 'stage' || e.status !== 'done' || typeof e.ms === 'number'));
    assert.equal(log.tokens(), r.answer, 'the streamed tokens make up the stored answer');
    assert.equal(r.verdict, 'sufficient');
    assert.ok(r.state?.disputeFocus.length);
    const live = r.evidence.filter((e) => !e.excluded);
    assert.ok(live.slice(0, 8).some((e) => e.lawTitle === '中华人民共和国劳动合同法' && e.articleLabel === '第三十八条'), live.map((e) => e.lawTitle + e.articleLabel).join(','));
    assert.ok(live[0]!.foundBy.length > 0, 'every article says which query found it');
    assert.equal(r.citations.length, 1);
    assert.equal(r.citations[0]!.label, 'verified');
    assert.equal(r.citationCounts.verified, 1);
    assert.ok(r.usage.calls >= 6 && r.usage.promptTokens > 0 && r.usage.completionTokens > 0);
    // Reopened from the database it is the same turn.
    const reopened = c.get(r.consultationId).turns[0]!;
    assert.deepEqual(reopened, r);
  });

  test('the question\'s own citations are checked: a repealed law and an older numbering are said, kept with the turn, and told to the answer', async () => {
    const question = '根据合同法第52条，《借款合同》第八条约定的借款合同无效吗？公司法第71条对股权转让怎么规定？劳动合同法第三十八条呢？';
    const c = bench.consultations();
    const r = await c.ask({ text: question });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    assert.deepEqual(r.questionCitations.map((q) => [q.marker, q.finding]), [['合同法第52条', 'unresolvable'], ['公司法第71条', 'check']], 'the correct citation and the client\'s contract are not listed');
    assert.match(r.questionCitations[0]!.noteZh!, /已由《中华人民共和国民法典》第一千二百六十条废止/);
    assert.match(r.questionCitations[1]!.noteZh!, /现为第八十四条/);
    assert.deepEqual(c.get(r.consultationId).turns[0]!.questionCitations, r.questionCitations, 'stored with the turn');
    const answerPrompt = bench.llm.requests.find((q) => q.role === 'answer')!.prompt;
    assert.match(answerPrompt, /【用户所引法条的核验】[^【]*合同法第52条：已废止的法律[^【]*公司法第71条：2018-10-26 版的第七十一条内容不同/);
    // A question citing nothing amiss tells the answer nothing of the kind.
    bench.llm.reset();
    const plain = await c.ask({ text: WAGES });
    assert.deepEqual(plain.questionCitations, []);
    assert.doesNotMatch(bench.llm.requests.find((q) => q.role === 'answer')!.prompt, /用户所引法条的核验/);
    assert.doesNotMatch(bench.llm.requests.find((q) => q.role === 'answer')!.body.messages[0]!.content, /标注“代……”/, 'nothing stands in as of today');
  });

  test('per-role models: each request names the model chosen for its role', async () => {
    await bench.consultations({ endpoint: { roleModels: { planner: 'small-model', judge: 'strong-model' } } }).ask({ text: WAGES });
    const modelOf = (role: string) => bench.llm.requests.find((q) => q.role === role)!.body.model;
    assert.equal(modelOf('planner'), 'small-model');
    assert.equal(modelOf('judge'), 'strong-model');
    assert.equal(modelOf('state'), 'scripted-model');
  });

  test('the date of the facts sets the law as of: retrieval uses the versions in force then and the judge is told', async () => {
    bench.llm.queue('state', { json: { parties: [], relations: [], keyFacts: ['2019年公司股东会决议'], disputeFocus: ['股东会决议效力'], posture: '', domains: ['公司法'], subQuestion: '决议是否有效', missingFacts: [], factDate: '2019-06-01', place: null } });
    bench.llm.queue('planner', { json: { role: 'terminology', queries: ['股东会决议 违反公司章程 股东 请求人民法院撤销'], covered: true, reason: '' } });
    const r = await bench.consultations().ask({ text: '2019年6月公司股东会作出的决议违反公司章程，股东可以请求撤销吗？' });
    const companyLaw = r.evidence.filter((e) => e.lawTitle === '中华人民共和国公司法');
    assert.ok(companyLaw.length > 0);
    assert.ok(companyLaw.every((e) => e.publishDate === '2018-10-26'), 'only the version in force on 2019-06-01');
    assert.match(bench.llm.requests.find((q) => q.role === 'judge')!.prompt, /以 2019-06-01 为准/);
    assert.match(bench.llm.requests.find((q) => q.role === 'judge')!.prompt, /旧版本（2018-10-26）/);
  });

  test('facts of a date the library holds no text of a law for: its first text is evidence, and every stage is told it stands in', async () => {
    bench.llm.queue('state', { json: { parties: [], relations: [], keyFacts: ['2019年6月盗窃他人手机'], disputeFocus: ['盗窃罪'], posture: '', domains: ['刑法'], subQuestion: '是否构成盗窃罪', missingFacts: [], factDate: '2019-06-01', place: null } });
    bench.llm.queue('planner', { json: { role: 'terminology', queries: ['盗窃公私财物 数额较大'], covered: true, reason: '' } });
    const r = await bench.consultations().ask({ text: '2019年6月我偷了别人一部手机，价值五千元，会构成盗窃罪吗？' });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    // Before, 刑法 was left out of retrieval as of 2019: the library's first 刑法 is the 2020-12-26 text.
    const theft = r.evidence.find((e) => e.lawTitle === '中华人民共和国刑法' && e.articleLabel === '第二百六十四条');
    assert.ok(theft, r.evidence.map((e) => e.lawTitle + e.articleLabel).join(','));
    assert.equal(theft.publishDate, '2020-12-26');
    const resolver = bench.lib.engine.searchDeps().resolver;
    // (or those the time-effect interpretation applies to facts of then, civilCodeRetroactive.ts)
    const civil = r.evidence.filter((e) => e.lawTitle === '中华人民共和国民法典');
    const applied = (label: string) => retroactiveRule({ lawTitle: '中华人民共和国民法典', province: '', number: chineseToInt(label.slice(1, -1)) ?? 0, subNumber: 0 }, '2019-06-01') !== null;
    assert.ok(civil.every((e) => resolver.textGap(e.articleId, '2019-06-01')?.list || applied(e.articleLabel)), '民法典 was no law in 2019: only its articles standing in for the civil laws then');
    const tag = '第二百六十四条（2020-12-26版（2021-03-01 起施行）；法规库中没有该法在 2019-06-01 施行的文本，当时的条文可能不同）：盗窃公私财物';
    const judge = bench.llm.requests.find((q) => q.role === 'judge')!.prompt;
    assert.ok(judge.includes(tag), 'the judge reads it as a stand-in');
    assert.match(judge, /《中华人民共和国刑法》第二百六十四条（2020-12-26版（2021-03-01 起施行）；法规库中没有该法在 2019-06-01 施行的文本，当时的条文可能不同），须另行核对；刑事案件依刑法第十二条从旧兼从轻/);
    assert.doesNotMatch(judge, /第二百六十四条 自 2021-03-01 起施行，晚于适用日期/);
    assert.ok(bench.llm.requests.find((q) => q.role === 'answer')!.prompt.includes(tag), 'so does the answer');
    // The answer's [n] for it carries the note in its audit; evidence of a law in force then carries none.
    const marker = r.citations.find((c) => c.articleId === theft.articleId);
    assert.equal(marker?.marker, '[1]', JSON.stringify(r.citations));
    assert.equal(marker.label, 'verified');
    assert.match(marker.noteZh ?? '', /^法规库中没有该法在 2019-06-01 施行的版本（最早的是 2020-12-26 版，2021-03-01 施行）；该法此后经 2020-12-26 修改；按 2020-12-26 版核对/);
    assert.ok(r.citations.filter((c) => c.articleId !== theft.articleId).every((c) => !/法规库中没有该法/.test(c.noteZh ?? '')));
  });

  test('a contract dispute of 2019: 民法典\'s articles stand in for 合同法, which the library lacks, and every stage is told for what', async () => {
    bench.llm.queue('state', { json: { parties: [], relations: ['买卖合同关系'], keyFacts: ['2019年5月对方未按约定交货'], disputeFocus: ['违约责任'], posture: '协商', domains: ['合同法'], subQuestion: '对方应承担什么违约责任', missingFacts: [], factDate: '2019-05-10', place: null } });
    bench.llm.queue('planner', { json: { role: 'terminology', queries: ['当事人一方不履行合同义务 违约责任 赔偿损失'], covered: true, reason: '' } });
    const r = await bench.consultations().ask({ text: '2019年5月对方没按合同交货，他要承担什么违约责任？' });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    // Before, retrieval as of 2019 held no 民法典 and no 合同法 (not in the library): no general contract rule at all.
    const liability = r.evidence.find((e) => e.lawTitle === '中华人民共和国民法典' && e.articleLabel === '第五百七十七条');
    assert.ok(liability, r.evidence.map((e) => e.lawTitle + e.articleLabel).join(','));
    const tag = '第五百七十七条（代《合同法》第一百零七条（违约责任），该法当时（2019-05-10）施行，法规库中没有其条文；此为民法典的条文，当时的条文可能不同）：当事人一方不履行合同义务';
    const judge = bench.llm.requests.find((q) => q.role === 'judge')!.prompt;
    assert.ok(judge.includes(tag), 'the judge reads it as standing in for 合同法');
    assert.ok(judge.includes('《中华人民共和国民法典》第五百七十七条（代《合同法》第一百零七条（违约责任），'), 'and its code check says so');
    assert.doesNotMatch(judge, /第五百七十七条 自 2021-01-01 起施行，晚于适用日期/);
    const answerRequest = bench.llm.requests.find((q) => q.role === 'answer')!;
    assert.ok(answerRequest.prompt.includes(tag), 'so does the answer');
    assert.match(answerRequest.body.messages[0]!.content, /5\. 标注“代……”或“法规库中没有……施行的文本”的证据不是当时施行的条文本身：据以回答时写明当时适用的法律条文，并标注该证据的编号/, 'told to name the article of the time');
  });

  test('the judge loop refines and retrieves again until SUFFICIENT', async () => {
    const insufficient = { verdict: 'INSUFFICIENT', checks: failing(), missing: ['证据不足'], refinementQueries: ['经济补偿 工作年限 每满一年 一个月工资'] };
    bench.llm.queue('judge', { json: insufficient }, { json: { ...insufficient, verdict: 'SUFFICIENT', refinementQueries: [] } });
    const log = eventLog();
    const r = await bench.consultations().ask({ text: WAGES, onEvent: log.onEvent });
    assert.equal(r.verdict, 'sufficient');
    assert.deepEqual(r.iterations.map((i) => i.verdict), ['INSUFFICIENT', 'SUFFICIENT']);
    assert.ok(log.stages().includes('retrieval#10:done'), log.stages().join(' '));
    assert.ok(r.evidence.some((e) => e.foundBy.some((s) => s.via === 'refinement')), 'refinement hits join the pool');
    assert.ok(r.evidence.some((e) => e.articleLabel === '第四十七条' && e.lawTitle.includes('劳动合同法')), 'the refinement found the severance article');
  });

  test('an always-INSUFFICIENT judge ends as insufficient at the limit after 3 iterations', async () => {
    const insufficient = { verdict: 'INSUFFICIENT', checks: failing(), missing: ['x'], refinementQueries: ['劳动者 解除 劳动合同 通知'] };
    bench.llm.setScript((req) => (req.role === 'judge' ? { json: insufficient } : undefined));
    try {
      const r = await bench.consultations().ask({ text: WAGES });
      assert.equal(r.verdict, 'insufficient_at_limit');
      assert.equal(r.iterations.length, 3);
      assert.ok(r.answer, 'an answer is still given, marked as insufficient');
      const answerPrompt = bench.llm.requests.filter((q) => q.role === 'answer').at(-1)!.body.messages[0]!.content;
      assert.match(answerPrompt, /证据不充分/);
    } finally {
      bench.llm.setScript(null);
    }
  });

  test('the applicability audit prunes an article and keeps it as considered and excluded', async () => {
    // Only the first audit call prunes: the article moving up in its place is audited next and kept.
    bench.llm.queue('audit', { json: { results: [{ index: 0, applicable: false, failedCondition: '用人单位存在过错', reason: '' }] } });
    const r = await bench.consultations().ask({ text: WAGES });
    const excluded = r.evidence.filter((e) => e.excluded);
    assert.equal(excluded.length, 1);
    assert.equal(excluded[0]!.excluded, '用人单位存在过错');
    const answerPrompt = bench.llm.requests.filter((q) => q.role === 'answer').at(-1)!.prompt;
    assert.ok(!answerPrompt.includes(`${excluded[0]!.lawTitle}》${excluded[0]!.articleLabel}：`), 'the excluded article is not given to the answer');
  });

  test('articles that move up after a pruning are audited before the judge and the answer see them', async () => {
    bench.llm.queue('audit', { json: { results: [0, 1, 2].map((index) => ({ index, applicable: false, failedCondition: '不满足', reason: '' })) } });
    const r = await bench.consultations().ask({ text: WAGES });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    const audited = articlesIn('audit');
    assert.equal(bench.llm.requests.filter((q) => q.role === 'audit').length, 2, 'a second call audits the three that moved up');
    const given = articlesIn('answer');
    assert.equal(given.length, 8, 'the answer still gets the top 8');
    assert.deepEqual(given.filter((a) => !audited.includes(a)), [], 'every article given to the answer was audited');
    assert.equal(articlesIn('judge').length, 8);
    assert.deepEqual(articlesIn('judge').filter((a) => !audited.includes(a)), [], 'every article given to the judge was audited');
    assert.deepEqual(liveEvidence(r, given.length), given, 'the stored evidence is numbered as the answer was');
  });

  test('auditing what moves up stops after a few calls; what is still unaudited is not given to the answer', async () => {
    const pruneFirstThree = { json: { results: [0, 1, 2].map((index) => ({ index, applicable: false, failedCondition: '不满足', reason: '' })) } };
    bench.llm.setScript((req) => (req.role === 'audit' ? pruneFirstThree : undefined));
    try {
      const r = await bench.consultations().ask({ text: WAGES });
      assert.equal(r.status, 'done', JSON.stringify(r.error));
      assert.equal(bench.llm.requests.filter((q) => q.role === 'audit').length, 3, 'at most three audit calls in a stage');
      assert.equal(r.evidence.filter((e) => e.excluded).length, 9);
      const given = articlesIn('answer');
      const audited = articlesIn('audit');
      assert.equal(given.length, 5, 'the 3 articles that moved up last are left out, not passed on unaudited');
      assert.deepEqual(given.filter((a) => !audited.includes(a)), []);
      assert.deepEqual(liveEvidence(r, given.length), given, 'the stored evidence is numbered as the answer was');
    } finally {
      bench.llm.setScript(null);
    }
  });

  test('the LLM reranker orders the pool by index and cannot add articles', async () => {
    bench.llm.queue('rerank', { json: { ranking: [3, 999, 3, 0, -1] } });
    const r = await bench.consultations().ask({ text: WAGES });
    const rerankReq = bench.llm.requests.filter((q) => q.role === 'rerank').at(-1)!;
    const window = rerankReq.prompt.match(/^\[(\d+)\] 《([^》]+)》(第[^：（]+)/gm)!;
    const third = window[3]!.replace(/^\[\d+\] /, '');
    const first = r.evidence[0]!;
    assert.equal(`《${first.lawTitle}》${first.articleLabel}`, third.replace(/（.*$/, ''));
    assert.equal(new Set(r.evidence.map((e) => e.articleId)).size, r.evidence.length, 'no duplicates');
  });
});

/** The articles listed in the prompts of a role (each item up to its text), in order. */
function articlesIn(role: string): string[] {
  return bench.llm.requests.filter((q) => q.role === role).flatMap((q) => numberedItems(q.prompt).map((i) => i.text.split('：')[0]!));
}

/** The first `n` live articles of the stored evidence, as the prompts list them. */
function liveEvidence(r: TurnResult, n: number): string[] {
  return r.evidence.filter((e) => !e.excluded).slice(0, n).map((e) => evidenceLine(e).split('：')[0]!);
}

function failing() {
  const bad = { ok: false, note: '缺少经济补偿标准' };
  const ok = { ok: true, note: '' };
  return { factualSupport: ok, jurisdiction: ok, temporal: ok, contradictions: ok, missingElements: bad };
}
