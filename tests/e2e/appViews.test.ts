/**
 * What the app keeps on screen, and whose it is, in a real browser against the browser host: a running import
 * survives a tab change and a reload; a new consultation becomes the open one; a view shows and sends only its own
 * consultation's turns (another consultation answering in the same tab, another tab starting one); the message box
 * keeps its text; state corrections land on the turn shown and say why when refused; history errors are shown and
 * rename edits in place; a citation that finds nothing says so; a pack that was not found is reported.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import net from 'node:net';
import type { Page } from 'playwright-core';
import type { ConsultationDto, ConsultationSummaryDto } from '../../preload/contract/index.js';
import { browserSkipReason, startBrowserBench, type BrowserBench } from '../helpers/browserBench.js';
import { CORPUS_DIR, sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason() || browserSkipReason();
let b: BrowserBench;

async function consultations(): Promise<Array<ConsultationSummaryDto & { texts: string[]; turnIds: number[] }>> {
  const list = (await b.api.call('consult.list', {})) as { ok: true; data: ConsultationSummaryDto[] };
  return Promise.all(
    list.data.map(async (c) => {
      const full = (await b.api.call('consult.get', { id: c.id })) as { ok: true; data: ConsultationDto };
      return { ...c, texts: full.data.turns.map((t) => t.userText), turnIds: full.data.turns.map((t) => t.turnId) };
    }),
  );
}
const byTitle = async (start: string) => (await consultations()).find((c) => c.title.startsWith(start));

async function ask(page: Page, text: string): Promise<void> {
  const before = await page.getByTestId('turn').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await page.getByTestId('turn').nth(before).getByTestId('answer').waitFor({ timeout: 60_000 });
}

const historyItem = (page: Page, start: string) => page.getByTestId('history-item').filter({ hasText: start });
const openFromHistory = (page: Page, start: string) => historyItem(page, start).locator('.title').click();

/** Answers to messages holding `marker` stream their first few characters, pause, then send the rest. */
function stallAnswers(marker: string, text: string, stallMs: number): void {
  b.llm.setScript((r) => (r.role === 'answer' && r.body.messages.some((m) => m.content.includes(marker)) ? { text, stallMs } : undefined));
}

