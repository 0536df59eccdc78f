/**
 * A brief cites the parties' own documents as it cites laws (《借款合同》第八条): each is listed as no statute, not
 * checked, and counted apart from a citation not found — in checkDraft, the CLI (text, --json, --out) and an answer's
 * audit, which leaves it out. A law whose title holds such a word, and a law the library lacks, stay laws.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { auditCitations } from '../../main/consult/citationAudit.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# document citation tests ${SKIP}`);

const BRIEF = '根据双方签订的《借款合同》第八条约定……依照《劳动合同》第五条，乙方工作地点为深圳。《股权转让协议》第三条约定了价款。';
const PARTY = '合同、协议等当事人文件的条款，非法律法规，未核验';

describe('a clause of a contract or a judgment cited in a brief', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  before(async () => {
    lib = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md', '司法解释/最高人民法院关于审理行政协议案件若干问题的规定(2019-11-27).md'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-document-'));
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('each is no statute, not checked, counted apart, and no law is suggested for 《劳动合同》', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, BRIEF, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.noteZh]), [
      ['《借款合同》第八条', 'not_statute', PARTY],
      ['《劳动合同》第五条', 'not_statute', PARTY],
      ['《股权转让协议》第三条', 'not_statute', PARTY],
    ]);
    assert.deepEqual(r.counts, { ok: 0, check: 0, quote_mismatch: 0, unresolvable: 0, not_statute: 3 });
    assert.ok(r.citations.every((c) => c.document === 'party' && c.articleId === null));
  });

  test('a bare 第N条 after a contract\'s clause is the contract\'s, not the law named before it', () => {
    const text = '依照《借款合同》第八条、第九条。依照《劳动合同法》第三十八条、《借款合同》第十条、第十一条，乙方可以解除合同。依照《劳动合同法》第三十八条、第三十九条。';
    const r = checkDraft(lib.engine.searchDeps().resolver, text, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.lawTitle]), [
      ['《借款合同》第八条', 'not_statute', null],
      ['第九条', 'not_statute', null],
      ['《劳动合同法》第三十八条', 'ok', '中华人民共和国劳动合同法'],
      ['《借款合同》第十条', 'not_statute', null],
      ['第十一条', 'not_statute', null],
      ['《劳动合同法》第三十八条', 'ok', '中华人民共和国劳动合同法'],
      ['第三十九条', 'ok', '中华人民共和国劳动合同法'],
    ], 'after the law again, a bare number is the law\'s');
    assert.equal(r.citations[1]!.noteZh, `第九条没有写明法律，按前面的《借款合同》读作其第九条：${PARTY}`);
  });

  test('a judgment, a charter and the parties\' other papers; a law with 协议 in its title, a 决定 and 中国共产党章程 stay laws', () => {
    const text = [
      '《民事判决书》第二条', '《某某有限公司章程》第十条', '《建设工程施工合同（示范文本）》第五条', '《授权委托书》第一条',
      '《最高人民法院关于审理行政协议案件若干问题的规定》第五条',
      '《全国人民代表大会常务委员会关于加强网络信息保护的决定》第五条', '《中国共产党章程》第十条',
    ].join('\n');
    const r = checkDraft(lib.engine.searchDeps().resolver, text, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.finding, c.document ?? null]), [
      ['not_statute', 'ruling'], ['not_statute', 'party'], ['not_statute', 'party'], ['not_statute', 'party'],
      ['ok', null], ['unresolvable', null], ['unresolvable', null],
    ]);
    assert.equal(r.citations[0]!.noteZh, '裁判文书、决定书等法律文书，非法律法规，未核验');
    assert.equal(r.citations[5]!.noteZh, '法规库中没有这部法律', 'a 决定 the library lacks is a law it lacks');
  });

  test('the wordings a brief cites its contract in are all ○ (a .txt brief through the CLI), and 《劳动合同法》 stays a law', async () => {
    // Each line a wording that was ✗ 「法规库中没有这部法律」 (or 「是否指《中华人民共和国劳动合同法》？」) or not listed at all.
    const lines = [
      '双方于2020年3月1日签订的《劳动合同》中第五条约定，乙方工作地点为深圳。',
      '《借款合同》（合同编号：JK2023-001）第八条约定借款期限为一年。',
      '《补充协议一》第二条约定违约金为十万元。',
      '《补充协议》约定第二条的违约金过高。',
      '《劳动合同补充条款》第二条约定了岗位。',
      '《还款计划》第二条约定分期还款。',
      '申请人提交了《劳动合同》，',
      '第五条约定乙方工作地点为深圳。',
      '《劳动合同》第五条第二款约定试用期为三个月，违反《劳动合同法》第十九条。',
    ];
    const file = path.join(dir, 'contract-wordings.txt');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const json = parseJsonOutput<{ counts: Record<string, number>; citations: Array<{ marker: string; finding: string; document?: string; noteZh?: string }> }>(
      await runCli(['check', file, '--json', '--as-of', '2026-11-27', '--db', lib.dbPath]));
    assert.deepEqual(json.citations.map((c) => [c.marker, c.finding, c.document ?? null]), [
      ['第五条', 'not_statute', 'party'],
      ['第八条', 'not_statute', 'party'],
      ['《补充协议一》第二条', 'not_statute', 'party'],
      ['第二条', 'not_statute', 'party'],
      ['《劳动合同补充条款》第二条', 'not_statute', 'party'],
      ['《还款计划》第二条', 'not_statute', 'party'],
      ['第五条', 'not_statute', 'party'],
      ['《劳动合同》第五条第二款', 'not_statute', 'party'],
      ['《劳动合同法》第十九条', 'ok', null],
    ]);
    assert.equal(json.citations[1]!.noteZh, `第八条没有写明法律，按前面的《借款合同》读作其第八条：${PARTY}`);
    assert.equal(json.citations[6]!.noteZh, `第五条没有写明法律，按前面的《劳动合同》读作其第五条：${PARTY}`, 'a title alone on the line before');
    assert.deepEqual(json.counts, { ok: 1, check: 0, quote_mismatch: 0, unresolvable: 0, not_statute: 8 });
  });

  test('a bare 第N条 in the sentences after a contract\'s clause is the contract\'s; after a law, with 规定 or with a law named between, it is not', () => {
    const text = [
      '依照《劳动合同法》第三十条，用人单位应当按照劳动合同约定支付劳动报酬。根据《劳动合同》第五条，乙方月工资为一万元。第六条约定工资于每月十日发放。依照第七条，甲方应当为乙方缴纳社会保险。',
      '根据《劳动合同》第五条，乙方月工资为一万元。依照劳动合同法第三十八条，乙方可以解除劳动合同，第四十六条亦有规定。',
      '根据《劳动合同》第五条，乙方月工资为一万元。第三十八条规定了劳动者解除劳动合同的情形。',
      '依照《劳动合同法》第三十八条，乙方可以解除劳动合同。第十条约定的竞业限制条款见前述《劳动合同》。',
    ].join('\n');
    const r = checkDraft(lib.engine.searchDeps().resolver, text, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.lawTitle]), [
      ['《劳动合同法》第三十条', 'ok', '中华人民共和国劳动合同法'],
      ['《劳动合同》第五条', 'not_statute', null],
      ['第六条', 'not_statute', null],
      ['第七条', 'not_statute', null],
      ['《劳动合同》第五条', 'not_statute', null],
      ['劳动合同法第三十八条', 'ok', '中华人民共和国劳动合同法'],
      ['第四十六条', 'check', '中华人民共和国劳动合同法'],
      ['《劳动合同》第五条', 'not_statute', null],
      ['第三十八条', 'check', '中华人民共和国劳动合同法'],
      ['《劳动合同法》第三十八条', 'ok', '中华人民共和国劳动合同法'],
      ['第十条', 'not_statute', null],
    ]);
    // A bare number read as a law's article is to check (its law not written), as before.
    assert.match(r.citations[8]!.noteZh ?? '', /^第三十八条没有写明法律，按文中前面最后提到的法律读作/);
    assert.equal(r.citations[3]!.noteZh, `第七条没有写明法律，按前面的《劳动合同》读作其第七条：${PARTY}`, 'not 劳动合同法 第七条, the law named before the contract');
  });

  test('a bare 第N条 said with 规定 after a contract only mentioned in its sentence is to check, its note naming both readings', () => {
    const text = [
      '依照《劳动合同法》第十条，用人单位应当与劳动者订立书面劳动合同。双方签订的《劳动合同》亦有约定，第八十二条规定，用人单位未订立书面劳动合同的，应当支付二倍工资。',
      '依照《劳动合同法》第十条，用人单位应当与劳动者订立书面劳动合同。《劳动合同》亦有约定。依据劳动合同法第四十七条，经济补偿按工作年限计算。',
      '依照《劳动合同法》第十条，应当订立书面劳动合同。《劳动合同》第五条约定了月工资，第八条规定了解除条件。',
      '依照《劳动合同法》第十条，应当订立书面劳动合同。《劳动合同》亦有约定，第二百条规定了违约金。',
      '依照《劳动合同法》第十条，应当订立书面劳动合同。《劳动合同》亦有约定，第九条约定了试用期。',
      '双方签订的《劳动合同》亦有约定，第八十二条规定，用人单位应当支付二倍工资。',
    ].join('\n');
    const r = checkDraft(lib.engine.searchDeps().resolver, text, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.articleLabel]), [
      ['《劳动合同法》第十条', 'ok', '第十条'],
      ['第八十二条', 'check', '第八十二条'],
      ['《劳动合同法》第十条', 'ok', '第十条'],
      ['劳动合同法第四十七条', 'ok', '第四十七条'],
      ['《劳动合同法》第十条', 'ok', '第十条'],
      ['《劳动合同》第五条', 'not_statute', null],
      ['第八条', 'not_statute', null],
      ['《劳动合同法》第十条', 'ok', '第十条'],
      ['第二百条', 'not_statute', null],
      ['《劳动合同法》第十条', 'ok', '第十条'],
      ['第九条', 'not_statute', null],
      ['第八十二条', 'not_statute', null],
    ], 'ambiguous only when the contract is mentioned, not cited by clause, the number says 规定, the law named in its paragraph has it');
    assert.equal(r.citations[1]!.noteZh,
      '第八十二条可指前面的《劳动合同》的条款（当事人文件，非法律法规），也可指法律条文，请写明所指；第八十二条没有写明法律，按文中前面最后提到的法律读作《中华人民共和国劳动合同法》第八十二条');
    assert.match(r.citations[1]!.note!, /^第八十二条 may be a clause of 《劳动合同》 named before it \(a party's document, no law\) or a law's article: say which; /);
    // An answer's audit reads it the same way, as the law's article with both readings said.
    const audit = auditCitations(text.split('\n')[0]!, [], lib.engine.searchDeps().resolver, '2026-11-27');
    assert.deepEqual(audit.map((c) => [c.marker, c.label, c.articleLabel]), [['《劳动合同法》第十条', 'outside_evidence', '第十条'], ['第八十二条', 'outside_evidence', '第八十二条']]);
    assert.match(audit[1]!.noteZh!, /^第八十二条可指前面的《劳动合同》的条款/);
  });

  test('该法 and 该规定 a sentence later reach back to the law or 规定 named, past a contract between', () => {
    const rule = '最高人民法院关于审理行政协议案件若干问题的规定';
    const text = [
      '依照《中华人民共和国劳动合同法》第十条，应当订立书面劳动合同。双方签订的《劳动合同》第五条约定了月工资。该法第八十二条规定了二倍工资。',
      `《${rule}》第一条规定了行政协议的含义。该规定第二条列举了可以提起行政诉讼的协议。`,
      '双方签订的《劳动合同》第五条约定了月工资。该法第八十二条规定了二倍工资。',
    ].join('\n');
    const r = checkDraft(lib.engine.searchDeps().resolver, text, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.lawTitle, c.articleLabel]), [
      ['《中华人民共和国劳动合同法》第十条', 'ok', '中华人民共和国劳动合同法', '第十条'],
      ['《劳动合同》第五条', 'not_statute', null, null],
      ['第八十二条', 'ok', '中华人民共和国劳动合同法', '第八十二条'],
      [`《${rule}》第一条`, 'ok', rule, '第一条'],
      ['第二条', 'ok', rule, '第二条'],
      ['《劳动合同》第五条', 'not_statute', null, null],
      ['该法第八十二条', 'unresolvable', null, null],
    ]);
    assert.equal(r.citations[6]!.noteZh, '“该法”所指的法律在本句和本段前文中都没有写明，无法核验这条引用', 'the contract is no 法');
  });

  test('an answer\'s audit does not count the client\'s contract as a statute it cannot resolve', () => {
    const answer = '依照《劳动合同》第五条，工作地点为深圳；用人单位未及时足额支付劳动报酬的，劳动者可以依据《劳动合同法》第三十八条解除劳动合同。';
    const audit = auditCitations(answer, [], lib.engine.searchDeps().resolver, '2026-11-27');
    assert.deepEqual(audit.map((c) => [c.marker, c.label]), [['《劳动合同法》第三十八条', 'outside_evidence']]);
  });

  test('lexdesk check: the CLI marks them ○ and counts them apart, in text, --json and the compilation written by --out', async () => {
    const text = await runCli(['check', '-', '--as-of', '2026-11-27', '--db', lib.dbPath], {}, { input: BRIEF });
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^3 citations in -, law as of 2026-11-27: 3 document clauses, not statutes \(not checked\)$/m);
    assert.match(text.stdout, /○ 2\. 《劳动合同》第五条\n.*\n {7}合同、协议等当事人文件的条款，非法律法规，未核验/);
    assert.doesNotMatch(text.stdout, /✗|是否指|not found/);
    const json = parseJsonOutput<{ counts: Record<string, number>; citations: Array<{ finding: string }> }>(
      await runCli(['check', '-', '--json', '--db', lib.dbPath], {}, { input: BRIEF }));
    assert.equal(json.counts.not_statute, 3);
    assert.equal(json.counts.unresolvable, 0);
    const md = path.join(dir, 'out.md');
    const out = await runCli(['check', '-', '--out', md, '--db', lib.dbPath], {}, { input: `${BRIEF}\n《劳动合同法》第三十八条` });
    assert.equal(out.code, 0);
    const written = fs.readFileSync(md, 'utf8');
    assert.match(written, /非法律法规的引用（合同、裁判文书等，未核验）\*\*\n> - 《借款合同》第八条：合同、协议等当事人文件的条款/);
    assert.doesNotMatch(written, /未能找到的引用/);
  });
});
