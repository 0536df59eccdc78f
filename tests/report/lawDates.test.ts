/**
 * 「适用法律截至」 says what the turns applied. A consultation started without a date applies, in each turn, the law of the
 * facts' date the turn's state gives, else of the day the turn ran; its report said the day the consultation started,
 * which a turn asked on a later day did not apply (a legal-aid lawyer's review).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { lawAsOfZh, turnLawDate } from '../../main/report/lawDates.js';
import { buildReport, renderReport } from '../../main/report/index.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { defaultReply } from '../helpers/scriptedLlm.js';

const SKIP = sharedSkipReason();
// Days are local: the times below are late morning in Beijing, whatever zone the machine running the test is in.
process.env.TZ = 'Asia/Shanghai';

test('one date when every turn applied it; else each turn\'s, turns sharing a date together', () => {
  const day = (seq: number, date: string) => ({ seq, date, by: 'turn' as const });
  assert.equal(lawAsOfZh('2020-06-01', [day(1, '2026-12-05')]), '2020-06-01', 'the consultation\'s own date as it is');
  assert.equal(lawAsOfZh(null, [day(1, '2026-12-07'), day(2, '2026-12-07')]), '2026-12-07（咨询当日）');
  assert.equal(lawAsOfZh(null, [day(1, '2026-12-05'), day(2, '2026-12-07'), day(3, '2026-12-07')]), '每轮当天（第 1 轮 2026-12-05，第 2、3 轮 2026-12-07）');
  assert.equal(lawAsOfZh(null, [{ seq: 1, date: '2024-04-15', by: 'facts' }]), '2024-04-15（事实日期）');
  assert.equal(lawAsOfZh(null, [{ seq: 1, date: '2024-04-15', by: 'facts' }, day(2, '2026-12-07')]), '各轮不同（第 1 轮为事实日期 2024-04-15，第 2 轮为咨询当日 2026-12-07）');
  // A retried turn ran on the day it finished; one that never finished, on the day it was asked.
  assert.deepEqual(turnLawDate({ seq: 1, factDate: null, createdAt: '2026-12-05T03:00:00.000Z', finishedAt: '2026-12-07T03:00:00.000Z' }), day(1, '2026-12-07'));
  assert.deepEqual(turnLawDate({ seq: 1, factDate: null, createdAt: '2026-12-05T03:00:00.000Z', finishedAt: null }), day(1, '2026-12-05'));
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
  const lawLine = async (id: number) => {
    const model = buildReport(bench.lib.engine, bench.consultations(), id, '0.0.0');
    const md = (await renderReport(model, 'md')).toString('utf8');
    return { model, line: md.split('\n').find((l) => l.startsWith('- 适用法律截至：')) };
  };

  test('turns on two days: each turn\'s day is named; on one day, that day', async () => {
    const c = bench.consultations();
    const first = await c.ask({ text: WAGES, title: '欠薪' });
    await c.ask({ text: '公司说工资下个月一起发，我还能解除合同吗？', consultationId: first.consultationId });
    await c.ask({ text: '解除后多久内要申请仲裁？', consultationId: first.consultationId });
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
      if (req.role !== 'state' || !req.prompt.includes('2024年4月')) return undefined;
      const reply = defaultReply('state', req) as { json: Record<string, unknown> };
      return { json: { ...reply.json, factDate: '2024-04-15' } };
    });
    const c = bench.consultations();
    const first = await c.ask({ text: '公司2024年4月起拖欠我的工资，能解除合同吗？', title: '欠薪（事实日期）' });
    assert.equal(first.state?.factDate, '2024-04-15');
    ranOn(first.consultationId, ['2026-12-05']);
    assert.equal((await lawLine(first.consultationId)).line, '- 适用法律截至：2024-04-15（事实日期）');
  });

  test('a consultation started with a date: that date alone, as before', async () => {
    const t = await bench.consultations().ask({ text: WAGES, title: '欠薪（定日）', asOf: '2024-05-10' });
    ranOn(t.consultationId, ['2026-12-05']);
    assert.equal((await lawLine(t.consultationId)).line, '- 适用法律截至：2024-05-10');
  });
});
