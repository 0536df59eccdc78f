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
import { checkDraft } from '../../main/consult/draftCheck.js';
import { auditCitations } from '../../main/consult/citationAudit.js';
import { civilCodeStandIns } from '../../main/library/citation/civilCodeStandIn.js';
import { RETROACTIVE_ARTICLES } from '../../main/library/citation/civilCodeRetroactive.js';
import { articlesPassing } from '../../main/search/filters.js';
import { ensureStatuteGraph, referencesOf } from '../../main/library/graph/statuteGraph.js';
import type { ArticleDetailDto, CitedArticlesDto, StatuteSearchDto } from '../../preload/contract/dto.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { lawOrigin, readOrigins } from '../../main/library/versions/lawOrigins.js';
import { standsIn, versionGap } from '../../main/library/versions/versionGap.js';
import { createEngine } from '../../main/engine/index.js';
import { getMeta, setMeta } from '../../main/db/open.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# version gap tests ${SKIP}`);

const THEFT_INTERPRETATION = '司法解释/最高人民法院、最高人民检察院关于办理盗窃刑事案件适用法律若干问题的解释(2013-04-02).md';
// Adopted by the court's committee on 2018-09-03, published 2019-06-27, in force 2019-07-01: its first text is the original.
const MARKET_INTERPRETATION = '司法解释/最高人民法院 最高人民检察院关于办理操纵证券、期货市场刑事案件适用法律若干问题的解释(2019-06-27).md';
const THEFT_2019 = /^法规库中没有该法在 2019-06-01 施行的版本（最早的是 2020-12-26 版，2021-03-01 施行）；该法此后经 2020-12-26 修改；此为 2020-12-26 版，当时施行的文本可能与此不同。?$/;

