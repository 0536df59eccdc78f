/**
 * What 现行有效 is as of: a library knows its newest text (national, and each province pack's), says it in `info`,
 * the app's library status and `show`, and warns once the day read lies more than a quarter past it (a law amended
 * after the collection was made reads as unamended). Real LawRefBook files imported into a real SQLite file; the CLI
 * as a child process; the host's route as the app calls it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { COVERAGE_GRACE_DAYS, coverageGapNote, coverageLine } from '../../main/library/coverage.js';
import { fixToday } from '../../main/db/today.js';
import { localDay } from '../../preload/contract/localTime.js';
import type { LibraryStatusDto } from '../../preload/contract/index.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# library coverage tests ${SKIP}`);

const FILES = ['民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md', '社会法/劳动合同法(2012-12-28).md'];
/** The newest national text is the one whose file name carries the latest date. */
const NEWEST = FILES.map((f) => /\((\d{4}-\d{2}-\d{2})\)/.exec(f)![1]!).sort().at(-1)!;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('the library says how far its texts reach', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let beijingNewest: string;
  before(async () => {
    lib = await buildLibrary({ files: FILES, beijingFilesMatching: ['物业管理条例'] }, ['北京']);
    const names = fs.readdirSync(path.join(lib.corpusRoot, 'DLC/北京地方法规/地方性法规/北京'));
    beijingNewest = names.map((n) => /\((\d{4}-\d{2}-\d{2})\)/.exec(n)?.[1] ?? '').sort().at(-1)!;
  });
  after(async () => {
    await lib?.dispose();
  });

  test('its newest national text and each pack\'s, and when it was imported', () => {
    const coverage = lib.engine.coverage();
    assert.deepEqual(coverage.newestText, { date: NEWEST, title: '中华人民共和国公司法' });
    assert.deepEqual(coverage.provinces, [{ province: '北京', date: beijingNewest }]);
    assert.ok(coverage.importedAt && Math.abs(Date.parse(coverage.importedAt) - Date.now()) < 10 * 60_000, `imported just now: ${coverage.importedAt}`);
    assert.equal(coverageLine(coverage), `收录文本截至 ${NEWEST}（《中华人民共和国公司法》）；地方性法规：北京 ${beijingNewest}`);
  });

  test('the warning starts a quarter past the newest text, not before', () => {
    const coverage = lib.engine.coverage();
    assert.equal(coverageGapNote(coverage, addDays(NEWEST, COVERAGE_GRACE_DAYS)), null);
    assert.equal(coverageGapNote(coverage, NEWEST), null);
    const note = coverageGapNote(coverage, addDays(NEWEST, COVERAGE_GRACE_DAYS + 1));
    assert.match(note ?? '', new RegExp(`法规库收录的文本截至 ${NEWEST}，此后公布的法律文件和修改未收录`));
  });

  test('the app\'s library status says whether today lies past the texts', async () => {
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(path.dirname(lib.dbPath)), keys: new FileKeyStore(path.dirname(lib.dbPath)), host: 'browser', version: 'test' });
    try {
      fixToday(lib.engine.db, addDays(NEWEST, 30));
      const status = async () => {
        const r = await api.call('library.status', {});
        assert.ok(r.ok, JSON.stringify(r));
        return r.data as LibraryStatusDto;
      };
      const fresh = await status();
      assert.equal(fresh.coverage?.newestText?.date, NEWEST);
      assert.equal(fresh.coverage?.behind, false);
      fixToday(lib.engine.db, addDays(NEWEST, 400));
      const stale = await status();
      assert.equal(stale.coverage?.behind, true);
    } finally {
      fixToday(lib.engine.db, localDay(new Date()));
    }
  });

  test('`show` warns of an article in force read past the texts, not of one read within them or of a superseded text', async () => {
    const env = { LEXDESK_DB: lib.dbPath };
    const late = await runCli(['show', '公司法第四条', '--as-of', addDays(NEWEST, 200)], env);
    assert.equal(late.code, 0, late.stderr);
    assert.match(late.stdout, new RegExp(`注：法规库收录的文本截至 ${NEWEST}`));
    const within = await runCli(['show', '公司法第四条', '--as-of', addDays(NEWEST, 10)], env);
    assert.equal(within.code, 0, within.stderr);
    assert.doesNotMatch(within.stdout, /法规库收录的文本截至/);
    const superseded = await runCli(['show', '公司法第四条', '--version', '2018-10-26', '--as-of', addDays(NEWEST, 200)], env);
    assert.equal(superseded.code, 0, superseded.stderr);
    assert.match(superseded.stdout, /已被修订/);
    assert.doesNotMatch(superseded.stdout, /法规库收录的文本截至/, 'a superseded text claims nothing about today');
    const json = parseJsonOutput<{ coverageNote: string | null }>(await runCli(['show', '公司法第四条', '--as-of', addDays(NEWEST, 200), '--json'], env));
    assert.match(json.coverageNote ?? '', new RegExp(NEWEST));
  });

  test('`info` names the newest text and the import, in text and JSON', async () => {
    const env = { LEXDESK_DB: lib.dbPath };
    const text = await runCli(['info'], env);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(`收录文本截至 ${NEWEST}（《中华人民共和国公司法》）；地方性法规：北京 ${beijingNewest} · 导入于 \\d{4}-\\d{2}-\\d{2}`));
    const json = parseJsonOutput<{ coverage: { newestText: { date: string } }; coverageNote: string | null }>(await runCli(['info', '--json'], env));
    assert.equal(json.coverage.newestText.date, NEWEST);
    // Today as the clock has it: past the grace period or not, the note follows.
    const behind = coverageGapNote({ newestText: { date: NEWEST, title: '' } }, localDay(new Date())) !== null;
    assert.equal(json.coverageNote !== null, behind);
  });
});

test('an empty library claims no coverage and warns of nothing', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-coverage-empty-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const coverage = engine.coverage();
    assert.deepEqual(coverage, { newestText: null, provinces: [], importedAt: null });
    assert.equal(coverageGapNote(coverage, '2099-01-01'), null);
    assert.equal(coverageLine(coverage), '收录文本截至：—');
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
