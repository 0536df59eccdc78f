/** A law's table of contents: a version in several files (民法典) shows each 编, and a breadcrumb level only the article's own. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import type { OutlineDto } from '../../preload/contract/index.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { Outline } from '../../renderer/src/features/statutes/Outline.js';
import { render } from '../helpers/dom.js';

const GENERAL = '第一章 一般规定';
const outline: OutlineDto = {
  lawTitle: '中华人民共和国民法典',
  publishDate: '2020-05-28',
  sections: [
    { path: ['第一编 总则', '第一章 基本规定'], part: '总则', articles: [{ id: 1, label: '第一条' }, { id: 2, label: '第二条' }] },
    { path: [GENERAL], part: '合同编', articles: [{ id: 463, label: '第四百六十三条' }] },
    { path: [GENERAL], part: '侵权责任编', articles: [{ id: 1164, label: '第一千一百六十四条' }, { id: 1165, label: '第一千一百六十五条' }] },
  ],
};

const mount = async (articleId: number, prefix: string[]) => {
  const client = new ApiClient({ request: async () => ({ ok: true, data: outline }), subscribe: () => () => undefined });
  const r = await render(<ApiContext.Provider value={client}><Outline articleId={articleId} prefix={prefix} onOpen={() => undefined} /></ApiContext.Provider>);
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 5)); });
  return r;
};

test('the whole law: each 编 named once, in order', async () => {
  const r = await mount(1, []);
  assert.deepEqual(r.allByTestId('outline-part').map((h) => h.textContent), ['总则', '合同编', '侵权责任编']);
  assert.equal(r.allByTestId('outline-article').length, 5);
  r.unmount();
});

test('a breadcrumb level: the article\'s own 编 only, though every 编 has a 第一章 一般规定', async () => {
  const r = await mount(1165, [GENERAL]);
  assert.deepEqual(r.allByTestId('outline-article').map((a) => a.textContent), ['第一千一百六十四条', '第一千一百六十五条']);
  r.unmount();
});
