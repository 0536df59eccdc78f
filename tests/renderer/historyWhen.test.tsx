/** The history list tells consultations apart by when each was last used, in the user's own time. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import { HistoryList, whenOf } from '../../renderer/src/features/history/HistoryList.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { render } from '../helpers/dom.js';

test('a consultation\'s last use: month, day and time this year, with the year before it otherwise, in local time', () => {
  const at = new Date(2026, 10, 28, 16, 41, 34);
  assert.equal(whenOf(at.toISOString(), new Date(2026, 11, 1)), '11-28 16:41');
  assert.equal(whenOf(at.toISOString(), new Date(2027, 0, 2)), '2026-11-28 16:41');
  assert.equal(whenOf('not a time'), 'not a time');
});

test('two consultations with the same words are told apart by the date and place each was started with', async () => {
  const client = new ApiClient({
    request: async (route) => route === 'consult.list'
      ? { ok: true, data: [
        { id: 2, title: '我在上班路上骑电动车被撞', updatedAt: new Date().toISOString(), turns: 1, asOf: '2019-06-01', place: '深圳' },
        { id: 1, title: '我在上班路上骑电动车被撞', updatedAt: new Date().toISOString(), turns: 1, asOf: null, place: null },
      ] }
      : { ok: true, data: null },
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><HistoryList openId={null} refreshKey={0} onOpen={() => undefined} /></ApiContext.Provider>);
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(r.allByTestId('history-setting').map((e) => e.textContent), ['时点 2019-06-01 · 深圳']);
  r.unmount();
});