describe('a law as of a date before the library\'s first text of it', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET, THEFT_INTERPRETATION, MARKET_INTERPRETATION] });
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
    // A range says it once for the law.
    const range = await runCli(['show', '刑法第263条至第264条', '--as-of', '2019-06-01', '--db', lib.dbPath]);
    assert.equal(range.stdout.match(/The library holds no version of this law/g)?.length, 1, range.stdout);
    // Saving it as of that date saves the 2020 text, and says why.
    const saved = await runCli(['saved', 'add', '刑法第264条', '--as-of', '2019-06-01', '--db', lib.dbPath]);
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(saved.stdout, /^Note: 《中华人民共和国刑法》: the library holds no version of this law in force on 2019-06-01 [^\n]*\nSaved: /);
    // 民法典 as of 2019: an article the civil laws of the time had no rule of is refused; one they had stands in (below).
    const code = await runCli(['show', '民法典第990条', '--as-of', '2019-06-01', '--db', lib.dbPath]);
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
    const compiled = buildCompilation(lib.engine, '刑法第264条、民法典第990条', { asOf: '2019-06-01' });
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
    assert.ok(current.ok, JSON.stringify(current));
    assert.equal(((current.data as CitedArticlesDto).detail as ArticleDetailDto).versionGap, null);
    const two = await api.call('statute.citations', { citation: '刑法第264条、第266条', asOf: '2019-06-01' });
    assert.ok(two.ok, JSON.stringify(two));
    assert.deepEqual((two.data as CitedArticlesDto).readInPlace?.map((r) => r.lawTitle), ['中华人民共和国刑法']);
    const search = await api.call('statute.search', { query: '盗窃公私财物，数额较大', filters: { asOf: '2019-06-01' } });
    assert.ok(search.ok, JSON.stringify(search));
    const found = search.data as StatuteSearchDto;
    assert.equal(found.hits[0]!.article.label, '第二百六十四条');
    assert.deepEqual(found.readInPlace?.map((r) => r.lawTitle), ['中华人民共和国刑法']);
    assert.match(found.readInPlace![0]!.note.zh, THEFT_2019);
  });

  test('only a law with an earlier text stands in: an original first text does not, and a date near the adoption or before an amendment took effect is said', () => {
    const resolver = lib.engine.searchDeps().resolver;
    // The interpretation's committee adopted it months before it was published: as of 2019-01-01 it was no law yet.
    const market = resolver.lookup('最高人民法院 最高人民检察院关于办理操纵证券、期货市场刑事案件适用法律若干问题的解释第一条', { asOf: '2019-01-01' });
    assert.equal(market.ok, false);
    assert.match(market.ok ? '' : market.messageZh, /：该解释于 2018-09-03 通过，2019-07-01 起施行，在 2019-01-01 尚未施行；/);
    // 劳动合同法 was adopted on 2007-06-29 and took effect on 2008-01-01, as its 2012 text's closing article still says
    // (第九十八条, lawOrigins.ts): no law of 2007-10-01, and no doubt after 2008-01-01.
    assert.deepEqual(readOrigins(lib.engine.db).filter((o) => o.lawId === resolver.lawTitled('中华人民共和国劳动合同法')?.id).map((o) => [o.tookEffect, o.clause]), [['2008-01-01', '第九十八条']]);
    const labour = resolver.lookup('劳动合同法第八十二条', { asOf: '2007-10-01' });
    assert.equal(labour.ok, false);
    assert.match(labour.ok ? '' : labour.messageZh, /：该法于 2007-06-29 通过，2008-01-01 起施行，在 2007-10-01 尚未施行；/);
    const search = (asOf: string) => lib.engine.search('用人单位 未与劳动者订立书面劳动合同 二倍的工资', { filters: { asOf }, limit: 10 }).map((h) => h.article.lawTitle);
    assert.ok(!search('2007-12-31').includes('中华人民共和国劳动合同法'), 'a dated search leaves it out until it took effect');
    assert.ok(search('2008-01-01').includes('中华人民共和国劳动合同法'));
    const first = resolver.lookup('劳动合同法第八十二条', { asOf: '2008-03-01' });
    assert.ok(first.ok && first.gap);
    assert.doesNotMatch(first.gap.zh, /可能尚未施行/);
    assert.match(first.gap.zh, /^法规库中没有该法在 2008-03-01 施行的版本（最早的是 2012-12-28 版，2013-07-01 施行）；该法此后经 2012-12-28 修改；此为 2012-12-28 版/);
    // A library an earlier version wrote (no origins listed, the lists made by older rules) gets them on its first
    // writable opening; a read-only one before that makes them for itself, leaving the file as it is.
    const db = lib.engine.db;
    const listed = db.prepare('SELECT COUNT(*) FROM law_origins').pluck().get() as number;
    assert.ok(listed >= 1 && listed === readOrigins(db).length, '劳动合同法 at least, as read');
    db.prepare('DELETE FROM law_origins').run();
    setMeta(db, 'repeals_revision', `1:${getMeta(db, 'repeals_revision')!.split(':')[1]}`);
    const readOnly = createEngine({ dbPath: lib.dbPath, readonly: true });
    assert.deepEqual([readOnly.db.prepare('SELECT COUNT(*) FROM law_origins').pluck().get(), readOnly.db.prepare('SELECT COUNT(*) FROM main.law_origins').pluck().get()], [listed, 0]);
    const readOnlyLabour = readOnly.lookup('劳动合同法第八十二条', { asOf: '2007-10-01' });
    assert.equal(readOnlyLabour.ok, false, 'not yet law, as the writable opening reads it');
    readOnly.close();
    const reopened = createEngine({ dbPath: lib.dbPath });
    assert.equal(reopened.db.prepare('SELECT COUNT(*) FROM law_origins').pluck().get(), listed);
    reopened.close();
    // 公司法's first text here (2018) keeps the 2005 revision's clause (本法自2006年1月1日起施行): the law's own first day is not known.
    assert.equal(lawOrigin(lib.engine.db, resolver.lawTitled('中华人民共和国公司法')!.id), null);
    assert.equal(lawOrigin(lib.engine.db, resolver.lawTitled('中华人民共和国刑法')!.id), null, '刑法\'s 1997-10-01 is the revision\'s');
    // 刑法修正案（十一） was adopted on 2020-12-26 and in force on 2021-03-01: as of 2021-01-15 the 2020 text stands in, pending.
    const pending = resolver.lookup('刑法第264条', { asOf: '2021-01-15' });
    assert.ok(pending.ok && pending.gap);
    assert.match(pending.gap.zh, /（最早的是 2020-12-26 版，2021-03-01 施行）；2020-12-26 的修改在 2021-01-15 尚未施行；此为 2020-12-26 版/);
  });

  test('the law\'s first day is shown with its articles: lexdesk show, --json and the app\'s article route', async () => {
    const shown = await runCli(['show', '劳动合同法第八十二条', '--db', lib.dbPath]);
    assert.match(shown.stdout, /\n法律 · 现行有效 · 公布 2012-12-28 · 施行 2013-07-01 · 首次施行 2008-01-01\n/);
    assert.equal(parseJsonOutput<{ lawTookEffect: string | null }>(await runCli(['show', '劳动合同法第八十二条', '--json', '--db', lib.dbPath])).lawTookEffect, '2008-01-01');
    assert.doesNotMatch((await runCli(['show', '公司法第三条', '--db', lib.dbPath])).stdout, /首次施行/, 'not known for 公司法');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-origin-'));
    try {
      const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
      const labour = lib.engine.lookup('劳动合同法第八十二条');
      assert.ok(labour.ok);
      const opened = await api.call('statute.article', { id: labour.article.id });
      assert.ok(opened.ok, JSON.stringify(opened));
      assert.equal((opened.data as ArticleDetailDto).lawTookEffect, '2008-01-01');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a number the first text lacks is checked in today\'s text with the note; the statute graph does not call a stand-in link verified', () => {
    const resolver = lib.engine.searchDeps().resolver;
    // 公司法 as of 2015: its first text here is 2018's (218 articles); 第二百五十条 is only in 2023's.
    const check = checkDraft(resolver, '依照《公司法》第二百五十条处理。', '2015-06-01');
    assert.deepEqual(check.citations.map((c) => [c.articleLabel, c.publishDate, c.finding]), [['第二百五十条', '2023-12-29', 'check']]);
    assert.match(check.citations[0]!.noteZh!, /^法规库中没有该法在 2015-06-01 施行的版本（最早的是 2018-10-26 版）；该法此后经 2018-10-26 修改；按 2023-12-29 版核对/);
    // A quotation that differs from the text read keeps the note: the text of the time may have read so.
    const quoted = checkDraft(resolver, '《刑法》第二百六十四条规定：“盗窃公私财物，数额较大的，处五年以下有期徒刑”。', '2019-06-01');
    assert.equal(quoted.citations[0]!.finding, 'quote_mismatch');
    assert.match(quoted.citations[0]!.noteZh!, /^引文与法条原文不一致；法规库中没有该法在 2019-06-01 施行的版本/);
    const looked = resolver.lookup('公司法第二百五十条', { asOf: '2015-06-01' });
    assert.ok(!looked.ok && looked.code === 'article-not-found' && looked.gap);
    assert.match(looked.messageZh, /没有第250条。法规库中没有该法在 2015-06-01 施行的版本/);
    // The 2013 theft interpretation cites 刑法第二百六十四条 in the text of its time, which the library lacks.
    ensureStatuteGraph(lib.engine.db, resolver);
    const citing = resolver.lookup('最高人民法院、最高人民检察院关于办理盗窃刑事案件适用法律若干问题的解释第一条');
    const theft = resolver.lookup('刑法第264条');
    assert.ok(citing.ok && theft.ok);
    assert.deepEqual(referencesOf(lib.engine.db, citing.article.id).filter((l) => l.articleId === theft.article.id).map((l) => [l.kind, l.verified]), [['interprets', false]]);
  });

  test('before 2021, 民法典\'s articles stand in for the civil laws of the time: search finds them, says for what, and the filter holds to the table', async () => {
    const resolver = lib.engine.searchDeps().resolver;
    // Before, a contract question as of 2019 found no general contract rule: 合同法 is not in the library, 民法典 was no law.
    const hits = lib.engine.search('对方不履行合同义务，要承担什么违约责任', { filters: { asOf: '2019-06-01' }, limit: 5 });
    assert.equal(`${hits[0]!.article.shortName}${hits[0]!.article.label}`, '民法典第五百七十七条');
    const note = resolver.textGap(hits[0]!.article.id, '2019-06-01')!;
    // 合同法 displaced 民法通则 on contract liability, so 民法通则 第一百零六条 is not named for 2019.
    assert.equal(note.zh, '民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；本条规则当时见于《合同法》第一百零七条（违约责任），法规库中没有该法的条文；此为民法典的条文，当时的条文可能与此不同');
    assert.match(note.list!.zh, /^民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；所列民法典条文代替当时施行的民法总则、侵权责任法、物权法、婚姻法、合同法、收养法、担保法、民法通则、继承法中规则相应的条文/);
    // The filter lets through exactly the articles the table says stand in then, and those the time-effect
    // interpretation applies to earlier facts (civilCodeRetroactive.ts).
    const passing = (asOf: string): number[] => (lib.engine.db.prepare(`SELECT a.number FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      WHERE l.title = '中华人民共和国民法典' AND a.id IN (SELECT value FROM json_each(?))`).pluck().all(JSON.stringify(articlesPassing(lib.engine.db, { asOf }))) as number[]).sort((x, y) => x - y);
    const library = new Set(lib.engine.db.prepare(`SELECT a.number FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = '中华人民共和国民法典' AND a.sub_number = 0`).pluck().all() as number[]);
    const expected = (asOf: string) => [...new Set([...civilCodeStandIns(asOf), ...RETROACTIVE_ARTICLES])].filter((n) => library.has(n)).sort((x, y) => x - y);
    for (const asOf of ['1995-06-01', '2008-06-01', '2019-06-01']) assert.deepEqual(passing(asOf), expected(asOf), asOf);
    assert.equal(passing('2021-01-01').length, library.size, 'from 2021 all of 民法典 is law');
    // As of 1995 合同法 was not yet law: 第五百七十七条 stands in for 民法通则 alone.
    assert.match(resolver.textGap(hits[0]!.article.id, '1995-06-01')!.zh, /本条规则当时见于《民法通则》第一百零六条第一款（[^）]*），法规库中没有该法的条文/);

    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const search = await api.call('statute.search', { query: '对方不履行合同义务，要承担什么违约责任', filters: { asOf: '2019-06-01' } });
    assert.ok(search.ok, JSON.stringify(search));
    const found = search.data as StatuteSearchDto;
    assert.deepEqual(found.hits[0]!.inPlaceOf, ['《合同法》第一百零七条']);
    // Its badge for the date: not yet in force then (today's status, 现行有效, beside it); no hit that stands in for
    // nothing is said to be so.
    assert.deepEqual(found.hits[0]!.onDate, { date: '2019-06-01', standing: 'not-yet' });
    assert.deepEqual(found.hits.map((h) => h.onDate?.standing === 'not-yet'), found.hits.map((h) => h.inPlaceOf !== undefined || h.appliesEarlier !== undefined));
    assert.ok(found.readInPlace?.some((r) => r.lawTitle === '中华人民共和国民法典' && /所列民法典条文代替/.test(r.note.zh)));
    const today = await api.call('statute.search', { query: '对方不履行合同义务，要承担什么违约责任' });
    assert.ok(today.ok && (today.data as StatuteSearchDto).hits.every((h) => h.inPlaceOf === undefined && h.onDate === undefined));
    // The terminal view of a consultation applying the law of 2019 says so beside each article (as the report does).
    const consulted = await runCli(['consult', '--ask', '对方不履行合同义务，要承担什么违约责任', '--as-of', '2019-06-01', '--offline', '--db', lib.dbPath], { LEXDESK_HOME: path.dirname(lib.dbPath) });
    assert.equal(consulted.code, 0, consulted.stderr);
    assert.match(consulted.stdout, /^ {2}\[\d+\] 《中华人民共和国民法典》第五百七十七条［2019-06-01 尚未施行］ /m);
    const text = await runCli(['search', '对方不履行合同义务，要承担什么违约责任', '--as-of', '2019-06-01', '--mode', 'lexical', '--k', '3', '--db', lib.dbPath]);
    assert.match(text.stdout, /^1\. 《中华人民共和国民法典》第五百七十七条 \[2019-06-01 尚未施行\] \[in place of 《合同法》第一百零七条\]$/m);
    // Typed as the citation of the time, or as 民法典's, it is the cited article; as of 1995 合同法 was no law yet, so not.
    for (const q of ['合同法第一百零七条', '民法典第577条']) {
      const cited = lib.engine.search(q, { filters: { asOf: '2019-06-01' }, limit: 3 });
      assert.deepEqual([cited[0]!.article.label, cited[0]!.matchedBy], ['第五百七十七条', 'citation'], q);
    }
    assert.ok(!lib.engine.search('合同法第一百零七条', { filters: { asOf: '1995-06-01' }, limit: 3 }).some((h) => h.matchedBy === 'citation'));
    // An answer on a matter of 2019 that cites 合同法 as the law of the time rests on the evidence standing in for it.
    const evidence = [{ articleId: hits[0]!.article.id, lawTitle: hits[0]!.article.lawTitle, articleLabel: hits[0]!.article.label, level: '法律', province: '', status: 'current', publishDate: '2020-05-28', effectiveDate: '2021-01-01', path: [], text: hits[0]!.article.text, score: 1, foundBy: [], excluded: null, excerpt: null }];
    const answer = '对方应当承担违约责任：依据当时的《合同法》第一百零七条，其规则见[1]。';
    const audited = auditCitations(answer, evidence, resolver, '2019-06-01');
    assert.deepEqual(audited.map((c) => [c.marker, c.label, c.articleLabel]), [['《合同法》第一百零七条', 'verified', '第五百七十七条'], ['[1]', 'verified', '第五百七十七条']]);
    assert.match(audited[0]!.noteZh!, /^《中华人民共和国合同法》在 2019-06-01 仍然有效（[^）]*\)?[^；]*，法规库中没有其条文，无法核验；.*；其规则见证据\[1\]（代该条）$/);
    assert.deepEqual(auditCitations(answer, [], resolver, '2019-06-01').map((c) => [c.marker, c.label]), [['《合同法》第一百零七条', 'unresolvable'], ['[1]', 'unresolvable']], 'without that evidence it cannot be checked');
    // Only evidence that stands in for that very law then: 婚姻法 第十七条 as of 1998 was another article than the table's.
    const property = resolver.lookup('民法典第1062条');
    assert.ok(property.ok);
    const marriage = [{ ...evidence[0]!, articleId: property.article.id, articleLabel: property.article.label, text: property.article.text }];
    assert.equal(auditCitations('依据《婚姻法》第十七条，其规则见[1]。', marriage, resolver, '2010-06-01')[0]!.label, 'verified');
    assert.equal(auditCitations('依据《婚姻法》第十七条，其规则见[1]。', marriage, resolver, '1998-06-01')[0]!.label, 'unresolvable');
    // A range says each article's own note: each stands in for another article of the time.
    const range = await runCli(['show', '民法典第577条至第578条', '--as-of', '2019-06-01', '--db', lib.dbPath]);
    assert.deepEqual([...range.stdout.matchAll(/^Note: .*this article's rule was then in (《合同法》第[^ ]+条)/gm)].map((m) => m[1]), ['《合同法》第一百零七条', '《合同法》第一百零八条']);
    // Shown and compiled as of 2019 with the note, as search lists it.
    const shown = parseJsonOutput<{ article: { label: string }; gap: { zh: string } }>(await runCli(['show', '民法典第577条', '--as-of', '2019-06-01', '--json', '--db', lib.dbPath]));
    assert.equal(shown.gap.zh, note.zh);
    assert.deepEqual((shown as { onDate?: unknown }).onDate, { date: '2019-06-01', standing: 'not-yet' });
    assert.match((await runCli(['show', '民法典第577条', '--as-of', '2019-06-01', '--db', lib.dbPath])).stdout, /\n法律 · 现行有效 · 2019-06-01 尚未施行 · 公布 2020-05-28 · 施行 2021-01-01\n/);
    // 刑法 as of 2019, read in its 2020 text where no amendment it holds vouches for the text: in force, in another text.
    assert.match((await runCli(['show', '刑法第264条', '--as-of', '2019-06-01', '--db', lib.dbPath])).stdout, /\n法律 · 现行有效 · 2019-06-01 施行中，文本可能不同 · 公布 2020-12-26/);
    assert.match(buildCompilation(lib.engine, '民法典第577条', { asOf: '2019-06-01' }).articles[0]!.notes[0]!, /^民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；本条规则当时见于《合同法》第一百零七条/);
  });
});

describe('a library without 民法典', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md', '刑法/刑法.md'] });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('searches as of a date before 2021 as before: the stand-in terms pass every other law\'s articles', () => {
    const total = lib.engine.db.prepare('SELECT COUNT(*) FROM articles').pluck().get() as number;
    // 劳动合同法 (2012 text, in force 2013-07-01) as of 2019, and 刑法's 2020 text standing in: every article passes.
    assert.equal(articlesPassing(lib.engine.db, { asOf: '2019-06-01' }).length, total);
    const hits = lib.engine.search('用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同', { filters: { asOf: '2019-06-01' }, limit: 3 });
    assert.ok(hits.some((h) => h.article.shortName === '劳动合同法' && h.article.label === '第三十八条'), hits.map((h) => h.article.label).join(','));
  });
});

