/**
 * 证据充分 is the judge's word on the evidence retrieval found. A legal-aid lawyer's review: a turn said 证据充分 while its
 * answer rested the time limit on an article no query had found. The verdict stays stored as the judge gave it; the CLI,
 * `--json` and the report qualify it from the citation audit.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { buildReport, renderReport } from '../../main/report/index.js';
import { sufficiencyLineZh } from '../../main/cli/consultView.js';
import { runCli } from '../helpers/cli.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { okChecks } from '../helpers/scriptedLlm.js';
import { outsideEvidenceNoteZh, outsideEvidenceOf, sufficientOnlyForEvidence } from '../../preload/contract/sufficiency.js';
import type { CitationAudit } from '../../main/consult/types.js';

const SKIP = sharedSkipReason();
// Two articles outside the evidence, the first cited twice (written out, then its bare number read as the law named last).
const OUTSIDE_ANSWER = '追讨欠薪应在三年内提出（《民法典》第一百八十八条），催讨过的依第一百九十五条重新计算，时效期间仍依《民法典》第一百八十八条；你可以解除劳动合同[1]。';
const QUALIFIED = '证据充分（仅就检索到的法条而言）';
const NOTE = '回答另引 2 条证据外的法条，未经适用性和充分性审查';
// An article outside the evidence quoted in words it does not hold (its period is 三年).
const MISQUOTED_ANSWER = '追讨欠薪有时效，《民法典》第一百八十八条规定：“向人民法院请求保护民事权利的诉讼时效期间为五年。”你可以解除劳动合同[1]。';
const MISQUOTED_NOTE = '回答另引 1 条证据外的法条（其中 1 条引文与法条原文不符），未经适用性和充分性审查';

test('the CLI\'s 充分性 line writes one bracket: the rounds of review, then what qualifies the verdict', () => {
  assert.equal(sufficiencyLineZh('sufficient', 1, 1), '充分性：证据充分（1 轮审查；仅就检索到的法条而言）；回答另引 1 条证据外的法条，未经适用性和充分性审查');
  assert.equal(sufficiencyLineZh('insufficient_at_limit', 3, 0), '充分性：证据不足（3 轮审查；已达检索上限）', 'not 证据不足（已达检索上限）（3 轮审查）');
  assert.equal(sufficiencyLineZh('sufficient', 2, 0), '充分性：证据充分（2 轮审查）');
  assert.equal(sufficiencyLineZh('offline', 0, 0), '充分性：离线：未生成回答，仅列出相关法条');
  assert.equal(sufficiencyLineZh('sufficient', 1, 2, { quoteMismatch: 1, missingPart: 1 }), '充分性：证据充分（1 轮审查；仅就检索到的法条而言）；回答另引 2 条证据外的法条（其中 1 条引文与法条原文不符，1 条所引款、项该条没有），未经适用性和充分性审查');
});

test('an article outside the evidence counts however its citation is labelled: 证据外, or 引文不符 or 无法解析 outside it', () => {
  const c = (seq: number, label: CitationAudit['label'], articleId: number | null, outsideEvidence?: true) => ({ seq, marker: `m${seq}`, label, articleId, ...(outsideEvidence ? { outsideEvidence } : {}) });
  const citations = [c(1, 'verified', 38), c(2, 'outside_evidence', 188), c(3, 'quote_mismatch', 188, true), c(4, 'quote_mismatch', 195, true), c(5, 'quote_mismatch', 47), c(6, 'unresolvable', 27, true), c(7, 'unresolvable', null)];
  assert.deepEqual(outsideEvidenceOf(citations), { articles: 3, quoteMismatch: 2, missingPart: 1 }, '188 once though cited twice; 47, quoted wrongly, is evidence');
  assert.equal(sufficientOnlyForEvidence('sufficient', [c(4, 'quote_mismatch', 195, true)]), 1, 'one 引文不符 outside the evidence alone qualifies 证据充分');
  assert.equal(sufficientOnlyForEvidence('insufficient', citations), 0);
  assert.equal(outsideEvidenceNoteZh(3, outsideEvidenceOf(citations)), '回答另引 3 条证据外的法条（其中 2 条引文与法条原文不符，1 条所引款、项该条没有），未经适用性和充分性审查');
  assert.equal(outsideEvidenceNoteZh(2), NOTE, 'none failed besides: the note as before');
});

describe('a 证据充分 verdict when the answer cites articles outside the evidence', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  let home: string;
  const env = () => ({ LEXDESK_HOME: home, LEXDESK_LLM_BASE_URL: bench.llm.baseURL, LEXDESK_LLM_MODEL: 'scripted-model', LEXDESK_LLM_API_KEY: 'sk-scope-0123456789' });
  before(async () => {
    bench = await startBench();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-scope-'));
  });
  after(async () => {
    await bench?.dispose();
    fs.rmSync(home, { recursive: true, force: true });
  });
  beforeEach(() => bench.llm.reset());

  test('the CLI turn, --json and the report qualify it; the stored verdict stays the judge\'s', async () => {
    // The judge (default script) finds the evidence sufficient; the answer then leans on two articles it never saw.
    bench.llm.queue('answer', { text: OUTSIDE_ANSWER });
    const asked = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--title', '欠薪'], env());
    assert.equal(asked.code, 0, asked.stderr);
    const line = asked.stdout.split('\n').find((l) => l.startsWith('充分性：'));
    assert.equal(line, `充分性：证据充分（1 轮审查；仅就检索到的法条而言）；${NOTE}`, asked.stdout);

    const [listed] = JSON.parse((await runCli(['consult', '--list', '--db', bench.lib.dbPath, '--json'], env())).stdout) as Array<{ id: number }>;
    const shown = JSON.parse((await runCli(['consult', '--db', bench.lib.dbPath, '--show', String(listed!.id), '--json'], env())).stdout);
    const turn = shown.turns[0];
    assert.equal(turn.verdict, 'sufficient', 'the judge\'s verdict as stored');
    assert.equal(turn.verdictOverride, null);
    assert.equal(turn.citations.filter((c: { label: string }) => c.label === 'outside_evidence').length, 3, 'three citations of two articles');
    assert.equal(turn.sufficientOnlyForEvidence, 2, 'each article counted once');

    const model = buildReport(bench.lib.engine, bench.consultations(), listed!.id, '0.0.0');
    assert.equal(model.turns[0]!.verdict, 'sufficient');
    const md = (await renderReport(model, 'md')).toString('utf8');
    assert.ok(md.includes(`- 第 1 轮：**${QUALIFIED}**；${NOTE}\n`), md);
    const html = (await renderReport(model, 'html')).toString('utf8');
    assert.ok(html.includes(`第 1 轮：<strong>${QUALIFIED}</strong>；${NOTE}`));
  });

  test('an answer citing only its evidence keeps the plain verdict', async () => {
    bench.llm.queue('answer', { text: '公司未及时足额支付劳动报酬的，你可以解除劳动合同[1]。' });
    const t = await bench.consultations().ask({ text: WAGES, title: '欠薪（证据内）' });
    assert.equal(t.verdict, 'sufficient');
    assert.ok(t.citations.length > 0 && t.citations.every((c) => c.label !== 'outside_evidence'), JSON.stringify(t.citations));
    const md = (await renderReport(buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0'), 'md')).toString('utf8');
    assert.match(md, /- 第 1 轮：\*\*证据充分\*\*\n/);
  });

  test('a citation 引文不符 of an article outside the evidence counts among them: the CLI, --json and the report say so', async () => {
    // 民法典 第一百八十八条, which no query found, quoted with 五年 for its 三年: the audit labels it 引文不符, not 证据外.
    bench.llm.queue('answer', { text: MISQUOTED_ANSWER });
    const asked = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--title', '欠薪（引文不符）', '--json'], env());
    assert.equal(asked.code, 0, asked.stderr);
    const r = JSON.parse(asked.stdout);
    const misquoted = r.citations.find((c: { marker: string }) => c.marker === '《民法典》第一百八十八条');
    assert.equal(misquoted?.label, 'quote_mismatch', JSON.stringify(r.citations));
    assert.equal(misquoted.outsideEvidence, true, 'read back from the turn\'s evidence');
    assert.ok(!r.citations.some((c: { label: string }) => c.label === 'outside_evidence'), 'no citation says 证据外 by its label');
    assert.equal(r.verdict, 'sufficient');
    assert.equal(r.sufficientOnlyForEvidence, 1, 'before, 0: the verdict read as plain 证据充分');

    const line = (await runCli(['consult', '--db', bench.lib.dbPath, '--show', String(r.consultationId)], env())).stdout.split('\n');
    assert.equal(line.find((l) => l.startsWith('充分性：')), `充分性：证据充分（1 轮审查；仅就检索到的法条而言）；${MISQUOTED_NOTE}`);
    assert.match(line.find((l) => l.startsWith('引用：')) ?? '', /《民法典》第一百八十八条 引文不符、证据外/);

    const model = buildReport(bench.lib.engine, bench.consultations(), r.consultationId, '0.0.0');
    const md = (await renderReport(model, 'md')).toString('utf8');
    assert.ok(md.includes(`- 第 1 轮：**${QUALIFIED}**；${MISQUOTED_NOTE}\n`), md);
    const listed = model.statutes.find((s) => s.articleId === misquoted.articleId);
    assert.ok(listed, 'the article is listed from the text stored with the citation');
    assert.ok(model.warnings.some((w) => w.startsWith(`第 1 轮的引用 《民法典》第一百八十八条[${listed.ref}] 是证据外的法条，回答中的引文与其原文也不一致`)), model.warnings.join('\n'));
  });

  test('an insufficient verdict is not qualified: 证据不足 already says the evidence falls short', async () => {
    bench.llm.queue('judge', ...Array.from({ length: 3 }, () => ({ json: { verdict: 'INSUFFICIENT', checks: { ...okChecks(), factualSupport: { ok: false, note: '缺少工资数额' } }, missing: ['工资数额'], refinementQueries: ['拖欠工资 数额'] } })));
    bench.llm.queue('answer', { text: OUTSIDE_ANSWER });
    const t = await bench.consultations().ask({ text: WAGES, title: '欠薪（不足）' });
    assert.notEqual(t.verdict, 'sufficient');
    assert.ok(t.citations.some((c) => c.label === 'outside_evidence'));
    const md = (await renderReport(buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0'), 'md')).toString('utf8');
    assert.ok(!md.includes('仅就检索到的法条而言'), md);
  });
});
