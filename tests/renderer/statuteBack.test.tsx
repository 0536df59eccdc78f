/** A link followed from an article (a citing article, a neighbour) can be gone back from, and an article opened from the hits goes back to them. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, useState } from 'react';
import '../helpers/domGlobals.js';
import type { ArticleDetailDto, ArticleDto } from '../../preload/contract/index.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { StatuteLookup } from '../../renderer/src/features/statutes/StatuteLookup.js';
import { render } from '../helpers/dom.js';

const article = (id: number, label: string): ArticleDto => ({
  id, lawTitle: '中华人民共和国刑法', shortName: '刑法', label, number: id, path: [], text: `${label}的条文。`, level: '法律', province: '', status: 'current', publishDate: '2023-12-29', effectiveDate: '2024-03-01',
});
const ARTICLES: Record<number, ArticleDto> = { 264: article(264, '第二百六十四条'), 196: article(196, '第一百九十六条'), 265: article(265, '第二百六十五条') };
const detailOf = (id: number): ArticleDetailDto => ({
  article: ARTICLES[id]!, previous: null, next: null, versions: [], references: [], interpretations: [], amendedBy: [], unverifiedLinks: [],
  // 第二百六十四条 is cited by 第一百九十六条 (信用卡诈骗, 盗窃信用卡并使用的): the link followed below.
  referencedBy: id === 264 ? [ARTICLES[196]!] : [],
  citation: `《中华人民共和国刑法》${ARTICLES[id]!.label}`,
});

function Host({ client }: { client: ApiClient }) {
  const [request, setRequest] = useState<{ id: number; seq: number } | null>(null);
  return <ApiContext.Provider value={client}><StatuteLookup request={request} onOpen={(id) => setRequest((r) => ({ id, seq: (r?.seq ?? 0) + 1 }))} /></ApiContext.Provider>;
}

test('back from a followed link to the article before it, then to the hits; a new search forgets the way back', async () => {
  const client = new ApiClient({
    request: async (route, input) => {
      if (route === 'statute.citations') return { ok: true, data: { hits: [], notFound: [], detail: null, onlyCitations: false } };
      if (route === 'statute.article') return { ok: true, data: detailOf((input as { id: number }).id) };
      const hits = [264, 265].map((id) => ({ article: ARTICLES[id]!, score: 1, matchedBy: 'lexical', snippet: { text: '盗窃', highlights: [] } }));
      return { ok: true, data: { hits, addedTerms: [], modeNote: null, unknownLaw: null, renumbered: [] } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<Host client={client} />);
  const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  const title = () => r.byTestId('article-title').textContent;
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '盗窃 数额较大');
  await r.click(r.byTestId('statute-search'));
  await settle();
  assert.equal(r.allByTestId('hit').length, 2);
  await r.click(r.allByTestId('hit')[0]!.querySelector('button')!);
  await settle();
  assert.match(title()!, /第二百六十四条/);
  await r.click(r.byTestId('referenced-by').querySelector('button')!);
  await settle();
  assert.match(title()!, /第一百九十六条/);
  assert.equal(r.byTestId('article-back').textContent, '‹ 返回《中华人民共和国刑法》第二百六十四条');
  await r.click(r.byTestId('article-back'));
  assert.match(title()!, /第二百六十四条/);
  assert.equal(r.byTestId('article-back').textContent, '‹ 返回检索结果');
  await r.click(r.byTestId('article-back'));
  assert.equal(r.allByTestId('article-title').length, 0);
  assert.equal(r.allByTestId('hit').length, 2, 'the hits as they were');
  assert.equal(r.allByTestId('article-back').length, 0);
  r.unmount();
});
