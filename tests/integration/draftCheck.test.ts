/**
 * A brief's citations checked (`lexdesk check`, the route statute.checkText) on real corpus files: a repealed law,
 * a number the 2018 公司法 gave to another provision, a 项 the article lacks, a quotation that is not the
 * article's text, 该法 with no law in its sentence, and a clause of a contract, which is no citation.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Document, FootnoteReferenceRun, Packer, Paragraph, TextRun } from 'docx';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { compilationOfCheck } from '../../main/report/compilation.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { wordXmlText } from '../../main/util/docxText.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# draft check tests ${SKIP}`);

const BRIEF = [
  '根据《中华人民共和国合同法》第五十二条，该合同无效。',
  '依照《公司法》第七十一条，股东向股东以外的人转让股权，应当经其他股东过半数同意[1]。',
  '《劳动合同法》第三十八条第一款第九项规定了劳动者的解除权。',
  '《民法典》第一千一百六十五条规定“行为人因过错侵害他人民事权益，应当承担侵权责任”。',
  '《刑法》第二百六十四条规定了盗窃罪。双方依照合同第五条约定处理。',
].join('\n');

describe('checking the citations of a brief', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  before(async () => {
    lib = await buildLibrary({ files: [...CORE_SUBSET] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-check-'));
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('each citation in order, with what is wrong with it and what it is now', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, BRIEF, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding]), [
      ['《中华人民共和国合同法》第五十二条', 'unresolvable'],
      ['《公司法》第七十一条', 'check'],
      ['《劳动合同法》第三十八条第一款第九项', 'unresolvable'],
      ['《民法典》第一千一百六十五条', 'quote_mismatch'],
      ['《刑法》第二百六十四条', 'ok'],
    ], 'the contract\'s 第五条 and the brief\'s own [1] are no statute citations');
    const [contract, company, item, quoted] = r.citations;
    assert.match(contract!.noteZh!, /已由《中华人民共和国民法典》第一千二百六十条废止/);
    assert.match(company!.noteZh!, /^2018-10-26 版的第七十一条内容不同.*文中指的可能是那一条，现为第八十四条$/);
    assert.doesNotMatch(company!.noteZh!, /证据|回答/, 'a brief has no evidence and is no answer');
    assert.match(item!.noteZh!, /没有第9项/);
    assert.equal(quoted!.quote, '行为人因过错侵害他人民事权益，应当承担侵权责任');
    assert.equal(quoted!.original, '行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。');
    assert.deepEqual(r.counts, { ok: 1, check: 1, quote_mismatch: 1, unresolvable: 2, not_statute: 0 });
  });

  test('a memo on the 2023 公司法: a number whose words fit the 2023 article is found, the earlier numbering said only when they fit it or no article', () => {
    // 2018 gave each of these numbers to another provision. A memo written on the 2023 law cites them for what 2023
    // provides; before, each was ! 「2018-10-26 版的第四十七条内容不同…文中指的可能是那一条」 and its words went unchecked.
    const memo = [
      '根据《公司法》第四十七条，有限责任公司全体股东认缴的出资额应当自公司成立之日起五年内缴足。',
      '公司不能清偿到期债务的，债权人有权要求已认缴出资但未届出资期限的股东提前缴纳出资（《公司法》第五十四条）。',
      '股东未按期缴纳出资，经公司催缴后仍未缴纳的，公司可以发出失权通知（《公司法》第五十条）。',
      '股东未按期缴纳出资，经公司催缴后仍未缴纳的，公司可以向该股东发出失权通知（《公司法》第五十条）。',
      '根据《公司法》第七十一条，股东向股东以外的人转让股权的，其他股东在同等条件下有优先购买权。',
      '股东转让已认缴出资但未届出资期限的股权的，由受让人承担缴纳该出资的义务（《公司法》第八十八条第一款）。',
      '董事会会议应当有过半数的董事出席方可举行（《公司法》第七十三条）。',
    ].join('\n');
    const r = checkDraft(lib.engine.searchDeps().resolver, memo, '2026-12-01');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding]), [
      ['《公司法》第四十七条', 'ok'],
      ['《公司法》第五十四条', 'ok'],
      ['《公司法》第五十条', 'check'],
      ['《公司法》第五十条', 'check'],
      ['《公司法》第七十一条', 'check'],
      ['《公司法》第八十八条第一款', 'ok'],
      ['《公司法》第七十三条', 'ok'],
    ]);
    const [fiveYears, , forfeiture, forfeitureToo, transfer, transferee] = r.citations;
    assert.equal(fiveYears!.noteZh, null, 'no word of 2018\'s 第四十七条 (board meetings)');
    assert.equal(fiveYears!.earlierMeaning, undefined, 'nor a link to where that provision is now');
    assert.equal(transferee!.noteZh, null);
    // 失权 is 2023's 第五十二条: the number is wrong, and the note says so, not that 2018's 第五十条 (执行董事) may be meant.
    assert.match(forfeiture!.noteZh!, /^文中此处所述与该条内容不符.*与该法第五十二条相符/);
    assert.doesNotMatch(forfeiture!.noteZh!, /2018-10-26/);
    assert.equal(forfeiture!.closer?.label, '第五十二条');
    // Told with words 第五十一条 (催缴) fits nearly as well, it names none, but the number is still said to be wrong.
    assert.match(forfeitureToo!.noteZh!, /^文中此处所述与该条内容不符（该条为「有限责任公司设立时/);
    assert.doesNotMatch(forfeitureToo!.noteZh!, /2018-10-26|相符/);
    assert.equal(forfeitureToo!.closer, null);
    // Pre-emption on a transfer is 2018's 第七十一条, 2023's 第八十四条: the earlier numbering stands.
    assert.match(transfer!.noteZh!, /^2018-10-26 版的第七十一条内容不同.*文中指的可能是那一条，现为第八十四条$/);
    assert.equal(transfer!.earlierMeaning?.label, '第八十四条');
  });

  test('a contract\'s own clause headings are no citations; a citation starting a line still is', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const contract = ['股权转让协议', '第一条 转让标的', '甲方将其持有的股权转让给乙方。', '第二条　价款', '价款为十万元。',
      '第九条 违约责任', '任何一方违约的，应当依照《民法典》第五百七十七条承担违约责任。', '第十条 争议解决', '双方协商解决。'].join('\n');
    // Before, 第二条 and 第九条 were "not found" and 第十条 was read as 民法典 第十条, the law named last.
    assert.deepEqual(checkDraft(resolver, contract, '2026-11-27').citations.map((c) => c.marker), ['《民法典》第五百七十七条']);
    const answer = '用人单位应依照《劳动合同法》第四十六条支付经济补偿。\n第三十八条规定，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同。';
    assert.deepEqual(checkDraft(resolver, answer, '2026-11-27').citations.map((c) => [c.marker, c.articleLabel]), [['《劳动合同法》第四十六条', '第四十六条'], ['第三十八条', '第三十八条']]);
  });

  test('a quotation the article lacks is looked for in its law: an earlier version under the same number, a neighbour, or nowhere', () => {
    const brief = [
      '《公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”又，《刑法》第二百六十四条规定了盗窃罪。',
      '《民法典》第一千一百六十六条规定：“行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。”',
      '《劳动合同法》第三十九条规定，“用人单位未及时足额支付劳动报酬的”，劳动者可以解除劳动合同。',
      '《刑法》第二百六十五条规定：“当事人应当遵循诚信原则”。《民法典》第七条“诚实信用原则”。',
    ].join('\n');
    const r = checkDraft(lib.engine.searchDeps().resolver, brief, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.articleLabel, c.finding]), [
      ['第七十一条', 'quote_mismatch'], ['第二百六十四条', 'ok'], ['第一千一百六十六条', 'quote_mismatch'],
      ['第三十九条', 'quote_mismatch'], ['第二百六十五条', 'quote_mismatch'], ['第七条', 'quote_mismatch'],
    ], 'each quotation goes to the citation that introduces it (规定：“…”), not to the one after it');
    const [company, , civil, labour, theft, tooShort] = r.citations;
    assert.equal(company!.publishDate, '2023-12-29');
    assert.deepEqual({ ...company!.quoteSource, articleId: 0, now: { ...company!.quoteSource!.now!, articleId: 0 } }, {
      articleId: 0, lawTitle: '中华人民共和国公司法', label: '第七十一条', publishDate: '2018-10-26', status: 'superseded', sameVersion: false, verbatim: true,
      now: { articleId: 0, label: '第八十四条', match: 'amended' }, applied: false, nowIn: '2023-12-29', revised: true,
    });
    assert.equal(company!.noteZh, '引文不在 2023-12-29 版第七十一条中：引文是 2018-10-26 版第七十一条的条文（已被修订）；2023-12-29 版中为第八十四条，内容有修改');
    assert.match(company!.note!, /is 第七十一条 of the 2018-10-26 version \(superseded\); the 2023-12-29 version holds it as 第八十四条 \(amended\)$/);
    const held = lib.engine.articles([company!.quoteSource!.now!.articleId])[0]!;
    assert.equal(held.label, '第八十四条');
    assert.equal(held.publishDate, '2023-12-29');
    // A mistyped number: the words are the article before it, word for word.
    assert.equal(civil!.quoteSource?.label, '第一千一百六十五条');
    assert.equal(civil!.quoteSource?.sameVersion, true);
    assert.equal(civil!.quoteSource?.verbatim, true);
    assert.equal(civil!.quoteSource?.now, null);
    assert.equal(civil!.noteZh, '引文不在第一千一百六十六条中：引文是本版第一千一百六十五条的条文，条号可能有误', '民法典 has one version: no older numbering to follow');
    // 公司法 has two: a number that is not the words' may follow 2018's numbering.
    const [renumbered] = checkDraft(lib.engine.searchDeps().resolver, '《公司法》第八十五条规定：“应当将股权转让的数量、价格、支付方式和期限等事项书面通知其他股东”', '2026-11-27').citations;
    assert.equal(renumbered!.noteZh, '引文不在第八十五条中：引文是本版第八十四条的条文，条号可能有误或沿用了旧版本的序号');
    // Close, not word for word: 第三十八条 says 「（二）未及时足额支付劳动报酬的」 under 「用人单位有下列情形之一的」.
    assert.equal(labour!.quoteSource?.label, '第三十八条');
    assert.equal(labour!.quoteSource?.verbatim, false);
    assert.match(labour!.noteZh!, /引文接近本版第三十八条的条文/);
    // Words of another law are not looked for there, and two characters say nothing about where they come from.
    assert.equal(theft!.quoteSource, undefined);
    assert.equal(theft!.noteZh, '引文与法条原文不一致');
    assert.equal(tooShort!.quoteSource, undefined);
  });

  test('a citation of a repealed law, or of a number the law lacks, with a quotation: the article in force that holds the words', () => {
    const brief = [
      '《合同法》第一百零七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”',
      '《劳动合同法》第一百二十条规定：“用人单位违反本法规定解除或者终止劳动合同的，应当依照本法第四十七条规定的经济补偿标准的二倍向劳动者支付赔偿金。”',
      '《合同法》第五十二条规定：“以合法形式掩盖非法目的的合同一律无效。”',
    ].join('\n');
    const r = checkDraft(lib.engine.searchDeps().resolver, brief, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.quoteSource?.lawTitle ?? null, c.quoteSource?.label ?? null]), [
      ['《合同法》第一百零七条', 'unresolvable', '中华人民共和国民法典', '第五百七十七条'],
      ['《劳动合同法》第一百二十条', 'unresolvable', '中华人民共和国劳动合同法', '第八十七条'],
      ['《合同法》第五十二条', 'unresolvable', null, null],
    ], 'the third quotation is in no article of 民法典');
    const [contract, labour, nowhere] = r.citations;
    assert.equal(contract!.noteZh, '已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；该条（违约责任）现对应《中华人民共和国民法典》第五百七十七条；请引用现行法律；引文是《中华人民共和国民法典》第五百七十七条的条文');
    assert.equal(contract!.quote, '当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。');
    assert.deepEqual([contract!.quoteSource!.verbatim, contract!.quoteSource!.now, contract!.quoteSource!.status], [true, null, 'current']);
    assert.equal(labour!.noteZh, '中华人民共和国劳动合同法（2012-12-28版本）没有第120条；引文是《中华人民共和国劳动合同法》第八十七条的条文');
    assert.match(nowhere!.noteZh!, /^已废止的法律：.*；该条（合同无效的情形）现对应《中华人民共和国民法典》第一百五十三条、第一百五十四条、第一百四十六条，规则有实质修改；请引用现行法律$/);
    assert.deepEqual(nowhere!.successor?.articles.map((a) => a.label), ['第一百五十三条', '第一百五十四条', '第一百四十六条']);
    const compilation = compilationOfCheck(lib.engine, r, 'brief.txt');
    // The words quoted name 民法典 第五百七十七条; 第五十二条's quotation names none, so the articles that hold its rule now go in.
    assert.deepEqual(compilation.articles.map((a) => a.citation), [
      '《中华人民共和国民法典》第五百七十七条', '《中华人民共和国劳动合同法》第八十七条',
      '《中华人民共和国民法典》第一百五十三条', '《中华人民共和国民法典》第一百五十四条', '《中华人民共和国民法典》第一百四十六条',
    ]);
    assert.match(compilation.articles[0]!.notes[0]!, /^文中“《合同法》第一百零七条”所引的文字（「当事人一方不履行合同义务.*」）见于此条。$/);
    assert.equal(compilation.articles[0]!.notes.length, 1, 'the quotation names the article: no second note for the same one');
    assert.equal(compilation.articles[2]!.notes[0], '文中“《合同法》第五十二条”（合同无效的情形）所引的法律已废止，其规定现见于此条，规则有实质修改。');
    assert.equal(compilation.notFound.length, 3, 'each still listed as not found, with what was found for it');
    // Checked as of 2019, before 民法典 took effect: its article is named with its date, and is no article of the law applied.
    // 合同法 still governed then: right to cite, only not checkable here (to check, not not found), 民法典 named for reference.
    const before = checkDraft(lib.engine.searchDeps().resolver, brief, '2019-06-01');
    assert.equal(before.citations[0]!.noteZh, '《中华人民共和国合同法》在 2019-06-01 仍然有效（已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）），法规库中没有其条文，无法核验；该条（违约责任）现对应《中华人民共和国民法典》第五百七十七条；引文是《中华人民共和国民法典》2020-05-28 版第五百七十七条的条文；该日该法尚无施行的版本');
    assert.deepEqual(before.citations.map((c) => c.finding), ['check', 'unresolvable', 'check']);
    assert.deepEqual(compilationOfCheck(lib.engine, before, 'brief.txt').articles.map((a) => a.citation), ['《中华人民共和国劳动合同法》第八十七条']);
  });

  test('words that stand in several articles name none; a quotation after a list of citations goes to the one that holds it; the date checked picks the version', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const a577 = lib.engine.lookup('民法典第577条');
    assert.ok(a577.ok);
    const common = checkDraft(resolver, '《民法典》第五百七十七条规定：“但是当事人另有约定的除外。”《劳动合同法》第三十八条规定：“构成犯罪的，依法追究刑事责任。”', '2026-11-27');
    assert.deepEqual(common.citations.map((c) => [c.finding, c.quoteSource ?? null, c.noteZh]), [
      ['quote_mismatch', null, '引文与法条原文不一致'],
      ['quote_mismatch', null, '引文与法条原文不一致'],
    ], 'a phrase that ends 23 articles of 民法典, and one in three of 劳动合同法, cannot say which was meant');
    const listed = checkDraft(resolver, `《民法典》第五百七十七条、第五百八十四条规定：“${a577.article.text}”`, '2026-11-27');
    assert.deepEqual(listed.citations.map((c) => [c.articleLabel, c.finding]), [['第五百七十七条', 'ok'], ['第五百八十四条', 'ok']]);
    // Held by neither: the citation that introduces it (the last) is the one whose quotation differs, and it is traced there.
    const neither = checkDraft(resolver, '根据《民法典》第五百七十七条，《公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”', '2026-11-27');
    assert.deepEqual(neither.citations.map((c) => [c.articleLabel, c.finding]), [['第五百七十七条', 'ok'], ['第七十一条', 'quote_mismatch']]);
    assert.match(neither.citations[1]!.noteZh!, /引文是 2018-10-26 版第七十一条的条文/);
    // 公司法 has no 第三百条; its words are 2018's 第七十一条, the version applied in 2020 and the one before 2023's.
    const brief = '《公司法》第三百条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”';
    const [then] = checkDraft(resolver, brief, '2020-06-01').citations;
    assert.match(then!.noteZh!, /；引文是《中华人民共和国公司法》第七十一条的条文$/);
    const [now] = checkDraft(resolver, brief, '2026-11-27').citations;
    assert.match(now!.noteZh!, /；引文是《中华人民共和国公司法》2018-10-26 版第七十一条的条文；2023-12-29 版中为第八十四条，内容有修改$/);
  });

  test('the compilation of such a brief holds the article the quotation means, in the version checked', async () => {
    const brief = '《公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”';
    const compilation = compilationOfCheck(lib.engine, checkDraft(lib.engine.searchDeps().resolver, brief, '2026-11-27'), 'brief.txt');
    assert.deepEqual(compilation.articles.map((a) => [a.citation, a.publishDate]), [['《中华人民共和国公司法》第七十一条', '2023-12-29'], ['《中华人民共和国公司法》第八十四条', '2023-12-29']]);
    assert.deepEqual(compilation.articles[1]!.notes, ['文中“《公司法》第七十一条”所引的文字（「股东向股东以外的人转让股权，应当经其他股东过半数同意。」）出自 2018-10-26 版第七十一条，其规定在本版为此条（内容有修改）。']);
    // Without a quotation, an older numbering: the article that holds 2018's 第七十一条 now goes in beside it.
    const bare = compilationOfCheck(lib.engine, checkDraft(lib.engine.searchDeps().resolver, '依照《公司法》第七十一条，其他股东享有优先购买权。', '2026-11-27'), 'brief.txt');
    assert.deepEqual(bare.articles.map((a) => a.citation), ['《中华人民共和国公司法》第七十一条', '《中华人民共和国公司法》第八十四条']);
    assert.deepEqual(bare.articles[1]!.notes, ['文中“《公司法》第七十一条”若按修订前的条文序号，指的是此条（现为第八十四条）。']);
    const cli = await runCli(['check', '-', '--as-of', '2026-11-27', '--db', lib.dbPath], {}, { input: brief });
    assert.match(cli.stdout, /≠ 1\. 《公司法》第七十一条 .*\n\s+第1行：《公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股…\n\s+引文不在 2023-12-29 版第七十一条中：引文是 2018-10-26 版第七十一条的条文（已被修订）；2023-12-29 版中为第八十四条，内容有修改\n/);
  });

  test('a quotation that leaves words out (……) passes when its pieces stand in the article in order; a changed piece does not', () => {
    const check = (text: string) => checkDraft(lib.engine.searchDeps().resolver, text, '2026-11-27').citations.map((c) => c.finding);
    assert.deepEqual(check('《民法典》第一千一百六十五条规定：“行为人因过错侵害他人民事权益造成损害的，……应当承担侵权责任。”'), ['ok']);
    assert.deepEqual(check('《劳动合同法》第三十八条规定：“用人单位有下列情形之一的，劳动者可以解除劳动合同：……（二）未及时足额支付劳动报酬的”'), ['ok']);
    assert.deepEqual(check('《民法典》第一千一百六十五条规定：“……应当承担侵权责任。”'), ['ok']);
    assert.deepEqual(check('《民法典》第一千一百六十五条规定：“行为人因过错侵害他人民事权益造成损害的，……应当承担赔偿责任。”'), ['quote_mismatch']);
    assert.deepEqual(check('《民法典》第一千一百六十五条规定：“应当承担侵权责任……行为人因过错侵害他人民事权益造成损害的”'), ['quote_mismatch'], 'pieces out of order');
  });

  test('in a brief, a quotation only near a citation is checked when it resembles the article: a party\'s words or a term are left alone', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, [
      '公司以“严重违反规章制度”为由解除，但该制度未经《劳动合同法》第四条规定的民主程序。',
      '依照《劳动合同法》第三十九条，劳动者“严重违反用人单位的劳动纪律的”，用人单位可以解除劳动合同。',
    ].join('\n'), '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.articleLabel, c.finding]), [['第四条', 'ok'], ['第三十九条', 'quote_mismatch']]);
    assert.equal(r.citations[1]!.original, '（二）严重违反用人单位的规章制度的；', 'the item most like the quotation, not the longest sharing a few words');
  });

  test('the 原文 of a quotation running over two clauses holds both, the one it gets wrong included', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, '《民法典》第一千零八十七条规定：“离婚时，夫妻的共同财产由双方协议处理；协议不成的，由人民法院平均分割。”', '2026-11-27');
    assert.deepEqual(r.citations.map((c) => c.finding), ['quote_mismatch']);
    assert.equal(r.citations[0]!.original, '离婚时，夫妻的共同财产由双方协议处理；协议不成的，由人民法院根据财产的具体情况，按照照顾子女、女方和无过错方权益的原则判决。');
  });

  test('a repealed law after a one-character citing verb (按, 依) is still read as that law, and a law name holding such a character is not cut', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, '原告并按合同法第一百一十四条主张违约金。\n担保人依担保法第十九条承担责任。\n依照护照法第十条办理。', '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding]), [
      ['合同法第一百一十四条', 'unresolvable'], ['担保法第十九条', 'unresolvable'], ['护照法第十条', 'unresolvable'],
    ]);
    // The two repealed laws are counted apart from the one the library does not hold.
    assert.equal(r.repealedLaws, 2);
    assert.deepEqual(r.citations.map((c) => c.repealedLaw ?? false), [true, true, false]);
    const [penalty, guarantee, passport] = r.citations;
    assert.match(penalty!.noteZh!, /已由《中华人民共和国民法典》第一千二百六十条废止.*第五百八十五条/);
    assert.match(guarantee!.noteZh!, /第六百八十六条，规则有实质修改/);
    assert.equal(passport!.noteZh, '法规库中没有这部法律', 'not read as 法 after 照: this library holds no 护照法');
  });

  test('a law the library lacks under the name typed names the law it comes close to; 同法 is the law just named', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, '依据《劳动合同发》第三十八条解除合同。\n依据《劳动合同法》第四十六条，同法第四十七条规定了经济补偿的标准。', '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.finding, c.articleLabel]), [['unresolvable', null], ['ok', '第四十六条'], ['ok', '第四十七条']]);
    assert.equal(r.citations[0]!.noteZh, '法规库中没有这个名称的法律；是否指《中华人民共和国劳动合同法》？');
    assert.equal(r.citations[2]!.lawTitle, '中华人民共和国劳动合同法');
  });

  test('a citation of a version no longer applied says where the version applied holds the provision', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, '依据《公司法》（2018年修正）第七十一条，其他股东享有优先购买权。', '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.articleLabel, c.publishDate, c.finding]), [['第七十一条', '2018-10-26', 'check']]);
    assert.equal(r.citations[0]!.noteZh, '引用的是已被修订的版本（2018-10-26）；适用的法律截至 2026-11-27，该日适用的 2023-12-29 版中为第八十四条，内容有修改');
  });

  test('a 款 the article in force lacks but its earlier text had is read as that text\'s, and where that 款 stands now is named, not the article\'s first 款', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const [bare] = checkDraft(resolver, '根据《公司法》第二十条第三款，股东滥用公司法人独立地位和股东有限责任，逃避债务的，应当对公司债务承担连带责任。', '2026-11-27').citations;
    assert.equal(bare!.finding, 'check', 'not 「引用的款或项不存在」: 2018\'s 第二十条 had a 第三款');
    assert.match(bare!.noteZh!, /^2018-10-26 版的第二十条内容不同（「公司股东应当遵守法律.*文中指的可能是那一条，现为第二十三条$/);
    const [dated] = checkDraft(resolver, '依据《公司法》（2018年修正）第二十条第三款', '2026-11-27').citations;
    assert.match(dated!.noteZh!, /该日适用的 2023-12-29 版中为第二十三条，内容有修改$/, 'the 款 cited, not 第二十一条 that took the article\'s first two');
    const [unknownYear] = checkDraft(resolver, '《公司法》（2016年修正）第七十一条', '2026-11-27').citations;
    assert.equal(unknownYear!.noteZh, '中华人民共和国公司法没有与引用所写的年份（2016年）对应的版本；现有版本：2023-12-29（现行有效）、2018-10-26（已被修订）。', 'the versions written out: a brief\'s check lists no candidates below');
    const [item] = checkDraft(resolver, '《劳动合同法》第三十八条第一款第九项', '2026-11-27').citations;
    assert.equal(item!.finding, 'unresolvable', 'a 项 no text of the law had is still wrong');
  });

  test('an older version as of an earlier date: the 2018 text is the law then, and 第七十一条 is fine', () => {
    const r = checkDraft(lib.engine.searchDeps().resolver, '《公司法》第七十一条', '2020-06-01');
    assert.equal(r.citations[0]?.publishDate, '2018-10-26');
    assert.equal(r.citations[0]?.finding, 'ok', 'the version applied then, cited rightly: nothing to check');
    assert.equal(r.citations[0]?.noteZh, '2018-10-26 版在 2020-06-01 适用；该版其后已被修订，现行的 2023-12-29 版中为第八十四条，内容有修改');
    // The last day the 2018 text applied, and the first of the 2023 one (in force 2024-07-01).
    assert.equal(checkDraft(lib.engine.searchDeps().resolver, '《公司法》第七十一条', '2024-06-30').citations[0]?.finding, 'ok');
    const later = checkDraft(lib.engine.searchDeps().resolver, '依据《公司法》（2018年修正）第七十一条', '2024-07-01').citations[0]!;
    assert.deepEqual([later.publishDate, later.finding], ['2018-10-26', 'check']);
    assert.match(later.noteZh!, /^引用的是已被修订的版本（2018-10-26）；适用的法律截至 2024-07-01/);
  });

  test('as of a date before the library\'s first version of a law, a citation is read in that first version and marked to check', () => {
    const resolver = lib.engine.searchDeps().resolver;
    // The library's 公司法 begins with 2018's text: the text in force in 2015 is not in it.
    const then = checkDraft(resolver, '依据《公司法》第七十一条，股东之间可以相互转让股权。', '2015-06-01');
    assert.deepEqual(then.citations.map((c) => [c.articleLabel, c.publishDate, c.finding]), [['第七十一条', '2018-10-26', 'check']]);
    assert.equal(then.citations[0]!.noteZh, '法规库中没有该法在 2015-06-01 施行的版本（最早的是 2018-10-26 版）；该法此后经 2018-10-26 修改；按 2018-10-26 版核对，当时施行的文本可能与此不同');
    // A law whose first version in the library was in force then: no such note.
    const later = checkDraft(resolver, '依据《公司法》第七十一条，股东之间可以相互转让股权。', '2019-06-01');
    assert.doesNotMatch(later.citations[0]!.noteZh ?? '', /法规库中没有该法/);
    // A law not yet in force then is said to be so.
    const code = checkDraft(resolver, '依照《中华人民共和国民法典》第五百七十七条。', '2019-06-01');
    assert.deepEqual([code.citations[0]!.finding, code.citations[0]!.noteZh], ['check', '民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；本条规则当时见于《合同法》第一百零七条（违约责任），法规库中没有该法的条文；此为民法典的条文，当时的条文可能与此不同']);
    // A 项 the later text lacks is no proof of a wrong citation when the text of the time is not here: to check, not ✗.
    const item = checkDraft(resolver, '依照《中华人民共和国刑法》第二百六十四条第（五）项。', '2019-06-01');
    assert.equal(item.citations[0]!.finding, 'check');
    assert.match(item.citations[0]!.noteZh!, /^法规库中没有该法在 2019-06-01 施行的版本（最早的是 2020-12-26 版，2021-03-01 施行）；该法此后经 2020-12-26 修改；按 2020-12-26 版核对，当时施行的文本可能与此不同；/);
    assert.equal(checkDraft(resolver, '依照《中华人民共和国刑法》第二百六十四条第（五）项。', '2026-01-01').citations[0]!.finding, 'unresolvable', 'as of today it is ✗');
  });

  test('lexdesk check reads text, Word (body and footnotes) and stdin, and refuses what it cannot read', async () => {
    const txt = path.join(dir, 'brief.txt');
    fs.writeFileSync(txt, BRIEF);
    const text = await runCli(['check', txt, '--as-of', '2026-11-27', '--db', lib.dbPath]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^5 citations in .*brief\.txt, law as of 2026-11-27: 1 found, 1 to check, 1 quotation differs, 1 not found, 1 citing a repealed law\n/);
    assert.match(text.stdout, /✓ 5\. 《刑法》第二百六十四条 → 《中华人民共和国刑法》第二百六十四条（2020-12-26 版）  \[第5行\]\n/, 'a citation found as written: only its line');
    assert.match(text.stdout, /≠ 4\. 《民法典》第一千一百六十五条 → 《中华人民共和国民法典》第一千一百六十五条（2020-05-28 版）\n\s+第4行：《民法典》第一千一百六十五条规定“行为人因过错侵害他人民事权益，应当承担侵权…\n.*\n\s+引文：「行为人因过错侵害他人民事权益，应当承担侵权责任」\n\s+原文：「行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。」/);

    const docx = path.join(dir, 'brief.docx');
    const footnotes = { 1: { children: [new Paragraph('参见《劳动合同法》第四十七条。')] } };
    const doc = new Document({ footnotes, sections: [{ children: [new Paragraph({ children: [new TextRun('依照《刑法》第二百六十四条 & 第二百六十五条处理'), new FootnoteReferenceRun(1)] })] }] });
    fs.writeFileSync(docx, await Packer.toBuffer(doc));
    const json = parseJsonOutput<{ citations: Array<{ articleLabel: string; finding: string }> }>(await runCli(['check', docx, '--json', '--db', lib.dbPath]));
    assert.deepEqual(json.citations.map((c) => c.articleLabel), ['第二百六十四条', '第二百六十五条', '第四十七条'], 'the body, then the footnotes; & decoded');

    const stdin = await runCli(['check', '-', '--db', lib.dbPath], {}, { input: '《刑法》第二百六十四条' });
    assert.match(stdin.stdout, /^1 citation in -/);

    const unreadable = path.join(dir, 'binary.txt');
    fs.writeFileSync(unreadable, Buffer.from([0x41, 0xff, 0x41, 0x00]));
    const refused = await runCli(['check', unreadable, '--db', lib.dbPath]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /binary\.txt is neither UTF-8 nor GBK text/);
    const doc97 = await runCli(['check', path.join(dir, 'brief.doc'), '--db', lib.dbPath]);
    assert.match(doc97.stderr, /No file .*brief\.doc/);
    const folder = await runCli(['check', dir, '--db', lib.dbPath]);
    assert.equal(folder.code, 1);
    assert.match(folder.stderr, /is a folder; name a file in it/, 'not Node\'s EISDIR');
    fs.writeFileSync(path.join(dir, 'old.doc'), Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]));
    assert.match((await runCli(['check', path.join(dir, 'old.doc'), '--db', lib.dbPath])).stderr, /old\.doc could not be read as a Word 97–2003 \(\.doc\) file \(.+\); a WPS file or a damaged one: open it and save it as \.docx/);
    fs.writeFileSync(path.join(dir, 'fake.docx'), 'not a zip');
    assert.match((await runCli(['check', path.join(dir, 'fake.docx'), '--db', lib.dbPath])).stderr, /is not a Word \(\.docx\) file/);
  });

  test('the articles a brief cites as a compilation: each once in the order first cited, what its check found, what named none first', async () => {
    const md = path.join(dir, 'brief-compiled.md');
    const twice = `${BRIEF}\n另见《刑法》第二百六十四条第一款。`;
    fs.writeFileSync(path.join(dir, 'twice.txt'), twice);
    const res = await runCli(['check', path.join(dir, 'twice.txt'), '--as-of', '2026-11-27', '--out', md, '--db', lib.dbPath]);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /\nWritten to .*brief-compiled\.md: 8 articles, 1 citation not found \(listed at its top\)\.\n$/);
    const text = fs.readFileSync(md, 'utf8');
    assert.match(text, /引用：twice\.txt中引用的法条 · 共 8 条 · 版本截至 2026-11-27/);
    assert.match(text, /> - 《中华人民共和国合同法》第五十二条：已废止的法律/);
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    // The repealed 合同法 第五十二条 is listed as not found and its rule's articles in 民法典 go first, where it was cited.
    assert.deepEqual(headings, [
      '《中华人民共和国民法典》第一百五十三条', '《中华人民共和国民法典》第一百五十四条', '《中华人民共和国民法典》第一百四十六条',
      '《中华人民共和国公司法》第七十一条', '《中华人民共和国公司法》第八十四条', '《中华人民共和国劳动合同法》第三十八条', '《中华人民共和国民法典》第一千一百六十五条', '《中华人民共和国刑法》第二百六十四条',
    ], 'each once, 刑法 第二百六十四条 cited twice; 第八十四条, which holds what 2018 numbered 第七十一条, beside that number');
    assert.match(text, /\*\*注意\*\*：文中“《民法典》第一千一百六十五条”：引文与法条原文不一致（文中引文「行为人因过错侵害他人民事权益，应当承担侵权责任」）/);
    // 刑法 第二百六十四条 was cited once whole and once by its 第一款: the 款 is bold.
    assert.match(text, /\*\*盗窃公私财物，数额较大的/);
    const none = path.join(dir, 'none.md');
    const nothing = await runCli(['check', '-', '--out', none, '--db', lib.dbPath], {}, { input: '《外星人权益保障法》第三条' });
    assert.match(nothing.stdout, /No article found to compile: nothing written to/);
    assert.ok(!fs.existsSync(none));
  });

  test('in a Word file a soft line break (Shift+Enter) starts no new 段, and a citation broken by one reads whole', async () => {
    const file = path.join(dir, 'soft.docx');
    const runs = (...lines: string[]) => lines.map((text, i) => new TextRun({ text, break: i > 0 ? 1 : 0 }));
    fs.writeFileSync(file, await Packer.toBuffer(new Document({ sections: [{ children: [
      new Paragraph('民事起诉状'),
      new Paragraph({ children: runs('原告：张三', '被告：李四', '依照《刑法》第二百六十四条，被告应当承担刑事责任。') }),
      new Paragraph({ children: runs('诉讼请求：', '依据《中华人民共和国劳动合同', '法》第三十八条解除劳动合同。') }),
      new Paragraph('另依照《民法典》第一千一百六十五条。'),
    ] }] })));
    const res = parseJsonOutput<{ citations: Array<{ marker: string; finding: string; where: { line: number; unit: string; context: string } }> }>(
      await runCli(['check', file, '--as-of', '2026-11-27', '--json', '--db', lib.dbPath]));
    assert.deepEqual(res.citations.map((c) => [c.marker, c.where.line, c.where.unit]), [
      ['《刑法》第二百六十四条', 2, 'paragraph'],
      ['《中华人民共和国劳动合同法》第三十八条', 3, 'paragraph'],
      ['《民法典》第一千一百六十五条', 4, 'paragraph'],
    ], 'before, the two soft breaks of each paragraph counted as paragraphs: 第4段, 第6段, 第8段');
    assert.equal(res.citations[1]!.finding, 'ok', 'before, 《中华人民共和国劳动合同 and 法》 on two lines named no law the library holds');
    assert.equal(res.citations[0]!.where.context, '依照《刑法》第二百六十四条，被告应当承担刑事责任。', 'the words around it on its line as shown');
    assert.equal(res.citations[1]!.where.context, '依据《中华人民共和国劳动合同法》第三十八条解除劳动合同。', 'both lines of a citation broken across them');
    // The app's box shows the text read with its soft breaks as line breaks.
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const uploaded = await api.call('statute.checkText', { file: fs.readFileSync(file).toString('base64'), fileName: 'soft.docx', asOf: '2026-11-27' });
    assert.ok(uploaded.ok, JSON.stringify(uploaded));
    const data = uploaded.data as { text: string; citations: Array<{ where: { line: number } }> };
    assert.ok(data.text.startsWith('民事起诉状\n原告：张三\n被告：李四\n依照'), data.text.slice(0, 30));
    assert.deepEqual(data.citations.map((c) => c.where.line), [2, 3, 4]);
  });

  test('the route checks a pasted text as of today, or the date given', async () => {
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const res = await api.call('statute.checkText', { text: BRIEF, asOf: '2026-11-27' });
    assert.ok(res.ok);
    assert.equal((res.data as { citations: unknown[] }).citations.length, 5);
    const empty = await api.call('statute.checkText', { text: '   ' });
    assert.equal(empty.ok ? '' : empty.error.code, 'bad_input');
    // A Word file, as the page uploads it: read by the host, its text given back with the check.
    const word = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('依照《刑法》第二百六十四条处理。'), new Paragraph('《合同法》第五十二条')] }] }));
    const uploaded = await api.call('statute.checkText', { file: word.toString('base64'), fileName: 'brief.docx' });
    assert.ok(uploaded.ok, JSON.stringify(uploaded));
    const data = uploaded.data as { text: string; citations: Array<{ finding: string }> };
    assert.equal(data.text, '依照《刑法》第二百六十四条处理。\n《合同法》第五十二条');
    assert.deepEqual(data.citations.map((c) => c.finding), ['ok', 'unresolvable']);
    const compiled = await api.call('statute.checkExport', { file: word.toString('base64'), fileName: 'brief.docx', format: 'md' });
    assert.ok(compiled.ok, JSON.stringify(compiled));
    const file = compiled.data as { fileName: string; base64: string; warnings: string[] };
    assert.match(file.fileName, /^所引法条汇编-\d{4}-\d{2}-\d{2}\.md$/);
    assert.match(Buffer.from(file.base64, 'base64').toString('utf8'), /引用：brief\.docx中引用的法条[\s\S]*## 《中华人民共和国刑法》第二百六十四条/);
    assert.equal(file.warnings.length, 1, 'the repealed 合同法 named no article');
    const nothing = await api.call('statute.checkExport', { text: '《外星人权益保障法》第三条', format: 'docx' });
    assert.equal(nothing.ok ? '' : nothing.error.code, 'not_found');
    for (const [input, why] of [
      [{ text: BRIEF, file: word.toString('base64'), fileName: 'brief.docx' }, /either text, or file with fileName/],
      [{}, /either text, or file with fileName/],
      [{ file: word.toString('base64') }, /either text, or file with fileName/],
      [{ file: Buffer.from('not a zip').toString('base64'), fileName: 'fake.docx' }, /fake\.docx is not a Word \(\.docx\) file/],
    ] as const) {
      const refused = await api.call('statute.checkText', input);
      assert.equal(refused.ok, false);
      assert.match(refused.ok ? '' : refused.error.message, why);
    }
  });
});

test('Word XML to text: paragraphs on their own lines, tabs kept, a break inside a paragraph a line separator (U+2028), entities decoded', () => {
  const xml = '<w:body><w:p><w:r><w:t>《刑法》第二百六十四条</w:t><w:tab/><w:t>A&amp;B &#x4E00;</w:t></w:r></w:p><w:p><w:r><w:t>第二</w:t><w:br/><w:t>行</w:t><w:br w:type="page"/><w:t>续</w:t></w:r></w:p></w:body>';
  assert.equal(wordXmlText(xml), '《刑法》第二百六十四条\tA&B 一\n第二\u2028行\u2028续');
});
