/**
 * 婚姻法解释（二） and its amended text, which the collection files as a document of its own (《…的补充规定》, in force
 * 2017-03-01, adding 第二十四条's 第二款 and 第三款): a brief of 2019 citing those 款 is checked against the text then
 * in force, on the real files.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { amendedTextsApart } from '../../main/library/citation/amendedTextApart.js';
import path from 'node:path';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { CitedArticlesDto } from '../../preload/contract/dto.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# amended text filed apart tests ${SKIP}`);

const FILES = [
  '民法典',
  '司法解释/最高人民法院关于适用《婚姻法》若干问题的解释（二）(2003-12-25).md',
  '司法解释/最高人民法院关于适用《婚姻法》若干问题的解释（二）的补充规定(2017-02-28).md',
  '司法解释/最高人民法院关于适用《民法典》婚姻家庭编的解释（一）(2020-12-29).md',
];

const BRIEF = [
  '依据《最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）》第二十四条第二款，夫妻一方与第三人串通虚构债务的，人民法院不予支持。',
  '《婚姻法解释（二）》第二十四条第三款规定：“夫妻一方在从事赌博、吸毒等违法犯罪活动中所负债务，第三人主张权利的，人民法院不予支持。”',
  '被告依据《婚姻法解释（二）》第二十四条主张夫妻共同债务。',
].join('\n');

describe('an amended interpretation filed as a document of its own', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: FILES });
  });
  after(async () => {
    await lib?.dispose();
  });

  const check = (asOf: string) => checkDraft(lib.engine.searchDeps().resolver, BRIEF, asOf).citations;

  test('found from the library: the 补充规定 repeats the interpretation, and is its text from 2017-03-01', () => {
    const found = [...amendedTextsApart(lib.engine.db).values()].map((a) => [a.title, a.effective, a.repealed]);
    assert.deepEqual(found, [['最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）的补充规定', '2017-03-01', '2021-01-01']]);
  });

  test('as of 2019 the 款 added in 2017 are found and the quotation matches; what replaced each 款 is said', () => {
    const [second, third, whole] = check('2019-06-01');
    for (const c of [second!, third!, whole!]) {
      assert.equal(c.lawTitle, '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）的补充规定');
      assert.match(c.noteZh ?? '', /^2019-06-01 施行的是经《最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）的补充规定》修改后的文本（2017-03-01 起施行/);
      assert.equal(c.finding, 'check', 'in force then, repealed since: to check, as every citation of it');
    }
    assert.doesNotMatch(second!.noteZh!, /没有第2款/);
    assert.equal(third!.original, null, 'the quotation is the 2017 text');
    // The 款 added in 2017 went to 婚姻家庭编解释（一）第三十四条; the article's first 款 (the presumption) to 民法典 第一千零六十四条.
    assert.match(third!.noteZh!, /本条内容现见于《最高人民法院关于适用〈中华人民共和国民法典〉婚姻家庭编的解释（一）》第三十四条/);
    assert.match(whole!.noteZh!, /本条内容现见于《中华人民共和国民法典》第一千零六十四条/);
  });

  test('as of 2016 the 2003 text is the one checked: its 第二十四条 had one 款', () => {
    const [second, third] = check('2016-06-01');
    assert.equal(second!.lawTitle, '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）');
    assert.match(second!.noteZh ?? '', /只有1款，没有第2款/);
    assert.match(third!.noteZh ?? '', /引文与法条原文不一致/);
  });

  test('today a 款 only the amended text has is read there, with why; the whole article stays the 2003 text', () => {
    const [second, , whole] = check('2026-12-01');
    assert.equal(second!.lawTitle, '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）的补充规定');
    assert.match(second!.noteZh ?? '', /^所引第2款是 2017-03-01 起施行的修改后文本才有的/);
    assert.equal(whole!.lawTitle, '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）');
    assert.match(whole!.noteZh ?? '', /本条内容现见于《中华人民共和国民法典》第一千零六十四条/);
  });

  test('show as of 2019 gives the amended text and says why its title is the 补充规定', async () => {
    const shown = await runCli(['show', '婚姻法解释（二）第24条', '--as-of', '2019-06-01', '--db', lib.dbPath]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /夫妻一方在从事赌博、吸毒等违法犯罪活动中所负债务/);
    assert.match(shown.stdout, /\nNote: on 2019-06-01 the text in force was the one amended by 《.*的补充规定》 \(in force 2017-03-01; the library files it apart\)/);
    const json = parseJsonOutput<{ filedApart: { zh: string } | null }>(await runCli(['show', '婚姻法解释（二）第24条', '--as-of', '2019-06-01', '--json', '--db', lib.dbPath]));
    assert.match(json.filedApart?.zh ?? '', /^2019-06-01 施行的是经/);
  });

  test('the app\'s article view says which text it shows and where the other is, whichever citation opened it', async () => {
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(path.dirname(lib.dbPath)), keys: new FileKeyStore(path.dirname(lib.dbPath)), host: 'browser', version: 'test' });
    const view = async (citation: string) => {
      const r = await api.call('statute.citations', { citation });
      assert.ok(r.ok, JSON.stringify(r));
      return (r.data as CitedArticlesDto).detail?.filedApart?.zh ?? null;
    };
    assert.equal(await view('婚姻法解释（二）第二十三条'), '2017-03-01 起施行的是经《最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）的补充规定》修改后的文本，法规库将该文本另列为一个文件');
    assert.match(await view('最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）的补充规定第二十四条') ?? '', /^此为《最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）》经《.*的补充规定》修改后的全文（2017-03-01 起施行）/);
    assert.equal(await view('民法典第1064条'), null);
  });
});
