/** A search whose page is full offers more: the next search asks for the page and the one after, up to the route's limit. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { StatuteLookup } from '../../renderer/src/features/statutes/StatuteLookup.js';
import { render } from '../helpers/dom.js';

const hit = (id: number) => ({
  article: { id, lawTitle: '中华人民共和国劳动合同法', label: `第${id}条`, status: 'current', publishDate: '2012-12-28', text: '条文。' },
  score: 1 / id,
  matchedBy: 'lexical',
  snippet: { text: '条文', highlights: [] },
  // An interpretation text a later decision amended (公司法解释（三） of 2011) says so beside the hit.
  ...(id === 1 ? { staleSince: '2020-12-23' } : {}),
});

test('a full page of hits offers more, and a page that is not full does not', async () => {
  const limits: number[] = [];
  const client = new ApiClient({
    request: async (route, input) => {
      if (route === 'statute.citations') return { ok: true, data: { hits: [], notFound: [], detail: null, onlyCitations: false } };
      const { limit, query } = input as { limit: number; query: string };
      limits.push(limit);
      // 45 articles match 辞退; 3 match 竞业.
      const n = Math.min(limit, query === '辞退' ? 45 : 3);
      return { ok: true, data: { hits: Array.from({ length: n }, (_, i) => hit(i + 1)), addedTerms: [], modeNote: null, unknownLaw: null, renumbered: [] } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><StatuteLookup request={null} onOpen={() => undefined} /></ApiContext.Provider>);
  const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '辞退');
  await r.click(r.byTestId('statute-search'));
  await settle();
  assert.equal(r.allByTestId('hit').length, 20);
  assert.deepEqual(r.allByTestId('hit-stale-text').map((e) => e.textContent), [' （2020-12-23 经修改，库中无修改后的文本）']);
  await r.click(r.byTestId('more-hits'));
  await settle();
  assert.equal(r.allByTestId('hit').length, 40);
  await r.click(r.byTestId('more-hits'));
  await settle();
  assert.equal(r.allByTestId('hit').length, 45);
  assert.equal(r.allByTestId('more-hits').length, 0, 'all 45 shown: nothing more to ask for');
  assert.deepEqual(limits, [20, 40, 60]);
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '竞业');
  await r.click(r.byTestId('statute-search'));
  await settle();
  assert.equal(r.allByTestId('hit').length, 3);
  assert.equal(r.allByTestId('more-hits').length, 0);
  r.unmount();
});
