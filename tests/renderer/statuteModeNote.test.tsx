/** A search that fell back to words only (the embedding model did not load) says so above its hits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { StatuteLookup } from '../../renderer/src/features/statutes/StatuteLookup.js';
import { render } from '../helpers/dom.js';

test('the statute search shows why it searched by words only, and nothing when it did not', async () => {
  let modeNote: string | null = 'the embedding model did not load: Cannot reach the embedding server at http://gpu:8080/v1: connection refused';
  const client = new ApiClient({
    request: async (route) => {
      if (route === 'statute.citations') return { ok: true, data: { hits: [], notFound: [], detail: null, onlyCitations: false } };
      return { ok: true, data: { hits: [], addedTerms: [], modeNote, unknownLaw: null, renumbered: [] } };
    },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><StatuteLookup request={null} onOpen={() => undefined} /></ApiContext.Provider>);
  const search = async () => {
    await r.type(r.byTestId('statute-query') as HTMLInputElement, '拖欠工资');
    await r.click(r.byTestId('statute-search'));
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  };
  await search();
  assert.equal(r.byTestId('mode-note').textContent, `本次仅按字词检索（语义检索不可用）：${modeNote}`);
  modeNote = null;
  await search();
  assert.equal(r.allByTestId('mode-note').length, 0);
  r.unmount();
});
