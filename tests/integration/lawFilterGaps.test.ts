/**
 * A search limited to a law that found nothing because of the law, not the words: repealed (dated by the law that
 * repealed it, or filed as repealed with no date), not yet law on the date asked, of a level or a province the other
 * filters leave out. Each is said with what to change, and the change suggested finds the law's articles. Real
 * SQLite and FTS5 over the real LawRefBook texts; the CLI as a child process; the host's route as the app calls it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { dayBefore, lawFilterGaps } from '../../main/search/lawFilterGaps.js';
import { onDates } from '../../main/search/lawOnDate.js';
import { lawCatalog } from '../../main/library/lawCatalog.js';
import { undatedRepeals } from '../../main/library/versions/repealTable.js';
import { lawKnownSince, lawOrigin } from '../../main/library/versions/lawOrigins.js';
import { fixToday, todayOf } from '../../main/db/today.js';
import type { SearchFilters } from '../../main/search/filters.js';
import type { StatuteSearchDto } from '../../preload/contract/index.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# law filter gap tests ${SKIP}`);

const STAMP_DUTY_REGULATION = '中华人民共和国印花税暂行条例';

describe('a law filter whose laws had nothing to search says why, and what would search them', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({
      files: ['行政法规/印花税暂行条例(2011-01-08).md', '经济法/印花税法(2021-06-10).md', '行政法规/信访条例(2005-01-10).md', '民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md'],
      beijingFilesMatching: ['物业管理条例'],
    }, ['北京']);
  });
  after(async () => {
    await lib?.dispose();
  });

  const gaps = (filters: SearchFilters) => lawFilterGaps(lib.engine.db, lib.engine.searchDeps().resolver, filters);
  const titles = (query: string, filters: SearchFilters) => lib.engine.search(query, { limit: 10, filters }).map((h) => h.article.lawTitle);

  test('a regulation a later law repealed: from when, by what, and the last day it applied, whose search finds it', () => {
    assert.deepEqual(titles('印花税 应纳税额', { law: '印花税暂行条例' }), [], 'nothing in force today');
    const [today, ...more] = gaps({ law: '印花税暂行条例' });
    assert.equal(more.length, 0);
    assert.equal(today?.reason, 'repealed');
    assert.equal(today?.lawTitle, STAMP_DUTY_REGULATION);
    assert.equal(today?.lastDay, '2022-06-30');
    assert.equal(today?.note.zh, `《${STAMP_DUTY_REGULATION}》已由《中华人民共和国印花税法》第二十条废止（2022-07-01起施行）；本次检索只含现行有效的文本；相关规定现见于《中华人民共和国印花税法》`);
    const [dated] = gaps({ law: '印花税暂行条例', asOf: '2023-01-01' });
    assert.match(dated?.note.en ?? '', /with effect from 2022-07-01; it no longer applied on 2023-01-01;/);
    assert.equal(dated?.lastDay, '2022-06-30');
    // The date suggested finds the regulation, and then there is no gap to explain.
    assert.ok(titles('印花税 应纳税额', { law: '印花税暂行条例', asOf: '2022-06-30' }).includes(STAMP_DUTY_REGULATION));
    assert.deepEqual(gaps({ law: '印花税暂行条例', asOf: '2022-06-30' }), []);
    assert.deepEqual(gaps({ law: '印花税暂行条例', currentOnly: false }), [], 'every version searched: nothing is left out');
    // The catalogue says from when.
    const [listed] = lawCatalog(lib.engine.db, lib.engine.searchDeps().resolver.names, { query: '印花税暂行条例' }).laws;
    assert.deepEqual([listed?.version.status, listed?.repealedOn], ['repealed', '2022-07-01']);
  });

  test('a document filed as repealed with no date: said so, and every version suggested instead', () => {
    const [gap] = gaps({ law: '信访条例' });
    assert.equal(gap?.reason, 'repealed');
    assert.equal(gap?.lastDay, undefined);
    assert.equal(gap?.note.zh, '《信访条例》已废止，法规库中没有其废止日期；本次检索只含现行有效的文本');
    assert.ok(titles('信访 事项', { law: '信访条例', currentOnly: false }).includes('信访条例'));
  });

  test('filed as repealed with no date: repealed from today on, and only "may have applied" before', () => {
    const db = lib.engine.db;
    const realToday = todayOf(db);
    // Statuses and the undated repeals read as of a fixed today, as training fixes it.
    fixToday(db, '2024-06-01');
    try {
      const petitions = lib.engine.lookup('信访条例第十六条');
      assert.ok(petitions.ok);
      assert.ok(undatedRepeals(db).has(petitions.article.documentId));
      const standing = (asOf: string) => onDates(db, [petitions.article], asOf, () => null)[0]?.standing;
      // Before 2005 the 信访条例 of 1995, which it repealed by name and the library lacks, applied: the 2005 text stands in,
      // with the note that its text of then may differ (lawOrigins.ts, a namesake); before 1995-10-28 neither applied.
      assert.deepEqual(['1995-01-01', '2004-01-01', '2015-09-01', '2024-05-31', '2024-06-01', '2025-01-01'].map(standing), ['not-yet', 'repeal-undated', 'repeal-undated', 'repeal-undated', 'repealed', 'repealed']);
      assert.match(lib.engine.searchDeps().resolver.textGap(petitions.article.id, '2004-01-01')?.zh ?? '', /；该法规取代了 1995-10-28 发布的同名法规，法规库中没有其文本；此为 2005-01-10 版/);
      // Known since its namesake (「1995年10月28日国务院发布的《信访条例》同时废止」), which is not its own first day: none is shown.
      assert.deepEqual(lawKnownSince(db, petitions.article.lawId), { since: '1995-10-28', kind: 'namesake' });
      assert.equal(lawOrigin(db, petitions.article.lawId), null);
      assert.ok(titles('信访 事项 受理', { asOf: '2015-09-01' }).includes('信访条例'), 'before today it may have applied: still searched');
      assert.ok(!titles('信访 事项 受理', { asOf: '2024-06-01' }).includes('信访条例'), 'from today on, left out');
      const [gap] = gaps({ law: '信访条例', asOf: '2025-01-01' });
      assert.deepEqual([gap?.reason, gap?.lastDay], ['repealed', undefined]);
      assert.equal(gap?.note.en, '《信访条例》 is filed as repealed (the library does not say from when); it does not apply on 2025-01-01');
      assert.deepEqual(gaps({ law: '信访条例', asOf: '2024-05-31' }), [], 'it may have applied: the words are to blame');
    } finally {
      fixToday(db, realToday);
    }
  });

  test('a date before the law was adopted, a level the filter leaves out, a province not searched', () => {
    const [company] = gaps({ law: '中华人民共和国公司法', asOf: '1990-01-01' });
    assert.equal(company?.reason, 'not-yet');
    assert.equal(company?.note.zh, '《中华人民共和国公司法》：该法于 1993-12-29 通过，在 1990-01-01 尚未施行');
    // A level left out and not yet law on the date: both said, as changing the level alone would find nothing.
    assert.deepEqual(gaps({ law: '中华人民共和国公司法', levels: ['行政法规'], asOf: '1990-01-01' }).map((g) => g.reason), ['level', 'not-yet']);
    const [level] = gaps({ law: '公司法', levels: ['行政法规'] });
    assert.deepEqual([level?.reason, level?.level], ['level', '法律']);
    assert.equal(level?.note.zh, '《中华人民共和国公司法》属于法律，不在本次检索的效力级别之内');
    const [beijing] = gaps({ law: '北京市物业管理条例' });
    assert.deepEqual([beijing?.reason, beijing?.province], ['province', '北京']);
    assert.ok(titles('物业服务人 业主', { law: '北京市物业管理条例', provinces: ['北京'] }).includes('北京市物业管理条例'), 'the province suggested finds it');
    assert.deepEqual(gaps({ law: '北京市物业管理条例', provinces: ['北京'] }), []);
  });

  test('a law in force whose articles the words missed has no gap: the words are what to change', () => {
    assert.deepEqual(titles('量子纠缠 暗物质', { law: '印花税法' }), []);
    assert.deepEqual(gaps({ law: '印花税法' }), []);
    assert.deepEqual(gaps({ law: '公司法', asOf: '2020-01-01' }), [], '公司法 of 2018 was in force');
    assert.deepEqual(gaps({}), []);
  });

  test('the CLI says why and which option searches the law; --json carries the gaps', async () => {
    const plain = await runCli(['search', '印花税 应纳税额', '--law', '印花税暂行条例', '--as-of', '2023-01-01', '--db', lib.dbPath]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /^No matching articles, because of the law filter:\n- 《中华人民共和国印花税暂行条例》 was repealed by 《中华人民共和国印花税法》第二十条 with effect from 2022-07-01/);
    assert.match(plain.stdout, /Search its last text with --as-of 2022-06-30, or every version with --all-versions\.\n$/);
    const json = await runCli(['search', '物业服务人', '--law', '北京市物业管理条例', '--json', '--db', lib.dbPath]);
    const out = parseJsonOutput(json) as { hits: unknown[]; lawFilterGaps?: Array<{ reason: string; province?: string }> };
    assert.deepEqual([out.hits.length, out.lawFilterGaps?.map((g) => [g.reason, g.province])], [0, [['province', '北京']]]);
    // A hit's brackets: how it stood that day, then today's status with its version (not 「[已废止 …]」 with a bare date, read as the repeal's).
    const then = await runCli(['search', '印花税 应纳税额', '--law', '印花税暂行条例', '--as-of', '2020-01-01', '--mode', 'lexical', '--k', '1', '--db', lib.dbPath]);
    assert.match(then.stdout, /^1\. 《中华人民共和国印花税暂行条例》第[一二三四五六七八九十]+条 \[2020-01-01 施行中；今已废止，2011-01-08 版\]$/m);
    // A province with no pack in the library, or a number the law lacks: searched anyway, and said.
    const mars = await runCli(['search', '物业服务人', '--province', '火星', '--k', '1', '--db', lib.dbPath]);
    assert.match(mars.stderr, /^lexdesk: no province pack for 火星 in the library \(installed: [^)]*北京[^)]*\); searched national law only\./m);
    const missing = await runCli(['search', '公司法第300条', '--k', '1', '--db', lib.dbPath]);
    assert.match(missing.stderr, /has no 第300条\. The hits below only share words with the query\./);
    // Saving an article of a repealed document says so at once, not only in the list later.
    const saved = await runCli(['saved', 'add', '印花税暂行条例第三条', '--db', lib.dbPath]);
    assert.match(saved.stdout, /^Note: 《中华人民共和国印花税暂行条例》第三条（2011-01-08 版）: this document is no longer in force \(repealed\); it is saved as it stood\.$/m);
    const words = await runCli(['search', '量子纠缠', '--law', '印花税法', '--db', lib.dbPath]);
    assert.match(words.stdout, /^No matching articles\. Try other words/);
  });

  test('the app\'s search route gives the gaps with an empty result only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-gaps-'));
    try {
      const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
      const search = async (filters: Record<string, unknown>) => {
        const r = await api.call('statute.search', { query: '印花税 应纳税额', filters });
        assert.ok(r.ok, JSON.stringify(r));
        return r.data as StatuteSearchDto;
      };
      const empty = await search({ law: '印花税暂行条例' });
      assert.deepEqual([empty.hits.length, empty.lawFilterGaps?.map((g) => [g.reason, g.lastDay])], [0, [['repealed', '2022-06-30']]]);
      const found = await search({ law: '印花税暂行条例', asOf: '2022-06-30' });
      assert.ok(found.hits.length > 0);
      assert.deepEqual(found.lawFilterGaps, []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('dayBefore crosses months, years and leap days', () => {
    assert.deepEqual(['2022-07-01', '2021-01-01', '2024-03-01', '2023-03-01'].map(dayBefore), ['2022-06-30', '2020-12-31', '2024-02-29', '2023-02-28']);
  });
});
