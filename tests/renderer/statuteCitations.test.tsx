/** Several citations in the lookup box list the articles they cite, with what did not resolve said above them, and no search is run. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { StatuteLookup } from '../../renderer/src/features/statutes/StatuteLookup.js';
import { render } from '../helpers/dom.js';

const cited = (id: number, label: string, status = 'current') => ({
  article: { id, lawTitle: '中华人民共和国民法典', label, status, publishDate: '2020-05-28', text: `${label}的条文。` },
  score: null,
  matchedBy: 'citation',
  snippet: { text: `${label} 的条文`, highlights: [] },
});

test('several citations: their articles in order, the count, a notice for the one not found, and no search', async () => {
  const routes: string[] = [];
  const client = new ApiClient({
    request: async (route, input) => {
      routes.push(route);
      if (route === 'statute.citations' && (input as { citation: string }).citation.endsWith('有什么关系')) {
        return { ok: true, data: { hits: [cited(1, '第一千一百六十五条'), cited(2, '第一千一百六十六条')], notFound: [], detail: null, onlyCitations: false } };
      }
      if (route === 'statute.search' && (input as { query: string }).query.endsWith('有什么关系')) {
        return { ok: true, data: { hits: [cited(1, '第一千一百六十五条'), cited(2, '第一千一百六十六条'), cited(9, '第一千一百七十三条')], addedTerms: [], modeNote: null, unknownLaw: null, renumbered: [] } };
      }
      if (route === 'statute.citations' && (input as { citation: string }).citation === '量子纠缠') return { ok: true, data: { hits: [], notFound: [], detail: null, onlyCitations: false } };
      if (route === 'statute.citations') {
        return {
          ok: true,
          data: {
            hits: [cited(1, '第一千一百六十五条'), cited(2, '第一千一百六十六条'), cited(3, '第一千一百六十七条', 'superseded')],
            notFound: [{ message: '"合同法第5条" cites 《中华人民共和国合同法》, which is not in the library. Candidates: 民法典', messageZh: '“合同法第5条”引用的《中华人民共和国合同法》不在法规库中。候选：民法典' }],
            detail: null,
            onlyCitations: true,
          },
        };
      }
      return { ok: true, data: { hits: [], addedTerms: [], modeNote: null, unknownLaw: null, renumbered: [] } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><StatuteLookup request={null} onOpen={() => undefined} /></ApiContext.Provider>);
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '民法典第1165条至第1167条、合同法第5条');
  await r.click(r.byTestId('statute-search'));
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });

  assert.deepEqual(routes, ['statute.citations'], 'the cited articles are the answer: nothing is searched');
  assert.deepEqual(r.allByTestId('hit').map((h) => h.querySelector('button')?.textContent), [
    '《中华人民共和国民法典》第一千一百六十五条', '《中华人民共和国民法典》第一千一百六十六条', '《中华人民共和国民法典》第一千一百六十七条',
  ]);
  assert.equal(r.byTestId('cited-count').textContent, '输入引用的 3 条法条：');
  assert.equal(r.byTestId('citation-not-found').textContent, '没有找到这条引用：“合同法第5条”引用的《中华人民共和国合同法》不在法规库中。候选：民法典', 'in the language of the UI');

  // A question after it: the count and the notice go, and the search's hits replace the cited ones.
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '量子纠缠');
  routes.length = 0;
  await r.click(r.byTestId('statute-search'));
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  assert.deepEqual(routes, ['statute.citations', 'statute.search']);
  assert.equal(r.allByTestId('cited-count').length, 0);
  assert.equal(r.allByTestId('citation-not-found').length, 0);
  assert.equal(r.allByTestId('hit').length, 0);

  // Citations among other words are a question: it is searched (the cited articles come first in the search's hits).
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '民法典第1165条和第1166条有什么关系');
  routes.length = 0;
  await r.click(r.byTestId('statute-search'));
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  assert.deepEqual(routes, ['statute.citations', 'statute.search']);
  assert.equal(r.allByTestId('hit').length, 3);
  assert.equal(r.allByTestId('cited-count').length, 0);
  r.unmount();
});

test('a repealed law cited: the articles holding its rule now are counted as such, not as articles typed', async () => {
  const client = new ApiClient({
    request: async (_route, input) => {
      const citation = (input as { citation: string }).citation;
      const successors = [cited(153, '第一百五十三条'), cited(154, '第一百五十四条')];
      const hits = citation === '合同法第52条' ? successors : [cited(1, '第一千一百六十五条'), ...successors];
      return { ok: true, data: { hits, successors: 2, notFound: [{ message: 'repealed', messageZh: '已废止' }], detail: null, onlyCitations: true } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><StatuteLookup request={null} onOpen={() => undefined} /></ApiContext.Provider>);
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '合同法第52条');
  await r.click(r.byTestId('statute-search'));
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  assert.equal(r.byTestId('cited-count').textContent, '所引法律已废止，现行对应条文 2 条：');
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '民法典第1165条、合同法第52条');
  await r.click(r.byTestId('statute-search'));
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  assert.equal(r.byTestId('cited-count').textContent, '输入引用的 1 条法条，及已废止法律的现行对应条文 2 条：');
  r.unmount();
});
