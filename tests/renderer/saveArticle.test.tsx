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
  assert.deepEqual([...r.byTestId('saved-in').querySelectorAll('.saved-folder')].map((b) => b.textContent?.replace('×', '').trim()), ['人格否认', '人格否认 · 第三款'], 'the whole article and its 第三款, two entries');
  r.unmount();
});
