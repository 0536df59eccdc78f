/**
 * A report lists every article an answer cites, in or outside the turn's evidence, and links each written citation to
 * it (a legal-aid lawyer's review: 《劳动争议调解仲裁法》第二十七条, the limitation an answer rested on, was missing from
 * the client file, while an article cited as far outside the evidence but lying in the candidate pool was listed).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildReport, renderReport, type ReportModel } from '../../main/report/index.js';
import { reportAnswer } from '../../main/report/answerRefs.js';
import { STATE_FIELDS, versionLine } from '../../main/report/labels.js';
import { browserSkipReason } from '../helpers/browserBench.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { docxParts } from '../helpers/docxText.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const NO_PDF = browserSkipReason() || (fs.existsSync('/usr/bin/pdftotext') ? false : 'skipped: pdftotext (poppler-utils) is missing');
const LIMITATION = '《民法典》第一百八十八条';

test('written citations get the report number of their article, in the order of the text; a number already there is not repeated', () => {
  const numbers = new Map([['《劳动合同法》第八十七条', 7], ['第三十八条', 3], ['第四十六条', 4]]);
  const written = (marker: string, n = numbers.get(marker) ?? null) => ({ marker, ref: () => n });
  const given: number[] = [];
  const inOrder = (marker: string, n: number) => ({ marker, ref: () => (given.push(n), n) });
  // [1] of the evidence is the report's 2; the written citation before it is numbered first.
  assert.equal(
    reportAnswer('依《劳动合同法》第八十七条支付赔偿金，并可解除合同[1]。', [inOrder('《劳动合同法》第八十七条', 1)], (n) => (given.push(n + 1), n + 1)),
    '依《劳动合同法》第八十七条[1]支付赔偿金，并可解除合同[2]。',
  );
  assert.deepEqual(given, [1, 2]);
  // Two numbers sharing one 条: one marker, both numbers after it.
  assert.equal(reportAnswer('依第三十八、四十六条', [written('第三十八、四十六条', 3), written('第三十八、四十六条', 4)], () => null), '依第三十八、四十六条[3][4]');
  // The same marker twice in the text: each occurrence gets its number.
  assert.equal(reportAnswer('第三十八条……第三十八条', [written('第三十八条'), written('第三十八条')], () => null), '第三十八条[3]……第三十八条[3]');
  // A marker the text already follows with that very article's number; one the report lists nothing for; an [n] beyond the evidence.
  assert.equal(reportAnswer('《劳动合同法》第八十七条[2]；《婚姻法》第十七条；见[9]', [written('《劳动合同法》第八十七条'), written('《婚姻法》第十七条')], (n) => (n === 2 ? 7 : null)), '《劳动合同法》第八十七条[7]；《婚姻法》第十七条；见[?9]');
});

describe('an answer citing an article outside its evidence', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  let out: string;
  let model: ReportModel;
  let articleId: number;
  before(async () => {
    bench = await startBench();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-outside-'));
    // Long facts, as a client tells them: the table's label column is then squeezed.
    const facts = ['2023年3月入职深圳某电子厂，至今未签订书面劳动合同，工资每月以现金或微信转账发放', '2024年2月至4月的工资共计约一万八千元至今未发', '2024年4月15日被主管口头辞退，理由为试用期考核不合格，未出具书面通知'];
    bench.llm.queue('state', { json: { parties: [{ name: '用户', role: '劳动者' }, { name: '深圳某电子厂', role: '用人单位' }], relations: ['劳动关系'], keyFacts: facts, disputeFocus: ['未签书面劳动合同的二倍工资', '拖欠工资的追讨及时效', '以试用期不合格为由辞退是否违法'], posture: '协商', domains: ['劳动法'], subQuestion: '能否追讨欠薪和二倍工资，时效多长，被辞退能否要求赔偿金', missingFacts: ['月工资数额', '考勤与工资发放记录'], factDate: '2024-04-15', place: null } });
    // A limitation a model may well give for wages (劳动争议 have their own): a real article, outside the evidence.
    bench.llm.queue('answer', { text: `追讨欠薪应在三年内提出（${LIMITATION}），催讨过的依第一百九十五条重新计算；你可以解除劳动合同[1]。` });
    const t = await bench.consultations().ask({ text: WAGES, title: '欠薪', asOf: '2024-05-10' });
    const cited = t.citations.find((c) => c.marker === LIMITATION);
    assert.equal(cited?.label, 'outside_evidence', JSON.stringify(t.citations));
    articleId = cited!.articleId!;
    assert.ok(!t.evidence.some((e) => e.articleId === articleId), 'the article is in none of the turn\'s evidence, top or pool');
    model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
  });
  after(async () => {
    await bench?.dispose();
    fs.rmSync(out, { recursive: true, force: true });
  });

  test('is listed with the text stored with the citation, dated as the evidence is, and linked from the answer', () => {
    const s = model.statutes.find((x) => x.articleId === articleId);
    assert.ok(s, model.statutes.map((x) => x.label).join(' '));
    assert.deepEqual([s.ref, s.label, s.audit, s.turns], [1, '第一百八十八条', 'outside_evidence', [1]]);
    assert.match(s.text, /^向人民法院请求保护民事权利的诉讼时效期间为三年/);
    assert.match(versionLine(s), /2024-05-10 施行中（今现行有效）$/);
    assert.ok(s.path.length > 0, 'its place in its law');
    assert.equal(model.turns[0]!.answer, `追讨欠薪应在三年内提出（${LIMITATION}[1]），催讨过的依第一百九十五条[2]重新计算；你可以解除劳动合同[3]。`);
    assert.deepEqual(model.turns[0]!.refs, [1, 2, 3]);
    assert.equal(model.statutes[1]!.label, '第一百九十五条', 'the bare number, read as the law named last');
  });

  test('the warning says what such a citation lacks and what to do, and points at its text', () => {
    assert.ok(
      model.warnings.includes(`第 1 轮的引用 ${LIMITATION}[1] 是证据外的法条：不在本轮检索并审查过的证据中，回答依据它的结论未经适用性和充分性审查，请核对该条是否适用本案。`),
      model.warnings.join('\n'),
    );
    // How the audit read a bare number is kept.
    assert.ok(model.warnings.includes('第 1 轮的引用 第一百九十五条[2] 是证据外的法条（第一百九十五条没有写明法律，按回答前面最后提到的法律读作《中华人民共和国民法典》第一百九十五条）：不在本轮检索并审查过的证据中，回答依据它的结论未经适用性和充分性审查，请核对该条是否适用本案。'), model.warnings.join('\n'));
    assert.ok(!model.warnings.some((w) => w.includes('未通过核验')), 'a real article outside the evidence did not fail its check');
  });

  test('Markdown and Word carry its footnote and its whole text', async () => {
    const md = (await renderReport(model, 'md')).toString('utf8');
    assert.ok(md.includes(`${LIMITATION}[^1]`), 'a footnote reference after the written citation');
    assert.match(md, /^\[\^1\]: 《中华人民共和国民法典》第一百八十八条/m);
    const file = path.join(out, 'outside.docx');
    fs.writeFileSync(file, await renderReport(model, 'docx'));
    const parts = await docxParts(file);
    assert.ok(parts['document.xml']!.includes('向人民法院请求保护民事权利的诉讼时效期间为三年'), 'the article\'s text in Word');
    assert.match(parts['footnotes.xml']!, /《中华人民共和国民法典》第一百八十八条/);
  });

  test('the PDF prints the state\'s labels whole (「当前问\\n题」 read as two words), with the article outside the evidence', { skip: NO_PDF }, async () => {
    const file = path.join(out, 'outside.pdf');
    fs.writeFileSync(file, await renderReport(model, 'pdf'));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const [, label] of STATE_FIELDS) assert.match(text, new RegExp(`^\\s*${label}\\s`, 'm'), `${label} on one line`);
    assert.ok(text.replace(/\s+/g, '').includes('向人民法院请求保护民事权利的诉讼时效期间为三年'));
  });
});

describe('an answer citing an article outside its evidence for words another article holds', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  let model: ReportModel;
  const WRONG = '《劳动合同法》第二十二条';
  before(async () => {
    bench = await startBench();
    // 第二十二条 is on training and service periods; what the answer says is 第四十七条's (经济补偿的计算).
    bench.llm.queue('answer', { text: `你可以解除劳动合同[1]。经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资（${WRONG}）。` });
    const t = await bench.consultations().ask({ text: WAGES, title: '欠薪', asOf: '2024-05-10' });
    const cited = t.citations.find((c) => c.marker === WRONG);
    assert.equal(cited?.label, 'outside_evidence', JSON.stringify(t.citations));
    assert.equal(cited?.closer?.label, '第四十七条', cited?.noteZh ?? '');
    model = buildReport(bench.lib.engine, bench.consultations(), t.consultationId, '0.0.0');
  });
  after(async () => {
    await bench?.dispose();
  });

  test('is warned of once, the article its words fit named in that one warning', () => {
    // Before, a second warning repeated the audit's note on the same citation, word for word, in 注意.
    const about = model.warnings.filter((w) => w.includes(WRONG));
    assert.equal(about.length, 1, about.join('\n'));
    assert.match(about[0]!, /是证据外的法条（回答此处所述与该条内容不符（该条为「用人单位为劳动者提供专项培训费用.*与该法第四十七条相符.*请核对条号）：不在本轮检索并审查过的证据中/);
  });
});
