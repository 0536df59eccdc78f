/**
 * How the check reads a draft before it parses it (draftReading.ts), on real corpus files: a title within a title
 * written in 《》 rather than 〈〉, and a citation broken across lines as pdftotext's output or a PDF's short lines
 * break it — joined where the break falls inside 《…》 or 第…条, or between a known law and its article in running
 * text, and nowhere else; each citation still placed on the line it starts on.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const GUARANTEE = '司法解释/最高人民法院关于适用《民法典》有关担保制度的解释(2020-12-31).md';

describe('how a draft is read for its citations', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  before(async () => {
    lib = await buildLibrary({ files: ['民法典', GUARANTEE, '社会法/劳动合同法(2012-12-28).md'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-reading-'));
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const check = (text: string) => checkDraft(lib.engine.searchDeps().resolver, text, '2026-11-27');

  test('a title within a title in 《》 reads as one title; the marker stays as written, the forms suggested are in 〈〉', async () => {
    const nested = '《最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释》';
    const r = check(`根据${nested}第十七条、第十八条，担保合同无效。\n另依《最高人民法院关于适用《中华人民共和国民法典》有关抵押制度的解释》第十七条。`);
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.lawTitle, c.articleLabel]), [
      [`${nested}第十七条`, 'ok', '最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释', '第十七条'],
      ['第十八条', 'ok', '最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释', '第十八条'],
      ['《最高人民法院关于适用《中华人民共和国民法典》有关抵押制度的解释》第十七条', 'unresolvable', null, null],
    ], 'before, the last was read from the inner 《 on: 「《中华人民共和国民法典》有关抵押制度的解释》第十七条」');
    assert.equal(r.citations[2]!.noteZh, '法规库中没有这个名称的法律；是否指《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》？');
    const file = path.join(dir, 'nested.txt');
    fs.writeFileSync(file, `根据${nested}第十七条，担保合同无效。`);
    const cli = await runCli(['check', file, '--as-of', '2026-11-27', '--db', lib.dbPath]);
    assert.match(cli.stdout, /✓ 1\. 《最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释》第十七条 → 《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》第十七条（2020-12-31 版）/);
  });

  test('a citation broken across lines is joined and found, and placed on the line it starts on', () => {
    const text = [
      '被告违反《中华人民共和国民法典》第五百七十七条的规定。依据《中华人民共和国劳动合',
      '同法》第三十八条，原告有权解除劳动合同。依照《中华人民共和国劳动合同法》第四十',
      '六条支付经济补偿。另见《民法典》第',
      '一千一百六十五条。原告依据《劳动合同法》',
      '第四十七条主张经济补偿。',
    ].join('\n');
    const r = check(text);
    assert.deepEqual(r.citations.map((c) => [c.marker, c.articleLabel, c.finding, c.where.line]), [
      ['《中华人民共和国民法典》第五百七十七条', '第五百七十七条', 'ok', 1],
      ['《中华人民共和国劳动合同法》第三十八条', '第三十八条', 'ok', 1],
      ['《中华人民共和国劳动合同法》第四十六条', '第四十六条', 'ok', 2],
      ['《民法典》第一千一百六十五条', '第一千一百六十五条', 'ok', 3],
      ['《劳动合同法》第四十七条', '第四十七条', 'ok', 4],
    ], 'before: the title split in two named no law (✗), 第四十 was read as 第四十条 (✓, wrongly), and 第四十七条 was read as a bare number');
    assert.equal(r.citations[2]!.where.context, '同法》第三十八条，原告有权解除劳动合同。依照《中华人民共和国劳动合同法》第四十六条支付经济补偿。另见《民法典》第', 'both lines of it, the break left out');
    assert.equal(r.characters, text.length);
  });

  test('a title printed over three lines, as pdftotext saves a narrow column, is joined and found (a .txt through the CLI)', async () => {
    const file = path.join(dir, 'three-lines.txt');
    fs.writeFileSync(file, [
      '    根据《最高人民法院关于适用',
      '    《中华人民共和国民法典》有关担保',
      '    制度的解释》第十七条，担保合同无效的，',
      '    债权人可以请求担保人承担赔偿责任。',
    ].join('\n'));
    const json = parseJsonOutput<{ citations: Array<{ marker: string; finding: string; articleLabel: string | null; where: { line: number } }> }>(
      await runCli(['check', file, '--json', '--as-of', '2026-11-27', '--db', lib.dbPath]));
    assert.deepEqual(json.citations.map((c) => [c.marker, c.finding, c.articleLabel, c.where.line]), [
      ['《最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释》第十七条', 'ok', '第十七条', 1],
    ], 'before, the title was not joined: ✗ for a title the library lacks');
  });

  test('a title within a title written in 《》 gets a writing note with the form in 〈〉, no finding of its own (a .docx through the CLI)', async () => {
    const doc = new Document({ sections: [{ children: [
      new Paragraph({ children: [new TextRun('根据《最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释》第十七条、第十八条，担保合同无效。')] }),
      new Paragraph({ children: [new TextRun('又依《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》第十九条。')] }),
    ] }] });
    const file = path.join(dir, 'nested.docx');
    fs.writeFileSync(file, await Packer.toBuffer(doc));
    const corrected = '《最高人民法院关于适用〈中华人民共和国民法典〉有关担保制度的解释》第十七条';
    const json = parseJsonOutput<{ counts: Record<string, number>; citations: Array<{ finding: string; titleStyle?: { written: string; corrected: string; noteZh: string } }> }>(
      await runCli(['check', file, '--json', '--as-of', '2026-11-27', '--db', lib.dbPath]));
    assert.deepEqual(json.citations.map((c) => [c.finding, c.titleStyle?.corrected ?? null]), [['ok', corrected], ['ok', null], ['ok', null]],
      'only the title written with 《》 inside; one written in 〈〉 already, and the bare 第十八条, have none');
    assert.equal(json.citations[0]!.titleStyle!.written, '《最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释》第十七条');
    assert.deepEqual(json.counts, { ok: 3, check: 0, quote_mismatch: 0, unresolvable: 0, not_statute: 0 }, 'not counted as a failed citation');
    const text = await runCli(['check', file, '--as-of', '2026-11-27', '--db', lib.dbPath]);
    assert.match(text.stdout, /^3 citations in .*: 3 found; 1 title within a title to write in 〈〉 \(a note, not an error\)$/m);
    assert.match(text.stdout, new RegExp(`✓ 1\\. .*\\n {7}写法：书名号内的书名号应改用单书名号〈〉（GB/T 15834《标点符号用法》）：${corrected}\\n`));
  });

  test('a statute pasted whole, its title on the first line: its article headings are no citations, and nothing is joined', () => {
    const r = check(['《中华人民共和国劳动合同法》', '第一条 为了完善劳动合同制度，明确劳动合同双方当事人的权利和义务，制定本法。', '第二条　中华人民共和国境内的企业…适用本法。'].join('\n'));
    assert.deepEqual(r.citations, [], 'before, 第一条 under the title was ✗, 「法规库中没有这部法律」');
  });
});