test('an interpretation its court adopted twice before its first text here (the 2020 amendments record themselves as 通过) stands in from its first adoption; a joint one adopted by two courts does not', () => {
  const civilProcedure = {
    publishDate: '2020-12-29', effectiveDate: '2021-01-01', level: '司法解释',
    history: [{ date: '2014-12-18', event: '最高人民法院审判委员会第1636次会议通过' }, { date: '2020-12-23', event: '最高人民法院审判委员会第1823次会议通过' }],
  };
  assert.equal(standsIn(civilProcedure, '2019-06-01'), true);
  assert.equal(standsIn(civilProcedure, '2014-06-01'), false, 'before its first adoption');
  assert.equal(standsIn(civilProcedure, '2021-06-01'), false, 'its own text is in force then');
  // Adopted on 2020-12-23 and published on 2020-12-29 as the text read: one amendment, said as one.
  assert.match(versionGap(civilProcedure, '2020-12-29', '2019-06-01').zh, /^法规库中没有该解释在 2019-06-01 施行的版本（最早的是 2020-12-29 版，2021-01-01 施行）；该解释此后经 2020-12-23（2020-12-29 公布，即此版）修改；按 2020-12-29 版核对/);
  assert.match(versionGap(civilProcedure, '2020-12-29', '2019-06-01').en, /amended since on 2020-12-23 \(published 2020-12-29: the text read\);/);
  const joint = {
    publishDate: '2013-04-02', effectiveDate: '2013-04-04', level: '司法解释',
    history: [{ date: '2013-03-08', event: '最高人民法院审判委员会第1571次会议通过' }, { date: '2013-03-18', event: '最高人民检察院第十二届检察委员会第1次会议通过' }],
  };
  assert.equal(standsIn(joint, '2013-03-20'), false, 'adopted by both courts, not yet in force: no earlier text');
  assert.match(versionGap(joint, '2013-04-02', '2013-03-20').zh, /尚未施行/);
});
