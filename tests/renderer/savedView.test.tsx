/** 收藏夹's list: an article saved for one 款 names it and shows that 款 in bold within the article's text; a whole article has no bold part. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import type { SavedArticleDto, SavedListDto } from '../../preload/contract/index.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { SavedView } from '../../renderer/src/features/saved/SavedView.js';
import { render } from '../helpers/dom.js';

const TEXT = '公司股东应当遵守法律、行政法规和公司章程，依法行使股东权利，不得滥用股东权利损害公司或者其他股东的利益。\n公司股东滥用股东权利给公司或者其他股东造成损失的，应当依法承担赔偿责任。\n公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任。';
const THIRD = '公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任。';

const saved = (id: number, part: string | null, partText: string | null): SavedArticleDto => ({
  id, folder: '人格否认', note: '', savedAt: '2026-11-01T08:00:00Z', lawTitle: '中华人民共和国公司法', province: '', publishDate: '2018-10-26', kind: 'article', label: '第二十条',
  part, partText, citation: `《中华人民共和国公司法》第二十条${part ?? ''}（2018-10-26 版）`, path: [], text: TEXT, statusWhenSaved: 'current', state: 'in_force', articleId: 20,
  now: null, upcoming: null, diff: null, partsNow: null, asOf: null, dated: null, attention: false, message: 'In force, as saved.', messageZh: '现行有效，与收藏时一致。',
});

test('a saved 款 is named after the article and shown in bold in its text; the whole article has nothing in bold', async () => {
  const list: SavedListDto = { folders: [{ name: '人格否认', count: 2 }], items: [saved(1, '第三款', THIRD), saved(2, null, null)] };
  const client = new ApiClient({ request: async () => ({ ok: true, data: list }), subscribe: () => () => undefined });
  const r = await render(<ApiContext.Provider value={client}><SavedView onOpen={() => undefined} refreshKey={0} /></ApiContext.Provider>);
  await new Promise((done) => setTimeout(done, 0));
  const items = r.allByTestId('saved-item');
  assert.equal(items.length, 2);
  assert.match(items[0]!.textContent!, /《中华人民共和国公司法》第二十条第三款/);
  const bold = items[0]!.querySelectorAll('[data-testid="saved-part"]');
  assert.equal(bold.length, 1);
  assert.equal(bold[0]!.textContent, THIRD);
  assert.equal(items[0]!.querySelector('.saved-text')!.textContent, TEXT, 'the whole text is still there, in order');
  assert.equal(items[1]!.querySelectorAll('[data-testid="saved-part"]').length, 0);
  r.unmount();
});

test('a saved article of an interpretation is named with the title within its title in 〈〉', async () => {
  const lawTitle = '最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释';
  const item: SavedArticleDto = { ...saved(3, null, null), lawTitle, label: '第一条', text: '人民法院依据民法典第一百四十二条第一款、第四百六十六条第一款的规定解释合同条款时……', citation: '' };
  const list: SavedListDto = { folders: [{ name: '人格否认', count: 1 }], items: [item] };
  const client = new ApiClient({ request: async () => ({ ok: true, data: list }), subscribe: () => () => undefined });
  const r = await render(<ApiContext.Provider value={client}><SavedView onOpen={() => undefined} refreshKey={0} /></ApiContext.Provider>);
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(r.allByTestId('saved-open')[0]!.textContent, '《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》第一条');
  r.unmount();
});

test('several 款 saved together: each 款 in bold, and where each stands now, each a link to its article', async () => {
  const SECOND = '公司股东滥用股东权利给公司或者其他股东造成损失的，应当依法承担赔偿责任。';
  const item: SavedArticleDto = {
    ...saved(4, '第一款、第三款', `${TEXT.split('\n')[0]}\n${THIRD}`), state: 'amended', attention: true, messageZh: '收藏的 2018-10-26 版已被修订；……',
    now: { articleId: 21, label: '第二十一条第一款', publishDate: '2023-12-29', effectiveDate: '2024-07-01', match: 'amended' },
    partsNow: [
      { part: '第一款', text: TEXT.split('\n')[0]!, now: { articleId: 21, label: '第二十一条第一款', match: 'amended' }, diff: null },
      { part: '第三款', text: THIRD, now: { articleId: 23, label: '第二十三条第一款', match: 'identical' }, diff: null },
    ],
  };
  const opened: number[] = [];
  const client = new ApiClient({ request: async () => ({ ok: true, data: { folders: [{ name: '人格否认', count: 1 }], items: [item] } }), subscribe: () => () => undefined });
  const r = await render(<ApiContext.Provider value={client}><SavedView onOpen={(id) => opened.push(id)} refreshKey={0} /></ApiContext.Provider>);
  await new Promise((done) => setTimeout(done, 0));
  const bold = [...r.allByTestId('saved-part')].map((b) => b.textContent);
  assert.deepEqual(bold, [TEXT.split('\n')[0], THIRD], 'two runs in bold, not the 款 between them');
  assert.ok(!bold.includes(SECOND));
  assert.equal(r.allByTestId('saved-item')[0]!.querySelector('.saved-text')!.textContent, TEXT);
  assert.deepEqual([...r.allByTestId('saved-part-now')].map((p) => p.textContent?.trim()), ['第一款 → 第二十一条第一款', '；第三款 → 第二十三条第一款']);
  const links = r.allByTestId('saved-open-now');
  assert.equal(links.length, 2);
  (links[1] as HTMLElement).click();
  assert.deepEqual(opened, [23]);
  r.unmount();
});
