/**
 * A turn's evidence, and an article its answer cites outside the evidence, are dated for the date the turn applied the
 * law as of, as its run stored it (migration 22), not for a date worked out again from the legal state read back now:
 * a facts' date the user corrected afterwards was not the one the turn applied. A turn stored before migration 22 has
 * no date of its own and is read as before. A real library (刑法 and its amendments) in SQLite, the scripted endpoint.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { buildReport } from '../../main/report/index.js';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
let bench: Bench;

/** 妨害安全驾驶罪, added by 刑法修正案（十一） from 2021-03-01: in force in 2022, no article yet in 2019. */
const OUTSIDE = '《中华人民共和国刑法》第一百三十三条之二';
const BRIBE = '2022年6月我为了拿到工程给官员送了钱，行贿罪怎么判？';

function stateWith(factDate: string | null) {
  return { json: { parties: [], relations: [], keyFacts: ['向国家工作人员行贿'], disputeFocus: ['行贿罪'], posture: '', domains: ['刑法'], subQuestion: '行贿罪如何处罚', missingFacts: [], factDate, place: null } };
}

describe('evidence and outside-evidence citations dated for the date the turn stored', { skip: SKIP, timeout: 300_000 }, () => {
  before(async () => {
    bench = await startBench(['刑法']);
  });
  after(async () => {
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  /** One turn on a bribe, its answer citing 第三百九十条 of the evidence and 第一百三十三条之二 outside it. */
  async function askBribe(factDate: string | null) {
    bench.llm.queue('state', stateWith(factDate));
    bench.llm.queue('planner', { json: { role: 'terminology', queries: ['对犯行贿罪的 处罚 谋取不正当利益 情节严重'], covered: true, reason: '' } });
    bench.llm.queue('answer', { text: `行贿的，依法处罚[1]。另参见${OUTSIDE}。` });
    const c = bench.consultations();
    const r = await c.ask({ text: BRIBE, title: `行贿（${factDate ?? '无日期'}）` });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    const outside = r.citations.find((x) => x.marker === OUTSIDE);
    assert.equal(outside?.label, 'outside_evidence', JSON.stringify(r.citations));
    return { c, r, outsideId: outside!.articleId! };
  }

  /** The report's entry of the article cited outside the evidence. */
  const reported = (c: ReturnType<Bench['consultations']>, id: number, articleId: number) => {
    const s = buildReport(bench.lib.engine, c, id, '0.0.0').statutes.find((x) => x.articleId === articleId);
    assert.ok(s, 'the outside article is listed');
    return s;
  };
  const evidenceDates = (c: ReturnType<Bench['consultations']>, id: number) => [...new Set(c.get(id).turns[0]!.evidence.filter((e) => !e.excluded).map((e) => e.onDate?.date ?? null))];

  test('a facts\' date the state was corrected to afterwards: the date the turn applied (its facts\' date then) is the one dated', async () => {
    const { c, r, outsideId } = await askBribe('2022-06-01');
    assert.deepEqual(r.lawAsOf, { date: '2022-06-01', by: 'facts' });
    assert.deepEqual(evidenceDates(c, r.consultationId), ['2022-06-01']);
    // The client says it happened in 2019; the correction holds from the next turn on, and this turn applied 2022's law.
    c.correctState(r.turnId, { factDate: '2019-06-01' });
    const after = c.turn(r.turnId);
    assert.equal(after.state?.factDate, '2019-06-01', 'the state read back carries the correction');
    assert.deepEqual(after.lawAsOf, { date: '2022-06-01', by: 'facts' }, 'the date stored with the turn');
    assert.deepEqual(evidenceDates(c, r.consultationId), ['2022-06-01'], 'not the corrected 2019-06-01');
    const s = reported(c, r.consultationId, outsideId);
    assert.deepEqual(s.dated, { date: '2022-06-01', standing: 'in-force' }, 'the outside article as it stood on the date the turn applied');
    assert.equal(s.onDate, null, 'no 「2019-06-01 尚无此条」 warning: the turn did not apply 2019\'s law');
    const model = buildReport(bench.lib.engine, c, r.consultationId, '0.0.0');
    assert.equal(model.lawAsOf, '2022-06-01（事实日期）');
    assert.ok(!model.warnings.some((w) => w.includes('2019-06-01')), model.warnings.join('\n'));
  });

  test('a turn that applied the day\'s law: its articles stand as today, whatever facts\' date the state was corrected to', async () => {
    const { c, r, outsideId } = await askBribe(null);
    assert.deepEqual(r.lawAsOf, { date: '2026-11-22', by: 'today' });
    assert.deepEqual(evidenceDates(c, r.consultationId), [null], 'undated, as a consultation of today\'s law was');
    c.correctState(r.turnId, { factDate: '2019-06-01' });
    assert.deepEqual(evidenceDates(c, r.consultationId), [null], 'the correction does not date what the turn found');
    const s = reported(c, r.consultationId, outsideId);
    assert.equal(s.dated, null);
    assert.equal(s.onDate, null);
  });

  test('a turn stored before migration 22 has no date of its own: dated as before, from the consultation or the state', async () => {
    const { c, r, outsideId } = await askBribe('2022-06-01');
    c.correctState(r.turnId, { factDate: '2019-06-01' });
    c.store.db.prepare('UPDATE turns SET law_as_of = NULL, law_as_of_by = NULL WHERE id = ?').run(r.turnId);
    assert.equal(c.turn(r.turnId).lawAsOf, null);
    assert.deepEqual(evidenceDates(c, r.consultationId), ['2019-06-01'], 'the state\'s date, the only one there is');
    const s = reported(c, r.consultationId, outsideId);
    assert.deepEqual(s.dated, { date: '2019-06-01', standing: 'not-added' });
  });
});
