/**
 * A statute compilation (法条汇编): `lexdesk show CITATIONS --out` and the host's statute.citationsExport, on real
 * corpus files — every article named, in full with its source, the cited 项 bold, what to check said, what did not
 * resolve listed, and the file written whole or not at all.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { buildCompilation, compilationMarkdown } from '../../main/report/compilation.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { docxParts } from '../helpers/docxText.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# compilation tests ${SKIP}`);

describe('statute compilation', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let out: string;
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET] });
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-compilation-'));
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(out, { recursive: true, force: true });
  });

  const REQUEST = '劳动合同法第三十八条第一款第二项、第四十六条；公司法第71条；合同法第52条；刑法第999条';

  test('each article cited, in full and in order, the cited 项 bold, and what did not resolve listed first', () => {
    const c = buildCompilation(lib.engine, REQUEST, {}, '2026-11-27T10:00:00.000Z');
    // 合同法第52条: the law is repealed, and the 民法典 articles that hold its rule go in its place, saying so.
    assert.deepEqual(c.articles.map((a) => a.citation), [
      '《中华人民共和国劳动合同法》第三十八条', '《中华人民共和国劳动合同法》第四十六条', '《中华人民共和国公司法》第七十一条',
      '《中华人民共和国民法典》第一百五十三条', '《中华人民共和国民法典》第一百五十四条', '《中华人民共和国民法典》第一百四十六条',
    ]);
    assert.match(c.articles[3]!.notes.join(''), /^所引《中华人民共和国合同法》第五十二条（合同无效的情形）已随该法废止，其规定现见于此条，规则有实质修改。$/);
    assert.equal(c.notFound.length, 1);
    assert.match(c.notFound[0]!, /没有第999条/);
    const md = compilationMarkdown(c);
    assert.match(md, /^# 法条汇编\n/);
    assert.match(md, /\n（二）\*\*未及时足额支付劳动报酬的；\*\*\n/, 'the cited 项 bold, the rest plain');
    assert.ok(md.includes('（一）未按照劳动合同约定提供劳动保护或者劳动条件的；'), 'the article in full');
    assert.ok(md.indexOf('未能找到的引用') < md.indexOf('## 《中华人民共和国劳动合同法》第三十八条'));
    assert.match(md, /2012-12-28 版 · 2013-07-01 施行 · 现行有效/);
    // 公司法第71条 named no version: the version in force, with where the 2018 text's 第七十一条 went.
    assert.match(md, /2018-10-26 版的第七十一条内容不同（有限责任公司的股东之间可以相互转让/);
    assert.match(md, /其规定在本版为第八十四条/);
    assert.match(md, /LawRefBook/);
  });

  test('an older version cited stays that version, said not to be in force', () => {
    const c = buildCompilation(lib.engine, '公司法第七十一条', { version: '2018-10-26' });
    assert.equal(c.articles.length, 1);
    assert.match(c.articles[0]!.notes.join(''), /不是现行有效版本/);
    assert.match(c.articles[0]!.lines.flat().map((p) => p.text).join(''), /股东之间可以相互转让/);
  });

  test('lexdesk show --out writes Markdown or Word, says what it wrote, and refuses a bad --out before any work', async () => {
    const md = path.join(out, '汇编.md');
    const text = await runCli(['show', REQUEST, '--out', md, '--db', lib.dbPath]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Written to .*汇编\.md: 6 articles, 1 citation not found \(listed at its top\)\./);
    assert.match(fs.readFileSync(md, 'utf8'), /## 《中华人民共和国劳动合同法》第四十六条/);

    const docx = path.join(out, '汇编.docx');
    const json = parseJsonOutput<{ out: { file: string; articles: number } }>(await runCli(['show', '民法典第1165条至第1167条', '--out', docx, '--json', '--db', lib.dbPath]));
    assert.deepEqual([json.out.file, json.out.articles], [docx, 3]);
    const doc = (await docxParts(docx))['document.xml']!.replace(/<[^>]+>/g, '');
    assert.match(doc, /《中华人民共和国民法典》第一千一百六十六条/);
    assert.match(doc, /中华人民共和国民法典 › 第七编 侵权责任 › 第一章 一般规定/, 'the 编 in the source line, as printed (not the file\'s 侵权责任编)');
    const shown = await runCli(['show', '民法典第1165条', '--db', lib.dbPath]);
    assert.match(shown.stdout, /^第七编 侵权责任 › 第一章 一般规定$/m, 'show\'s breadcrumb names the 编 as the reading\'s contents do');
    assert.match((await runCli(['show', '民法典第1条', '--db', lib.dbPath])).stdout, /^第一编 总则 › 第一章 基本规定$/m);

    const pdf = await runCli(['show', '民法典第1165条', '--out', path.join(out, 'x.pdf'), '--db', lib.dbPath]);
    assert.equal(pdf.code, 2);
    assert.match(pdf.stderr, /--out must name a \.md or \.docx file/);
    const missing = await runCli(['show', '民法典第1165条', '--out', path.join(out, 'no-such-folder', 'x.md'), '--db', lib.dbPath]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /Cannot write to .*no-such-folder/);
    const none = await runCli(['show', '刑法第999条', '--out', path.join(out, 'none.md'), '--db', lib.dbPath]);
    assert.equal(none.code, 1);
    assert.ok(!fs.existsSync(path.join(out, 'none.md')), 'nothing found, no file');
    assert.deepEqual(fs.readdirSync(out).filter((f) => f.endsWith('.tmp')), [], 'no temporary file left');
  });

  test('the host route hands the compilation to the page, with what was not found as warnings', async () => {
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(out), keys: new FileKeyStore(out), host: 'browser', version: 'test' });
    const res = await api.call('statute.citationsExport', { citation: '劳动合同法第38条、第999条', format: 'md' });
    assert.ok(res.ok, JSON.stringify(res));
    const file = res.data as { fileName: string; base64: string; warnings: string[] };
    assert.match(file.fileName, /^法条汇编-\d{4}-\d{2}-\d{2}\.md$/);
    assert.match(Buffer.from(file.base64, 'base64').toString('utf8'), /## 《中华人民共和国劳动合同法》第三十八条/);
    assert.equal(file.warnings.length, 1);
    const bad = await api.call('statute.citationsExport', { citation: '劳动合同法第38条', format: 'pdf' });
    assert.equal(bad.ok, false);
  });
});
