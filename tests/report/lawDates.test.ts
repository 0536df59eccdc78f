/**
 * 「适用法律截至」 says what the turns applied. A consultation started without a date applies, in each turn, the law of the
 * facts' date the turn's state gives, else of the engine's today when the turn ran; its report said the day the
 * consultation started, which a turn asked on a later day did not apply (a legal-aid lawyer's review). The turn now
 * stores the date it applied (migration 22); one stored before is read back from its times, as before.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { lawAsOfZh, turnLawDate } from '../../main/report/lawDates.js';
import { buildReport, renderReport } from '../../main/report/index.js';
import { Consultations } from '../../main/consult/index.js';
import { fixToday, todayOf } from '../../main/db/today.js';
import { localDay } from '../../preload/contract/localTime.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { defaultReply } from '../helpers/scriptedLlm.js';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserSkipReason } from '../helpers/browserBench.js';
import { docxParts } from '../helpers/docxText.js';

const SKIP = sharedSkipReason();
const NO_PDF = browserSkipReason() || !fs.existsSync('/usr/bin/pdftotext');
// Days are local: the times below are late morning in Beijing, whatever zone the machine running the test is in.
process.env.TZ = 'Asia/Shanghai';

/** The bench's fixed today (consultFixture.ts). */
const BENCH_TODAY = '2026-11-22';

test('one date when every turn applied it; else each turn\'s, turns sharing a date together', () => {
  const day = (seq: number, date: string) => ({ seq, date, by: 'today' as const });
  assert.equal(lawAsOfZh('2020-06-01', [{ seq: 1, date: '2020-06-01', by: 'consultation' }]), '2020-06-01', 'the consultation\'s own date as it is');
  assert.equal(lawAsOfZh(null, [day(1, '2026-12-07'), day(2, '2026-12-07')]), '2026-12-07（咨询当日）');
  assert.equal(lawAsOfZh(null, [day(1, '2026-12-05'), day(2, '2026-12-07'), day(3, '2026-12-07')]), '每轮当天（第 1 轮 2026-12-05，第 2、3 轮 2026-12-07）');
  assert.equal(lawAsOfZh(null, [{ seq: 1, date: '2024-04-15', by: 'facts' }]), '2024-04-15（事实日期）');
  assert.equal(lawAsOfZh(null, [{ seq: 1, date: '2024-04-15', by: 'facts' }, day(2, '2026-12-07')]), '各轮不同（第 1 轮为事实日期 2024-04-15，第 2 轮为咨询当日 2026-12-07）');
});

test('a turn\'s stored date is the one named; a turn stored before migration 22 is read back from its state and times', () => {
  const times = { createdAt: '2026-12-05T03:00:00.000Z', finishedAt: '2026-12-07T03:00:00.000Z' };
  const none = { date: null, by: null };
  assert.deepEqual(turnLawDate({ seq: 1, stored: { date: BENCH_TODAY, by: 'today' }, factDate: null, ...times }), { seq: 1, date: BENCH_TODAY, by: 'today' }, 'not the day it finished');
  assert.deepEqual(turnLawDate({ seq: 1, stored: { date: '2026-11-22', by: 'today' }, factDate: '2024-04-15', ...times }), { seq: 1, date: '2026-11-22', by: 'today' }, 'not a facts\' date the state was corrected to afterwards');
  // A retried turn ran on the day it finished; one that never finished, on the day it was asked.
  assert.deepEqual(turnLawDate({ seq: 1, stored: none, factDate: null, ...times }), { seq: 1, date: '2026-12-07', by: 'today' });
  assert.deepEqual(turnLawDate({ seq: 1, stored: none, factDate: null, ...times, finishedAt: null }), { seq: 1, date: '2026-12-05', by: 'today' });
  assert.deepEqual(turnLawDate({ seq: 1, stored: none, factDate: '2024-04-15', ...times }), { seq: 1, date: '2024-04-15', by: 'facts' });
});

