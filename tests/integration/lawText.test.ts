/** A law read whole (`lexdesk read`, the routes statute.lawText and statute.lawExport) on real corpus files. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { lawCatalog } from '../../main/library/lawCatalog.js';
import { lawText, readingBlocks, sectionsUnder } from '../../main/library/lawText.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { articleHead, titleNote } from '../../preload/contract/lawReading.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { docxParts, docxXml } from '../helpers/docxText.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';
import { assertStampedNowInBeijing, BEIJING } from '../helpers/stamp.js';

const SKIP = sharedSkipReason();
const FINANCE_LEASE = '司法解释/最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释(2020-12-29).md';
if (SKIP) console.log(`# whole-law reading tests ${SKIP}`);

describe('a law read whole', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let tmp: string;
  before(async () => {
    // 刑法 with its twelve amendments (its text, dated 2020, holds the 2023 one), and an interpretation with a lead and chapters.
    lib = await buildLibrary({ files: [...CORE_SUBSET.filter((f) => !f.startsWith('刑法')), '刑法', '宪法/宪法.md', FINANCE_LEASE] });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-read-'));
  });
  after(async () => {
    await lib?.dispose();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });
  const lawId = (title: string) => (lib.engine.db.prepare('SELECT id FROM laws WHERE title = ?').get(title) as { id: number }).id;
  const articleOf = (title: string, label: string, date: string) =>
    (lib.engine.db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND a.label = ? AND d.publish_date = ?`).get(title, label, date) as { id: number }).id;

  test('民法典 reads in the order of its numbering, each 编 a heading, each chapter said again under a new 编', () => {
    const civil = lawText(lib.engine.db, lawId('中华人民共和国民法典'), '2020-05-28')!;
    const blocks = readingBlocks(civil.sections);
    const articles = blocks.flatMap((b) => (b.kind === 'article' ? [b.label] : []));
    assert.equal(articles.length, 1260);
    assert.deepEqual([articles[0], articles[462], articles.at(-1)], ['第一条', '第四百六十三条', '第一千二百六十条']);
    // Its files are subtitled 总则, 物权编 …; the 编 are headed as printed, numbered, 附则 not.
    const parts = blocks.flatMap((b) => (b.kind === 'heading' && b.depth === 0 ? [b.text] : []));
    assert.deepEqual(parts, ['第一编 总则', '第二编 物权', '第三编 合同', '第四编 人格权', '第五编 婚姻家庭', '第六编 继承', '第七编 侵权责任', '附则']);
    // 合同编 opens with its 第一分编 and 第一章 though 物权编 had a 第一分编 通则 and a 第一章 一般规定 too.
    const contracts = blocks.findIndex((b) => b.kind === 'heading' && b.text === '第三编 合同');
    assert.deepEqual(blocks.slice(contracts, contracts + 4).map((b) => (b.kind === 'heading' ? `${b.depth}:${b.text}` : b.label)), ['0:第三编 合同', '1:第一分编 通则', '2:第一章 一般规定', '第四百六十三条']);
    // LawRefBook's 「第二节 监 护」 and 「第三分编 准 合 同」 read as printed.
    const headings = blocks.flatMap((b) => (b.kind === 'heading' ? [b.text] : []));
    assert.ok(headings.includes('第二节 监护') && headings.includes('第三分编 准合同') && !headings.some((h) => /\p{Script=Han} \p{Script=Han}/u.test(h.replace(/^第\S+ /u, ''))));
    // A chapter named by its 编 as the file calls it, or as printed; one in several 编 is each of them.
    assert.deepEqual(sectionsUnder(civil, '合同编 第四章').map((x) => x.path.at(-1)), ['第四章 合同的履行']);
    assert.deepEqual(sectionsUnder(civil, '第三编 第四章').map((x) => x.path.at(-1)), ['第四章 合同的履行']);
    assert.equal(new Set(sectionsUnder(civil, '第四章').map((x) => x.part)).size, 7);
    // A number alone is a chapter of that number, not every heading holding 四 (第十四章, 第四节, 第四编); 第4章 is 第四章.
    for (const word of ['四', '4', '第4章']) assert.deepEqual(sectionsUnder(civil, `合同编 ${word}`).map((x) => x.path.at(-1)), ['第四章 合同的履行'], word);
    assert.ok(sectionsUnder(civil, '四').every((x) => x.path.some((h) => h.startsWith('第四章'))));
    assert.ok(sectionsUnder(civil, '四').length < sectionsUnder(civil, '第四').length, '「第四」 still reads as typed');
    assert.equal(civil.articleCount, 1260);
    assert.equal(titleNote(civil.history), '（2020年5月28日第十三届全国人民代表大会第三次会议通过）', 'the day it took effect is no part of the note');
  });

  test('the title note names each amendment, the constitution\'s 序言 stands under its own heading, an amendment\'s items read 一、', () => {
    const labour = lawText(lib.engine.db, lawId('中华人民共和国劳动合同法'), '2012-12-28')!;
    assert.match(titleNote(labour.history), /^（2007年6月29日第十届全国人民代表大会常务委员会第二十八次会议通过　根据2012年12月28日.*《关于修改〈中华人民共和国劳动合同法〉的决定》修正）$/);
    const constitution = lawText(lib.engine.db, lawId('中华人民共和国宪法'), '2018-03-11')!;
    const first = readingBlocks(constitution.sections).slice(0, 3);
    assert.deepEqual(first.map((b) => (b.kind === 'heading' ? b.text : b.label)), ['序言', '序言', '第一章 总纲']);
    assert.equal(sectionsUnder(constitution, '序言').length, 1);
    assert.equal(constitution.articleCount, 143, 'the 序言 is no article');
    // An interpretation's lead has no heading: it opens the text, before its first chapter.
    const lease = lawText(lib.engine.db, lawId('最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释'), '2020-12-29')!;
    const leaseBlocks = readingBlocks(lease.sections);
    assert.ok(leaseBlocks[0]?.kind === 'article' && leaseBlocks[0].articleKind === 'preamble' && articleHead(leaseBlocks[0].articleKind, leaseBlocks[0].label) === '');
    assert.equal(leaseBlocks[1]?.kind, 'heading');
    assert.equal(lease.articleCount, 15);
    assert.equal(titleNote(lawText(lib.engine.db, lawId('中华人民共和国公司法'), '2018-10-26')!.history).match(/根据\d{4}年/g)?.length, 4, 'each 修正 by a decision');
    const criminal = lawText(lib.engine.db, lawId('中华人民共和国刑法'), '2020-12-26')!;
    assert.match(titleNote(criminal.history), /1997年3月14日第八届全国人民代表大会第五次会议修订　根据1998年12月29日.*的决定》、1999年12月25日.*《中华人民共和国刑法修正案》、.*《中华人民共和国刑法修正案（十二）》修正）$/);
    // 刑法's appendix is headed 附件, no article.
    const tail = readingBlocks(criminal.sections).slice(-2);
    assert.deepEqual(tail.map((b) => (b.kind === 'heading' ? `heading ${b.text}` : articleHead(b.articleKind, b.label))), ['heading 附件', '']);
    const amendment = lawText(lib.engine.db, lawId('中华人民共和国刑法修正案'), '1999-12-25')!;
    // Its lead is kept as a 序言 that opens the text with no heading, and is not said again as the lead.
    assert.equal(amendment.lead, '');
    const opening = readingBlocks(amendment.sections).slice(0, 2);
    assert.deepEqual(opening.map((b) => b.kind === 'article' && [b.label, articleHead(b.articleKind, b.label)]), [['序言', ''], ['一', '一、']]);
    assert.ok(opening[0]?.kind === 'article' && /^为了惩治破坏社会主义市场经济秩序的犯罪.*对刑法作如下补充修改：$/.test(opening[0].paragraphs[0]!));
    // 刑法修正案（十） is kept as one article holding its whole text: its lead is not said twice, nor 「全文」 printed.
    const tenth = lawText(lib.engine.db, lawId('中华人民共和国刑法修正案（十）'), '2017-11-04')!;
    assert.equal(tenth.lead, '');
    const [only] = readingBlocks(tenth.sections);
    assert.ok(only?.kind === 'article' && articleHead(only.articleKind, only.label) === '' && /^为了惩治侮辱国歌/.test(only.paragraphs[0]!));
  });

  test('lexdesk read: the version in force, a chapter, the table of contents, another version by date, and what it cannot do', async () => {
    const chapter = await runCli(['read', '劳动合同法', '--chapter', '第四章', '--db', lib.dbPath]);
    assert.equal(chapter.code, 0, chapter.stderr);
    assert.match(chapter.stdout, /^《中华人民共和国劳动合同法》\n2012-12-28 版 · 2013-07-01 施行 · 现行有效\n（2007年6月29日/);
    assert.match(chapter.stdout, /\n第四章 劳动合同的解除和终止\n\n第三十六条　用人单位与劳动者协商一致，可以解除劳动合同。\n/);
    assert.match(chapter.stdout, /\n第三十八条　用人单位有下列情形之一的，劳动者可以解除劳动合同[:：]\n　　（一）未按照劳动合同约定提供劳动保护或者劳动条件的；\n/);
    assert.doesNotMatch(chapter.stdout, /第三十五条|第五十一条/);
    assert.match(chapter.stdout, /15 articles, \d+ characters under "第四章"\n$/);
    const toc = await runCli(['read', '劳动合同法', '--toc', '--db', lib.dbPath]);
    assert.match(toc.stdout, /\n第五章 特别规定　第五十一条–第七十二条（22）\n  第一节 集体合同　第五十一条–第五十六条（6）\n/);
    // 公司法 as of 2020: the 2018 text, which says that another version is in the library.
    const company = await runCli(['read', '公司法', '--as-of', '2020-06-01', '--toc', '--db', lib.dbPath]);
    assert.match(company.stdout, /^《中华人民共和国公司法》\n2018-10-26 版 · 2018-10-26 施行 · 已被修订\n/);
    assert.match(company.stdout, /Other versions in the library \(--version\): 2023-12-29\n/);
    const json = parseJsonOutput<{ publishDate: string; articles: number; sections: unknown[] }>(await runCli(['read', '公司法', '--version', '2023-12-29', '--json', '--db', lib.dbPath]));
    assert.deepEqual([json.publishDate, json.articles], ['2023-12-29', 266]);
    const noChapter = await runCli(['read', '劳动合同法', '--chapter', '第九章', '--db', lib.dbPath]);
    assert.equal(noChapter.code, 1);
    assert.match(noChapter.stderr, /has no heading holding "第九章"; its headings: 第一章 总则、第二章 劳动合同的订立/);
    const noVersion = await runCli(['read', '公司法', '--version', '2019-01-01', '--db', lib.dbPath]);
    assert.match(noVersion.stderr, /has no version published 2019-01-01; its versions: 2023-12-29, 2018-10-26/);
    const before = await runCli(['read', '民法典', '--as-of', '2019-06-01', '--db', lib.dbPath]);
    assert.match(before.stderr, /中华人民共和国民法典: this law was adopted on 2020-05-28 and took effect on 2021-01-01: it did not apply yet on 2019-06-01/);
    // A date the library has no text of: the first text stands in for it, and says so.
    const standIn = await runCli(['read', '劳动合同法', '--as-of', '2010-01-01', '--toc', '--db', lib.dbPath]);
    assert.match(standIn.stdout, /\nNote: The 2010-01-01 text: the library holds no version of this law in force on 2010-01-01 \(its first is of 2012-12-28, in force 2013-07-01\); amended since on 2012-12-28; read in the 2012-12-28 version, which may differ from the text in force then\.\n/);
    // 刑法's one text holds the 2023 amendment: said with its version, and as of 2022 that its articles read otherwise then.
    const criminal = await runCli(['read', '刑法', '--as-of', '2022-06-01', '--toc', '--db', lib.dbPath]);
    assert.match(criminal.stdout, /^《中华人民共和国刑法》\n2020-12-26 版 · 2021-03-01 施行 · 现行有效 · 已含其后《刑法修正案（十二）》（2023-12-29）的修改\n/);
    assert.match(criminal.stdout, /\nNote: The 2020-12-26 text already holds the changes of 2023-12-29 《刑法修正案（十二）》, adopted after 2022-06-01/);
    // Read as of 2022, the seven articles 刑法修正案（十二） changed are each marked, and 第一百九十九条 as deleted by then.
    const dated = (await runCli(['read', '刑法', '--as-of', '2022-06-01', '--db', lib.dbPath])).stdout;
    assert.equal(dated.match(/\[amended after 2022-06-01; it read otherwise then/g)?.length, 7);
    assert.match(dated, /\n第三百九十条　.*\n(?:　　.*\n)*　　\[amended after 2022-06-01; it read otherwise then \(the text of that date: 《刑法修正案（九）》第四十五条\)\]\n/);
    assert.match(dated, /\n第一百九十九条　（删去）\n　　\[already deleted on 2022-06-01\]\n/);
    const spread = await runCli(['read', '民法典', '--chapter', '第四章', '--toc', '--db', lib.dbPath]);
    assert.match(spread.stdout, /\nNote: "第四章" stands in 7 parts \(第一编 总则、第二编 物权、/);
    // A search for a law's name says it is one, and how to read it.
    const named = await runCli(['search', '《劳动合同法》', '--k', '1', '--db', lib.dbPath]);
    assert.match(named.stdout, /^《中华人民共和国劳动合同法》 is a law of the library \(法律, 98 articles\): lexdesk read 劳动合同法 reads it whole/);
    assert.doesNotMatch((await runCli(['search', '劳动合同法 解除', '--k', '1', '--db', lib.dbPath])).stdout, /is a law of the library/);
    const repealed = await runCli(['read', '合同法', '--db', lib.dbPath]);
    assert.match(repealed.stderr, /"合同法" names 《中华人民共和国合同法》, which is not in the library: it was repealed by 《中华人民共和国民法典》第一千二百六十条 \(in force 2021-01-01\)\. Look for its rules in 民法典\./);
    assert.match((await runCli(['search', '合同法', '--k', '1', '--db', lib.dbPath])).stderr, /"合同法" names 《中华人民共和国合同法》, which is not in the library/);
    // The catalogue opens 刑法 at 第一条, not at its appendix (numbered 0), which it does not count.
    const code = lawCatalog(lib.engine.db, lib.engine.searchDeps().resolver.names, { query: '刑法', limit: 1 }).laws[0]!;
    assert.deepEqual([code.title, code.articles, lib.engine.articles([code.firstArticleId!])[0]?.label], ['中华人民共和国刑法', lawText(lib.engine.db, code.lawId, '2020-12-26')!.articleCount, '第一条']);
    assert.equal((await runCli(['read', '劳动合同法', '--chapter', '第五章第二节', '--toc', '--db', lib.dbPath])).stdout.match(/（\d+）/g)?.join(''), '（11）（11）', 'the 第二节 alone, under its 第五章');
    assert.equal((await runCli(['read', '--db', lib.dbPath])).code, 2);
    assert.match((await runCli(['read', '劳动法典', '--db', lib.dbPath])).stderr, /No law named "劳动法典"/);
  });

  test('--out writes the text whole, as Markdown or Word, or nothing when the chapter is not there', async () => {
    const md = path.join(tmp, '劳动合同法.md');
    const docx = path.join(tmp, '劳动合同法.docx');
    assert.equal((await runCli(['read', '劳动合同法', '--out', md, '--db', lib.dbPath], BEIJING)).code, 0);
    const text = fs.readFileSync(md, 'utf8');
    assert.match(text, /^# 中华人民共和国劳动合同法\n\n\*2012-12-28 版 · 2013-07-01 施行 · 现行有效 · 生成时间 /);
    assertStampedNowInBeijing(text);
    assert.match(text, /\*\*目录\*\*\n\n- 第一章 总则\n/);
    assert.match(text, /\n## 第四章 劳动合同的解除和终止\n\n\*\*第三十六条\*\*　用人单位与劳动者协商一致，可以解除劳动合同。\n/);
    assert.equal(text.match(/^\*\*第[一二三四五六七八九十百]+条\*\*/gm)?.length, 98);
    assert.match(text, /正式引用请以官方公布的文本为准/);
    assert.equal((await runCli(['read', '劳动合同法', '--chapter', '第五章', '--out', docx, '--db', lib.dbPath], BEIJING)).code, 0);
    const body = (await docxParts(docx))['document.xml']!;
    assert.match(body, /节选：第五章/);
    assert.match(body, /第一节 集体合同\n第五十一条　企业职工一方与用人单位/);
    assert.doesNotMatch(body, /第五十条　/);
    assertStampedNowInBeijing(body);
    const kept = path.join(tmp, 'kept.md');
    fs.writeFileSync(kept, 'mine');
    assert.equal((await runCli(['read', '劳动合同法', '--chapter', '第九章', '--out', kept, '--db', lib.dbPath])).code, 1);
    assert.equal(fs.readFileSync(kept, 'utf8'), 'mine', 'a failed read leaves the file as it was');
  });

  test('Word: the table of contents is a TOC field over Heading 1–4, its listing written in, and Word asked to update it on opening', async () => {
    const docx = path.join(tmp, '劳动合同法-目录.docx');
    assert.equal((await runCli(['read', '劳动合同法', '--out', docx, '--db', lib.dbPath])).code, 0);
    const xml = await docxXml(docx);
    const body = xml['document.xml']!;
    // The field in Word's table-of-contents control: begin, the instruction over outline levels 1–4 with links, separate,
    // the listing, end — all before the first heading.
    const toc = /<w:docPartGallery w:val="Table of Contents"\/>.*?<w:sdtContent>(.*?)<\/w:sdtContent>/s.exec(body);
    assert.ok(toc, 'a table of contents');
    assert.match(toc[1]!, /^<w:p><w:pPr><w:pStyle w:val="TOC1"\/>.*?<\/w:pPr><w:r><w:fldChar w:fldCharType="begin"[^>]*\/><w:instrText xml:space="preserve">TOC \\h \\o &quot;1-4&quot;<\/w:instrText><w:fldChar w:fldCharType="separate"\/><\/w:r><w:hyperlink /);
    assert.match(toc[1]!, /<w:p><w:r><w:fldChar w:fldCharType="end"\/><\/w:r><\/w:p>$/);
    assert.ok(toc.index < body.indexOf('<w:pStyle w:val="Heading1"/>'), 'the table stands before the text');
    // Its result: each heading in order, at its level's TOC style, linked to the heading's bookmark, a PAGEREF for its page.
    const headings = readingBlocks(lawText(lib.engine.db, lawId('中华人民共和国劳动合同法'), '2012-12-28')!.sections).flatMap((b) => (b.kind === 'heading' ? [b] : []));
    const entries = [...toc[1]!.matchAll(/<w:pStyle w:val="TOC(\d)"\/>.*?<w:hyperlink w:history="1" w:anchor="(_Toc\d+)"><w:r><w:t xml:space="preserve">([^<]*)<\/w:t>.*?PAGEREF \2 \\h/gs)];
    assert.deepEqual(entries.map((e) => `${e[1]} ${e[3]}`), headings.map((h) => `${h.depth + 1} ${h.text}`));
    assert.equal(headings.length, 11, 'eight chapters, three sections of 第五章');
    // The headings: Word's Heading styles, centred as before, each bookmarked where its entry links.
    for (const [i, e] of entries.entries()) {
      assert.match(body, new RegExp(`<w:pStyle w:val="Heading${headings[i]!.depth + 1}"/><w:jc w:val="center"/></w:pPr><w:bookmarkStart w:name="${e[2]}" w:id="\\d+"/><w:r><w:t xml:space="preserve">${e[3]}</w:t>`));
    }
    // Heading 1–4 carry their outline levels; the entries are indented by level, as the plain listing was.
    for (const level of [1, 2, 3, 4]) {
      assert.match(xml['styles.xml']!, new RegExp(`<w:style w:type="paragraph" w:styleId="Heading${level}">(?:(?!</w:style>).)*<w:outlineLvl w:val="${level - 1}"/>`, 's'));
      assert.match(xml['styles.xml']!, new RegExp(`<w:style w:type="paragraph" w:styleId="TOC${level}">(?:(?!</w:style>).)*<w:ind w:left="${420 * (level - 1)}"/>`, 's'));
    }
    assert.match(xml['settings.xml']!, /<w:updateFields(?: w:val="(?:true|1|on)")?\/>/, 'Word updates the fields, page numbers included, on opening');
    // Read without updating the fields, the text still opens with the listing, one heading a line (field codes aside).
    const shown = (await docxParts(docx))['document.xml']!.replace(/TOC \\h \\o "1-4"|PAGEREF _Toc\d+ \\h/g, '');
    assert.match(shown, /\n目录\n第一章 总则\n第二章 劳动合同的订立\n第三章 劳动合同的履行和变更\n/);
  });

  test('the routes: the article\'s own version, another by date, a download, and bad input refused', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-read-api-'));
    try {
      const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(home), keys: new FileKeyStore(home), host: 'browser', version: 'test' });
      const id = articleOf('中华人民共和国公司法', '第七十一条', '2018-10-26');
      const own = await api.call('statute.lawText', { id });
      assert.ok(own.ok);
      const read = own.data as { publishDate: string; status: string; focusId: number; sections: Array<{ articles: Array<{ id: number }> }>; versions: Array<{ publishDate: string }> };
      assert.deepEqual([read.publishDate, read.status, read.versions.map((v) => v.publishDate), read.focusId], ['2018-10-26', 'superseded', ['2023-12-29', '2018-10-26'], id]);
      assert.ok(read.sections.some((s) => s.articles.some((a) => a.id === id)));
      // Another version opens where it holds the provision read: 2018's 第七十一条 (股权转让) is 2023's 第八十四条.
      const newer = await api.call('statute.lawText', { id, version: '2023-12-29' });
      assert.ok(newer.ok);
      const held = (newer.data as { publishDate: string; focusId: number });
      assert.deepEqual([held.publishDate, held.focusId], ['2023-12-29', articleOf('中华人民共和国公司法', '第八十四条', '2023-12-29')]);
      // Looked up as of 2010, 劳动合同法's first text stands in, and the reading says so.
      const dated = await api.call('statute.lawText', { id: articleOf('中华人民共和国劳动合同法', '第三十八条', '2012-12-28'), asOf: '2010-01-01' });
      assert.ok(dated.ok);
      assert.match((dated.data as { dateNote: { zh: string } }).dateNote.zh, /^2010-01-01 施行的文本：法规库中没有该法在 2010-01-01 施行的版本/);
      // 2023's 第五十四条 (出资加速到期) has no counterpart in 2018's text: said, not opened at 2018's 第五十四条.
      const none2018 = await api.call('statute.lawText', { id: articleOf('中华人民共和国公司法', '第五十四条', '2023-12-29'), version: '2018-10-26' });
      assert.ok(none2018.ok);
      assert.deepEqual([(none2018.data as { focusId?: number }).focusId, (none2018.data as { focusMissing?: string }).focusMissing], [undefined, '第五十四条']);
      // The whole text as of 2022: the articles changed since marked in the download too.
      const criminal = await api.call('statute.lawExport', { id: articleOf('中华人民共和国刑法', '第三百九十条', '2020-12-26'), asOf: '2022-06-01', format: 'md' });
      assert.ok(criminal.ok);
      const md = Buffer.from((criminal.data as { base64: string }).base64, 'base64').toString('utf8');
      assert.match(md, /> \*\*注意\*\*：此为 2020-12-26 版，已含其后通过的2023-12-29 《刑法修正案（十二）》的修改：所改条文在 2022-06-01 施行的文本与此不同，文中逐条注明。/);
      assert.equal(md.match(/> \*\*注意\*\*：2022-06-01 之后经修改/g)?.length, 7);
      const none = await api.call('statute.lawText', { id, version: '2019-01-01' });
      assert.equal(none.ok ? '' : none.error.code, 'not_found');
      const bad = await api.call('statute.lawText', { id, version: '2019-02-30' });
      assert.equal(bad.ok ? '' : bad.error.code, 'bad_input');
      const file = await api.call('statute.lawExport', { id, format: 'md' });
      assert.ok(file.ok);
      const { fileName, base64 } = file.data as { fileName: string; base64: string };
      assert.equal(fileName, '中华人民共和国公司法（2018-10-26版）.md');
      assert.match(Buffer.from(base64, 'base64').toString('utf8'), /^# 中华人民共和国公司法\n\n\*2018-10-26 版 · 2018-10-26 施行 · 已被修订/);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