describe('the app keeps what is on screen, and keeps it apart', { skip: SKIP, timeout: 300_000 }, () => {
  before(async () => {
    b = await startBrowserBench();
    await b.page.goto(b.host.url);
  });
  after(async () => {
    await b?.dispose();
  });

  test('a running import keeps its progress and Cancel across a tab change and a reload, and Cancel still stops it', async () => {
    const { page } = b;
    try {
      await followImport(page);
    } finally {
      // Whatever happened above, the next test needs the import stopped.
      await b.api.call('library.cancelImport', {});
      while (((await b.api.call('library.status', {})) as { ok: true; data: { importing: boolean } }).data.importing) await new Promise((r) => setTimeout(r, 200));
    }
  });

  async function followImport(page: Page): Promise<void> {
    await page.getByTestId('tab-library').click();
    // The whole collection: long enough to leave the tab and come back while it runs.
    await page.getByTestId('import-path').fill(CORPUS_DIR);
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-progress').filter({ hasText: /\d+ \/ \d+/ }).waitFor();
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('tab-library').click();
    assert.equal(await page.getByTestId('import-progress').isVisible(), true, 'progress after coming back');
    assert.equal(await page.getByTestId('import-cancel').isVisible(), true, 'Cancel after coming back');
    assert.equal(await page.getByTestId('import-start').isDisabled(), true);
    // A reload (or another tab) finds the import through library.status and follows it.
    await page.reload();
    await page.getByTestId('tab-library').click();
    await page.getByTestId('import-cancel').waitFor({ timeout: 5000 });
    await page.getByTestId('import-progress').filter({ hasText: /\d+ \/ \d+/ }).waitFor({ timeout: 5000 });
    assert.equal(await page.getByTestId('import-start').isDisabled(), true, 'no second import while one runs');
    await page.getByTestId('import-cancel').click();
    await page.getByTestId('import-progress').waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(b.engine.counts().articles, 0, 'the cancelled import left nothing');
    assert.equal(await page.getByTestId('import-error').count(), 0);
  }

  test('an import says which province pack it did not find, and which ones there are', async () => {
    const { page } = b;
    await page.getByTestId('import-path').fill(b.corpusRoot);
    await page.getByTestId('import-packs').fill('北京市');
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-summary').waitFor({ timeout: 120_000 });
    assert.match(await page.getByTestId('import-note').first().innerText(), /province pack "北京市" not found; available: /);
  });

  test('a new consultation is the open one: highlighted, still there after Ctrl+K, left by 新咨询, closed when deleted', async () => {
    const { page } = b;
    await page.getByTestId('tab-consult').click();
    try {
      stallAnswers('甲案', '甲案回答开头…后文', 3000);
      await page.getByTestId('composer').fill('甲案：公司拖欠工资三个月，我能否解除劳动合同？');
      await page.getByTestId('composer').press('Enter');
      await page.getByTestId('streaming').waitFor({ timeout: 30_000 });
      // Mid-answer the new consultation is known and highlighted, and its view goes on streaming (not remounted).
      await historyItem(page, '甲案').and(page.locator('.selected')).waitFor({ timeout: 5000 });
      assert.equal(await page.getByTestId('live-turn').count(), 1);
      await page.getByTestId('turn').first().getByTestId('answer').waitFor({ timeout: 30_000 });
    } finally {
      b.llm.setScript(null);
    }
    await page.keyboard.press('Control+k');
    await page.getByTestId('statute-query').waitFor();
    await page.getByTestId('tab-consult').click();
    assert.deepEqual(await page.getByTestId('user-message').allInnerTexts(), ['甲案：公司拖欠工资三个月，我能否解除劳动合同？']);
    await page.getByTestId('new-consultation').click();
    assert.equal(await page.getByTestId('turn').count(), 0, '新咨询 opens an empty consultation');
    await ask(page, '乙案：房东不退押金怎么办？');
    assert.deepEqual((await byTitle('甲案'))?.texts, ['甲案：公司拖欠工资三个月，我能否解除劳动合同？']);
    assert.deepEqual((await byTitle('乙案'))?.texts, ['乙案：房东不退押金怎么办？'], 'a consultation of its own');
    page.once('dialog', (d) => void d.accept());
    await historyItem(page, '乙案').getByRole('button', { name: '删除' }).click();
    await page.getByTestId('turn').first().waitFor({ state: 'detached', timeout: 5000 });
    assert.equal(await byTitle('乙案'), undefined);
  });

  test('a view shows only its own turn: another consultation answering in the same tab adds nothing to it', async () => {
    const { page } = b;
    await page.reload();
    try {
      stallAnswers('丙案', '丙案开头…QQQQ丙案后文QQQQ', 5000);
      await page.getByTestId('new-consultation').click();
      await page.getByTestId('composer').fill('丙案：交通事故对方全责，误工费怎么算？');
      await page.getByTestId('composer').press('Enter');
      await page.getByTestId('streaming').waitFor({ timeout: 30_000 });
      // Open 甲案 while 丙案 is still answering, and ask there (slowly, so that 丙案 finishes meanwhile).
      await openFromHistory(page, '甲案');
      stallAnswers('甲案追问', '甲案追问的回答…后文', 7000);
      await page.getByTestId('composer').fill('甲案追问：工作五年能拿多少经济补偿？');
      await page.getByTestId('composer').press('Enter');
      await page.getByTestId('live-turn').waitFor();
      const seen: string[] = [];
      while ((await page.getByTestId('live-turn').count()) > 0) {
        seen.push(await page.getByTestId('live-turn').innerText().catch(() => ''));
        await page.waitForTimeout(250);
      }
      assert.ok(seen.length > 5, 'the live turn was watched while 丙案 finished');
      assert.ok(!seen.some((s) => /QQQQ|丙案/.test(s)), `no text of 丙案 in 甲案's live turn: ${seen.find((s) => /QQQQ|丙案/.test(s))}`);
      await page.getByTestId('turn').nth(1).getByTestId('answer').waitFor();
      assert.deepEqual((await byTitle('甲案'))?.texts, ['甲案：公司拖欠工资三个月，我能否解除劳动合同？', '甲案追问：工作五年能拿多少经济补偿？']);
      assert.deepEqual((await byTitle('丙案'))?.texts, ['丙案：交通事故对方全责，误工费怎么算？']);
    } finally {
      b.llm.setScript(null);
    }
  });

  test('a consultation started in another tab does not take over this tab\'s: the follow-up stays where it was asked', async () => {
    const { page } = b;
    const other = await page.context().newPage();
    try {
      await other.goto(b.host.url);
      await ask(other, '丁案：邻居装修噪音扰民怎么办？');
      await page.getByTestId('composer').fill('甲案再问：公司不出具离职证明怎么办？');
      await page.getByTestId('composer').press('Enter');
      await page.getByTestId('live-turn').waitFor({ state: 'detached', timeout: 60_000 });
      assert.deepEqual((await byTitle('甲案'))?.texts.at(-1), '甲案再问：公司不出具离职证明怎么办？');
      assert.deepEqual((await byTitle('丁案'))?.texts, ['丁案：邻居装修噪音扰民怎么办？']);
      await historyItem(page, '甲案').and(page.locator('.selected')).waitFor({ timeout: 5000 });
    } finally {
      await other.close();
    }
  });

  test('the message box keeps its text across a tab change and for each consultation', async () => {
    const { page } = b;
    const composer = page.getByTestId('composer');
    await composer.fill('甲案草稿：还欠两个月加班费');
    await page.keyboard.press('Control+k');
    await page.getByTestId('tab-consult').click();
    assert.equal(await composer.inputValue(), '甲案草稿：还欠两个月加班费', 'after Ctrl+K and back');
    await openFromHistory(page, '丙案');
    assert.equal(await composer.inputValue(), '');
    await composer.fill('丙案草稿：对方保险公司拒赔');
    await openFromHistory(page, '甲案');
    await page.getByTestId('turn').first().waitFor();
    assert.equal(await composer.inputValue(), '甲案草稿：还欠两个月加班费');
    await openFromHistory(page, '丙案');
    assert.equal(await composer.inputValue(), '丙案草稿：对方保险公司拒赔');
    await composer.fill('');
    await openFromHistory(page, '甲案');
    await composer.fill('');
  });

  test('a state correction: a Chinese date is stored as 2023-05-01; a refused one keeps the editor and says why; it never lands on another turn', async () => {
    const { page } = b;
    await page.getByTestId('turn').nth(1).waitFor();
    const state = async (turnId: number) => {
      const c = (await byTitle('甲案'))!;
      const full = (await b.api.call('consult.get', { id: c.id })) as { ok: true; data: ConsultationDto };
      return full.data.turns.find((t) => t.turnId === turnId)!.state!;
    };
    const turnIds = (await byTitle('甲案'))!.turnIds;
    const [first, last] = [turnIds[0]!, turnIds.at(-1)!];
    await page.getByTestId('correct-factDate').click();
    await page.getByTestId('edit-factDate').fill('2023年5月1日');
    await page.getByTestId('save-factDate').click();
    await page.getByTestId('edit-factDate').waitFor({ state: 'detached' });
    assert.match(await page.getByTestId('state-factDate').innerText(), /2023-05-01/);
    assert.equal((await state(last)).factDate, '2023-05-01');
    // Not a date: said at once, the text stays in the editor.
    await page.getByTestId('correct-factDate').click();
    await page.getByTestId('edit-factDate').fill('去年春天');
    await page.getByTestId('save-factDate').click();
    assert.match(await page.getByTestId('correct-error').innerText(), /日期请写成/);
    assert.equal(await page.getByTestId('edit-factDate').inputValue(), '去年春天');
    // Refused by the host (a fact over its length limit): the reason, and the editor stays open.
    await page.getByTestId('correct-keyFacts').click();
    await page.getByTestId('edit-keyFacts').fill('很长的事实'.repeat(201));
    await page.getByTestId('save-keyFacts').click();
    assert.match(await page.getByTestId('correct-error').innerText(), /keyFacts/);
    assert.equal(await page.getByTestId('edit-keyFacts').count(), 1);
    // An edit begun on the last turn does not follow the selection to the first one.
    await page.getByTestId('edit-keyFacts').fill('只属于最后一轮的更正');
    await page.getByTestId('user-message').first().click();
    assert.equal(await page.getByTestId('edit-keyFacts').count(), 0, 'the editor closed with its turn');
    assert.ok(!(await state(first)).keyFacts.includes('只属于最后一轮的更正'));
  });

  test('history: a delete refused while the consultation answers says why; rename edits the title in place', async () => {
    const { page } = b;
    try {
      stallAnswers('甲案三问', '甲案三问的回答…后文', 4000);
      await page.getByTestId('composer').fill('甲案三问：能否主张二倍工资？');
      await page.getByTestId('composer').press('Enter');
      await page.getByTestId('streaming').waitFor({ timeout: 30_000 });
      page.once('dialog', (d) => void d.accept());
      await historyItem(page, '甲案').getByRole('button', { name: '删除' }).click();
      assert.match(await page.getByTestId('history-error').innerText(), /正在回答/);
      await page.getByTestId('live-turn').waitFor({ state: 'detached', timeout: 30_000 });
      assert.ok(await byTitle('甲案'), 'still there');
    } finally {
      b.llm.setScript(null);
    }
    await historyItem(page, '甲案').getByRole('button', { name: '重命名' }).click();
    await page.getByTestId('rename-input').fill('甲案（欠薪解除）');
    await page.getByTestId('rename-input').press('Enter');
    await historyItem(page, '甲案（欠薪解除）').waitFor({ timeout: 5000 });
    assert.equal((await byTitle('甲案'))?.title, '甲案（欠薪解除）');
  });

  test('an offline turn says why in Chinese: no LLM configured, or the endpoint unreachable (with the address it tried)', async () => {
    const { page } = b;
    const saved = b.api.services.settings.read();
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    try {
      b.api.services.settings.write({ ...saved, llm: undefined });
      b.api.services.settingsChanged();
      await page.getByTestId('tab-consult').click();
      await page.getByTestId('new-consultation').click();
      await page.getByTestId('composer').fill('丁案：公司拖欠工资，我能解除劳动合同吗？');
      await page.getByTestId('composer').press('Enter');
      const first = page.getByTestId('turn').filter({ hasText: '丁案' }).getByTestId('offline-notice');
      await first.waitFor({ timeout: 60_000 });
      assert.equal(await first.innerText(), '离线模式：未连接大模型，仅列出相关法条。 尚未配置 LLM。请在「设置」中选择服务和模型。');

      b.api.services.settings.write({ ...saved, llm: { ...saved.llm!, baseURL: `http://127.0.0.1:${port}/v1` } });
      b.api.services.settingsChanged();
      await page.getByTestId('new-consultation').click();
      await page.getByTestId('composer').fill('戊案：公司拖欠工资，我能解除劳动合同吗？');
      await page.getByTestId('composer').press('Enter');
      const notice = page.getByTestId('turn').filter({ hasText: '戊案' }).getByTestId('offline-notice');
      await notice.waitFor({ timeout: 60_000 });
      assert.match(await notice.innerText(), new RegExp(`^离线模式：未连接大模型，仅列出相关法条。 无法连接 LLM 服务。.*（Cannot reach .*127\\.0\\.0\\.1:${port}`));
    } finally {
      b.api.services.settings.write(saved);
      b.api.services.settingsChanged();
    }
  });

  test('statute lookup: a citation of an article that does not exist says so above the search hits', async () => {
    const { page } = b;
    await page.keyboard.press('Control+k');
    await page.getByTestId('statute-query').fill('劳动合同法第100条');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('citation-not-found').waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('citation-not-found').innerText(), '没有找到这条引用：中华人民共和国劳动合同法（2012-12-28版本）没有第100条。', 'said in Chinese in the Chinese UI');
    await page.getByTestId('hit').first().waitFor();
    // Words, not a citation: hits without a notice.
    await page.getByTestId('statute-query').fill('拖欠工资 解除劳动合同');
    await page.getByTestId('statute-query').press('Enter');
    await page.getByTestId('citation-not-found').waitFor({ state: 'detached' });
    await page.getByTestId('hit').first().waitFor();
  });
});
