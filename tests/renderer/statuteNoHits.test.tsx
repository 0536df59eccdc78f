/** A search that finds nothing says so; a law filter that names no law says which laws are near, and one click searches in the nearest. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { StatuteLookup } from '../../renderer/src/features/statutes/StatuteLookup.js';
import { render } from '../helpers/dom.js';

const HIT = {
  article: { id: 7, lawTitle: '中华人民共和国劳动合同法', label: '第三十八条', status: 'current' },
  score: 1,
  matchedBy: 'lexical',
  snippet: { text: '用人单位有下列情形之一的，劳动者可以解除劳动合同', highlights: [] },
};

test('no hits: a plain notice, or the unknown law filter with its nearest names, which search again when clicked', async () => {
  const searchedLaws: Array<string | undefined> = [];
  const client = new ApiClient({
    request: async (route, input) => {
      if (route === 'statute.citations') return { ok: true, data: { hits: [], notFound: [], detail: null, onlyCitations: false } };
      const law = (input as { filters?: { law?: string } }).filters?.law;
      searchedLaws.push(law);
      if (law === '劳动合同发') return { ok: true, data: { hits: [], addedTerms: [], modeNote: null, unknownLaw: { law, candidates: ['劳动合同法', '劳动合同法实施条例'] }, renumbered: [] } };
      if (law === '劳动合同法') return { ok: true, data: { hits: [HIT], addedTerms: [], modeNote: null, unknownLaw: null, renumbered: [] } };
      return { ok: true, data: { hits: [], addedTerms: [], modeNote: null, unknownLaw: null, renumbered: [] } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><StatuteLookup request={null} onOpen={() => undefined} /></ApiContext.Provider>);
  const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  assert.equal(r.allByTestId('no-hits').length, 0, 'nothing before a search');

  await r.type(r.byTestId('statute-query') as HTMLInputElement, '量子纠缠');
  await r.click(r.byTestId('statute-search'));
  await settle();
  assert.match(r.byTestId('no-hits').textContent ?? '', /^没有匹配的法条。/);
  assert.equal(r.allByTestId('law-candidate').length, 0);

  await r.type(r.byTestId('filter-law') as HTMLInputElement, '劳动合同发');
  await r.click(r.byTestId('statute-search'));
  await settle();
  assert.equal(r.byTestId('no-hits').textContent, '法规库中没有名称含“劳动合同发”的法律。 是否要找：劳动合同法、劳动合同法实施条例');
  const [nearest] = r.allByTestId('law-candidate');
  await r.click(nearest!);
  await settle();
  assert.deepEqual(searchedLaws, [undefined, '劳动合同发', '劳动合同法'], 'the click searched again in the law named');
  assert.equal((r.byTestId('filter-law') as HTMLInputElement).value, '劳动合同法');
  assert.equal(r.allByTestId('no-hits').length, 0);
  assert.equal(r.allByTestId('hit').length, 1);
  r.unmount();
});

test('no hits because of the law filter: each law says why, and its suggestion sets the filter and searches again', async () => {
  const searched: Array<Record<string, unknown>> = [];
  const gap = (reason: string, extra: Record<string, string>) => ({ lawTitle: `法${searched.length}`, reason, ...extra, note: { en: `why ${reason}`, zh: `原因 ${reason}` } });
  const client = new ApiClient({
    request: async (route, input) => {
      if (route === 'statute.citations') return { ok: true, data: { hits: [], notFound: [], detail: null, onlyCitations: false } };
      const filters = (input as { filters: Record<string, unknown> }).filters;
      searched.push(filters);
      const gaps = filters.asOf === '2022-06-30' || filters.currentOnly === false || filters.levels === undefined && filters.provinces !== undefined
        ? []
        : [gap('repealed', { lastDay: '2022-06-30' }), gap('repealed', {}), gap('province', { province: '北京' }), gap('level', { level: '法律' })];
      return { ok: true, data: { hits: gaps.length ? [] : [HIT], addedTerms: [], modeNote: null, unknownLaw: null, renumbered: [], lawFilterGaps: gaps } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><StatuteLookup request={null} onOpen={() => undefined} /></ApiContext.Provider>);
  const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  const searchAgain = async () => {
    await r.click(r.byTestId('statute-search'));
    await settle();
  };
  await r.type(r.byTestId('statute-query') as HTMLInputElement, '印花税 应纳税额');
  await r.type(r.byTestId('filter-law') as HTMLInputElement, '印花税暂行条例');
  await searchAgain();
  assert.match(r.byTestId('no-hits').textContent ?? '', /^没有结果，原因在于所筛选的法律：/);
  assert.deepEqual(r.allByTestId('law-filter-gap').map((li) => li.textContent), ['原因 repealed。 检索其 2022-06-30 时的文本', '原因 repealed。 检索所有版本', '原因 province。 检索北京的法规', '原因 level。 全部效力级别']);
  await r.click(r.byTestId('gap-last-text'));
  await settle();
  assert.equal(searched.at(-1)?.asOf, '2022-06-30', 'searched as of the last day the law applied');
  assert.equal((r.byTestId('filter-asof') as HTMLInputElement).value, '2022-06-30', 'and the date field shows it');
  assert.equal(r.allByTestId('hit').length, 1);

  await r.type(r.byTestId('filter-asof') as HTMLInputElement, '');
  await searchAgain();
  await r.click(r.byTestId('gap-all-versions'));
  await settle();
  assert.equal(searched.at(-1)?.currentOnly, false);
  assert.equal((r.byTestId('filter-current') as HTMLInputElement).checked, false, '“current only” unticked');

  await r.click(r.byTestId('filter-current'));
  await searchAgain();
  await r.click(r.byTestId('gap-province'));
  await settle();
  assert.deepEqual(searched.at(-1)?.provinces, ['北京']);
  assert.equal((r.byTestId('filter-province') as HTMLInputElement).value, '北京');
  r.unmount();
});
