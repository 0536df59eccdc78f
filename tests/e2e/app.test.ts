import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkipReason, startBrowserBench, type BrowserBench } from '../helpers/browserBench.js';
import { WAGES } from '../helpers/consultFixture.js';
import { docxParts } from '../helpers/docxText.js';
import { Document, Packer, Paragraph } from 'docx';
import fs from 'node:fs';
import path from 'node:path';
import { sharedSkipReason } from '../helpers/library.js';
import { renderPdf } from '../../main/report/pdf.js';

const SKIP = sharedSkipReason() || browserSkipReason();
let b: BrowserBench;

const STATE_1 = { parties: [{ name: '用户', role: '劳动者' }], relations: ['劳动合同关系'], keyFacts: ['公司拖欠工资三个月'], disputeFocus: ['能否解除合同'], posture: '协商', domains: ['劳动法'], subQuestion: '能否辞职', missingFacts: ['工作年限'], factDate: null, place: null };
const STATE_2 = { ...STATE_1, keyFacts: ['公司拖欠工资三个月', '工作五年'], missingFacts: [], subQuestion: '经济补偿多少' };

/** How many times the whole-law reader finds `words`. */
async function countOf(page: Page, words: string): Promise<number> {
  await page.getByTestId('law-find').fill(words);
  const count = page.getByTestId('law-find-count');
  await count.filter({ hasText: /\d+ \/ \d+|没有找到/ }).waitFor();
  const m = /\/ (\d+)/.exec(await count.innerText());
  return m ? Number(m[1]) : 0;
}

