/**
 * A law asked for as of a date the library holds no text of it for (LawRefBook's first 刑法 is the 2020-12-26 text):
 * lookups, search, compilations and the app's routes read its first text in place of the text of the time, and say so;
 * a law not yet adopted then (民法典 in 2019) is no law of that date. Real LawRefBook texts, the real CLI and host API.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { buildCompilation } from '../../main/report/compilation.js';
import type { ArticleDetailDto, CitedArticlesDto, StatuteSearchDto } from '../../preload/contract/dto.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# version gap tests ${SKIP}`);

const THEFT_2019 = /^法规库中没有该法在 2019-06-01 施行的版本（最早的是 2020-12-26 版，2021-03-01 施行）；该法此后经 2020-12-26 修改；此为 2020-12-26 版，当时施行的文本可能与此不同。?$/;

describe('a law as of a date before the library\'s first text of it', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-gap-'));
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('lexdesk show reads the first text with a note; a law not yet adopted is refused with why', async () => {
    // Before: 「No version of 中华人民共和国刑法 matches 2019-06-01」, exit 1.
    const text = await runCli(['show', '刑法第264条', '--as-of', '2019-06-01', '--db', lib.dbPath]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Note: The library holds no version of this law in force on 2019-06-01 \(its first is of 2020-12-26, in force 2021-03-01\); amended since on 2020-12-26; read in the 2020-12-26 version, which may differ from the text in force then\.\n《中华人民共和国刑法》第二百六十四条/);
    const json = parseJsonOutput<{ article: { publishDate: string }; gap: { zh: string } | null }>(await runCli(['show', '刑法第264条', '--as-of', '2019-06-01', '--json', '--db', lib.dbPath]));
    assert.equal(json.article.publishDate, '2020-12-26');
    assert.match(json.gap!.zh, THEFT_2019);
    const now = parseJsonOutput<{ gap: unknown }>(await runCli(['show', '刑法第264条', '--json', '--db', lib.dbPath]));
    assert.equal(now.gap, null, 'as of today the text is in force: no note');
    const code = await runCli(['show', '民法典第577条', '--as-of', '2019-06-01', '--db', lib.dbPath]);
    assert.equal(code.code, 1);
    assert.match(code.stderr, /中华人民共和国民法典: this law was adopted on 2020-05-28 and took effect on 2021-01-01: it did not apply yet on 2019-06-01; its versions are listed below\.\nCandidates: 2020-05-28 \(current\)/);
  });

  test('lexdesk search as of the date finds the law in its first text and says so, once per law', async () => {
    const r = parseJsonOutput<{ hits: Array<{ lawTitle: string; label: string; publishDate: string }>; readInPlace?: Array<{ lawTitle: string; note: { zh: string } }> }>(
      await runCli(['search', '盗窃公私财物，数额较大的', '--as-of', '2019-06-01', '--mode', 'lexical', '--json', '--db', lib.dbPath]),
    );
    assert.deepEqual([r.hits[0]!.lawTitle, r.hits[0]!.label, r.hits[0]!.publishDate], ['中华人民共和国刑法', '第二百六十四条', '2020-12-26']);
    assert.deepEqual(r.readInPlace?.map((x) => x.lawTitle), ['中华人民共和国刑法']);
    assert.match(r.readInPlace![0]!.note.zh, THEFT_2019);
    const text = await runCli(['search', '盗窃公私财物，数额较大的', '--as-of', '2019-06-01', '--mode', 'lexical', '--db', lib.dbPath]);
    assert.match(text.stdout, /^Note: 《中华人民共和国刑法》: the library holds no version of this law in force on 2019-06-01/m);
    const today = parseJsonOutput<{ readInPlace?: unknown }>(await runCli(['search', '盗窃公私财物，数额较大的', '--mode', 'lexical', '--json', '--db', lib.dbPath]));
    assert.equal(today.readInPlace, undefined);
  });

  test('the compilation as of the date holds the first text with the note; the app\'s routes say it too', async () => {
    const compiled = buildCompilation(lib.engine, '刑法第264条、民法典第577条', { asOf: '2019-06-01' });
    assert.deepEqual(compiled.articles.map((a) => [a.citation, a.publishDate]), [['《中华人民共和国刑法》第二百六十四条', '2020-12-26']]);
    assert.match(compiled.articles[0]!.notes[0]!, THEFT_2019);
    assert.deepEqual(compiled.notFound, ['《中华人民共和国民法典》：该法于 2020-05-28 通过，2021-01-01 起施行，在 2019-06-01 尚未施行；现有版本见下。（候选：2020-05-28 (current)）']);

    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const one = await api.call('statute.citations', { citation: '刑法第264条', asOf: '2019-06-01' });
    assert.ok(one.ok, JSON.stringify(one));
    const detail = (one.data as CitedArticlesDto).detail as ArticleDetailDto;
    assert.equal(detail.article.publishDate, '2020-12-26');
    assert.match(detail.versionGap!.zh, THEFT_2019);
    assert.match(detail.versionGap!.en, /^The library holds no version of this law in force on 2019-06-01 .*\.$/);
    const current = await api.call('statute.citations', { citation: '刑法第264条' });
    assert.equal(((current.data as CitedArticlesDto).detail as ArticleDetailDto).versionGap, null);
    const two = await api.call('statute.citations', { citation: '刑法第264条、第266条', asOf: '2019-06-01' });
    assert.deepEqual((two.data as CitedArticlesDto).readInPlace?.map((r) => r.lawTitle), ['中华人民共和国刑法']);
    const search = await api.call('statute.search', { query: '盗窃公私财物，数额较大', filters: { asOf: '2019-06-01' } });
    assert.ok(search.ok, JSON.stringify(search));
    const found = search.data as StatuteSearchDto;
    assert.equal(found.hits[0]!.article.label, '第二百六十四条');
    assert.deepEqual(found.readInPlace?.map((r) => r.lawTitle), ['中华人民共和国刑法']);
    assert.match(found.readInPlace![0]!.note.zh, THEFT_2019);
  });
});
