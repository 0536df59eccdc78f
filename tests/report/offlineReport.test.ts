/**
 * What a report says of the search behind it (session 49's review): beside the place, whether its local regulations were
 * searched; offline statutes marked as found by search, not 「未引用」; each statute tied to the turns that found it; the
 * 版本 column as the version stood on the date applied; the PDF's short labels unwrapped.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildReport, renderReport, type ReportModel } from '../../main/report/index.js';
import { refsText } from '../../main/report/labels.js';
import { browserSkipReason } from '../helpers/browserBench.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { docxParts, docxXml } from '../helpers/docxText.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const NO_PDF = browserSkipReason() || (fs.existsSync('/usr/bin/pdftotext') ? false : 'skipped: pdftotext (poppler-utils) is missing');
const NATIONAL_ONLY = '仅检索了全国性的法律、行政法规、司法解释等';

let bench: Bench;
let out: string;

/** The report in Markdown, Word (document text) and HTML (what the PDF is printed from). */
async function formats(model: ReportModel): Promise<{ md: string; doc: string; html: string; xml: string }> {
  const file = path.join(out, `r${Math.random().toString(36).slice(2)}.docx`);
  fs.writeFileSync(file, await renderReport(model, 'docx'));
  const [doc, xml] = [(await docxParts(file))['document.xml']!, (await docxXml(file))['document.xml']!];
  return { md: (await renderReport(model, 'md')).toString('utf8'), doc, xml, html: (await renderReport(model, 'html')).toString('utf8') };
}

describe('offline reports say what was searched', { skip: SKIP, timeout: 300_000 }, () => {
  let twoTurns: ReportModel;
  before(async () => {
    bench = await startBench();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-offline-report-'));
    const c = bench.consultations({ offline: true });
    const first = await c.ask({ text: WAGES, title: '深圳工资', place: '深圳' });
    await c.ask({ consultationId: first.consultationId, text: '房屋租赁押金不退怎么办' });
    twoTurns = buildReport(bench.lib.engine, bench.consultations(), first.consultationId, '0.0.0');
  });
  after(async () => {
    await bench?.dispose();
    fs.rmSync(out, { recursive: true, force: true });
  });

  test('a place with no pack installed: every format says its local regulations were not searched, and why', async () => {
    const note = `未检索该地的地方性法规：法规库未安装地方性法规，${NATIONAL_ONLY}`;
    assert.equal(twoTurns.placeNote, note);
    const { md, doc, html } = await formats(twoTurns);
    assert.ok(md.includes(`- 适用地域：深圳（${note}）\n`), md.slice(0, 400));
    assert.ok(doc.includes(`适用地域 深圳（${note}）`));
    assert.ok(html.includes(`适用地域 深圳（${note}）`));
  });

  test('offline statutes read 「离线检索」, not 「未引用」, under a heading and note that say they were found by search', async () => {
    const { md, doc, html } = await formats(twoTurns);
    assert.ok(twoTurns.statutes.length > 10 && twoTurns.statutes.every((s) => s.offline && s.audit === null));
    for (const text of [md, doc, html]) {
      assert.ok(!text.includes('未引用'), 'no 「未引用」 on a statute no answer could cite');
      assert.ok(text.includes('检索所得法条') && !text.includes('引用法条'), 'the heading says found, not cited');
      assert.ok(text.includes('“核验”栏记为“离线检索”的法条是按问题检索排序所得的相关法条，并非回答所引用'));
    }
    assert.match(md, /^\| 1 \| [^|]+ \| 第[^|]+条 \| [^|]+ \| 离线检索 \| 第1(、2)?轮 \|$/m);
    assert.ok(html.includes('<span class="nowrap">离线检索</span>'));
  });

  test('two turns: each turn lists its statutes\' numbers, each statute its turns, and Markdown defines no footnote nothing references', async () => {
    const [t1, t2] = twoTurns.turns;
    assert.ok(t1!.refs.length && t2!.refs.length);
    assert.ok(t2!.refs.some((r) => !t1!.refs.includes(r)), 'the second turn found statutes of its own');
    const { md, doc, html, xml } = await formats(twoTurns);
    for (const t of [t1!, t2!]) {
      const line = `本轮为离线检索，没有生成的回答。本轮检索到的法条：${refsText(t.refs)}。`;
      assert.ok(md.includes(`**答：** ${line.replace(/[[\]]/g, '\\$&')}`), `turn ${t.seq} in Markdown`);
      assert.ok(doc.includes(line), `turn ${t.seq} in Word`);
    }
    assert.match(html, /本轮检索到的法条：<a href="#s1">\[1\]<\/a>/, 'linked to the statutes in HTML');
    for (const s of twoTurns.statutes) {
      const turns = [t1!, t2!].filter((t) => t.refs.includes(s.ref)).map((t) => t.seq);
      assert.deepEqual(s.turns, turns);
      const label = `第${turns.join('、')}轮`;
      assert.ok(md.includes(`| ${s.ref} | `) && new RegExp(`^\\| ${s.ref} \\|.*\\| ${label} \\|$`, 'm').test(md), `row ${s.ref}: ${label}`);
      assert.ok(html.includes(`<td class="nowrap">${label}</td>`));
    }
    assert.match(doc, /核验\n?轮次/, 'the 轮次 column in Word');
    assert.ok(xml.includes('<w:gridCol w:w="800"/><w:gridCol w:w="1976"/><w:gridCol w:w="1700"/><w:gridCol w:w="2200"/><w:gridCol w:w="1100"/><w:gridCol w:w="1250"/>'), 'Word\'s columns sized for their labels');
    assert.doesNotMatch(md, /^\[\^\d+\]:/m, 'no footnote: no answer references one');
  });

  test('a dated matter: the 版本 column says how the version stood on the date, today\'s status after it', async () => {
    const t = await bench.consultations({ offline: true }).ask({ text: '2019年6月对方没有按合同交货，要承担什么责任？', title: '违约', asOf: '2019-06-01' });
    const model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
    const code = model.statutes.find((s) => s.lawTitle === '中华人民共和国民法典');
    assert.ok(code, model.statutes.map((s) => s.lawTitle + s.label).join(' '));
    assert.deepEqual(code.dated, { date: '2019-06-01', standing: 'not-yet' });
    const version = '2020-05-28 版 · 2021-01-01 施行 · 2019-06-01 尚未施行（今现行有效）';
    const { md, doc, html } = await formats(model);
    assert.ok(md.includes(`| ${code.label} | ${version} | 离线检索 |`), md);
    assert.ok(doc.includes(version));
    assert.ok(html.includes('2021-01-01</span> 施行 · <span class="nowrap">2019-06-01</span> 尚未施行（今现行有效）'));
    assert.ok(!md.includes(`| ${code.label} | 2020-05-28 版 · 2021-01-01 施行 · 现行有效 |`));
  });

  test('the PDF: 编号, 核验 and 轮次 and their labels each on one line', { skip: NO_PDF }, async () => {
    const file = path.join(out, 'two.pdf');
    fs.writeFileSync(file, await renderReport(twoTurns, 'pdf'));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    assert.match(text, /^\s*编号\s+法律\s+条文\s+版本\s+核验\s+轮次\s*$/m, 'the header on one line');
    const rows = text.split('\n').filter((l) => /^\s*\d+\s+\S/.test(l) && l.includes('条'));
    assert.ok(rows.length >= twoTurns.statutes.length, text);
    for (const row of rows.slice(0, twoTurns.statutes.length)) assert.match(row, /离线检索\s+第[\d、]+轮\s*$/, row);
    assert.doesNotMatch(text, /未引\s*$/m);
  });
});
