/**
 * In a real browser against the browser host: 「2012年刑事诉讼法第一百七十三条第二款」, a version the library lacks, opens
 * 2018's 第一百七十七条 under a notice saying so, and ☆ 收藏 offers that 款 or 2018's 第一百七十三条第二款, each named
 * with its version, saving nothing until one is chosen and then exactly that one.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SavedListDto } from '../../preload/contract/index.js';
import { browserSkipReason, startBrowserBench, type BrowserBench } from '../helpers/browserBench.js';
import { CORPUS_DIR, sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason() || browserSkipReason();
const CPL = '诉讼与非诉讼程序法/刑事诉讼法(2018-10-26).md';
let b: BrowserBench;

describe('saving a citation of a version the library lacks, in the app', { skip: SKIP, timeout: 300_000 }, () => {
  before(async () => {
    b = await startBrowserBench();
    fs.mkdirSync(path.dirname(path.join(b.corpusRoot, CPL)), { recursive: true });
    fs.cpSync(path.join(CORPUS_DIR, CPL), path.join(b.corpusRoot, CPL));
    const imported = await b.api.call('library.import', { path: b.corpusRoot });
    assert.ok(imported.ok, JSON.stringify(imported));
    await b.page.goto(b.host.url);
    await b.page.getByTestId('tab-statutes').click();
  });
  after(async () => {
    await b?.dispose();
  });

  test('2012年刑事诉讼法第一百七十三条第二款: the text held shown with the notice, the two choices, the one picked saved', async () => {
    const { page } = b;
    await page.getByTestId('statute-query').fill('2012年刑事诉讼法第一百七十三条第二款');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('article-title').filter({ hasText: '第一百七十七条' }).waitFor();
    assert.match(await page.getByTestId('older-year').innerText(), /法规库中没有该法 2012-03-14 的文本（最早的是 2018-10-26 版）；该条规定在 2018-10-26 版中为第一百七十七条第二款/);
    await page.getByTestId('save-open').click();
    const choice = await page.getByTestId('older-year-choice').innerText();
    assert.match(choice, /2018-10-26 版第一百七十七条第二款（该条规定现在的位置，据新旧条文对照）/);
    assert.match(choice, /2018-10-26 版第一百七十三条第二款（同一条号，内容可能不同）/);
    await page.getByTestId('save-folder').fill('王五不起诉');
    await page.getByTestId('save-confirm').click();
    await page.getByRole('alert').filter({ hasText: '请先选择收藏哪一条。' }).waitFor();
    await page.getByTestId('older-year-same').check();
    await page.getByTestId('save-confirm').click();
    await page.getByTestId('saved-other').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'saved: the 「choose first」 is gone');
    const r = await b.api.call('saved.list', { folder: '王五不起诉' });
    assert.ok(r.ok);
    assert.deepEqual((r.data as SavedListDto).items.map((s) => [s.label, s.part, s.publishDate]), [['第一百七十三条', '第二款', '2018-10-26']]);
    await b.screenshot('saved-older-year');
  });
});
