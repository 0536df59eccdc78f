/** The catalogue of laws (`lexdesk laws`, the route library.laws) on real corpus files. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { getArticles } from '../../main/library/articles.js';
import { lawCatalog } from '../../main/library/lawCatalog.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# law catalogue tests ${SKIP}`);
const INTERPRETATION = '司法解释/最高人民法院关于审理劳动争议案件适用法律问题的解释（一）(2020-12-29).md';

describe('law catalogue', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET, INTERPRETATION] });
  });
  after(async () => {
    await lib?.dispose();
  });
  const catalog = (q: Parameters<typeof lawCatalog>[2]) => lawCatalog(lib.engine.db, lib.engine.searchDeps().resolver.names, q);

  test('every law once, laws before interpretations, each with the version in force and its first article', () => {
    const all = catalog({});
    assert.equal(all.total, lib.engine.counts().laws);
    const titles = all.laws.map((l) => l.title);
    assert.ok(titles.indexOf('中华人民共和国劳动合同法') < titles.indexOf('最高人民法院关于审理劳动争议案件适用法律问题的解释（一）'));
    const company = all.laws.find((l) => l.title === '中华人民共和国公司法')!;
    assert.deepEqual([company.versions, company.version.publishDate, company.version.status, company.articles], [2, '2023-12-29', 'current', 266]);
    // 公司法's first text here (2018) carries the 2005 revision's 施行 clause: its first day is not known; 劳动合同法's is.
    assert.equal(company.tookEffect, undefined);
    assert.deepEqual(all.laws.filter((l) => l.title === '中华人民共和国劳动合同法').map((l) => [l.tookEffect, l.repealedOn]), [['2008-01-01', undefined]]);
    const [first] = getArticles(lib.engine.db, [company.firstArticleId!]);
    assert.deepEqual([first?.label, first?.publishDate], ['第一条', '2023-12-29']);
    // 民法典 is nine files of one version: all its articles, and 第一条 of 总则 first.
    const civil = all.laws.find((l) => l.title === '中华人民共和国民法典')!;
    assert.equal(civil.articles, 1260);
    assert.equal(getArticles(lib.engine.db, [civil.firstArticleId!])[0]?.label, '第一条');
  });

  test('a name or short form filters, the law it names first; a level filters; pages follow each other', () => {
    assert.deepEqual(catalog({ query: '劳动合同法' }).laws.map((l) => l.title), ['中华人民共和国劳动合同法']);
    assert.equal(catalog({ query: '劳动争议解释（一）' }).laws[0]?.title, '最高人民法院关于审理劳动争议案件适用法律问题的解释（一）', 'a short form citations know');
    assert.deepEqual(catalog({ level: '司法解释' }).laws.map((l) => l.level), ['司法解释']);
    const [a, b] = [catalog({ limit: 2 }), catalog({ limit: 2, offset: 2 })];
    assert.deepEqual([...a.laws, ...b.laws].map((l) => l.lawId), catalog({ limit: 4 }).laws.map((l) => l.lawId));
  });

  test('lexdesk laws lists them, --json gives all of it, and a bad level or an unknown name says so', async () => {
    const text = await runCli(['laws', '公司', '--db', lib.dbPath]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^1 law:\n  中华人民共和国公司法  法律 · 2023-12-29 版 · 现行有效 · 266 条 · 2 versions\n/);
    assert.match((await runCli(['laws', '劳动合同法', '--db', lib.dbPath])).stdout, /^1 law:\n  中华人民共和国劳动合同法  法律 · 2012-12-28 版 · 现行有效 · 98 条 · 首次施行 2008-01-01\n/);
    const json = parseJsonOutput<{ total: number; laws: Array<{ title: string }> }>(await runCli(['laws', '--level', '法律', '--json', '--db', lib.dbPath]));
    assert.ok(json.total >= 4 && json.laws.every((l) => !l.title.startsWith('最高人民法院')));
    const bad = await runCli(['laws', '--level', '国法', '--db', lib.dbPath]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--level must be one of 宪法、法律/);
    const unknown = await runCli(['laws', '劳动法典', '--db', lib.dbPath]);
    assert.equal(unknown.code, 0);
    assert.match(unknown.stdout, /No law whose title holds "劳动法典" in the library\./);
  });

  test('the route checks its input and answers the catalogue', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-catalog-'));
    try {
      const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(home), keys: new FileKeyStore(home), host: 'browser', version: 'test' });
      const res = await api.call('library.laws', { query: '刑法', limit: 5 });
      assert.ok(res.ok);
      assert.equal((res.data as { laws: Array<{ title: string }> }).laws[0]?.title, '中华人民共和国刑法');
      const bad = await api.call('library.laws', { level: 'DROP TABLE' });
      assert.equal(bad.ok ? '' : bad.error.code, 'bad_input');
      // 民法典 opened from the catalogue: its table of contents in the order of its numbering, each 编 named as printed.
      const civil = catalog({ query: '民法典' }).laws[0]!;
      const outline = await api.call('statute.outline', { id: civil.firstArticleId! });
      assert.ok(outline.ok);
      const sections = (outline.data as { sections: Array<{ part?: string | null; articles: Array<{ label: string }> }> }).sections;
      assert.deepEqual([...new Set(sections.map((s) => s.part))], ['第一编 总则', '第二编 物权', '第三编 合同', '第四编 人格权', '第五编 婚姻家庭', '第六编 继承', '第七编 侵权责任', '附则']);
      assert.equal(sections[0]?.articles[0]?.label, '第一条');
      assert.equal(sections.at(-1)?.articles.at(-1)?.label, '第一千二百六十条');
      const company = await api.call('statute.outline', { id: catalog({ query: '公司法' }).laws[0]!.firstArticleId! });
      assert.ok(company.ok && (company.data as { sections: Array<{ part?: string | null }> }).sections.every((s) => s.part === null), 'one file: no parts');
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
