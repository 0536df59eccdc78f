/**
 * An article's own note (刑法 第四百五十二条's ① on the dates of the amendments, a footnote of the collection, no 款) in a
 * consultation read back (its evidence) and in its report: after the quoted text, outside it, marked as the collection's note — in Markdown, Word, the
 * HTML the PDF is printed from, and the PDF itself.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildReport, renderReport, type ReportModel } from '../../main/report/index.js';
import { browserSkipReason } from '../helpers/browserBench.js';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { docxParts } from '../helpers/docxText.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const NO_PDF = browserSkipReason() || (fs.existsSync('/usr/bin/pdftotext') ? false : 'skipped: pdftotext (poppler-utils) is missing');
const MARK = '注（汇编所附注释，非条文内容）：① 刑法、历次刑法修正案、涉及修改刑法的决定的施行日期，分别依据各法律所规定的施行日期确定。';
const LAST_PARAGRAPH = '有关刑事责任的规定已纳入本法，自本法施行之日起，适用本法规定。';

describe('an article\'s own note in a consultation\'s report', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  let out: string;
  let model: ReportModel;
  let consultationId: number;
  before(async () => {
    bench = await startBench(['刑法/刑法.md', '社会法/劳动合同法(2012-12-28).md']);
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-notes-report-'));
    const c = bench.consultations({ offline: true });
    const t = await c.ask({ text: '刑法第四百五十二条规定刑法什么时候施行？修正案的施行日期怎么确定？', title: '刑法施行日期' });
    consultationId = t.consultationId;
    model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
  });
  after(async () => {
    await bench?.dispose();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  test('the model keeps the note apart from the text, for the article that has one only', () => {
    const s = model.statutes.find((x) => x.label === '第四百五十二条');
    assert.ok(s, model.statutes.map((x) => x.label).join(' '));
    assert.ok(!s.text.includes('①'), 'the note is no part of the quoted text');
    assert.deepEqual(s.sourceNotes?.map((n) => n.slice(0, 8)), ['① 刑法、历次刑']);
    assert.ok(model.statutes.filter((x) => x !== s).every((x) => !x.sourceNotes), 'no other article has one');
  });

  test('the consultation read back: the evidence article carries its note, the others none', () => {
    const c = bench.consultations();
    const [turn] = c.get(consultationId).turns;
    const evidence = turn!.evidence.find((e) => e.articleLabel === '第四百五十二条');
    assert.ok(evidence, turn!.evidence.map((e) => e.articleLabel).join(' '));
    assert.deepEqual(evidence.notes?.map((n) => n.slice(0, 8)), ['① 刑法、历次刑']);
    assert.ok(!evidence.text.includes('①'));
    assert.ok(turn!.evidence.filter((e) => e !== evidence).every((e) => !e.notes));
  });

  test('Markdown, Word and HTML: the note after the quoted text, marked as the collection\'s, not quoted as statute', async () => {
    const md = (await renderReport(model, 'md')).toString('utf8');
    const at = md.indexOf(MARK);
    assert.ok(at > md.indexOf(LAST_PARAGRAPH) && md.indexOf(LAST_PARAGRAPH) > 0, 'after the article\'s last paragraph');
    assert.ok(md.includes(`\n*${MARK}*\n`), 'its own line, outside the > quote of the text');
    assert.ok(!md.includes(`> ${MARK}`) && !md.includes('> ① '), 'never quoted as statute text');
    const file = path.join(out, 'report.docx');
    fs.writeFileSync(file, await renderReport(model, 'docx'));
    const doc = (await docxParts(file))['document.xml']!;
    assert.ok(doc.includes(`${LAST_PARAGRAPH}\n${MARK}\n`), doc.slice(doc.indexOf(LAST_PARAGRAPH) - 10, doc.indexOf(LAST_PARAGRAPH) + 200));
    const html = (await renderReport(model, 'html')).toString('utf8');
    assert.ok(html.includes(`</blockquote><p class="small source-note">${MARK}</p>`), 'after the quoted text, outside its blockquote');
  });

  test('PDF: the note printed under the article', { skip: NO_PDF }, async () => {
    const file = path.join(out, 'report.pdf');
    fs.writeFileSync(file, await renderReport(model, 'pdf'));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    const at = text.indexOf(MARK.replace(/\s+/g, ''));
    assert.ok(at > text.indexOf(LAST_PARAGRAPH), 'printed after the text');
  });
});
