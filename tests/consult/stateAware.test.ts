import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { numberedItems } from '../helpers/scriptedLlm.js';

const SKIP = sharedSkipReason();
let bench: Bench;

describe('state-aware reranking with applicability summaries', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
  });
  after(async () => {
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  test('summaries are generated once per article, cached, and lift the article whose conditions match the state', async () => {
    const c = bench.consultations({ settings: { llmRerank: false, stateAwareRerank: true } });
    const baseline = await bench.consultations({ settings: { llmRerank: false } }).ask({ text: WAGES });
    const target = baseline.evidence[6]!;
    bench.llm.setScript((req) => {
      if (req.role !== 'summary') return undefined;
      const items = numberedItems(req.prompt).map((it) => {
        const isTarget = it.text.startsWith(`《${target.lawTitle}》${target.articleLabel}`);
        return isTarget
          ? { index: it.index, conditions: ['用人单位拖欠工资', '劳动者能否解除劳动合同'], effects: ['能否辞职'], scenarios: ['拖欠工资能否解除合同'] }
          : { index: it.index, conditions: ['船舶登记'], effects: ['海上运输'], scenarios: ['港口作业'] };
      });
      return { json: { items } };
    });
    const r = await c.ask({ text: WAGES });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    const pos = r.evidence.findIndex((e) => e.articleId === target.articleId);
    assert.ok(pos < 6, `the matching article moved up from 7th to ${pos + 1}th`);
    const summaryCalls = bench.llm.requests.filter((q) => q.role === 'summary').length;
    assert.equal(summaryCalls, 1, 'one batch call for the window');
    await c.ask({ consultationId: r.consultationId, text: WAGES });
    assert.equal(bench.llm.requests.filter((q) => q.role === 'summary').length, summaryCalls, 'cached summaries are not generated again');
  });

  test('token and cost accounting per turn follows the endpoint pricing', async () => {
    const c = bench.consultations({ endpoint: { pricing: { inputPerMTok: 2, outputPerMTok: 8, currency: 'CNY' } } });
    const r = await c.ask({ text: WAGES });
    const expected = (r.usage.promptTokens * 2 + r.usage.completionTokens * 8) / 1e6;
    assert.ok(r.usage.cost !== null && Math.abs(r.usage.cost - expected) < 1e-9, `${r.usage.cost} vs ${expected}`);
    assert.equal(r.usage.promptTokens, 100 * r.usage.calls, 'the endpoint-reported usage is summed');
  });
});
