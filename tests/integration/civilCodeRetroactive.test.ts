/**
 * 民法典 articles the time-effect interpretation applies to facts before 2021-01-01 (civilCodeRetroactive.ts): a brief
 * of a typed will made in 2020 citing 第一千一百三十六条 is told the interpretation's 第十五条, quoted from the library, on
 * the real files; other articles, later dates and a library without the interpretation say nothing of it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { StatuteSearchDto } from '../../preload/contract/dto.js';
import { runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# civil code retroactive tests ${SKIP}`);

const TIME_EFFECT = '司法解释/最高人民法院关于适用《民法典》时间效力的若干规定(2020-12-29).md';
const BRIEF = '被继承人于2020年10月以电脑打印方式立遗嘱，依据《民法典》第一千一百三十六条，打印遗嘱应当有两个以上见证人在场见证。\n另依《民法典》第一千一百四十一条保留必要的遗产份额。\n侄子依据《民法典》第一千一百二十八条第二款代位继承。';

describe('民法典 articles applied to facts before it', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let without: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['民法典', TIME_EFFECT] });
    without = await buildLibrary({ files: ['民法典'] });
  });
  after(async () => {
    await lib?.dispose();
    await without?.dispose();
  });

  const check = (l: TempLibrary, asOf: string) => checkDraft(l.engine.searchDeps().resolver, BRIEF, asOf).citations;

  test('as of 2020: 第一千一百三十六条 and 第一千一百二十八条 name the interpretation\'s article that applies them, quoted; 第一千一百四十一条 does not', () => {
    const [typed, heir, nephew] = check(lib, '2020-10-01');
    assert.match(typed!.noteZh ?? '', /在 2020-10-01 尚未施行；但《最高人民法院关于适用〈中华人民共和国民法典〉时间效力的若干规定》第十五条规定：“民法典施行前，遗嘱人以打印方式立的遗嘱，.*适用民法典第一千一百三十六条的规定，但是遗产已经在民法典施行前处理完毕的除外。”该日的事实可能适用本条/);
    assert.match(nephew!.noteZh ?? '', /第十四条规定：“被继承人在民法典施行前死亡/);
    assert.doesNotMatch(heir!.noteZh ?? '', /时间效力/);
    assert.equal(typed!.finding, 'check');
  });

  test('from 2021 on, or without the interpretation in the library, nothing of it is said', () => {
    for (const c of check(lib, '2026-12-01')) assert.doesNotMatch(c.noteZh ?? '', /时间效力/);
    const [typed] = check(without, '2020-10-01');
    assert.match(typed!.noteZh ?? '', /尚未施行/);
    assert.doesNotMatch(typed!.noteZh ?? '', /时间效力/);
  });

  test('a search dated 2020 finds 第一千一百三十六条, which stands in for no article of 继承法, labelled with the interpretation\'s article', async () => {
    const query = '打印遗嘱 见证人';
    const numbers = (asOf: string) => lib.engine.search(query, { filters: { asOf }, limit: 10 }).map((h) => `${h.article.shortName}${h.article.label}`);
    // Before, the date's filter let through only the articles standing in for an old law's, and 第一千一百三十六条 was none.
    assert.ok(numbers('2020-10-01').includes('民法典第一千一百三十六条'), numbers('2020-10-01').join(' '));
    const text = await runCli(['search', query, '--as-of', '2020-10-01', '--mode', 'lexical', '--db', lib.dbPath]);
    assert.match(text.stdout, /《中华人民共和国民法典》第一千一百三十六条 \[2020-10-01 尚未施行\] \[applies to facts before 2021 as 时间效力规定第十五条 says\]$/m);
    assert.doesNotMatch(text.stdout, /第一千一百三十七条[^\n]*时间效力规定/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-retro-'));
    try {
      const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
      const dated = await api.call('statute.search', { query, filters: { asOf: '2020-10-01' } });
      assert.ok(dated.ok, JSON.stringify(dated));
      const hit = (dated.data as StatuteSearchDto).hits.find((h) => h.article.label === '第一千一百三十六条')!;
      assert.equal(hit.appliesEarlier, '时间效力规定第十五条');
      assert.equal(hit.inPlaceOf, undefined);
      assert.deepEqual(hit.onDate, { date: '2020-10-01', standing: 'not-yet' });
      const today = await api.call('statute.search', { query });
      assert.ok(today.ok && (today.data as StatuteSearchDto).hits.every((h) => h.appliesEarlier === undefined));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
