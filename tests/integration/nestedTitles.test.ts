/**
 * A title within a title is written 〈〉 wherever LexDesk writes a citation for a reader (GB/T 15834): `show`'s
 * heading, the compilation (法条汇编) in Markdown and Word, and a consultation's report, on a library built from the
 * real interpretation file, whose stored title keeps the source's 《》.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildReport, renderReport } from '../../main/report/index.js';
import { runCli } from '../helpers/cli.js';
import { startBench, type Bench } from '../helpers/consultFixture.js';
import { docxParts } from '../helpers/docxText.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const STORED = '最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释';
const CITED = '《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》';
/** The stored title inside an outer 《》: the form no citation may take. */
const DOUBLED = /《[^《》〈〉\n]*《/;

describe('a title within a title is written 〈〉 in citations', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  let out: string;
  before(async () => {
    bench = await startBench(['民法典', '司法解释/最高人民法院关于适用《民法典》合同编通则若干问题的解释(2023-12-04).md']);
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-nested-titles-'));
  });
  after(async () => {
    await bench?.dispose();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  test('the library keeps the title as its source prints it', () => {
    const row = bench.lib.engine.db.prepare('SELECT title FROM laws WHERE title LIKE ?').get('%合同编通则%') as { title: string } | undefined;
    assert.equal(row?.title, STORED);
  });

  test('show heads the article with the citation in 〈〉, and its compilation in Markdown and Word cites it so', async () => {
    const shown = await runCli(['show', '民法典合同编通则解释第一条', '--db', bench.lib.dbPath]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.stdout.split('\n')[0], `${CITED}第一条`);
    assert.doesNotMatch(shown.stdout, DOUBLED);
    const md = path.join(out, 'first.md');
    const docx = path.join(out, 'first.docx');
    for (const file of [md, docx]) {
      const written = await runCli(['show', '民法典合同编通则解释第一条', '--out', file, '--db', bench.lib.dbPath]);
      assert.equal(written.code, 0, written.stderr);
    }
    const mdText = fs.readFileSync(md, 'utf8');
    assert.ok(mdText.includes(`${CITED}第一条`), mdText.slice(0, 600));
    assert.doesNotMatch(mdText, DOUBLED);
    const docText = (await docxParts(docx))['document.xml']!;
    assert.ok(docText.includes(`${CITED}第一条`), docText.slice(0, 600));
    assert.doesNotMatch(docText, DOUBLED);
  });

  test('a report heads each statute of the interpretation with the title in 〈〉, in Markdown and Word', async () => {
    const c = bench.consultations({ offline: true });
    const turn = await c.ask({ text: '签订认购书、意向书后对方拒绝订立本约合同，预约合同的违约责任如何认定？合同编通则解释怎么规定？', title: '预约合同' });
    const model = buildReport(bench.lib.engine, c, turn.consultationId, '0.0.0');
    const ours = model.statutes.filter((s) => s.lawTitle === STORED);
    assert.ok(ours.length > 0, `the interpretation among ${model.statutes.map((s) => s.lawTitle).join('、')}`);
    const md = (await renderReport(model, 'md')).toString('utf8');
    const file = path.join(out, 'report.docx');
    fs.writeFileSync(file, await renderReport(model, 'docx'));
    const doc = (await docxParts(file))['document.xml']!;
    for (const s of ours) {
      assert.ok(md.includes(`### \\[${s.ref}\\] ${CITED}${s.label}`), `Markdown heading of [${s.ref}]`);
      assert.ok(doc.includes(`[${s.ref}] ${CITED}${s.label}`), `Word heading of [${s.ref}]`);
    }
    assert.doesNotMatch(md, DOUBLED);
    assert.doesNotMatch(doc, DOUBLED);
  });
});
