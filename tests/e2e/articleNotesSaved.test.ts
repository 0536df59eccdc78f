/**
 * In a real browser against the browser host: an article's own note (刑法 第四百五十二条's ①) under its text in the
 * article view and in the whole-law reading, marked as the collection's; 刑法 第一百七十六条 as of 2019 saying which
 * interpretation an act of then is judged by; the save button naming the 款 it saves and whether it is saved; and
 * 公司法第二十条第三款 with no version offering 2018's 第三款 or 2023's 第二十三条第一款, saving nothing until one is chosen.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { SavedListDto } from '../../preload/contract/index.js';
import { browserSkipReason, startBrowserBench, type BrowserBench } from '../helpers/browserBench.js';
import { CORPUS_DIR, sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason() || browserSkipReason();
const ILLEGAL_FUNDRAISING = ['2010-12-13', '2022-02-23'].map((d) => `司法解释/最高人民法院关于审理非法集资刑事案件具体应用法律若干问题的解释(${d}).md`);
const NOTE = '注（汇编所附注释，非条文内容）：① 刑法、历次刑法修正案、涉及修改刑法的决定的施行日期，分别依据各法律所规定的施行日期确定。';
let b: BrowserBench;

async function lookUp(page: Page, citation: string, title: string): Promise<void> {
  await page.getByTestId('statute-query').fill(citation);
  await page.getByTestId('statute-query').press('Enter');
  await page.getByTestId('article-title').filter({ hasText: title }).waitFor();
}

async function savedIn(folder: string): Promise<SavedListDto['items']> {
  const r = await b.api.call('saved.list', { folder });
  assert.ok(r.ok);
  return (r.data as SavedListDto).items;
}

describe('an article\'s note, 刑法\'s interpretations of the time, and the 款 saved, in the app', { skip: SKIP, timeout: 300_000 }, () => {
  before(async () => {
    b = await startBrowserBench();
    for (const rel of ILLEGAL_FUNDRAISING) fs.cpSync(path.join(CORPUS_DIR, rel), path.join(b.corpusRoot, rel));
    // Through the host, as the app imports: what it has read of the library (the statute graph too) is read again.
    const imported = await b.api.call('library.import', { path: b.corpusRoot });
    assert.ok(imported.ok, JSON.stringify(imported));
    await b.page.goto(b.host.url);
    await b.page.getByTestId('tab-statutes').click();
  });
  after(async () => {
    await b?.dispose();
  });

  test('刑法 第四百五十二条: its note under the text, marked, in the article view and in the law read whole', async () => {
    const { page } = b;
    await lookUp(page, '刑法第四百五十二条', '第四百五十二条');
    assert.equal(await page.getByTestId('article-note').innerText(), NOTE);
    assert.doesNotMatch(await page.getByTestId('article-text').innerText(), /①/);
    await page.getByTestId('read-whole').click();
    const article = page.getByTestId('law-article').filter({ has: page.getByTestId('law-article-note') });
    await article.waitFor();
    const found = b.engine.lookup('刑法第四百五十二条');
    assert.ok(found.ok);
    assert.equal(await article.getAttribute('data-article-id'), String(found.article.id));
    assert.equal(await article.getByTestId('law-article-note').innerText(), NOTE);
    assert.equal(await page.getByTestId('law-article-note').count(), 1, 'the one article with a note');
  });

  test('刑法 第一百七十六条 as of 2019: which interpretation an act of then is judged by, as the host words it; none without a date', async () => {
    const { page } = b;
    await page.getByTestId('filter-asof').fill('2019-06-01');
    await lookUp(page, '刑法第176条', '第一百七十六条');
    assert.match(await page.getByTestId('interpretation-times').innerText(), /^所列司法解释既有当时施行的，也有其后施行的：新解释施行前的行为，适用行为时的解释；但新解释对被告人更有利的，适用新解释（《最高人民法院、最高人民检察院关于适用刑事司法解释时间效力问题的规定》第三条）/);
    await page.getByTestId('filter-asof').fill('');
    await lookUp(page, '刑法第一百七十六条', '第一百七十六条');
    await page.getByTestId('interpretation-times').waitFor({ state: 'detached' });
  });

  test('the save button names the 款 it saves and turns to ★ once saved; the whole article is another thing', async () => {
    const { page } = b;
    await lookUp(page, '公司法第二十条第二款', '第二十条');
    assert.equal(await page.getByTestId('save-open').innerText(), '☆ 收藏第二款');
    await page.getByTestId('save-open').click();
    await page.getByTestId('save-folder').fill('公司治理');
    await page.getByTestId('save-confirm').click();
    await page.getByTestId('save-open').filter({ hasText: '★ 已收藏第二款' }).waitFor();
    assert.match(await page.getByTestId('saved-in').innerText(), /公司治理 · 第二款/);
    // The same article opened as an article: the whole of it is not saved, though its 第二款 is.
    await page.getByTestId('neighbours').getByRole('button', { name: /第二十一条/ }).click();
    await page.getByTestId('article-title').filter({ hasText: '第二十一条' }).waitFor();
    await page.getByTestId('neighbours').getByRole('button', { name: /第二十条/ }).click();
    await page.getByTestId('article-title').filter({ hasText: '》第二十条' }).waitFor();
    assert.equal(await page.getByTestId('save-open').innerText(), '☆ 收藏全文');
  });

  test('公司法第二十条第三款 with no version: the form offers 2018\'s 第三款 or 2023\'s 第二十三条第一款 and saves only the one chosen', async () => {
    const { page } = b;
    await lookUp(page, '公司法第二十条第三款', '第二十条');
    await page.getByTestId('cited-warning').waitFor();
    await page.getByTestId('save-open').click();
    assert.match(await page.getByTestId('older-part').innerText(), /本版第二十条没有第三款；2018-10-26 版的第二十条有（「公司股东滥用公司法人独立地位和股东有限责任/);
    await page.getByTestId('save-folder').fill('揭开面纱');
    await page.getByTestId('save-confirm').click();
    await page.getByRole('alert').filter({ hasText: '请先选择收藏哪一条。' }).waitFor();
    assert.deepEqual(await savedIn('揭开面纱'), [], 'nothing saved without a choice');
    await page.getByTestId('older-part-earlier').check();
    await page.getByTestId('save-confirm').click();
    await page.getByTestId('saved-other').waitFor();
    assert.equal(await page.getByTestId('saved-other').innerText(), '★ 《中华人民共和国公司法》第二十条第三款（2018-10-26）· 揭开面纱');
    await page.getByTestId('save-open').click();
    await page.getByTestId('older-part-now').check();
    await page.getByTestId('save-folder').fill('揭开面纱');
    await page.getByTestId('save-confirm').click();
    await page.getByTestId('saved-other').filter({ hasText: '第二十三条第一款' }).waitFor();
    const saved = (await savedIn('揭开面纱')).map((s) => `${s.publishDate} ${s.label}${s.part ?? '（全文）'}`).sort();
    assert.deepEqual(saved, ['2018-10-26 第二十条第三款', '2023-12-29 第二十三条第一款'], 'the two 款, never the 2023 第二十条');
    await b.screenshot('older-part');
  });
});
