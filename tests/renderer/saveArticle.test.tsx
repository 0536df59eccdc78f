/** ☆ 收藏 under an article: what it sends, that an empty note keeps the note already there, and how it shows where the article is saved. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import type { ArticleDto } from '../../preload/contract/index.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { SaveArticle } from '../../renderer/src/features/saved/SaveArticle.js';
import { render } from '../helpers/dom.js';

const ARTICLE: ArticleDto = {
  id: 38, lawTitle: '中华人民共和国劳动合同法', shortName: '劳动合同法', label: '第三十八条', number: 38, path: [], text: '……', level: '法律', province: '', status: 'current', publishDate: '2012-12-28', effectiveDate: '2013-07-01',
};

test('saving sends the article as shown; an empty note is left out, so the folder keeps the note it has; remove takes it off', async () => {
  const sent: Array<{ route: string; input: Record<string, unknown> }> = [];
  const client = new ApiClient({
    request: async (route, input) => {
      sent.push({ route, input: input as Record<string, unknown> });
      if (route === 'saved.folders') return { ok: true, data: [{ name: '张三劳动争议', count: 1 }] };
      if (route === 'saved.add') return { ok: true, data: { id: 9, folder: '张三劳动争议', note: '原有备注' } };
      return { ok: true, data: { removed: true } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><SaveArticle article={ARTICLE} saved={[]} /></ApiContext.Provider>);
  assert.equal(r.allByTestId('saved-in').length, 0);
  await r.click(r.byTestId('save-open'));
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual([...document.querySelectorAll('#saved-folders option')].map((o) => (o as HTMLOptionElement).value), ['张三劳动争议'], 'the existing folders offered');
  await r.type(r.byTestId('save-folder') as HTMLInputElement, '张三劳动争议');
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  const add = sent.find((x) => x.route === 'saved.add');
  assert.deepEqual(add?.input, { articleId: 38, folder: '张三劳动争议', expected: { lawTitle: '中华人民共和国劳动合同法', label: '第三十八条', publishDate: '2012-12-28', province: '' } });
  assert.match(r.byTestId('saved-in').textContent!, /张三劳动争议/);
  await r.click(r.byTestId('unsave'));
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(sent.at(-1), { route: 'saved.remove', input: { id: 9 } });
  assert.equal(r.allByTestId('saved-in').length, 0);
  r.unmount();
});

test('an article looked up with a 时点 is saved for that date', async () => {
  const sent: Array<{ route: string; input: Record<string, unknown> }> = [];
  const client = new ApiClient({
    request: async (route, input) => {
      sent.push({ route, input: input as Record<string, unknown> });
      if (route === 'saved.folders') return { ok: true, data: [] };
      return { ok: true, data: { id: 3, folder: '赵六行贿案', note: '' } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><SaveArticle article={ARTICLE} saved={[]} asOf="2022-06-01" /></ApiContext.Provider>);
  await r.click(r.byTestId('save-open'));
  await r.type(r.byTestId('save-folder') as HTMLInputElement, '赵六行贿案');
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(sent.find((x) => x.route === 'saved.add')?.input.asOf, '2022-06-01');
  r.unmount();
});

test('an article looked up for a 款 is saved for that 款, and each folder says which 款 it holds', async () => {
  const sent: Array<{ route: string; input: Record<string, unknown> }> = [];
  const client = new ApiClient({
    request: async (route, input) => {
      sent.push({ route, input: input as Record<string, unknown> });
      if (route === 'saved.folders') return { ok: true, data: [] };
      return { ok: true, data: { id: 4, folder: '人格否认', note: '', part: '第三款' } };
    },
    subscribe: () => () => undefined,
  });
  const parts = [{ paragraph: 3, items: [] }];
  const r = await render(<ApiContext.Provider value={client}><SaveArticle article={ARTICLE} saved={[{ id: 2, folder: '人格否认', note: '', part: null }]} parts={parts} /></ApiContext.Provider>);
  await r.click(r.byTestId('save-open'));
  await r.type(r.byTestId('save-folder') as HTMLInputElement, '人格否认');
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(sent.find((x) => x.route === 'saved.add')?.input.parts, parts);
  assert.deepEqual([...r.byTestId('saved-in').querySelectorAll('.saved-folder')].map((b) => b.textContent?.replace('×', '').trim()), ['人格否认 · 全文', '人格否认 · 第三款'], 'the whole article and its 第三款, two entries, each saying which');
  r.unmount();
});

const PARTS = [{ paragraph: 3, items: [] }];

test('the save button says what it saves (this 款, or the whole article) and whether that is saved already', async () => {
  const client = new ApiClient({ request: async () => ({ ok: true, data: [] }), subscribe: () => () => undefined });
  const view = (saved: Array<{ id: number; folder: string; note: string; part: string | null }>, parts?: typeof PARTS, savesPart?: string | null) =>
    render(<ApiContext.Provider value={client}><SaveArticle article={ARTICLE} saved={saved} parts={parts} savesPart={savesPart} /></ApiContext.Provider>);
  // The whole article saved, the lookup naming its 第三款: ★ for the whole does not say this 款 is saved.
  let r = await view([{ id: 2, folder: '人格否认', note: '', part: null }], PARTS, '第三款');
  assert.equal(r.byTestId('save-open').textContent, '☆ 收藏第三款');
  assert.equal(r.byTestId('save-open').getAttribute('data-saved'), 'false');
  r.unmount();
  r = await view([{ id: 4, folder: '人格否认', note: '', part: '第三款' }], PARTS, '第三款');
  assert.equal(r.byTestId('save-open').textContent, '★ 已收藏第三款');
  assert.equal(r.byTestId('save-open').getAttribute('title'), '收藏到另一个文件夹', 'it still saves to another folder');
  r.unmount();
  // Opened as an article (no 款 named): the whole article, saved or not, whatever 款 are.
  r = await view([{ id: 4, folder: '人格否认', note: '', part: '第三款' }]);
  assert.equal(r.byTestId('save-open').textContent, '☆ 收藏全文');
  r.unmount();
  r = await view([{ id: 2, folder: '', note: '', part: null }]);
  assert.equal(r.byTestId('save-open').textContent, '★ 已收藏全文');
  assert.equal(r.byTestId('saved-in').textContent?.replace('×', '').trim(), '★ 已收藏：未分类 · 全文');
  r.unmount();
});

test('a 款 the article lacks that its earlier version had: the form asks which to save, and saves nothing until told', async () => {
  const sent: Array<{ route: string; input: Record<string, unknown> }> = [];
  const client = new ApiClient({
    request: async (route, input) => {
      sent.push({ route, input: input as Record<string, unknown> });
      if (route === 'saved.folders') return { ok: true, data: [] };
      return { ok: true, data: { id: 11, folder: '人格否认', note: '', part: '第三款' } };
    },
    subscribe: () => () => undefined,
  });
  const company = (id: number, label: string, publishDate: string): ArticleDto => ({ ...ARTICLE, id, lawTitle: '中华人民共和国公司法', shortName: '公司法', label, publishDate });
  const shown = company(2020, '第二十条', '2023-12-29');
  const olderPart = {
    earlier: { article: company(1820, '第二十条', '2018-10-26'), parts: PARTS, part: '第三款', text: '公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任。' },
    now: { article: company(2023, '第二十三条', '2023-12-29'), parts: [{ paragraph: 1, items: [] }], part: '第一款', text: '公司股东滥用公司法人独立地位和股东有限责任……' },
  };
  const r = await render(<ApiContext.Provider value={client}><SaveArticle article={shown} saved={[]} olderPart={olderPart} /></ApiContext.Provider>);
  assert.equal(r.byTestId('save-open').textContent, '☆ 收藏');
  await r.click(r.byTestId('save-open'));
  assert.match(r.byTestId('older-part').textContent!, /本版第二十条没有第三款；2018-10-26 版的第二十条有（「公司股东滥用/);
  assert.match(r.byTestId('older-part').textContent!, /2018-10-26 版第二十条第三款（随其后修订追踪至现行版）/);
  assert.match(r.byTestId('older-part').textContent!, /现行版第二十三条第一款/);
  await r.type(r.byTestId('save-folder') as HTMLInputElement, '人格否认');
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(sent.filter((x) => x.route === 'saved.add').length, 0, 'nothing saved, the whole 2023 article least of all');
  assert.equal(document.querySelector('[role=alert]')?.textContent, '请先选择收藏哪一条。');
  await r.click(r.byTestId('older-part-earlier'));
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(sent.find((x) => x.route === 'saved.add')?.input, { articleId: 1820, folder: '人格否认', expected: { lawTitle: '中华人民共和国公司法', label: '第二十条', publishDate: '2018-10-26', province: '' }, parts: PARTS });
  assert.match(r.byTestId('saved-other').textContent!, /★ 《中华人民共和国公司法》第二十条第三款（2018-10-26）· 人格否认/);
  assert.equal(r.allByTestId('saved-in').length, 0, 'the 2023 article shown is not what was saved');
  // The other choice: the 款 where it stands now.
  await r.click(r.byTestId('save-open'));
  await r.click(r.byTestId('older-part-now'));
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  const now = sent.filter((x) => x.route === 'saved.add').at(-1)?.input;
  assert.equal(now?.articleId, 2023);
  assert.deepEqual(now?.parts, [{ paragraph: 1, items: [] }]);
  r.unmount();
});

test('a citation of a version year the library lacks (2012年刑事诉讼法第一百七十三条第二款): the form offers where the provision is now and the same number, each with its version, and saves exactly the one picked', async () => {
  const sent: Array<{ route: string; input: Record<string, unknown> }> = [];
  const client = new ApiClient({
    request: async (route, input) => {
      sent.push({ route, input: input as Record<string, unknown> });
      if (route === 'saved.folders') return { ok: true, data: [] };
      const i = input as { articleId: number };
      return { ok: true, data: { id: i.articleId === 177 ? 21 : 22, folder: '王五不起诉', note: '', part: '第二款' } };
    },
    subscribe: () => () => undefined,
  });
  const cpl = (id: number, label: string): ArticleDto => ({ ...ARTICLE, id, lawTitle: '中华人民共和国刑事诉讼法', shortName: '刑事诉讼法', label, publishDate: '2018-10-26' });
  const second = [{ paragraph: 2, items: [] }];
  const olderYear = {
    cited: '2012年刑事诉讼法第一百七十三条第二款', year: 2012, madeOn: '2012-03-14', held: '2018-10-26',
    now: { article: cpl(177, '第一百七十七条'), parts: second, part: '第二款', text: '对于犯罪情节轻微……', how: 'table' as const },
    sameNumber: { article: cpl(173, '第一百七十三条'), parts: second, part: '第二款', text: '犯罪嫌疑人认罪认罚的……' },
    en: '…', zh: '…',
  };
  const r = await render(<ApiContext.Provider value={client}><SaveArticle article={olderYear.now.article} saved={[]} olderYear={olderYear} /></ApiContext.Provider>);
  assert.equal(r.byTestId('save-open').textContent, '☆ 收藏');
  await r.click(r.byTestId('save-open'));
  const choice = r.byTestId('older-year-choice').textContent!;
  assert.match(choice, /2012年刑事诉讼法第一百七十三条第二款引用的是 2012-03-14 的文本，法规库中没有；请选择收藏 2018-10-26 版中的哪一条/);
  assert.match(choice, /2018-10-26 版第一百七十七条第二款（该条规定现在的位置，据新旧条文对照）/);
  assert.match(choice, /2018-10-26 版第一百七十三条第二款（同一条号，内容可能不同）/);
  await r.type(r.byTestId('save-folder') as HTMLInputElement, '王五不起诉');
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(sent.filter((x) => x.route === 'saved.add').length, 0, 'nothing saved before one is picked');
  assert.equal(document.querySelector('[role=alert]')?.textContent, '请先选择收藏哪一条。');
  await r.click(r.byTestId('older-year-same'));
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  const adds = sent.filter((x) => x.route === 'saved.add').map((x) => x.input);
  assert.deepEqual(adds, [{ articleId: 173, folder: '王五不起诉', expected: { lawTitle: '中华人民共和国刑事诉讼法', label: '第一百七十三条', publishDate: '2018-10-26', province: '' }, parts: second }]);
  assert.match(r.byTestId('saved-other').textContent!, /★ 《中华人民共和国刑事诉讼法》第一百七十三条第二款（2018-10-26）· 王五不起诉/);
  assert.equal(document.querySelector('[role=alert]'), null, 'the 「choose first」 is gone once saved');
  await r.click(r.byTestId('save-open'));
  await r.click(r.byTestId('older-year-now'));
  await r.click(r.byTestId('save-confirm'));
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(sent.filter((x) => x.route === 'saved.add').at(-1)?.input.articleId, 177);
  assert.deepEqual(r.allByTestId('saved-in').map((e) => e.textContent!.includes('王五不起诉')), [true], 'the article shown (第一百七十七条) is now saved');
  r.unmount();
});

test('where the library cannot tell where the old number\'s provision stands now, only the same number is offered, named with its version', async () => {
  const client = new ApiClient({ request: async () => ({ ok: true, data: [] }), subscribe: () => () => undefined });
  const copyright = (id: number, label: string): ArticleDto => ({ ...ARTICLE, id, lawTitle: '中华人民共和国著作权法', shortName: '著作权法', label, publishDate: '2020-11-11' });
  const olderYear = {
    cited: '《著作权法》（2010年修正）第四十九条', year: 2010, madeOn: '2010-02-26', held: '2020-11-11', now: null,
    sameNumber: { article: copyright(49, '第四十九条'), parts: [], part: null, text: '为保护著作权……' }, en: '…', zh: '…',
  };
  const r = await render(<ApiContext.Provider value={client}><SaveArticle article={olderYear.sameNumber.article} saved={[]} olderYear={olderYear} /></ApiContext.Provider>);
  await r.click(r.byTestId('save-open'));
  assert.equal(r.allByTestId('older-year-now').length, 0, 'the library cannot tell where it stands now: not offered');
  assert.match(r.byTestId('older-year-choice').textContent!, /2020-11-11 版第四十九条（同一条号，内容可能不同）/);
  r.unmount();
});
