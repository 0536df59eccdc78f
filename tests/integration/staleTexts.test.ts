/**
 * An interpretation the library holds only in a text older than a decision that amended it (公司法解释（三）, here in its
 * 2011 text; the court's decision of 2020-12-23 amended it): lookups, the citation check and compilations say so.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { buildCompilation } from '../../main/report/compilation.js';
import { staleTexts } from '../../main/library/versions/staleTexts.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { CitedArticlesDto } from '../../preload/contract/dto.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# stale text tests ${SKIP}`);

const COMPANY_3 = '司法解释/最高人民法院关于适用《公司法》若干问题的规定（三）(2011-01-27).md';
const DECISION = '司法解释/最高人民法院关于修改《最高人民法院关于破产企业国有划拨土地使用权应否列入破产财产等问题的批复》等二十九件商事类司法解释的决定.md';

describe('interpretations amended after their newest text in the library', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let without: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: [COMPANY_3, DECISION, '民法商法/公司法(2023-12-29).md'] });
    without = await buildLibrary({ files: [COMPANY_3] });
  });
  after(async () => {
    await lib?.dispose();
    await without?.dispose();
  });

  test('found from the decision: the interpretations it amends (修改《…》), not the laws it cites', () => {
    const stale = [...staleTexts(lib.engine.db).entries()].map(([id, s]) => [lib.engine.db.prepare('SELECT title FROM laws WHERE id = ?').pluck().get(id), s.decided, s.effective, s.held]);
    assert.deepEqual(stale, [['最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）', '2020-12-23', '2021-01-01', '2011-01-27']]);
    assert.equal(staleTexts(without.engine.db).size, 0, 'no decision in the library: nothing known');
  });

  test('show, the citation check and the compilation say the text may not be the one in force; as of a date before the decision, nothing', async () => {
    const shown = parseJsonOutput<{ stale: { zh: string } | null }>(await runCli(['show', '公司法解释三第二十四条', '--json', '--db', lib.dbPath]));
    assert.match(shown.stale?.zh ?? '', /^该解释已经《最高人民法院关于修改.*二十九件商事类司法解释的决定》（2020-12-23 公布，2021-01-01 起施行）修改，法规库中没有修改后的文本；此为 2011-01-27 版/);
    const text = await runCli(['show', '公司法解释三第二十四条', '--db', lib.dbPath]);
    assert.match(text.stdout, /\nNote: this interpretation was amended by 《.*》 \(2020-12-23, in force 2021-01-01\), whose amended text the library does not hold/);
    const then = parseJsonOutput<{ stale: unknown }>(await runCli(['show', '公司法解释三第二十四条', '--as-of', '2019-06-01', '--json', '--db', lib.dbPath]));
    assert.equal(then.stale, null, 'as of 2019 the 2011 text is not outdated by the 2020 decision');
    const [cited] = checkDraft(lib.engine.searchDeps().resolver, '根据《公司法解释（三）》第二十四条，代持协议有效。', '2026-11-27').citations;
    assert.equal(cited!.finding, 'check');
    assert.match(cited!.noteZh!, /法规库中没有修改后的文本；此为 2011-01-27 版，现行条文（包括条文序号）可能与此不同$/);
    const compiled = buildCompilation(lib.engine, '公司法解释三第二十四条', {});
    assert.ok(compiled.articles[0]!.notes.some((n) => /法规库中没有修改后的文本/.test(n)), compiled.articles[0]!.notes.join(' | '));
    // The app's article view says it above the text (route statute.citations, as the lookup box calls it).
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(path.dirname(lib.dbPath)), keys: new FileKeyStore(path.dirname(lib.dbPath)), host: 'browser', version: 'test' });
    const viewed = await api.call('statute.citations', { citation: '公司法解释三第二十四条' });
    assert.ok(viewed.ok, JSON.stringify(viewed));
    assert.match((viewed.data as CitedArticlesDto).detail?.staleText?.zh ?? '', /法规库中没有修改后的文本/);
    // A search's hits of that text say it beside them, in the app and in the terminal; as of 2019, not.
    const searched = await api.call('statute.search', { query: '实际出资人 名义出资人 投资权益', filters: { law: '公司法' } });
    assert.ok(searched.ok, JSON.stringify(searched));
    const hits = (searched.data as { hits: Array<{ article: { lawTitle: string }; staleSince?: string }> }).hits;
    const ofThree = hits.filter((h) => h.article.lawTitle.includes('规定（三）'));
    assert.ok(ofThree.length > 0 && ofThree.every((h) => h.staleSince === '2020-12-23'), JSON.stringify(hits.map((h) => [h.article.lawTitle, h.staleSince])));
    assert.ok(hits.filter((h) => !h.article.lawTitle.includes('规定（三）')).every((h) => h.staleSince === undefined));
    const dated = await api.call('statute.search', { query: '实际出资人 名义出资人 投资权益', filters: { law: '公司法', asOf: '2019-06-01' } });
    assert.ok(dated.ok && (dated.data as { hits: Array<{ staleSince?: string }> }).hits.every((h) => h.staleSince === undefined));
    // The catalogue of laws too: 「现行有效」 alone would pass the 2011 text off as the text in force.
    assert.match((await runCli(['laws', '公司法', '--db', lib.dbPath])).stdout, /规定（三）  司法解释 · 2011-01-27 版 · 现行有效（2020-12-23 经修改，库中无修改后的文本）/);
    assert.match((await runCli(['search', '实际出资人 名义出资人 投资权益', '--law', '公司法', '--db', lib.dbPath])).stdout, /规定（三）》第[一二三四五六七八九十]+条 \[amended 2020-12-23; the amended text is not in the library\]/);
    const plain = checkDraft(without.engine.searchDeps().resolver, '根据《公司法解释（三）》第二十四条，代持协议有效。', '2026-11-27').citations[0]!;
    assert.doesNotMatch(plain.noteZh ?? '', /修改后的文本/);
  });
});