describe('the report of a consultation without a date', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  before(async () => {
    bench = await startBench();
  });
  after(async () => bench?.dispose());
  beforeEach(() => bench.llm.reset());

  /** Each turn of consultation `id` as run at noon (Beijing) of the day given. */
  const ranOn = (id: number, days: string[]) => {
    const store = bench.consultations().store;
    days.forEach((d, i) => store.db.prepare('UPDATE turns SET created_at = ?, finished_at = ? WHERE consultation_id = ? AND seq = ?').run(`${d}T04:00:00.000Z`, `${d}T04:01:00.000Z`, id, i + 1));
  };
  /** The turns of consultation `id` as stored before migration 22: no date of their own. */
  const storedBefore = (id: number) => bench.consultations().store.db.prepare('UPDATE turns SET law_as_of = NULL, law_as_of_by = NULL WHERE consultation_id = ?').run(id);
  const stored = (turnId: number) => {
    const t = bench.consultations().store.turn(turnId);
    return { date: t.law_as_of, by: t.law_as_of_by };
  };
  const lawLine = async (id: number) => {
    const model = buildReport(bench.lib.engine, bench.consultations(), id, '0.0.0');
    const md = (await renderReport(model, 'md')).toString('utf8');
    return { model, line: md.split('\n').find((l) => l.startsWith('- 适用法律截至：')) };
  };

  test('a turn run under a fixed today is reported with that day, not the clock\'s', async () => {
    assert.notEqual(localDay(new Date()), BENCH_TODAY, 'the bench\'s today differs from the clock\'s');
    const t = await bench.consultations().ask({ text: WAGES, title: '欠薪（测试日）' });
    assert.equal(t.status, 'done', JSON.stringify(t.error));
    assert.deepEqual(stored(t.turnId), { date: BENCH_TODAY, by: 'today' });
    assert.deepEqual(t.lawAsOf, { date: BENCH_TODAY, by: 'today' }, 'the turn as the CLI, --json and the app read it');
    assert.equal((await lawLine(t.consultationId)).line, `- 适用法律截至：${BENCH_TODAY}（咨询当日）`);
    ranOn(t.consultationId, ['2026-12-05']);
    assert.equal((await lawLine(t.consultationId)).line, `- 适用法律截至：${BENCH_TODAY}（咨询当日）`, 'whenever it ran by the clock');
  });

  test('the engine\'s today, fixed on the library, is the day a turn applies when the facade is given none', async () => {
    const db = bench.lib.engine.db;
    const clock = todayOf(db);
    fixToday(db, '2031-03-03');
    try {
      const c = new Consultations({ engine: bench.lib.engine, llm: null });
      const t = await c.ask({ text: WAGES, title: '欠薪（库的今日）' });
      assert.equal(t.mode, 'offline');
      assert.deepEqual(stored(t.turnId), { date: '2031-03-03', by: 'today' });
      assert.equal((await lawLine(t.consultationId)).line, '- 适用法律截至：2031-03-03（咨询当日）');
    } finally {
      fixToday(db, clock);
    }
  });

  test('a retry under another today rewrites the date the turn applied', async () => {
    const first = await bench.consultations().ask({ text: WAGES, title: '欠薪（重试）' });
    bench.llm.queue('judge', { status: 500 });
    const failed = await bench.consultations().ask({ text: '公司说工资下个月一起发，我还能解除合同吗？', consultationId: first.consultationId });
    assert.equal(failed.status, 'failed', 'the second turn fails at the judge, so it can be retried');
    assert.deepEqual(stored(failed.turnId), { date: BENCH_TODAY, by: 'today' }, 'a failed run keeps the date it applied');
    const retried = await bench.consultations({ today: '2026-11-24' }).retry(failed.turnId);
    assert.equal(retried.status, 'done', JSON.stringify(retried.error));
    assert.deepEqual(stored(failed.turnId), { date: '2026-11-24', by: 'today' });
    assert.equal((await lawLine(first.consultationId)).line, `- 适用法律截至：每轮当天（第 1 轮 ${BENCH_TODAY}，第 2 轮 2026-11-24）`);
  });

  test('turns stored before migration 22: each turn\'s day read back from its times; on one day, that day', async () => {
    const c = bench.consultations();
    const first = await c.ask({ text: WAGES, title: '欠薪' });
    await c.ask({ text: '公司说工资下个月一起发，我还能解除合同吗？', consultationId: first.consultationId });
    await c.ask({ text: '解除后多久内要申请仲裁？', consultationId: first.consultationId });
    storedBefore(first.consultationId);
    ranOn(first.consultationId, ['2026-12-05', '2026-12-07', '2026-12-07']);
    const { model, line } = await lawLine(first.consultationId);
    assert.equal(line, '- 适用法律截至：每轮当天（第 1 轮 2026-12-05，第 2、3 轮 2026-12-07）');
    const html = (await renderReport(model, 'html')).toString('utf8');
    assert.ok(html.includes('适用法律截至 每轮当天（第 1 轮 2026-12-05，第 2、3 轮 2026-12-07）'));
    ranOn(first.consultationId, ['2026-12-07', '2026-12-07', '2026-12-07']);
    assert.equal((await lawLine(first.consultationId)).line, '- 适用法律截至：2026-12-07（咨询当日）', 'not the start day of a consultation started earlier');
    // One turn chosen: its day.
    ranOn(first.consultationId, ['2026-12-05', '2026-12-07', '2026-12-08']);
    assert.equal(buildReport(bench.lib.engine, c, first.consultationId, '0.0.0', { turn: 2 }).lawAsOf, '2026-12-07（咨询当日）');
  });

  test('a turn whose facts give a date applied the law of that date, and the report says which', async () => {
    bench.llm.setScript((req) => {
      if (req.role !== 'state') return undefined;
      const reply = defaultReply('state', req) as { json: Record<string, unknown> };
      // The follow-up's state gives no date (the matter moved on to what the company says now).
      return { json: { ...reply.json, factDate: req.prompt.includes('下个月一起发') ? null : '2024-04-15' } };
    });
    const c = bench.consultations();
    const first = await c.ask({ text: '公司2024年4月起拖欠我的工资，能解除合同吗？', title: '欠薪（事实日期）' });
    assert.equal(first.state?.factDate, '2024-04-15');
    assert.deepEqual(stored(first.turnId), { date: '2024-04-15', by: 'facts' });
    assert.equal((await lawLine(first.consultationId)).line, '- 适用法律截至：2024-04-15（事实日期）');
    // A follow-up whose state gives no date applied today's law.
    const second = await c.ask({ text: '公司说工资下个月一起发，我还能解除合同吗？', consultationId: first.consultationId });
    assert.deepEqual(stored(second.turnId), { date: BENCH_TODAY, by: 'today' });
    assert.equal((await lawLine(first.consultationId)).line, `- 适用法律截至：各轮不同（第 1 轮为事实日期 2024-04-15，第 2 轮为咨询当日 ${BENCH_TODAY}）`);
  });

  test('a consultation started with a date: that date alone, stored with each turn', async () => {
    const t = await bench.consultations().ask({ text: WAGES, title: '欠薪（定日）', asOf: '2024-05-10' });
    assert.deepEqual(stored(t.turnId), { date: '2024-05-10', by: 'consultation' });
    ranOn(t.consultationId, ['2026-12-05']);
    assert.equal((await lawLine(t.consultationId)).line, '- 适用法律截至：2024-05-10');
  });

  test('each turn says which date\'s law it applied, in Markdown, Word and PDF: the day of the turn too, not only a date of the matter', async () => {
    bench.llm.setScript((req) => {
      if (req.role !== 'state') return undefined;
      const reply = defaultReply('state', req) as { json: Record<string, unknown> };
      return { json: { ...reply.json, factDate: req.prompt.includes('下个月一起发') ? null : '2024-04-15' } };
    });
    const c = bench.consultations();
    const first = await c.ask({ text: '公司2024年4月起拖欠我的工资，能解除合同吗？', title: '欠薪（每轮日期）' });
    await c.ask({ text: '公司说工资下个月一起发，我还能解除合同吗？', consultationId: first.consultationId });
    const model = buildReport(bench.lib.engine, c, first.consultationId, '0.0.0');
    const today = `适用法律截至 ${BENCH_TODAY}（咨询当日）`;
    assert.deepEqual(model.turns.map((t) => t.lawDate), ['适用法律截至 2024-04-15（事实日期）', today]);
    // Markdown: under each turn's heading, before its question.
    const md = (await renderReport(model, 'md')).toString('utf8').split('\n');
    const second = md.indexOf('### 第 2 轮');
    assert.ok(second > 0);
    assert.equal(md[second + 2], `*${today}*`);
    assert.equal(md[md.indexOf('### 第 1 轮') + 2], '*适用法律截至 2024-04-15（事实日期）*');
    // Word: a paragraph of its own between the heading and the question.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-lawdate-'));
    try {
      const docx = path.join(dir, 'r.docx');
      fs.writeFileSync(docx, await renderReport(model, 'docx'));
      const lines = (await docxParts(docx))['document.xml']!.split('\n');
      const at = lines.indexOf('第 2 轮');
      assert.equal(lines[at + 1], today);
      assert.match(lines[at + 2]!, /^问：公司说工资下个月一起发/);
      // PDF: printed from the HTML, read back as text.
      const html = (await renderReport(model, 'html')).toString('utf8');
      assert.ok(html.includes(`<h3>第 2 轮</h3><p class="law-date">${today}</p>`));
      if (!NO_PDF) {
        const pdf = path.join(dir, 'r.pdf');
        fs.writeFileSync(pdf, await renderReport(model, 'pdf'));
        const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
        assert.ok(text.includes(`第2轮${today.replace(/\s+/g, '')}问：`), 'the date under the turn in the PDF');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