describe('the app in a real browser against the browser host', { skip: SKIP, timeout: 300_000 }, () => {
  before(async () => {
    b = await startBrowserBench();
    await b.page.goto(b.host.url);
  });
  after(async () => {
    await b?.dispose();
  });

  test('the token leaves the address bar at once and a reload keeps working (it stays in this origin\'s sessionStorage)', async () => {
    const { page } = b;
    assert.ok(!page.url().includes('token'), page.url());
    await page.reload();
    await page.getByTestId('tab-library').click();
    await page.getByTestId('library-status').waitFor();
    assert.doesNotMatch(await page.locator('body').innerText(), /Missing or wrong token/);
    const cookies = await page.context().cookies();
    assert.deepEqual(cookies, [], 'no cookie, which any other 127.0.0.1 port would receive');
  });

  test('import a small library with progress and a summary', async () => {
    const { page } = b;
    await page.getByTestId('tab-library').click();
    await page.getByTestId('import-path').fill(b.corpusRoot);
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-summary').waitFor({ timeout: 120_000 });
    assert.match(await page.getByTestId('library-status').innerText(), /条（现行/);
    assert.ok(b.engine.counts().articles > 1000);
    await page.getByTestId('embed-start').click();
    await page.getByTestId('embed-summary').waitFor({ timeout: 120_000 });
    assert.match(await page.getByTestId('embedding-status').innerText(), /onnx:lexdesk-hashgram-v1@\w+ · \d+ 条/);
    assert.equal(await page.getByTestId('provider').innerText(), 'cpu', 'the execution provider actually in use');
    await b.screenshot('library');
  });

  test('the catalogue lists the library\'s laws; one opens at its first article with its table of contents', async () => {
    const { page } = b;
    await page.getByTestId('catalog-law').first().waitFor();
    assert.match(await page.getByTestId('catalog-count').innerText(), /^共 \d+ 部$/);
    // The constitution and laws first: 民法典, 刑法, 劳动合同法, 公司法 are laws; 劳动争议解释（一） is an interpretation.
    const titles = await page.getByTestId('catalog-law').locator('button').filter({ hasNotText: '阅读全文' }).allInnerTexts();
    assert.ok(titles.indexOf('中华人民共和国劳动合同法') < titles.indexOf('最高人民法院关于审理劳动争议案件适用法律问题的解释（一）'), titles.join(' '));
    // The day a law first took effect, where its later first text says so (劳动合同法 of 2012: 本法自2008年1月1日起施行).
    assert.equal(await page.getByTestId('catalog-law').filter({ hasText: /^中华人民共和国劳动合同法现行有效/ }).getByTestId('catalog-took-effect').innerText(), ' · 首次施行 2008-01-01');
    await page.getByTestId('catalog-query').fill('公司法');
    await page.getByTestId('catalog-search').click();
    // The whole list holds two laws with two versions (公司法, 未成年人保护法): wait for the filtered one.
    await page.getByTestId('catalog-count').filter({ hasText: '共 1 部' }).waitFor();
    const company = page.getByTestId('catalog-law').first();
    assert.match(await company.innerText(), /^中华人民共和国公司法现行有效 法律 · 2023-12-29 版 · 266 条 · 2 个版本 阅读全文$/);
    await b.screenshot('catalog');
    // 阅读全文 reads it whole from its first article; its title opens that article with the contents.
    await company.getByTestId('catalog-read').click();
    await page.locator('[data-testid=law-article].current').filter({ hasText: /^第一条　/ }).waitFor();
    assert.match(await page.getByTestId('law-reader-title').innerText(), /^《中华人民共和国公司法》/);
    await page.getByTestId('tab-library').click();
    await company.locator('button').first().click();
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国公司法》第一条' }).waitFor();
    await page.getByTestId('outline').waitFor();
    assert.ok((await page.getByTestId('outline-article').count()) >= 266, 'the whole law\'s table of contents');
    assert.equal(await page.locator('[data-testid=outline-article].current').innerText(), '第一条');
  });

  test('a two-turn consultation shows state (with changes), cited statutes and the verdict', async () => {
    const { page, llm } = b;
    llm.queue('state', { json: STATE_1 }, { json: STATE_2 });
    await page.getByTestId('tab-consult').click();
    await page.getByTestId('composer').fill(WAGES);
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('answer').first().waitFor();
    assert.equal(await page.getByTestId('verdict').innerText(), '证据充分');
    assert.ok((await page.getByTestId('evidence').count()) > 0);
    assert.equal(await page.getByTestId('audit-label').first().innerText(), '已核验');
    assert.ok((await page.getByTestId('evidence').first().getByTestId('query-hit').count()) > 0, 'the words that found an article are marked in it');
    await page.getByTestId('composer').fill('我在公司工作了五年，能拿多少经济补偿？');
    await page.getByTestId('composer').press('Shift+Enter');
    assert.match(await page.getByTestId('composer').inputValue(), /\n$/, 'Shift+Enter adds a new line');
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('turn').nth(1).getByTestId('answer').waitFor();
    assert.equal(await page.getByTestId('turn').count(), 2);
    const keyFacts = page.getByTestId('state-keyFacts');
    assert.match(await keyFacts.innerText(), /工作五年/);
    assert.equal(await keyFacts.locator('.added').innerText(), '工作五年', 'the new fact is highlighted');
    await b.screenshot('consultation');
  });

  test('a citation chip opens the cited article with its breadcrumb, status and links', async () => {
    const { page } = b;
    await page.getByTestId('citation-chip').first().click();
    // The statutes tab may still show the law opened from the catalogue: wait for the cited article.
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国劳动合同法》' }).waitFor();
    assert.match(await page.getByTestId('article-title').innerText(), /《中华人民共和国劳动合同法》第.+条/);
    assert.match(await page.getByTestId('breadcrumb').innerText(), /中华人民共和国劳动合同法 ›/);
    // The answer's first citation is 第三十八条, which 第四十六条 cites: what follows from leaving under it, the citation
    // marked, after the lead of 第四十六条's list.
    assert.match(await page.getByTestId('article-title').innerText(), /第三十八条/);
    const passage = page.getByTestId('referenced-by').locator('li', { hasText: '第四十六条' }).getByTestId('citing-passage');
    assert.match(await passage.innerText(), /^有下列情形之一的，用人单位应当向劳动者支付经济补偿[:：] （一）劳动者依照本法第三十八条规定解除劳动合同的；$/);
    assert.equal(await passage.getByTestId('passage-citation').innerText(), '本法第三十八条');
    await b.screenshot('article');
  });

  test('the user overrides the verdict; the override is shown and stored', async () => {
    const { page } = b;
    await page.getByTestId('tab-consult').click();
    await page.getByTestId('history-item').first().locator('.title').click();
    await page.getByTestId('verdict').click();
    await page.getByTestId('verdict-details').waitFor();
    await page.getByTestId('override-choice').selectOption('insufficient');
    await page.getByTestId('override-note').fill('需核实工资条');
    await page.getByTestId('override-save').click();
    await page.getByTestId('original-verdict').waitFor();
    assert.match(await page.getByTestId('verdict').innerText(), /证据不足 · 已人工更改/);
    const id = (await b.api.call('consult.list', {})) as { ok: true; data: Array<{ id: number }> };
    const c = (await b.api.call('consult.get', { id: id.data[0]!.id })) as { ok: true; data: { turns: Array<{ verdictOverride: unknown }> } };
    assert.deepEqual(c.data.turns.at(-1)!.verdictOverride, { verdict: 'insufficient', note: '需核实工资条' });
  });

  test('export buttons download the consultation as Word and one answer as PDF', async () => {
    const { page } = b;
    const [docx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-consultation').getByTestId('export-docx').click()]);
    assert.match(docx.suggestedFilename(), /\.docx$/);
    const docxFile = path.join(b.dir, docx.suggestedFilename());
    await docx.saveAs(docxFile);
    const parts = await docxParts(docxFile);
    assert.match(parts['document.xml']!, /免责声明/);
    assert.match(parts['document.xml']!, /需核实工资条/, 'the override is in the report');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-turn').first().getByTestId('export-pdf').click()]);
    assert.match(pdf.suggestedFilename(), /-第1轮\.pdf$/);
    const pdfFile = path.join(b.dir, 'turn.pdf');
    await pdf.saveAs(pdfFile);
    assert.equal(fs.readFileSync(pdfFile).subarray(0, 5).toString(), '%PDF-');
  });

  test('statute lookup: Ctrl+K, a citation jumps to the article; a question lists hits', async () => {
    const { page } = b;
    await page.keyboard.press('Control+k');
    await page.getByTestId('statute-query').fill('民法典1165');
    await page.getByTestId('statute-query').press('Enter');
    // The tab may still show the article opened earlier: wait for the looked-up one.
    await page.getByTestId('article-title').filter({ hasText: '第一千一百六十五条' }).waitFor();
    assert.match(await page.getByTestId('article-title').innerText(), /第一千一百六十五条/);
    assert.match(await page.getByTestId('article-text').innerText(), /过错侵害他人民事权益/);
    assert.match(await page.getByTestId('breadcrumb').innerText(), /^中华人民共和国民法典 › 第七编 侵权责任 › 第一章 一般规定$/, '民法典\'s 编 in the breadcrumb, as printed');
    // Hierarchy navigation: a breadcrumb level lists that part's articles; another one opens.
    await page.getByTestId('crumb').nth(1).click();
    await page.getByTestId('outline').waitFor();
    assert.equal(await page.locator('[data-testid=outline-article].current').innerText(), '第一千一百六十五条');
    await page.getByTestId('outline-article').filter({ hasText: /^第一千一百六十六条$/ }).click();
    await page.getByTestId('article-title').filter({ hasText: '第一千一百六十六条' }).waitFor();
    await page.getByTestId('statute-query').fill('老板拖欠工资，我辞职能要补偿吗');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('hit').first().waitFor();
    assert.ok((await page.getByTestId('hit').count()) >= 5);
    // Everyday words: the statute terms searched besides them are shown, and "exact words" turns them off.
    assert.match(await page.getByTestId('added-terms').innerText(), /劳动报酬、用人单位、劳动者、解除劳动合同/);
    await b.screenshot('statutes');
    await page.getByTestId('filter-literal').check();
    await page.getByTestId('added-terms').waitFor({ state: 'detached' });
    assert.ok((await page.getByTestId('hit').count()) >= 1);
    await page.getByTestId('filter-literal').uncheck();
    await page.getByTestId('added-terms').waitFor();
    // Several citations: the articles they cite, the inside of a range included, in place of search hits.
    await page.getByTestId('statute-query').fill('民法典第1165条至第1167条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('cited-count').waitFor();
    assert.equal(await page.getByTestId('cited-count').innerText(), '输入引用的 3 条法条：');
    assert.deepEqual(await page.getByTestId('hit').locator('button').allInnerTexts(), ['一千一百六十五', '一千一百六十六', '一千一百六十七'].map((n) => `《中华人民共和国民法典》第${n}条`));
    // The listed articles as a compilation (法条汇编) in Word: each in full, with its source and version.
    const [compiled] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compilation-docx').click()]);
    assert.match(compiled.suggestedFilename(), /^法条汇编-\d{4}-\d{2}-\d{2}\.docx$/);
    const compiledFile = path.join(b.dir, 'compilation.docx');
    await compiled.saveAs(compiledFile);
    const compiledText = (await docxParts(compiledFile))['document.xml']!.replace(/<[^>]+>/g, '');
    for (const n of ['一千一百六十五', '一千一百六十六', '一千一百六十七']) assert.ok(compiledText.includes(`《中华人民共和国民法典》第${n}条`), n);
    assert.match(compiledText, /行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。/);
    assert.match(compiledText, /2020-05-28 版 · 2021-01-01 施行 · 现行有效/);
    await page.getByTestId('hit').nth(1).locator('button').click();
    await page.getByTestId('article-title').filter({ hasText: '第一千一百六十六条' }).waitFor();
    // The articles of the laws 民法典 repealed that it took over, as older judgments cite them.
    assert.equal(await page.getByTestId('formerly').innerText(), '民法典施行前的条文：《侵权责任法》第七条（无过错责任）；《民法通则》第一百零六条第三款（民事责任：违约、过错责任和无过错责任）');
    // An article of an interpretation repealed with 民法典: what replaced it, and the article holding its text, to open.
    await page.getByTestId('statute-query').fill('合同法解释（二）第二十六条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '若干问题的解释（二）》第二十六条' }).waitFor();
    assert.equal(await page.getByTestId('replaced-by').innerText(), '该文件已由《最高人民法院关于废止部分司法解释及相关规范性文件的决定》（法释〔2020〕16号）废止（2021-01-01起施行）；相关规定现见于《中华人民共和国民法典》；本条内容现见于《中华人民共和国民法典》第五百三十三条（内容有修改）。 打开《中华人民共和国民法典》第五百三十三条');
    await b.screenshot('replaced-by');
    await page.getByTestId('open-replacement').click();
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国民法典》第五百三十三条' }).waitFor();
    assert.equal(await page.getByTestId('replaced-by').count(), 0, 'an article in force has no such note');
    // A citation of the repealed 合同法: why it is not found, and the article of 民法典 that holds its rule, listed to open.
    await page.getByTestId('statute-query').fill('合同法第一百一十四条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('citation-not-found').waitFor();
    assert.match(await page.getByTestId('citation-not-found').innerText(), /已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；该条（违约金）现对应《中华人民共和国民法典》第五百八十五条。/);
    assert.deepEqual(await page.getByTestId('hit').locator('button').allInnerTexts(), ['《中华人民共和国民法典》第五百八十五条']);
    // A law filter naming the repealed 合同法: said so, with where to filter instead; then cleared.
    await page.getByTestId('filter-law').fill('合同法');
    await page.getByTestId('statute-query').fill('违约金过高');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('repealed-law-filter').waitFor();
    assert.equal(await page.getByTestId('repealed-law-filter').innerText(), '筛选的“合同法”指《中华人民共和国合同法》，法规库中没有这部法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）。筛选仍按名称包含“合同法”的法律进行；要找其规定，请改按“民法典”筛选。');
    await page.getByTestId('filter-law').fill('');
    // As of 2019 the library has no text of 刑法 in force (its one text is dated 2020): its amendments date each article.
    await page.getByTestId('filter-asof').fill('2019-06-01');
    await page.getByTestId('statute-query').fill('刑法第264条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('version-gap').waitFor();
    assert.equal(await page.getByTestId('version-gap').innerText(), '本条自 2011-05-01 起未经修改（《刑法修正案（八）》第三十九条）（法规库收有该法此后的各次修正案），此即 2019-06-01 施行的条文。');
    assert.equal(await page.getByTestId('on-date').innerText(), '2019-06-01 施行中');
    await page.getByTestId('statute-query').fill('盗窃公私财物，数额较大的怎么处罚');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('read-in-place').first().waitFor();
    assert.ok((await page.getByTestId('read-in-place').allInnerTexts()).some((t) => t.startsWith('《中华人民共和国刑法》：各条已按法规库所收该法的修正案核对：2019-06-01 之后修改过的条文另有注明')));
    assert.match(await page.getByTestId('hit').first().innerText(), /《中华人民共和国刑法》第二百六十四条/);
    await b.screenshot('version-gap');
    // A bribe of 2022: 第三百九十条 was amended in 2024; the text of 2022, as 刑法修正案（九） gave it, is shown beside it.
    await page.getByTestId('filter-asof').fill('2022-06-01');
    await page.getByTestId('statute-query').fill('刑法第390条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('text-then').waitFor();
    assert.match(await page.getByTestId('text-then').innerText(), /^2022-06-01 施行的文本（《刑法修正案（九）》第四十五条，2015-11-01 起施行）：\n+对犯行贿罪的，处五年以下有期徒刑或者拘役/);
    assert.match(await page.getByTestId('version-gap').innerText(), /^本条此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改/);
    assert.equal(await page.getByTestId('amended-text').innerText(), '本条为《刑法修正案（十二）》第五条（2024-03-01 起施行）修改后的条文');
    await page.getByTestId('statute-query').fill('行贿 谋取不正当利益 从重处罚');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('hit-amended-since').first().waitFor();
    assert.match(await page.getByTestId('hit').filter({ has: page.getByTestId('hit-amended-since') }).first().innerText(), /^《中华人民共和国刑法》第三百九(十|十一|十三)条/);
    await b.screenshot('text-then');
    await page.getByTestId('filter-asof').fill('2019-06-01');
    // A contract question as of 2019: 民法典 was no law, 合同法 is not in the library; 民法典's articles stand in, each saying for what.
    await page.getByTestId('statute-query').fill('对方不履行合同义务，要承担什么违约责任');
    await page.getByTestId('statute-query').press('Enter');
    // (The theft hits before also hold 民法典 articles standing in: wait for this question's first hit.)
    await page.getByTestId('hit').first().filter({ hasText: '第五百七十七条' }).waitFor();
    // Its badges: no law on the date, in force today.
    assert.match(await page.getByTestId('hit').first().innerText(), /^《中华人民共和国民法典》第五百七十七条\s*2019-06-01 尚未施行\s*现行有效\s*代《合同法》第一百零七条\n/);
    assert.ok((await page.getByTestId('read-in-place').allInnerTexts()).some((t) => t.startsWith('《中华人民共和国民法典》：民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；所列民法典条文代替')));
    await b.screenshot('civil-code-in-place');
    // Opened from the hit with the date still set, the article says what it stands in for.
    await page.getByTestId('hit').first().locator('button').first().click();
    await page.getByTestId('version-gap').waitFor();
    assert.equal(await page.getByTestId('version-gap').innerText(), '民法典自 2021-01-01 起施行，在 2019-06-01 尚未施行；本条规则当时见于《合同法》第一百零七条（违约责任），法规库中没有该法的条文；此为民法典的条文，当时的条文可能与此不同。');
    assert.deepEqual(await page.getByTestId('article-title').locator('.badge').allInnerTexts(), ['2019-06-01 尚未施行', '现行有效']);
    await page.getByTestId('filter-asof').fill('');
    await page.getByTestId('version-gap').waitFor({ state: 'detached' });
    // A citation of a 项 opens its article with that 项 marked.
    await page.getByTestId('statute-query').fill('劳动合同法第38条第1款第2项');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('cited-part').waitFor();
    assert.equal(await page.getByTestId('cited-part').innerText(), '未及时足额支付劳动报酬的；');
    assert.match(await page.getByTestId('article-title').innerText(), /劳动合同法》第三十八条/);
    // Several 款: each marked.
    await page.getByTestId('statute-query').fill('民法典第1165条第一、二款');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '第一千一百六十五条' }).waitFor();
    assert.deepEqual(await page.getByTestId('cited-part').allInnerTexts(), [
      '行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。',
      '依照法律规定推定行为人有过错，其不能证明自己没有过错的，应当承担侵权责任。',
    ]);
    await page.getByTestId('statute-query').fill('劳动合同法第38条第1款第一、二项');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('cited-part').filter({ hasText: '未按照劳动合同约定' }).waitFor();
    assert.deepEqual(await page.getByTestId('cited-part').allInnerTexts(), ['未按照劳动合同约定提供劳动保护或者劳动条件的；', '未及时足额支付劳动报酬的；']);
    // 项 of two 款: each 项 in its own 款.
    await page.getByTestId('statute-query').fill('劳动合同法第四十一条第一款第二项、第二款第三项');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('cited-part').filter({ hasText: '生产经营发生严重困难' }).waitFor();
    assert.deepEqual(await page.getByTestId('cited-part').allInnerTexts(), ['生产经营发生严重困难的；', '家庭无其他就业人员，有需要扶养的老人或者未成年人的。']);
    assert.equal(await page.getByTestId('cited-warning').count(), 0);
    // A 项 the article does not have: the article, nothing marked, and a note saying so.
    await page.getByTestId('statute-query').fill('劳动合同法第四十一条第二款第五项');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('cited-warning').waitFor();
    assert.equal(await page.getByTestId('cited-warning').innerText(), '第四十一条第2款只有3项，没有第5项。');
    assert.equal(await page.getByTestId('cited-part').count(), 0);
    // A number the previous version gave to another provision says so, and opens that one.
    await page.getByTestId('statute-query').fill('公司法第71条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('earlier-numbering').waitFor();
    assert.match(await page.getByTestId('earlier-numbering').innerText(), /^注意：2018-10-26 版的第七十一条内容不同（「有限责任公司的股东之间可以相互转让/);
    assert.equal(await page.getByTestId('open-earlier-now').innerText(), '第八十四条', 'where that provision stands in this version');
    await page.getByTestId('open-earlier').click();
    await page.getByTestId('earlier-numbering').waitFor({ state: 'detached' });
    assert.match(await page.getByTestId('article-text').innerText(), /^有限责任公司的股东之间可以相互转让/);
    assert.match(await page.getByTestId('article-view').innerText(), /2018-10-26/);
    // Its versions name the article that holds it in 2023 (renumbered), with what changed, and open it.
    const in2023 = page.getByTestId('version').filter({ hasText: '2023-12-29' });
    assert.equal(await in2023.getByTestId('version-article').innerText(), '第八十四条');
    await in2023.getByTestId('version-toggle').click();
    assert.match(await in2023.getByTestId('version-diff').locator('del').first().innerText(), /\S/);
    assert.match(await in2023.getByTestId('version-diff').innerText(), /经其他股东过半数同意/);
    await b.screenshot('versions');
    // The whole law side by side, changed articles only, opened from the same list.
    await in2023.getByTestId('compare-law').click();
    await page.getByTestId('law-comparison').waitFor();
    assert.match(await page.getByTestId('comparison-summary').innerText(), /^新版内容相同 \d+ 条，修改 \d+ 条/);
    assert.match(await page.getByTestId('comparison-row').filter({ hasText: '第八十四条' }).first().innerText(), /第八十四条\s+第七十一条\s+修改 \d+%/);
    await b.screenshot('law-comparison');
    const [word] = await Promise.all([page.waitForEvent('download'), page.getByTestId('comparison-export-docx').click()]);
    assert.equal(word.suggestedFilename(), '中华人民共和国公司法新旧对照-2018-10-26-2023-12-29.docx');
    const saved = path.join(b.dir, word.suggestedFilename());
    await word.saveAs(saved);
    assert.match((await docxParts(saved))['document.xml']!, /经其他股东过半数同意/);
    await in2023.getByTestId('compare-law').click();
    await page.getByTestId('law-comparison').waitFor({ state: 'detached' });
    await in2023.getByTestId('version-article').click();
    await page.getByTestId('article-title').filter({ hasText: '第八十四条' }).waitFor();
    // A question citing the old number: both articles listed as cited, the one it reads like first, and why.
    await page.getByTestId('statute-query').fill('公司法第七十一条规定股东向股东以外的人转让股权要经其他股东过半数同意吗');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('renumbered-note').waitFor();
    assert.match(await page.getByTestId('renumbered-note').innerText(), /^注意：2018-10-26 版的第七十一条（「有限责任公司的股东之间可以相互转让.*」）在本版为第八十四条，两条都作为引用列出。$/);
    assert.match(await page.locator('.hits li').first().innerText(), /《中华人民共和国公司法》第八十四条/);
  });

  test('a law read whole: opened at the article, words found one after another, the contents follow, an article opens, another version, a download', async () => {
    const { page } = b;
    await page.keyboard.press('Control+k');
    await page.getByTestId('statute-query').fill('劳动合同法第38条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '劳动合同法》第三十八条' }).waitFor();
    await page.getByTestId('read-whole').click();
    await page.getByTestId('law-reader-title').waitFor();
    assert.equal(await page.getByTestId('law-article').count(), 98);
    assert.match(await page.getByTestId('law-title-note').innerText(), /^（2007年6月29日.*通过　根据2012年12月28日.*修正）$/);
    // Opened at the article it came from, marked, and the contents mark its chapter.
    const current = page.locator('[data-testid=law-article].current');
    assert.match(await current.innerText(), /^第三十八条　用人单位有下列情形之一的/);
    assert.ok(await current.evaluate((el) => { const box = el.getBoundingClientRect(); const pane = el.closest('.law-text')!.getBoundingClientRect(); return box.top >= pane.top - 1 && box.top < pane.bottom; }), 'in view');
    assert.deepEqual(await page.locator('[data-testid=law-toc-entry].here').allInnerTexts(), ['第四章 劳动合同的解除和终止']);
    // Words found: counted across the law, each in turn in view, Enter for the next.
    await page.getByTestId('law-find').fill('经济补偿');
    await page.getByTestId('law-find-count').filter({ hasText: '1 / 15' }).waitFor();
    await page.getByTestId('law-find-next').click();
    await page.getByTestId('law-find').press('Enter');
    await page.getByTestId('law-find-count').filter({ hasText: '3 / 15' }).waitFor();
    const active = page.locator('[data-testid=law-text] mark.active');
    assert.equal(await active.innerText(), '经济补偿');
    assert.match(await active.evaluate((el) => el.closest('[data-testid=law-article]')!.textContent!), /^第四十七条/);
    // An article's number, typed with digits, finds the article itself first, then the text's mentions of it as printed
    // (第四十六条's 「依照本法第三十八条规定」); full-width and half-width marks are one.
    await page.getByTestId('law-find').fill('第38条');
    await page.getByTestId('law-find-count').filter({ hasText: /^1 \/ [2-9]$/ }).waitFor();
    assert.equal(await active.innerText(), '第三十八条');
    assert.ok(await active.evaluate((el) => el.closest('button') !== null), 'the article\'s own number');
    await page.getByTestId('law-find-next').click();
    assert.match(await active.evaluate((el) => el.closest('[data-testid=law-article]')!.textContent!), /^第四十六条/);
    await page.getByTestId('law-find').fill('第三十八条');
    await page.getByTestId('law-find-count').filter({ hasText: /^1 \/ \d+$/ }).waitFor();
    assert.match(await active.evaluate((el) => el.closest('[data-testid=law-article]')!.textContent!), /^第三十八条　用人单位有下列情形之一的/);
    const [fullWidth, halfWidth] = [await countOf(page, '劳动合同：'), await countOf(page, '劳动合同:')];
    assert.ok(fullWidth === halfWidth && fullWidth >= 5, `${fullWidth} / ${halfWidth}`);
    await page.getByTestId('law-find').fill('没有这样的话');
    await page.getByTestId('law-find-count').filter({ hasText: '没有找到' }).waitFor();
    assert.equal(await page.getByTestId('law-find-next').isDisabled(), true);
    // The contents move the text, and follow it.
    await page.getByTestId('law-toc-entry').filter({ hasText: '第二节 劳务派遣' }).click();
    await page.locator('[data-testid=law-toc-entry].here').filter({ hasText: '第二节 劳务派遣' }).waitFor();
    assert.deepEqual(await page.locator('[data-testid=law-toc-entry].here').allInnerTexts(), ['第五章 特别规定', '第二节 劳务派遣']);
    await b.screenshot('law-reader');
    // The whole text as Word.
    const [word] = await Promise.all([page.waitForEvent('download'), page.getByTestId('law-export-docx').click()]);
    assert.equal(word.suggestedFilename(), '中华人民共和国劳动合同法（2012-12-28版）.docx');
    const wordFile = path.join(b.dir, 'law.docx');
    await word.saveAs(wordFile);
    const wordText = (await docxParts(wordFile))['document.xml']!;
    assert.match(wordText, /第九十八条　本法自2008年1月1日起施行。/);
    // An article's number opens it.
    await page.getByTestId('law-article-open').filter({ hasText: /^第五十八条$/ }).click();
    await page.getByTestId('article-title').filter({ hasText: '第五十八条' }).waitFor();
    assert.equal(await page.getByTestId('law-reader').count(), 0);
    // …and the reading can be gone back to, from there.
    await page.getByTestId('back-to-reading').click();
    await page.locator('[data-testid=law-article].current').filter({ hasText: /^第五十八条　/ }).waitFor();
    await page.getByTestId('law-reader-close').click();
    await page.getByTestId('article-title').filter({ hasText: '第五十八条' }).waitFor();
    // A law's name searched: the law itself on top of the hits, to read whole.
    await page.getByTestId('statute-query').fill('劳动合同法');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('named-law').waitFor();
    assert.match(await page.getByTestId('named-law').innerText(), /^《中华人民共和国劳动合同法》现行有效 法律 · .* · 98 条/);
    await page.getByTestId('named-law-read').click();
    await page.locator('[data-testid=law-article].current').filter({ hasText: /^第一条　为了完善劳动合同制度/ }).waitFor();
    assert.equal(await page.getByTestId('law-reader-close').innerText(), '‹ 收起全文', 'read as asked, not from an article');
    await page.getByTestId('law-reader-close').click();
    await page.getByTestId('article-title').filter({ hasText: '劳动合同法》第一条' }).waitFor();
    // A revised law: the reader reads another version when asked, opened where it holds the provision, and says it is not the article's.
    await page.getByTestId('statute-query').fill('公司法第84条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '公司法》第八十四条' }).waitFor();
    await page.getByTestId('read-whole').click();
    await page.getByTestId('law-reader-version').waitFor();
    assert.equal(await page.getByTestId('law-reader-version').inputValue(), '2023-12-29');
    await page.getByTestId('law-reader-version').selectOption('2018-10-26');
    await page.getByTestId('law-reader-other-version').waitFor();
    assert.match(await page.getByTestId('law-reader-title').innerText(), /已被修订/);
    assert.match(await page.locator('[data-testid=law-article].current').innerText(), /^第七十一条　有限责任公司的股东之间可以相互转让其全部或者部分股权。/);
    await page.getByTestId('law-reader-close').click();
    await page.getByTestId('article-view').waitFor();
    assert.match(await page.getByTestId('article-title').innerText(), /第八十四条/);
    // 2023's 第五十四条 (出资加速到期) has no counterpart in 2018: said, and the text shown from its start.
    await page.getByTestId('statute-query').fill('公司法第54条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '公司法》第五十四条' }).waitFor();
    await page.getByTestId('read-whole').click();
    await page.getByTestId('law-reader-version').selectOption('2018-10-26');
    assert.equal(await page.getByTestId('law-reader-no-counterpart').innerText(), '2018-10-26 版中没有与所读第五十四条相应的条文（按条文文字比对）：从头显示。');
    assert.equal(await page.locator('[data-testid=law-article].current').count(), 0);
    assert.equal(await page.getByTestId('law-text').evaluate((el) => el.scrollTop), 0);
    await page.getByTestId('law-reader-close').click();
    // Looked up as of a date the library has no text of, the reading says which text stands in for it.
    await page.getByTestId('filter-asof').fill('2010-01-01');
    await page.getByTestId('statute-query').fill('劳动合同法第38条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '劳动合同法》第三十八条' }).waitFor();
    await page.getByTestId('read-whole').click();
    assert.match(await page.getByTestId('law-reader-date-note').innerText(), /^2010-01-01 施行的文本：法规库中没有该法在 2010-01-01 施行的版本（最早的是 2012-12-28 版，2013-07-01 施行）/);
    await page.getByTestId('law-reader-close').click();
    await page.getByTestId('filter-asof').fill('');
  });

  test('a search limited to a repealed interpretation says why it found nothing; the date offered finds its text', async () => {
    const { page } = b;
    await page.getByTestId('tab-statutes').click();
    await page.getByTestId('statute-query').fill('情势变更 合同 解除');
    await page.getByTestId('filter-law').fill('合同法解释（二）');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('law-filter-gap').waitFor();
    assert.match(await page.getByTestId('law-filter-gap').innerText(), /^《最高人民法院关于适用〈中华人民共和国合同法〉若干问题的解释（二）》已由《最高人民法院关于废止部分司法解释及相关规范性文件的决定》（法释〔2020〕16号）废止（2021-01-01起施行）；本次检索只含现行有效的文本；相关规定现见于.*《中华人民共和国民法典》。 检索其 2020-12-31 时的文本$/);
    await b.screenshot('law-filter-gap');
    await page.getByTestId('gap-last-text').click();
    await page.getByTestId('hit').first().waitFor();
    assert.equal(await page.getByTestId('filter-asof').inputValue(), '2020-12-31');
    assert.match(await page.getByTestId('hit').first().innerText(), /若干问题的解释（二）》第二十六条/);
    assert.match(await page.getByTestId('hit').first().getByTestId('on-date').innerText(), /2020-12-31 施行中/);
    await page.getByTestId('filter-law').fill('');
    await page.getByTestId('filter-asof').fill('');
  });

  test('a pasted brief: each citation checked, what is wrong said, each found article a link', async () => {
    const { page } = b;
    await page.getByTestId('tab-statutes').click();
    await page.getByTestId('check-toggle').click();
    await page.getByTestId('check-text').fill('根据《中华人民共和国合同法》第五十二条，合同无效。《民法典》第一千一百六十五条规定“行为人因过错侵害他人民事权益，应当承担侵权责任”。《劳动合同法》第三十八条。依照《借款合同》第八条约定。');
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-summary').waitFor();
    assert.match(await page.getByTestId('check-summary').innerText(), /^共 4 处引用（法律截至 \d{4}-\d{2}-\d{2}）：无误 1，需核对 0，引文不符 1，未找到 0，引用已废止的法律 1，非法律法规（合同、裁判文书等，未核验）1$/);
    const rows = page.getByTestId('check-citation');
    assert.deepEqual(await Promise.all([0, 1, 2, 3].map((i) => rows.nth(i).getAttribute('data-finding'))), ['unresolvable', 'quote_mismatch', 'ok', 'not_statute']);
    // The repealed law's badge says so, as the summary counts it, not 「未找到」.
    // The contract's clause is no statute, not checked: its own badge, not 「未找到」.
    assert.deepEqual(await Promise.all([0, 1, 2, 3].map((i) => rows.nth(i).getByTestId('check-finding').innerText())), ['已废止的法律', '引文不符', '无误', '非法律法规']);
    assert.match(await rows.nth(3).innerText(), /合同、协议等当事人文件的条款，非法律法规，未核验/);
    assert.match(await rows.nth(0).innerText(), /已由《中华人民共和国民法典》第一千二百六十条废止/);
    // Where 民法典 holds the repealed article's rule now, each article a link.
    assert.equal(await rows.nth(0).getByTestId('check-successor').innerText(), '现行对应条文（合同无效的情形）：《中华人民共和国民法典》第一百五十三条、第一百五十四条、第一百四十六条');
    assert.match(await rows.nth(1).getByTestId('check-quote').innerText(), /法条原文：「行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。」/);
    await b.screenshot('citation-check');
    // The articles the text cites, as a 法条汇编 in Word: the two found, and in the repealed 合同法's place 民法典's articles that hold its rule.
    const [compiledCheck] = await Promise.all([page.waitForEvent('download'), page.getByTestId('check-compilation-docx').click()]);
    assert.match(compiledCheck.suggestedFilename(), /^所引法条汇编-\d{4}-\d{2}-\d{2}\.docx$/);
    const compiledCheckFile = path.join(b.dir, 'check-compilation.docx');
    await compiledCheck.saveAs(compiledCheckFile);
    const compiledCheckText = (await docxParts(compiledCheckFile))['document.xml']!;
    assert.match(compiledCheckText, /《中华人民共和国民法典》第一千一百六十五条[\s\S]*《中华人民共和国劳动合同法》第三十八条/);
    assert.match(compiledCheckText, /未能找到的引用[\s\S]*合同法》第五十二条：已废止的法律/);
    assert.match(compiledCheckText, /非法律法规的引用（合同、裁判文书等，未核验）[\s\S]*《借款合同》第八条：合同、协议等当事人文件的条款/);
    assert.match(compiledCheckText, /《中华人民共和国民法典》第一百五十三条[\s\S]*所引的法律已废止，其规定现见于此条，规则有实质修改/);
    // A Word file chosen instead: the host reads it, the box shows what was read, and its citations are checked.
    const word = path.join(b.dir, 'brief.docx');
    fs.writeFileSync(word, await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('依照《刑法》第二百六十四条处理。')] }] })));
    await page.getByTestId('check-file').setInputFiles(word);
    await page.getByTestId('check-summary').filter({ hasText: '共 1 处引用' }).waitFor();
    assert.equal(await page.getByTestId('check-text').inputValue(), '依照《刑法》第二百六十四条处理。');
    // A PDF the same way: read by the host with pdf.js.
    const pdf = path.join(b.dir, 'brief.pdf');
    fs.writeFileSync(pdf, await renderPdf('<!doctype html><meta charset="utf-8"><body style="font-family:\'WenQuanYi Micro Hei\'"><p>依照《劳动合同法》第三十八条、第四十六条解除劳动合同。</p></body>'));
    await page.getByTestId('check-file').setInputFiles(pdf);
    await page.getByTestId('check-summary').filter({ hasText: '共 2 处引用' }).waitFor();
    assert.match(await page.getByTestId('check-text').inputValue(), /^依照《劳动合同法》第三十八条、第四十六条解除劳动合同。/);
    assert.deepEqual(await page.getByTestId('check-where').allInnerTexts(), ['[第1页第1段]', '[第1页第1段]'], 'where each stands in the PDF');
    // A file too large for the page is refused there, with what to do instead.
    await page.getByTestId('check-file').setInputFiles({ name: 'long.txt', mimeType: 'text/plain', buffer: Buffer.alloc(800_000, 0x41) });
    assert.equal(await page.getByTestId('check-error').innerText(), '文件过大（800 KB）：这里一次最多读取 750 KB；请粘贴其中的文字，或用命令行 lexdesk check 核验整个文件。');
    // A quotation of 2018's 公司法 under its old number: where the words come from, and a link to where they stand now.
    // And a quotation of the repealed 合同法: the article of 民法典 that holds its words.
    await page.getByTestId('check-text').fill('《公司法》第七十一条规定：“股东向股东以外的人转让股权，应当经其他股东过半数同意。”《合同法》第一百零七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”');
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-quote-source').nth(1).waitFor();
    assert.equal(await page.getByTestId('check-quote-source').nth(1).innerText(), '引文出处：《中华人民共和国民法典》第五百七十七条');
    const source = page.getByTestId('check-quote-source').first();
    assert.equal(await source.innerText(), '引文出处：2018-10-26 版第七十一条 · 本版为第八十四条');
    assert.match(await rows.nth(0).innerText(), /引文是 2018-10-26 版第七十一条的条文（已被修订）；2023-12-29 版中为第八十四条，内容有修改/);
    await source.getByRole('button', { name: '第八十四条' }).click();
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国公司法》第八十四条' }).waitFor();
    // An in-house memo on the 2023 公司法: the five-year rule found, 失权 under a wrong number, pre-emption under 2018's.
    await page.getByTestId('check-text').fill('根据《公司法》第四十七条，有限责任公司全体股东认缴的出资额由股东按照公司章程的规定自公司成立之日起五年内缴足。\n股东未按照公司章程规定的出资日期缴纳出资，公司经宽限期催缴后仍未缴纳的，依据《公司法》第五十条，经董事会决议可以向该股东发出失权通知，该股东丧失其未缴纳出资的股权。\n股东向股东以外的人转让股权的，应当将股权转让的数量、价格、支付方式和期限等事项书面通知其他股东，其他股东在同等条件下有优先购买权（《公司法》第七十一条）。');
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-earlier').waitFor();
    assert.match(await page.getByTestId('check-summary').innerText(), /^共 3 处引用（法律截至 \d{4}-\d{2}-\d{2}）：无误 1，需核对 2，引文不符 0，未找到 0$/);
    assert.deepEqual(await rows.getByTestId('check-version').allInnerTexts(), ['（2023-12-29 版）', '（2023-12-29 版）', '（2023-12-29 版）']);
    assert.equal(await rows.nth(1).getByTestId('check-closer').innerText(), '所述内容更接近：第五十二条');
    assert.match(await rows.nth(2).innerText(), /2018-10-26 版的第七十一条内容不同.*现为第八十四条/);
    await rows.nth(2).getByTestId('check-earlier').getByRole('button', { name: '第八十四条' }).click();
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国公司法》第八十四条' }).waitFor();
    await b.screenshot('citation-check-company-memo');
    await page.getByTestId('check-text').fill('依据《继承法》第十条，原告为第一顺序继承人。');
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-successor').filter({ hasText: '法定继承人的范围和顺序' }).getByRole('button', { name: '《中华人民共和国民法典》第一千一百二十七条' }).click();
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国民法典》第一千一百二十七条' }).waitFor();
    // The right law with the wrong number: what the text says fits 第一千零六十二条, which opens from the row.
    await page.getByTestId('check-text').fill('依据《民法典》第一千零六十三条，婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产。');
    await page.getByTestId('check-run').click();
    const closer = page.getByTestId('check-closer');
    await closer.waitFor();
    assert.equal(await closer.innerText(), '所述内容更接近：第一千零六十二条');
    assert.match(await page.getByTestId('check-citation').first().innerText(), /文中此处所述与该条内容不符（该条为「下列财产为夫妻一方的个人财产/);
    await closer.getByRole('button').click();
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国民法典》第一千零六十二条' }).waitFor();
    // A title within a title written in 《》: a writing note with the form in 〈〉, the finding its own as before.
    await page.getByTestId('check-text').fill('依照《最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（二）》第二十六条。');
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-title-style').waitFor();
    assert.equal(await page.getByTestId('check-title-style').innerText(), '写法：书名号内的书名号应改用单书名号〈〉（GB/T 15834《标点符号用法》）：《最高人民法院关于适用〈中华人民共和国合同法〉若干问题的解释（二）》第二十六条');
    assert.match(await page.getByTestId('check-summary').innerText(), /^共 1 处引用/);
    await page.getByTestId('check-text').fill('《劳动合同法》第三十八条');
    await page.getByTestId('check-run').click();
    await page.getByTestId('check-citation').filter({ hasText: '劳动合同法' }).waitFor();
    await page.getByTestId('check-citation').locator('button').click();
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国劳动合同法》第三十八条' }).waitFor();
  });

  test('saved articles: saved from the article view with a folder and note, listed with what a revision made of them, exported, removed', async () => {
    const { page } = b;
    // The article view the previous test left open: 劳动合同法 第三十八条.
    await page.getByTestId('article-title').filter({ hasText: '《中华人民共和国劳动合同法》第三十八条' }).waitFor();
    await page.getByTestId('save-open').click();
    await page.getByTestId('save-folder').fill('张三劳动争议');
    await page.getByTestId('save-note').fill('公司拖欠工资三个月，可据第一款第二项解除');
    await page.getByTestId('save-confirm').click();
    await page.getByTestId('saved-in').filter({ hasText: '张三劳动争议' }).waitFor();
    // 公司法's 2018 第七十一条, saved before the 2023 revision was read (the library holds both versions).
    const [old] = b.engine.lookupAll('公司法第71条', { version: '2018-10-26' });
    assert.ok(old?.ok);
    const added = await b.api.call('saved.add', { articleId: old.article.id, folder: '股权转让' });
    assert.ok(added.ok);
    await page.getByTestId('tab-saved').click();
    await page.getByTestId('saved-item').filter({ hasText: '第七十一条' }).waitFor();
    const labour = page.getByTestId('saved-item').filter({ hasText: '第三十八条' });
    assert.equal(await labour.getAttribute('data-state'), 'in_force');
    assert.equal(await labour.getByTestId('saved-note').innerText(), '备注：公司拖欠工资三个月，可据第一款第二项解除');
    const company = page.getByTestId('saved-item').filter({ hasText: '第七十一条' });
    assert.equal(await company.getAttribute('data-state'), 'amended');
    assert.match(await company.getByTestId('saved-state').innerText(), /^收藏的 2018-10-26 版已被修订；现行 2023-12-29 版中对应第八十四条，内容有修改（见差异）。$/);
    assert.match(await page.getByTestId('saved-summary').innerText(), /共 2 条 · 其中 1 条有变化或不再现行/);
    await company.getByTestId('saved-changes').click();
    assert.match(await company.getByTestId('version-changes').locator('del').first().innerText(), /经其他股东过半数同意/);
    await b.screenshot('saved');
    // The note edited in place; one folder exported as Word with its note.
    await labour.getByTestId('saved-edit-note').click();
    await labour.getByTestId('saved-note-input').fill('拖欠工资三个月：第三十八条第一款第二项');
    await labour.getByTestId('saved-note-save').click();
    await labour.getByTestId('saved-note').filter({ hasText: '第一款第二项' }).filter({ hasText: '拖欠工资三个月：' }).waitFor();
    await page.getByTestId('saved-folder').filter({ hasText: '张三劳动争议' }).click();
    await page.getByTestId('saved-item').filter({ hasText: '第七十一条' }).waitFor({ state: 'detached' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('saved-export-docx').click()]);
    assert.match(download.suggestedFilename(), /^收藏法条-张三劳动争议-\d{4}-\d{2}-\d{2}\.docx$/);
    const file = path.join(b.dir, 'saved.docx');
    await download.saveAs(file);
    const text = (await docxParts(file))['document.xml']!;
    assert.match(text, /《中华人民共和国劳动合同法》第三十八条/);
    assert.match(text, /备注：拖欠工资三个月：第三十八条第一款第二项/);
    assert.doesNotMatch(text, /公司法/, 'only the folder asked for');
    // The text in force opens from the saved article; removing it from the article view empties its folder.
    await page.getByTestId('saved-folders').getByRole('button', { name: '全部' }).click();
    await page.getByTestId('saved-item').filter({ hasText: '第七十一条' }).getByTestId('saved-open-now').click();
    await page.getByTestId('article-title').filter({ hasText: '第八十四条' }).waitFor();
    await page.getByTestId('statute-query').fill('劳动合同法第38条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '第三十八条' }).waitFor();
    await page.getByTestId('saved-in').getByTestId('unsave').click();
    await page.getByTestId('saved-in').waitFor({ state: 'detached' });
    await page.getByTestId('tab-saved').click();
    await page.getByTestId('saved-item').filter({ hasText: '第三十八条' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('saved-item').count(), 1);
    // ☆ beside a consultation's cited statute saves it to a folder named after the consultation.
    await page.getByTestId('tab-consult').click();
    const first = page.getByTestId('cited-panel').last().getByTestId('evidence').first();
    const cited = (await first.getByTestId('open-article').innerText()).trim();
    await first.getByTestId('evidence-save').click();
    // ★ 全文 · 张某劳动争议: what of the article the folder holds, then the folder.
    const star = await first.getByTestId('evidence-saved').innerText();
    assert.match(star, /^★ (全文|第.+?) · /);
    const folder = star.replace(/^★ [^·]+ · /, '');
    assert.ok(folder.length > 0);
    await page.getByTestId('tab-saved').click();
    await page.getByTestId('saved-item').filter({ hasText: cited.replace(/^《[^》]+》/, '') }).waitFor();
    // Narrowed by words: 公司法 leaves only 第七十一条.
    await page.getByTestId('saved-filter').fill('公司法 股东');
    await page.getByTestId('saved-item').filter({ hasText: cited.replace(/^《[^》]+》/, '') }).waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('saved-item').count(), 1);
    await page.getByTestId('saved-filter').fill('');
    await page.getByTestId('saved-folder').filter({ hasText: folder }).click();
    await page.getByTestId('saved-item').filter({ hasText: '第七十一条' }).waitFor({ state: 'detached' });
    assert.equal((await page.getByTestId('saved-item').getByTestId('saved-open').innerText()).trim(), cited);
    // Opened from there, its view says where it is saved; removed in this tab, the view says so once shown again.
    await page.getByTestId('saved-item').getByTestId('saved-open').click();
    await page.getByTestId('saved-in').filter({ hasText: folder }).waitFor();
    await page.getByTestId('tab-saved').click();
    await page.getByTestId('saved-item').getByTestId('saved-remove').click();
    await page.getByTestId('saved-item').first().waitFor();
    await page.getByTestId('tab-statutes').click();
    await page.getByTestId('saved-in').waitFor({ state: 'detached' });
    // And the consultation's cited statute, shown again, offers ☆ again instead of ★.
    await page.getByTestId('tab-consult').click();
    await first.getByTestId('evidence-save').waitFor();
    assert.equal(await first.getByTestId('evidence-saved').count(), 0);
  });

  test('changing a setting persists it; the UI language switches', async () => {
    const { page } = b;
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('llm-rerank').uncheck();
    await page.getByTestId('settings-message').waitFor();
    assert.equal(b.api.services.settings.read().consult?.llmRerank, false);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('tab-consult').getByText('Consult', { exact: true }).waitFor();
    await b.screenshot('settings');
    // A folder that holds no model is refused with the reason, and nothing is stored.
    await page.getByTestId('cross-encoder-dir').fill('/nonexistent/bge-reranker');
    await page.getByTestId('cross-encoder-dir').blur();
    await page.getByTestId('settings-message').filter({ hasText: /Model folder not found|No folder at/ }).waitFor();
    assert.equal(b.api.services.settings.read().models?.crossEncoderDir, undefined);
    // An embeddings endpoint: URL and model saved together, its key kept by the host (only a hint comes back), then cleared.
    await page.getByTestId('embedding-base').fill('http://192.168.1.20:11434/v1');
    assert.equal(await page.getByTestId('use-endpoint').isDisabled(), true, 'the model name is still missing');
    await page.getByTestId('embedding-model').fill('bge-m3');
    await page.getByTestId('use-endpoint').click();
    await page.getByTestId('clear-endpoint').waitFor();
    assert.deepEqual([b.api.services.settings.read().models?.httpBase, b.api.services.settings.read().models?.httpModel], ['http://192.168.1.20:11434/v1', 'bge-m3']);
    await page.getByTestId('embedding-key').fill('sk-embed-ui-secret-4321');
    await page.getByTestId('save-embedding-key').click();
    await page.locator('[data-testid="embedding-key"][placeholder*="4321"]').waitFor();
    assert.ok(!(await page.content()).includes('sk-embed-ui-secret-4321'));
    await page.getByTestId('clear-endpoint').click();
    await page.getByTestId('clear-endpoint').waitFor({ state: 'detached' });
    assert.equal(b.api.services.settings.read().models?.httpBase, undefined);
    await page.getByTestId('language').selectOption('zh');
    await page.getByTestId('llm-rerank').check();
  });

  test('an LLM failure keeps the message and offers a retry that succeeds', async () => {
    const { page, llm } = b;
    await page.getByTestId('tab-consult').click();
    await page.getByTestId('new-consultation').click();
    llm.queue('judge', { status: 500 });
    await page.getByTestId('composer').fill('加班费怎么计算？');
    await page.getByTestId('composer').press('Enter');
    await page.getByTestId('turn-error').waitFor();
    assert.match(await page.getByTestId('turn-error').innerText(), /LLM 服务出错，重试未能成功。.*HTTP 500/);
    assert.equal(await page.getByTestId('user-message').last().innerText(), '加班费怎么计算？');
    await b.screenshot('failure');
    await page.getByTestId('retry').click();
    await page.getByTestId('answer').last().waitFor();
    assert.equal(await page.getByTestId('turn-error').count(), 0);
  });
});
