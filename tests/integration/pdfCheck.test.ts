/**
 * A brief as a PDF (`lexdesk check FILE.pdf`, the route statute.checkText with a PDF): its text read with pdf.js,
 * wrapped lines joined so that a quotation broken across two lines reads whole, and a PDF that is not one, or holds
 * only images, refused with what to do. The PDFs are printed here by Chromium from HTML, as the report export prints.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { renderPdf } from '../../main/report/pdf.js';
import { pdfOf } from '../../main/app/smokePdf.js';
import { draftFileText } from '../../main/util/draftFile.js';
import { documentMargin, pageText, withoutRunningLines } from '../../main/util/pdfText.js';
import { browserSkipReason } from '../helpers/browserBench.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason() || browserSkipReason();

/** 2018's 公司法 第七十一条, second paragraph: long enough to wrap on an A4 page. */
const QUOTE = '股东向股东以外的人转让股权，应当经其他股东过半数同意。股东应就其股权转让事项书面通知其他股东征求同意，其他股东自接到书面通知之日起满三十日未答复的，视为同意转让。';

function page(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:'WenQuanYi Micro Hei',sans-serif;font-size:16px}</style></head><body>${body}</body></html>`;
}

/** A one-page PDF whose page is a filled rectangle and no text, as a scan without OCR is. */
function imageOnlyPdf(): Buffer {
  const content = '0.2 0.3 0.4 rg 100 500 300 200 re f';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

const item = (str: string, x: number, width: number, hasEOL: boolean) => ({ str, transform: [12, 0, 0, 12, x, 700], width, height: 12, hasEOL });

test('PDF lines: one that reaches the margin without ending a sentence was wrapped and is joined; others keep their break', () => {
  const text = pageText([
    item('民事起诉状', 250, 60, true),
    item('原告依据《中华人民共和国公司法》第七', 50, 490, true),
    item('十一条提起诉讼，请求判令被告支付', 50, 492, true),
    item('货款。', 50, 36, true),
    item('此致', 50, 24, true),
    item('See the Company Law of', 50, 491, true),
    item('2018, as amended.', 50, 120, false),
  ]);
  assert.equal(text, '民事起诉状\n原告依据《中华人民共和国公司法》第七十一条提起诉讼，请求判令被告支付货款。\n此致\nSee the Company Law of 2018, as amended.');
  assert.equal(pageText([item('本院认为：', 50, 491, true), item('被告应当承担责任。', 50, 200, false)]), '本院认为：\n被告应当承担责任。', 'a line ending in a colon was not wrapped, however long');
  // A page of short lines (a list) measured against its own longest line would read as wrapped; the document's margin says it was not.
  const list = [item('1.《民法典》第五百七十七条', 50, 200, true), item('2.《民法典》第五百八十四条', 50, 200, false)];
  assert.equal(pageText(list, 542), '1.《民法典》第五百七十七条\n2.《民法典》第五百八十四条');
  // The document's margin is its pages' median: one landscape page (800) or a page of short lines (250) does not move it.
  assert.equal(documentMargin([542, 540, 800, 250, 0]), 540);
});

test('PDF pages: a running footer or header goes (the same words, page number aside, at the same height on half the pages or more); the text stays', () => {
  const line = (text: string, y: number, right = 200) => ({ text, y, right, size: 12 });
  const pages = [1, 2, 3].map((n) => [line('北京市某区人民法院民事判决书', 800), line(`正文第${n}页的第一行`, 760), line('被告应当承担责任。', 700), line(`第 ${n} 页，共 3 页`, 40)]);
  pages[2]!.push(line('被告应当承担责任。', 30));
  assert.deepEqual(withoutRunningLines(pages, 540).map((lines) => lines.map((l) => l.text)), [
    ['正文第1页的第一行', '被告应当承担责任。'],
    ['正文第2页的第一行', '被告应当承担责任。'],
    ['正文第3页的第一行', '被告应当承担责任。', '第 3 页，共 3 页', '被告应当承担责任。'],
  ], 'the last page\'s footer is not its last line, and a line of the text recurring elsewhere stays');
  assert.deepEqual(withoutRunningLines([pages[0]!], 540)[0]!.length, 4, 'one page: nothing to compare, all kept');
  const wrapped = [1, 2].map((n) => [line(`第${n}段正文一直写到页边而没有结束`, 700, 540)]);
  assert.equal(withoutRunningLines(wrapped, 540).flat().length, 2, 'a line that reaches the margin is the text\'s own');
});

describe('checking the citations of a PDF', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  let brief: string;
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-pdf-'));
    brief = path.join(dir, 'brief.pdf');
    fs.writeFileSync(brief, await renderPdf(page(`<h2>民事起诉状</h2><p>原告认为，依照《中华人民共和国公司法》第七十一条第二款的规定：“${QUOTE}”被告未通知原告即转让股权，侵害了原告的优先购买权。</p><p>另依照《民法典》第一千一百六十五条，被告应当承担侵权责任。</p>`)));
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the text read whole: the quotation across two printed lines, the heading on its own', async () => {
    const { text, paragraphs } = await draftFileText(brief);
    assert.equal(paragraphs, true);
    assert.ok(text.startsWith('民事起诉状\n原告认为，'), text.slice(0, 40));
    assert.ok(text.includes(`“${QUOTE}”`), 'the quotation, wrapped on the page, reads without a break');
    assert.ok(text.includes('\n另依照《民法典》第一千一百六十五条'), 'a new paragraph keeps its break');
  });

  test('lexdesk check FILE.pdf: each citation checked as in a Word file, the quotation traced to 2018', async () => {
    const res = parseJsonOutput<{ citations: Array<{ articleLabel: string; finding: string; quote: string | null; noteZh: string | null; where: { page: number | null } }> }>(
      await runCli(['check', brief, '--as-of', '2026-11-27', '--json', '--db', lib.dbPath]));
    assert.deepEqual(res.citations.map((c) => [c.articleLabel, c.finding]), [['第七十一条', 'quote_mismatch'], ['第一千一百六十五条', 'ok']]);
    assert.equal(res.citations[0]!.quote, QUOTE);
    assert.deepEqual(res.citations.map((c) => c.where.page), [1, 1], 'a one-page PDF: page 1');
    assert.match(res.citations[0]!.noteZh!, /引文是 2018-10-26 版第七十一条的条文（已被修订）；2023-12-29 版中为第八十四条，内容有修改$/);
  });

  test('a quotation that runs on to the next page reads whole: the page footer between its parts is left out', async () => {
    const a84 = lib.engine.lookup('公司法第84条');
    assert.ok(a84.ok);
    const quote = a84.article.text.split('\n')[1]!;
    const paragraphs = Array.from({ length: 24 }, (_, i) => `<p>第${i + 1}项争议（${['甲', '乙', '丙', '丁'][i % 4]}公司）：原告主张被告擅自转让股权，依照《中华人民共和国公司法》第八十四条规定：“${quote}”被告未履行第${i + 1}次通知义务，应予支持。</p>`);
    const file = path.join(dir, 'long.pdf');
    fs.writeFileSync(file, await renderPdf(page(paragraphs.join(''))));
    const res = parseJsonOutput<{ citations: Array<{ finding: string; quote: string | null; where: { page: number | null } }> }>(
      await runCli(['check', file, '--as-of', '2026-11-27', '--json', '--db', lib.dbPath]));
    assert.equal(res.citations.length, 24);
    assert.ok(Math.max(...res.citations.map((c) => c.where.page ?? 0)) >= 3, 'several pages');
    assert.deepEqual(res.citations.filter((c) => c.finding === 'quote_mismatch').map((c) => c.quote), [], 'every quotation, across a page break too, is the article\'s text');
    const { text } = await draftFileText(file);
    assert.doesNotMatch(text, /第 \d+ 页，共 \d+ 页/, 'the footer Chromium prints on each page is gone');
    assert.ok(/[^\n]\f/.test(text), 'a paragraph runs on across a page: only the form feed between its parts');
  });

  test('a citation broken across the short lines of a table cell is read whole: a title split inside 《…》, a number inside 第…条', async () => {
    const file = path.join(dir, 'table.pdf');
    const cell = '被告未及时足额支付劳动报酬，依据《中华人民共和国劳动合同法》第三十八条解除劳动合同，并可依照《劳动合同法》第四十六条主张经济补偿。';
    fs.writeFileSync(file, await renderPdf(page(`<h2>法律依据</h2><table><tr><td style="width:8em">解除理由</td><td style="width:14em">${cell}</td><td>已送达</td></tr></table><p>另依照《民法典》第一千一百六十五条，被告应当承担侵权责任。</p>`)));
    const { text } = await draftFileText(file);
    // The cell's lines end short of the page's margin, so the PDF's reading keeps each break (pdfText.ts joins only lines that reach it).
    assert.ok(text.includes('依据《中华人民共和国劳动合同\n法》第三十八条') && text.includes('《劳动合同法》第四十\n六条'), JSON.stringify(text));
    const lineOf = (words: string) => text.split('\n').findIndex((l) => l.includes(words)) + 1;
    const res = parseJsonOutput<{ citations: Array<{ marker: string; articleLabel: string | null; finding: string; where: { line: number } }> }>(
      await runCli(['check', file, '--as-of', '2026-11-27', '--json', '--db', lib.dbPath]));
    assert.deepEqual(res.citations.map((c) => [c.marker, c.articleLabel, c.finding, c.where.line]), [
      ['《中华人民共和国劳动合同法》第三十八条', '第三十八条', 'ok', lineOf('依据《中华人民共和国劳动合同')],
      ['《劳动合同法》第四十六条', '第四十六条', 'ok', lineOf('并可依照')],
      ['《民法典》第一千一百六十五条', '第一千一百六十五条', 'ok', lineOf('另依照')],
    ], 'before, the first was ✗ (「法规库中没有这个名称的法律」) and the second read as 第四十条');
  });

  test('a PDF of images only, a file that is no PDF, and the route refuse with what to do', async () => {
    const scan = path.join(dir, 'scan.pdf');
    fs.writeFileSync(scan, imageOnlyPdf());
    const noText = await runCli(['check', scan, '--db', lib.dbPath]);
    assert.equal(noText.code, 1);
    assert.match(noText.stderr, /scan\.pdf holds no text, only images \(a scan\?\): run it through OCR first, or paste its text/);
    const fake = path.join(dir, 'fake.pdf');
    fs.writeFileSync(fake, '《刑法》第二百六十四条');
    assert.match((await runCli(['check', fake, '--db', lib.dbPath])).stderr, /fake\.pdf is not a PDF file/);
    const broken = path.join(dir, 'broken.pdf');
    fs.writeFileSync(broken, '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
    const unreadable = await runCli(['check', broken, '--db', lib.dbPath]);
    assert.equal(unreadable.code, 1);
    assert.match(unreadable.stderr, /broken\.pdf could not be read as a PDF: /);

    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const uploaded = await api.call('statute.checkText', { file: fs.readFileSync(brief).toString('base64'), fileName: 'brief.pdf', asOf: '2026-11-27' });
    assert.ok(uploaded.ok, JSON.stringify(uploaded));
    const data = uploaded.data as { text: string; citations: Array<{ finding: string }> };
    assert.ok(data.text.includes(QUOTE), 'the text read is given back, for the box');
    assert.deepEqual(data.citations.map((c) => c.finding), ['quote_mismatch', 'ok']);
    const compiled = await api.call('statute.checkExport', { file: fs.readFileSync(brief).toString('base64'), fileName: 'brief.pdf', asOf: '2026-11-27', format: 'md' });
    assert.ok(compiled.ok, JSON.stringify(compiled));
    const md = Buffer.from((compiled.data as { base64: string }).base64, 'base64').toString('utf8');
    assert.match(md, /引用：brief\.pdf中引用的法条/);
    assert.match(md, /## 《中华人民共和国公司法》第八十四条/, 'the article the quotation means, in the version checked');
    const both = await api.call('statute.checkText', { text: '《刑法》第二百六十四条', file: 'JVBERi0=', fileName: 'a.pdf' });
    assert.match(both.ok ? '' : both.error.message, /either text, or file with fileName/);
    const scanned = await api.call('statute.checkText', { file: fs.readFileSync(scan).toString('base64'), fileName: 'scan.pdf' });
    assert.match(scanned.ok ? '' : scanned.error.message, /scan\.pdf holds no text, only images/);
  });
});
