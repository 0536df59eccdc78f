import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TurnResult } from '../../main/consult/types.js';
import { buildReport, renumberMarkers } from '../../main/report/model.js';
import { renderHtml } from '../../main/report/html.js';
import { bookTitle } from '../../preload/contract/citationLine.js';
import { ARTIFACTS, browserSkipReason } from '../helpers/browserBench.js';
import { runCli } from '../helpers/cli.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { JSDOM } from 'jsdom';
import { docxParts, docxXml } from '../helpers/docxText.js';
import { sharedSkipReason } from '../helpers/library.js';
import { assertStampedNowInBeijing, BEIJING } from '../helpers/stamp.js';

const SKIP = sharedSkipReason();
const NO_PDF = browserSkipReason() || (fs.existsSync('/usr/bin/pdftotext') ? false : 'skipped: pdftotext (poppler-utils) is missing');
let bench: Bench;
let out: string;
let turns: TurnResult[];
let offline: TurnResult;

/** Whitespace-free text, so line breaks in PDF text do not matter. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

function citedTexts(): string[] {
  const live = (t: TurnResult) => t.evidence.filter((e) => !e.excluded);
  return [...new Set(turns.flatMap((t) => t.citations.filter((c) => c.articleId !== null).map((c) => live(t).find((e) => e.articleId === c.articleId)!.text)))];
}

// Made in Beijing: each format's 生成时间 is local time with its offset.
const exportCli = (args: string[]) => runCli(['export', ...args, '--db', bench.lib.dbPath], { LEXDESK_HOME: out, ...BEIJING });

describe('cited answer reports', { skip: SKIP, timeout: 300_000 }, () => {
  before(async () => {
    bench = await startBench();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-report-'));
    const c = bench.consultations();
    bench.llm.queue('answer', { text: '公司拖欠工资，你可以解除劳动合同[1]，并要求经济补偿[2]。' });
    bench.llm.queue('judge', { json: { verdict: 'INSUFFICIENT', checks: { factualSupport: { ok: true, note: '' }, jurisdiction: { ok: true, note: '' }, temporal: { ok: true, note: '' }, contradictions: { ok: true, note: '' }, missingElements: { ok: false, note: '缺工作年限' } }, missing: ['工作年限'], refinementQueries: ['经济补偿 工作年限'] } });
    bench.llm.queue('audit', { json: { results: [{ index: 5, applicable: false, failedCondition: '用人单位未被吊销营业执照', reason: '' }] } });
    const t1 = await c.ask({ text: WAGES, title: '张某劳动争议' });
    const t2 = await c.ask({ consultationId: t1.consultationId, text: '我工作了五年，补偿怎么算？' });
    c.overrideVerdict(t2.turnId, 'insufficient', '需核实工资标准');
    turns = c.get(t1.consultationId).turns;
    offline = await bench.consultations({ offline: true }).ask({ text: '房屋租赁押金不退怎么办', title: '押金' });
  });
  after(async () => {
    await bench?.dispose();
    fs.rmSync(out, { recursive: true, force: true });
  });

  test('Markdown: header, each turn with footnote citations, state, verdict with override, every cited article in full, disclaimer', async () => {
    const file = path.join(out, 'report.md');
    const res = await exportCli([String(turns[0]!.consultationId), '--format', 'md', '--out', file]);
    assert.equal(res.code, 0, res.stderr);
    const md = fs.readFileSync(file, 'utf8');
    assert.match(md, /^# 张某劳动争议/);
    assert.match(md, /适用法律截至：\d{4}-\d{2}-\d{2}/);
    assertStampedNowInBeijing(md);
    assert.match(md, /模型：scripted-model @ http:\/\/127\.0\.0\.1:\d+/);
    assert.ok(!md.includes('sk-test-secret'), 'no key in the report');
    assert.match(md, /你可以解除劳动合同\[\^1\]，并要求经济补偿\[\^2\]/);
    assert.match(md, /\[\^1\]: 《/);
    for (const text of citedTexts()) assert.ok(md.includes(text.split('\n')[0]!), `cited text present: ${text.slice(0, 20)}`);
    assert.match(md, /第 1 轮：\*\*证据充分\*\*\n  - 审查 1：不充分；.*缺失要件✗（缺工作年限）；补充检索：经济补偿 工作年限/, 'the checklist and iterations');
    assert.match(md, /第 2 轮：\*\*证据充分\*\*；用户更改为 \*\*证据不足\*\*（需核实工资标准）/, 'the user override');
    assert.match(md, /## 法律分析状态/);
    assert.match(md, /## 免责声明/);
    assert.match(md, /不构成法律意见/);
    assert.match(md, /LawRefBook\/Laws/);
    assert.match(md, /> \*\*注意\*\*/, 'the insufficient verdict raises a visible warning');
    // An LLM consultation keeps its audit labels, and says which turn cited each statute (session 49).
    assert.match(md, /^\| 编号 \| 法律 \| 条文 \| 版本 \| 核验 \| 轮次 \|$/m);
    assert.match(md, /^\| 1 \| 中华人民共和国劳动合同法 \| 第[^|]+条 \| [^|]+ \| 已核验 \| 第1(、2)?轮 \|$/m);
    assert.ok(!md.includes('离线检索') && !md.includes('检索所得法条'));
    // Every footnote defined is referenced from an answer.
    const defined = [...md.matchAll(/^\[\^(\d+)\]:/gm)].map((x) => x[1]);
    assert.ok(defined.length > 0);
    for (const k of defined) assert.ok(new RegExp(`\\[\\^${k}\\](?!:)`).test(md.replace(/^\[\^\d+\]:.*$/gm, '')), `footnote ${k} referenced`);
  });

  test('DOCX: a real Word document with footnotes, a statute table, every cited text, the verdict, page numbers and the disclaimer', async () => {
    const file = path.join(out, 'report.docx');
    const res = await exportCli([String(turns[0]!.consultationId), '--format', 'docx', '--out', file]);
    assert.equal(res.code, 0, res.stderr);
    const parts = await docxParts(file);
    const doc = parts['document.xml']!;
    for (const text of citedTexts()) for (const line of text.split('\n')) assert.ok(doc.includes(line), `line present: ${line.slice(0, 20)}`);
    assert.match(doc, /编号\n?法律\n?条文/, 'the cited statutes table');
    assertStampedNowInBeijing(doc);
    assert.match(doc, /证据不足/);
    assert.match(doc, /免责声明/);
    assert.match(parts['footnotes.xml']!, /\[1\] 《中华人民共和国劳动合同法》第.+条/);
    assert.match(Object.entries(parts).find(([k]) => k.startsWith('footer'))![1], /第 PAGE 页，共 NUMPAGES 页/, 'page number fields in the footer');
  });

  test('PDF: printed by Chromium with Chinese text, every cited article, the verdict, the disclaimer; first page rendered to PNG', { skip: NO_PDF }, async () => {
    const file = path.join(out, 'report.pdf');
    const res = await exportCli([String(turns[0]!.consultationId), '--format', 'pdf', '--out', file]);
    assert.equal(res.code, 0, res.stderr);
    assert.equal(fs.readFileSync(file).subarray(0, 5).toString(), '%PDF-');
    const text = squeeze(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
    for (const t of citedTexts()) assert.ok(text.includes(squeeze(t).slice(0, 60)), `cited text in the PDF: ${t.slice(0, 20)}`);
    assert.ok(text.includes('证据不足'));
    assert.ok(text.includes('免责声明'));
    assert.match(text, /第1页，共\d+页/);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, path.join(ARTIFACTS, 'report-page1')]);
    assert.ok(fs.statSync(path.join(ARTIFACTS, 'report-page1.png')).size > 10_000);
  });

  test('one turn only, every turn\'s state, and the excluded articles, by option', async () => {
    const file = path.join(out, 'turn1.md');
    const res = await exportCli([String(turns[0]!.consultationId), '--format', 'md', '--out', file, '--turn', '1', '--all-states', '--json']);
    assert.equal(res.code, 0, res.stderr);
    const md = fs.readFileSync(file, 'utf8');
    assert.ok(md.includes('### 第 1 轮') && !md.includes('### 第 2 轮'));
    assert.ok(!md.includes('需核实工资标准'), 'the second turn is left out');
    assert.ok(!md.includes('已审查并排除的法条'), 'excluded articles only by option');
    const withExcluded = path.join(out, 'excluded.md');
    assert.equal((await exportCli([String(turns[0]!.consultationId), '--format', 'md', '--out', withExcluded, '--excluded'])).code, 0);
    assert.match(fs.readFileSync(withExcluded, 'utf8'), /## 已审查并排除的法条\n\n- 《.+》第.+条：用人单位未被吊销营业执照/);
  });

  test('an offline consultation lists the ranked statutes and says that no answer was generated', async () => {
    const file = path.join(out, 'offline.md');
    const res = await exportCli([String(offline.consultationId), '--format', 'md', '--out', file]);
    assert.equal(res.code, 0, res.stderr);
    const md = fs.readFileSync(file, 'utf8');
    assert.match(md, /离线检索，没有生成的回答/);
    assert.match(md, /模型：未使用大模型（离线）/);
    for (const e of offline.evidence.slice(0, 10)) assert.ok(md.includes(`${bookTitle(e.lawTitle)}${e.articleLabel}`));
    // A deposit question reaches 民法典's 合同编: its 编 stands before its chapters in the statute's heading line.
    const civil = offline.evidence.find((e) => e.lawTitle === '中华人民共和国民法典' && e.path.length > 0);
    assert.ok(civil, 'the test needs a 民法典 article among the ranked statutes');
    assert.match(md, new RegExp(`\\*中华人民共和国民法典 › [^*]*编 › ${civil.path[0]}`));
  });

  test('a question citing a repealed law: the report\'s warnings say so, with what repealed it', async () => {
    const t = await bench.consultations({ offline: true }).ask({ text: '根据合同法第52条，借款合同无效吗？', title: '借款' });
    const model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
    assert.ok(model.warnings.some((w) => /^第 1 轮的问题中引用的 合同法第52条：已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止/.test(w)), model.warnings.join('\n'));
  });

  test('bad input: unknown consultation, unwritable path, bad format — clear messages, no file left behind', async () => {
    const file = path.join(out, 'never.md');
    const unknown = await exportCli(['99999', '--format', 'md', '--out', file]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No consultation 99999/);
    const noDir = await exportCli([String(turns[0]!.consultationId), '--format', 'docx', '--out', path.join(out, 'missing', 'x.docx')]);
    assert.equal(noDir.code, 1);
    assert.match(noDir.stderr, /Cannot write to .*missing.*not writable/);
    const badFormat = await exportCli([String(turns[0]!.consultationId), '--format', 'odt', '--out', file]);
    assert.equal(badFormat.code, 2);
    const mismatched = await exportCli([String(turns[0]!.consultationId), '--format', 'md', '--out', path.join(out, 'never.docx')]);
    assert.equal(mismatched.code, 2);
    assert.match(mismatched.stderr, /never\.docx does not end in \.md, the format asked for/, 'Markdown in a .docx would not open in Word');
    const noFormat = await exportCli([String(turns[0]!.consultationId), '--out', path.join(out, 'never.txt')]);
    assert.equal(noFormat.code, 2);
    assert.match(noFormat.stderr, /Name the format with --format md\|docx\|pdf, or end --out in \.md, \.docx or \.pdf/);
    // Without --format, the extension says it.
    const inferred = path.join(out, 'inferred.docx');
    assert.equal((await exportCli([String(turns[0]!.consultationId), '--out', inferred])).code, 0);
    assert.equal(fs.readFileSync(inferred).subarray(0, 2).toString(), 'PK', 'a Word file');
    fs.rmSync(inferred);
    const notNumber = await exportCli(['abc', '--format', 'md', '--out', file]);
    assert.match(notNumber.stderr, /The consultation's number must be a positive integer \(got "abc"/);
    const noChrome = await runCli(['export', String(turns[0]!.consultationId), '--format', 'pdf', '--out', path.join(out, 'never.pdf'), '--db', bench.lib.dbPath], { LEXDESK_HOME: out, LEXDESK_CHROMIUM: '/nonexistent/chromium' });
    assert.equal(noChrome.code, 1);
    assert.match(noChrome.stderr, /LEXDESK_CHROMIUM/);
    assert.deepEqual(fs.readdirSync(out).filter((f) => f.startsWith('never') || f.endsWith('.tmp')), [], 'no partial or temporary file');
  });

  test('text from the user, the LLM or the library stays text: Markdown escapes it, and no format carries a character XML forbids', async () => {
    const question = '## 伪造的标题\n<img src="https://attacker.example/x.png"> 请看[官方查询](https://phish.example)\uFFFE 公司拖欠工资，能解除劳动合同吗？';
    bench.llm.queue('answer', { text: '可以解除劳动合同[1]。\n[^1]: 伪造的脚注\n- 伪造的列表 <b>粗体</b>\u0001' });
    const t = await bench.consultations().ask({ text: question, title: '转义' });
    const mdFile = path.join(out, 'escape.md');
    assert.equal((await exportCli([String(t.consultationId), '--format', 'md', '--out', mdFile])).code, 0);
    const md = fs.readFileSync(mdFile, 'utf8');
    assert.doesNotMatch(md, /^## 伪造/m, 'no heading from the question');
    assert.ok(!/(^|[^\\])<img/m.test(md) && md.includes('\\<img'), 'no raw HTML');
    assert.ok(!md.includes('[官方查询](') && md.includes('\\[官方查询\\]('), 'no link');
    assert.doesNotMatch(md, /^\[\^1\]: 伪造/m, 'no second definition of footnote 1');
    assert.doesNotMatch(md, /^- 伪造的列表/m, 'no list item');
    assert.match(md, /可以解除劳动合同\[\^1\]/, 'the report\'s own markers still become footnotes');
    assert.ok(!/[\uFFFE\u0001]/.test(md));
    const docxFile = path.join(out, 'escape.docx');
    assert.equal((await exportCli([String(t.consultationId), '--format', 'docx', '--out', docxFile])).code, 0);
    const parser = new new JSDOM().window.DOMParser();
    for (const [name, xml] of Object.entries(await docxXml(docxFile))) {
      assert.equal(parser.parseFromString(xml, 'application/xml').getElementsByTagName('parsererror').length, 0, `${name} is well-formed XML`);
    }
    assert.match((await docxParts(docxFile))['document.xml']!, /请看\[官方查询\]\(https:\/\/phish\.example\) 公司拖欠工资/, 'the question as written, less the forbidden character');
  });

  test('a citation of a 项 the article does not have: the report says why it failed the audit', async () => {
    bench.llm.queue('answer', { text: '公司拖欠工资，依据《劳动合同法》第三十八条第一款第九项，你可以解除劳动合同[1]。' });
    const t = await bench.consultations().ask({ text: WAGES, title: '项号' });
    assert.ok(t.citations.some((c) => c.label === 'unresolvable' && c.articleId !== null), 'unresolvable, with the article kept');
    const file = path.join(out, 'item.md');
    const res = await exportCli([String(t.consultationId), '--format', 'md', '--out', file]);
    assert.equal(res.code, 0, res.stderr);
    assert.match(fs.readFileSync(file, 'utf8'), /引用 《劳动合同法》第三十八条第一款第九项\\\[1\\\] 未通过核验（无法解析：引用的款或项不存在：第三十八条第1款只有\d+项，没有第9项）。/);
  });

  test('a citation whose words fit another article: kept with the turn, and the report\'s warnings say which', async () => {
    bench.llm.queue('answer', { text: '依据《劳动合同法》第四十七条，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。' });
    const t = await bench.consultations().ask({ text: WAGES, title: '条号' });
    const [cited] = t.citations.filter((c) => c.marker === '《劳动合同法》第四十七条');
    // Marked, with no one article standing out (第三十八条 and 第四十六条 both hold the words): stored as such, not as unmarked.
    assert.equal(cited?.closer, null, JSON.stringify(t.citations));
    // Read back from the library, as a reopened consultation and the report read it.
    const [stored] = bench.consultations().get(t.consultationId).turns[0]!.citations.filter((c) => c.marker === '《劳动合同法》第四十七条');
    assert.deepEqual([stored?.closer, stored?.noteZh], [null, cited!.noteZh]);
    assert.equal(bench.consultations().get(t.consultationId).turns[0]!.citations.filter((c) => 'closer' in c).length, 1, 'the others were not marked');
    const model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
    assert.ok(model.warnings.includes('第 1 轮的引用 《劳动合同法》第四十七条：回答此处所述与该条内容不符（该条为「经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的…」），请核对条号。'), model.warnings.join('\n'));
  });

  test('the 款 and 项 an answer names are marked in the statute\'s full text: bold in Markdown and Word, <strong class="cited"> in HTML and PDF', async () => {
    bench.llm.queue('answer', { text: '公司拖欠工资，依据《劳动合同法》第三十八条第一款第二项，你可以解除劳动合同。' });
    const t = await bench.consultations().ask({ text: WAGES, title: '款项' });
    const cited = t.citations.find((c) => c.articleLabel === '第三十八条');
    assert.equal(cited?.label, 'verified', 'the article is among the evidence');
    const item = '未及时足额支付劳动报酬的；';
    assert.deepEqual(cited!.citedSpans.map(([a, b]) => cited!.text!.slice(a, b)), [item]);
    const md = path.join(out, 'parts.md');
    assert.equal((await exportCli([String(t.consultationId), '--format', 'md', '--out', md])).code, 0);
    const markdown = fs.readFileSync(md, 'utf8');
    assert.match(markdown, new RegExp(`^> （二）\\*\\*${item}\\*\\*$`, 'm'), 'the 项 bold, its marker not');
    assert.match(markdown, /加粗为回答引用的款、项/);
    assert.equal((markdown.match(/\*\*/g) ?? []).length % 2, 0);
    const docx = path.join(out, 'parts.docx');
    assert.equal((await exportCli([String(t.consultationId), '--format', 'docx', '--out', docx])).code, 0);
    const doc = (await docxXml(docx))['document.xml']!;
    assert.match(doc, new RegExp(`<w:r><w:rPr><w:b/><w:bCs/></w:rPr><w:t xml:space="preserve">${item}</w:t></w:r>`), 'a bold run in Word');
    const html = renderHtml(buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0'));
    assert.ok(html.includes(`（二）<strong class="cited">${item}</strong>`), 'the HTML that PDF is printed from');
  });

  test('a cited version not in force: the report says where the version in force holds its provision (renumbered)', async () => {
    // A matter of 2020: 公司法 as of then is the 2018 text, whose 第七十一条 (share transfers) is 2023's 第八十四条.
    bench.llm.queue('state', { json: { parties: [{ name: '用户', role: '股东' }], relations: ['股权转让关系'], keyFacts: ['有限责任公司股东拟向股东以外的人转让股权'], disputeFocus: ['对外转让股权是否需要其他股东同意'], posture: '咨询', domains: ['公司法'], subQuestion: '对外转让股权的条件', missingFacts: [], factDate: '2020-06-01', place: null } });
    bench.llm.queue('planner', { json: { historyQuery: '股东向股东以外的人转让股权 其他股东同意', role: 'terminology', queries: ['股东向股东以外的人转让股权 其他股东过半数同意'], covered: true, reason: '覆盖' } });
    bench.llm.queue('answer', { text: '依据2018年《公司法》第七十一条，股东向股东以外的人转让股权，应当经其他股东过半数同意。' });
    const t = await bench.consultations().ask({ text: '有限责任公司股东向股东以外的人转让股权，需要其他股东同意吗？', title: '股权转让', asOf: '2020-06-01' });
    const cited = t.citations.find((c) => c.articleLabel === '第七十一条');
    assert.deepEqual([cited?.label, cited?.publishDate, cited?.notCurrent], ['verified', '2018-10-26', true], t.evidence.map((e) => e.lawTitle + e.articleLabel + e.publishDate + (e.excluded ?? '')).join(' '));
    const model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
    const statute = model.statutes.find((s) => s.label === '第七十一条')!;
    assert.deepEqual(statute.inForce, { publishDate: '2023-12-29', label: '第八十四条', match: 'amended' });
    // The law of the matter's date, superseded since: said as such, not as a stale citation (before: 「不是现行有效版本（已被修订）」).
    assert.ok(model.warnings.includes(`[${statute.ref}] 《中华人民共和国公司法》第七十一条 在适用法律的日期（2020-06-01）施行中，今已被修订；现行版本（2023-12-29 版）中为第八十四条，有修改。`), model.warnings.join('\n'));
    assert.equal(statute.onDate, null, 'superseded since, but the law of 2020');
  });

  test('an article that was no law on the date the law is applied as of: the report says so, with what it stood in for', async () => {
    // A contract of 2019: 民法典 was no law then; its 第五百七十七条 stands in for 《合同法》第一百零七条.
    bench.llm.queue('state', { json: { parties: [], relations: ['买卖合同关系'], keyFacts: ['2019年6月对方未按约交货'], disputeFocus: ['违约责任'], posture: '咨询', domains: ['合同法'], subQuestion: '违约责任', missingFacts: [], factDate: '2019-06-01', place: null } });
    bench.llm.queue('planner', { json: { historyQuery: '不履行合同义务 违约责任', role: 'terminology', queries: ['当事人一方不履行合同义务 承担违约责任'], covered: true, reason: '覆盖' } });
    // The answer cites every piece of evidence, so that the report lists them all.
    bench.llm.queue('answer', { text: '对方应当承担违约责任[1][2][3][4][5][6][7][8]。' });
    const t = await bench.consultations().ask({ text: '2019年6月对方没有按合同交货，要承担什么责任？', title: '违约' });
    assert.equal(t.status, 'done', JSON.stringify(t.error));
    const code = t.evidence.find((e) => e.lawTitle === '中华人民共和国民法典' && e.articleLabel === '第五百七十七条');
    assert.ok(code, t.evidence.map((e) => e.lawTitle + e.articleLabel).join(' '));
    assert.deepEqual(code.onDate, { date: '2019-06-01', standing: 'not-yet' });
    const model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
    const statute = model.statutes.find((s) => s.articleId === code.articleId)!;
    assert.ok(model.warnings.includes(`[${statute.ref}] 《中华人民共和国民法典》第五百七十七条：民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；本条规则当时见于《合同法》第一百零七条（违约责任），法规库中没有该法的条文；此为民法典的条文，当时的条文可能与此不同。`), model.warnings.join('\n'));
    // An article in force then in a later text (刑法 as of 2019, no amendment in this library to vouch for it): its note too.
    bench.llm.queue('state', { json: { parties: [], relations: [], keyFacts: ['2019年6月盗窃他人手机'], disputeFocus: ['盗窃罪'], posture: '', domains: ['刑法'], subQuestion: '是否构成盗窃罪', missingFacts: [], factDate: '2019-06-01', place: null } });
    bench.llm.queue('planner', { json: { historyQuery: '盗窃公私财物', role: 'terminology', queries: ['盗窃公私财物 数额较大'], covered: true, reason: '覆盖' } });
    bench.llm.queue('answer', { text: '可能构成盗窃罪[1][2][3][4][5][6][7][8]。' });
    const theft = await bench.consultations().ask({ text: '2019年6月我偷了别人一部手机，会构成盗窃罪吗？', title: '盗窃' });
    const article = theft.evidence.find((e) => e.lawTitle === '中华人民共和国刑法' && e.articleLabel === '第二百六十四条');
    assert.deepEqual(article?.onDate, { date: '2019-06-01', standing: 'other-text' }, theft.evidence.map((e) => e.lawTitle + e.articleLabel).join(' '));
    const theftModel = buildReport(bench.lib.engine, bench.consultations(), theft.consultationId, '0.0.0');
    const listed = theftModel.statutes.find((s) => s.articleId === article!.articleId)!;
    assert.ok(theftModel.warnings.includes(`[${listed.ref}] 《中华人民共和国刑法》第二百六十四条：法规库中没有该法在 2019-06-01 施行的版本（最早的是 2020-12-26 版，2021-03-01 施行）；该法此后经 2020-12-26 修改；此为 2020-12-26 版，当时施行的文本可能与此不同。`), theftModel.warnings.join('\n'));
  });

  test('a cited article removed from the library since: the report keeps the stored text and says so', async () => {
    const cited = turns[0]!.citations.find((c) => c.articleId !== null)!;
    const stored = turns[0]!.evidence.find((e) => e.articleId === cited.articleId)!.text;
    bench.lib.engine.db.prepare('DELETE FROM articles WHERE id = ?').run(cited.articleId);
    const file = path.join(out, 'removed.md');
    const res = await exportCli([String(turns[0]!.consultationId), '--format', 'md', '--out', file]);
    assert.equal(res.code, 0, res.stderr);
    const md = fs.readFileSync(file, 'utf8');
    assert.ok(md.includes(stored.split('\n')[0]!), 'the stored text');
    assert.match(md, /已不在当前法规库中/);
    assert.match(res.stdout, /已不在当前法规库中/, 'the CLI warns too');
  });
});

test('answer markers are renumbered to the report\'s statute list, lists too; a marker with no evidence behind it becomes [?n], never a link', () => {
  const refs: Record<number, number> = { 1: 4, 2: 5, 3: 6 };
  const answer = '可以解除劳动合同[1、2]，并要求经济补偿[3]，另见[2, 3]与[9]，以及[1，9]。';
  assert.equal(renumberMarkers(answer, (n) => refs[n] ?? null), '可以解除劳动合同[4][5]，并要求经济补偿[6]，另见[5][6]与[?9]，以及[4][?9]。');
  assert.equal(renumberMarkers('没有标记。', () => 1), '没有标记。');
});
