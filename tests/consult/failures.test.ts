import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { Consultations } from '../../main/consult/index.js';
import { createEngine } from '../../main/engine/index.js';
import { eventLog, startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { okChecks } from '../helpers/scriptedLlm.js';

const SKIP = sharedSkipReason();
const KEY = 'sk-test-secret-key-123456';
let bench: Bench;

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('a turn under failure keeps the message and every finished stage', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
  });
  after(async () => {
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  test('401: a readable auth error without the key; the turn is failed, stored, and retryable', async () => {
    bench.llm.queue('state', { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    const c = bench.consultations();
    const r = await c.ask({ text: WAGES });
    assert.equal(r.status, 'failed');
    assert.equal(r.error?.code, 'llm_auth');
    assert.match(r.error!.message, /API key/);
    assert.ok(!r.error!.message.includes(KEY));
    assert.equal(r.userText, WAGES);
    const retried = await c.retry(r.turnId);
    assert.equal(retried.status, 'done');
    assert.equal(retried.turnId, r.turnId);
    assert.equal(c.get(r.consultationId).turns.length, 1, 'the retry reuses the turn');
  });

  test('429 is retried with backoff; a persistent 429 is llm_rate_limited', async () => {
    const c = bench.consultations({ endpoint: { maxRetries: 2 } });
    bench.llm.queue('state', { status: 429, headers: { 'retry-after-ms': '10' } });
    const ok = await c.ask({ text: WAGES });
    assert.equal(ok.status, 'done');
    const limited = { status: 429, headers: { 'retry-after-ms': '10' } };
    bench.llm.queue('state', limited, limited, limited);
    const r = await c.ask({ text: WAGES });
    assert.equal(r.error?.code, 'llm_rate_limited');
  });

  test('500 after the state stage: the state and retrieval stages are kept and reused by the retry', async () => {
    bench.llm.queue('judge', { status: 500 });
    const c = bench.consultations();
    const r = await c.ask({ text: WAGES });
    assert.equal(r.error?.code, 'llm_server');
    assert.match(r.error!.message, /HTTP 500/);
    assert.ok(r.state, 'the state stage is kept');
    assert.ok(r.evidence.length > 0, 'the evidence gathered so far is kept');
    assert.deepEqual(
      r.stages.map((s) => `${s.stage}:${s.status}`).slice(0, 3),
      ['state:done', 'retrieval:done', 'rewrite:done'],
    );
    assert.ok(r.stages.some((s) => s.stage === 'judge' && s.status === 'failed'));
    const stateCalls = bench.llm.requests.filter((q) => q.role === 'state').length;
    const log = eventLog();
    const again = await c.retry(r.turnId, { onEvent: log.onEvent });
    assert.equal(again.status, 'done');
    assert.equal(bench.llm.requests.filter((q) => q.role === 'state').length, stateCalls, 'the retry reused the stored state');
  });

  test('500 on the audit of articles that moved up: the message, the finished stages and the first pruning are kept', async () => {
    const pruned = { json: { results: [{ index: 0, applicable: false, failedCondition: '用人单位存在过错', reason: '' }] } };
    bench.llm.queue('audit', pruned, { status: 500 });
    const r = await bench.consultations().ask({ text: WAGES });
    assert.equal(r.error?.code, 'llm_server');
    assert.equal(r.userText, WAGES);
    assert.equal(bench.llm.requests.filter((q) => q.role === 'audit').length, 2, 'the second call audits the article that moved up');
    assert.ok(['state', 'rerank'].every((stage) => r.stages.some((s) => s.stage === stage && s.status === 'done')), 'the stages before it are kept');
    assert.ok(r.stages.some((s) => s.stage === 'audit' && s.status === 'failed'));
    assert.deepEqual(r.evidence.filter((e) => e.excluded).map((e) => e.excluded), ['用人单位存在过错'], 'the first call’s pruning is kept');
    assert.ok(!bench.llm.requests.some((q) => q.role === 'judge' || q.role === 'answer'), 'nothing unaudited went on');
  });

  test('a retry shows only its own attempt: judge iterations, stages and verdict of the failed one are gone, the reused state stays', async () => {
    const insufficient = (query: string) => ({ json: { verdict: 'INSUFFICIENT', checks: okChecks(), missing: ['工资标准'], refinementQueries: [query] } });
    bench.llm.queue('judge', insufficient('经济补偿 计算标准'), insufficient('劳动报酬 支付 期限'), { status: 500 });
    const c = bench.consultations();
    const failed = await c.ask({ text: WAGES });
    assert.equal(failed.error?.code, 'llm_server');
    assert.deepEqual(failed.iterations.map((i) => `${i.iteration}:${i.verdict}`), ['1:INSUFFICIENT', '2:INSUFFICIENT'], 'the failed turn keeps its finished judge iterations');
    assert.ok(failed.stages.some((s) => s.stage === 'judge' && s.iteration === 3 && s.status === 'failed'));
    const stateCalls = bench.llm.requests.filter((q) => q.role === 'state').length;
    const done = await c.retry(failed.turnId);
    assert.equal(done.status, 'done', JSON.stringify(done.error));
    assert.equal(bench.llm.requests.filter((q) => q.role === 'state').length, stateCalls, 'the state is reused');
    assert.deepEqual(done.iterations.map((i) => `${i.iteration}:${i.verdict}`), ['1:SUFFICIENT']);
    assert.deepEqual(
      done.stages.map((s) => `${s.stage}${s.iteration ? `#${s.iteration}` : ''}:${s.status}`),
      ['state:done', 'retrieval:done', 'rewrite#1:done', 'retrieval#1:done', 'rerank:done', 'audit:done', 'judge#1:done', 'answer:done', 'citations:done'],
    );
    assert.equal(done.verdict, 'sufficient');
  });

  test('a retry that fails early shows no verdict of the attempt before it', async () => {
    bench.llm.queue('answer', { truncateAfter: '根据《劳动合同法》' });
    const c = bench.consultations();
    const truncated = await c.ask({ text: WAGES });
    assert.equal(truncated.verdict, 'sufficient', 'the first attempt got as far as a verdict');
    bench.llm.queue('planner', { status: 500 });
    const failed = await c.retry(truncated.turnId);
    assert.equal(failed.error?.code, 'llm_server');
    assert.equal(failed.verdict, null, 'this attempt never reached the judge');
    assert.deepEqual(failed.iterations, []);
    assert.deepEqual(failed.stages.map((s) => `${s.stage}#${s.iteration}:${s.status}`), ['state#0:done', 'retrieval#0:done', 'rewrite#1:failed']);
    assert.ok(failed.evidence.every((e) => e.foundBy.every((f) => f.via === 'original')), 'the evidence is what this attempt retrieved');
  });

  test('malformed JSON gets one repair request; twice malformed is llm_bad_json', async () => {
    const c = bench.consultations();
    bench.llm.queue('state', { text: '{"parties": [oops' });
    const repaired = await c.ask({ text: WAGES });
    assert.equal(repaired.status, 'done');
    const repair = bench.llm.requests.filter((q) => q.role === 'state').at(-1)!;
    assert.match(repair.prompt, /不符合要求/);
    bench.llm.queue('state', { text: 'not json at all' }, { json: { parties: 'should be a list' } });
    const r = await c.ask({ text: WAGES });
    assert.equal(r.error?.code, 'llm_bad_json');
    assert.match(r.error!.message, /state/);
  });

  for (const role of ['planner', 'rerank', 'checklist', 'audit', 'judge']) {
    test(`${role}: a reply of the wrong shape is repaired once; twice wrong fails the turn with llm_bad_json`, async () => {
      const c = bench.consultations();
      const forgetCachedNotes = () => bench.lib.engine.db.exec('DELETE FROM article_notes'); // checklists are cached per article
      forgetCachedNotes();
      bench.llm.queue(role, { json: { unexpected: true } });
      const repaired = await c.ask({ text: WAGES });
      assert.equal(repaired.status, 'done', JSON.stringify(repaired.error));
      assert.equal(bench.llm.requests.filter((q) => q.role === role).length, 2, 'one repair request');
      forgetCachedNotes();
      bench.llm.queue(role, { text: '```json\n{"broken": \n```' }, { text: 'still not json' });
      const failed = await c.ask({ text: WAGES });
      assert.equal(failed.error?.code, 'llm_bad_json');
      assert.ok(failed.stages.some((s) => s.status === 'failed'));
      assert.ok(failed.stages.some((s) => s.stage === 'state' && s.status === 'done'), 'earlier stages are kept');
    });
  }

  test('a slow endpoint times out with llm_timeout', async () => {
    const c = bench.consultations({ endpoint: { timeoutMs: 300, maxRetries: 0 } });
    bench.llm.queue('state', { hang: true });
    const r = await c.ask({ text: WAGES });
    assert.equal(r.error?.code, 'llm_timeout');
  });

  // The stall is 8× the timeout and then the reply completes: before the fix the turn waited it out and succeeded.
  const TIMEOUT_MS = 1000;
  const STALL_MS = 8 * TIMEOUT_MS;
  const sinceRequest = (role: string) => Date.now() - bench.llm.requests.find((q) => q.role === role)!.receivedAt;

  test('a plain reply whose body stalls after the headers times out with llm_timeout; the message is kept', async () => {
    const c = bench.consultations({ endpoint: { timeoutMs: TIMEOUT_MS, maxRetries: 0 } });
    bench.llm.queue('state', { json: { keyFacts: ['拖欠工资'] }, stallMs: STALL_MS });
    const r = await c.ask({ text: WAGES });
    const waited = sinceRequest('state');
    assert.equal(r.error?.code, 'llm_timeout', JSON.stringify(r.error));
    assert.match(r.error!.message, /sent nothing for 1 s.*raise the timeout/);
    assert.ok(waited < 3 * TIMEOUT_MS, `failed ${waited} ms after the request, not about ${TIMEOUT_MS}`);
    assert.equal(r.status, 'failed');
    assert.equal(c.get(r.consultationId).turns[0]!.userText, WAGES);
    assert.equal((await c.retry(r.turnId)).status, 'done');
  });

  for (const keepAliveMs of [undefined, 100]) {
    test(`an answer stream that stalls mid-reply${keepAliveMs ? ' (sending only SSE keep-alive comments)' : ''} times out with llm_timeout; the verdict and evidence stay`, async () => {
      const c = bench.consultations({ endpoint: { timeoutMs: TIMEOUT_MS, maxRetries: 0 } });
      bench.llm.queue('answer', { text: '可以解除劳动合同。依据规定，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。', stallMs: STALL_MS, keepAliveMs });
      const log = eventLog();
      const r = await c.ask({ text: WAGES, onEvent: log.onEvent });
      const waited = sinceRequest('answer');
      assert.equal(r.error?.code, 'llm_timeout', JSON.stringify(r.error));
      assert.ok(waited < 3 * TIMEOUT_MS, `failed ${waited} ms after the request, not about ${TIMEOUT_MS}`);
      assert.ok(log.tokens().length > 0, 'the first chunk was streamed before the stall');
      assert.equal(r.status, 'failed');
      assert.equal(r.verdict, 'sufficient');
      assert.ok(r.evidence.length > 0);
      assert.equal(r.answer, null);
    });
  }

  test('a truncated answer stream is llm_truncated; the verdict and evidence stay', async () => {
    bench.llm.queue('answer', { truncateAfter: '根据《劳动合同法》' });
    const r = await bench.consultations().ask({ text: WAGES });
    assert.equal(r.error?.code, 'llm_truncated');
    assert.equal(r.verdict, 'sufficient');
    assert.ok(r.evidence.length > 0);
    assert.equal(r.answer, null);
  });

  test('cancelling mid-stream leaves a cancelled turn that can be retried', async () => {
    const controller = new AbortController();
    bench.llm.queue('answer', { text: '这是一个很长的回答。'.repeat(40) });
    const r = await bench.consultations().ask({
      text: WAGES,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'token') controller.abort();
      },
    });
    assert.equal(r.status, 'cancelled');
    assert.equal(r.error?.code, 'llm_cancelled');
    const again = await bench.consultations().retry(r.turnId);
    assert.equal(again.status, 'done');
  });

  test('an unreachable endpoint degrades to offline mode with the ranked statutes', async () => {
    const c = bench.consultations({ endpoint: { baseURL: `http://127.0.0.1:${await closedPort()}/v1` } });
    const r = await c.ask({ text: WAGES });
    assert.equal(r.status, 'done');
    assert.equal(r.mode, 'offline');
    assert.equal(r.verdict, 'offline');
    assert.match(r.offlineReason!, /Cannot reach/);
    assert.equal(r.offlineCode, 'llm_unreachable', 'the reason as a code the app words in its language');
    const ranked = await bench.lib.engine.retrieval.rank(WAGES, { limit: 10 });
    assert.deepEqual(r.evidence.map((e) => e.articleId), ranked.map((x) => x.id), 'the evidence is the engine ranking for the message');
    assert.ok(r.evidence.some((e) => e.lawTitle.includes('劳动合同法')));
    assert.equal(r.answer, null);
  });

  test('with no endpoint configured a turn is offline from the start', async () => {
    const r = await bench.consultations({ offline: true }).ask({ text: WAGES });
    assert.equal(r.mode, 'offline');
    assert.match(r.offlineReason!, /No LLM endpoint/);
    assert.equal(r.offlineCode, 'llm_not_configured');
    assert.deepEqual(bench.consultations().get(r.consultationId).turns[0], r, 'stored with the turn');
    assert.ok(r.evidence.length > 0 && r.evidence.length <= 10);
    // Each article keeps where the words it was found by stand, the statute terms for everyday words among them.
    const searched = bench.lib.engine.retrieval.searchedTerms(WAGES);
    for (const e of r.evidence) {
      assert.equal(e.excerpt !== null, searched.some((t) => e.text.includes(t)), `${e.lawTitle}${e.articleLabel}: an excerpt exactly when it holds a word`);
      for (const [s, t] of e.excerpt?.hits ?? []) assert.ok(searched.includes(e.text.slice(s, t)), e.text.slice(s, t));
    }
    assert.ok(searched.includes('劳动报酬') && !WAGES.includes('劳动报酬'));
    assert.ok(r.evidence.some((e) => e.excerpt?.hits.some(([s, t]) => e.text.slice(s, t) === '劳动报酬')), 'the statute term for 工资 is marked');
  });

  test('a failed turn survives closing the app: reopened from the file it is failed, not running', async () => {
    bench.llm.queue('state', { status: 500 });
    const r = await bench.consultations().ask({ text: '第二个问题：加班费怎么算？' });
    assert.equal(r.status, 'failed');
    const engine = createEngine({ dbPath: bench.lib.dbPath });
    try {
      const reopened = new Consultations({ engine, llm: null }).get(r.consultationId);
      assert.equal(reopened.turns[0]!.userText, '第二个问题：加班费怎么算？');
      assert.equal(reopened.turns[0]!.status, 'failed');
    } finally {
      engine.close();
    }
  });

  test('the API key never reaches the database file, and the call log keeps what was sent', async () => {
    const c = bench.consultations();
    const r = await c.ask({ text: WAGES });
    const calls = c.store.calls(r.turnId);
    assert.ok(calls.length >= 6);
    assert.ok(calls.some((x) => x.role === 'answer' && x.response.length > 0));
    assert.ok(bench.llm.requests.some((q) => q.headers.authorization === `Bearer ${KEY}`), 'the key was sent to the endpoint');
    bench.lib.engine.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fs.readFileSync(bench.lib.dbPath);
    assert.equal(bytes.indexOf(Buffer.from(KEY)), -1);
  });
});
