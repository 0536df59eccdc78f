/** A turn whose question cites a repealed law or an older numbering says so under the question, each found article a link. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { ConsultationView } from '../../renderer/src/features/consultation/ConsultationView.js';
import { render } from '../helpers/dom.js';
import { turnFixture } from '../helpers/turnFixture.js';

test('the question\'s citations worth a word are shown under it; one found opens its article', async () => {
  const turn = turnFixture({
    userText: '根据合同法第52条合同无效吗？公司法第71条怎么说？',
    questionCitations: [
      { marker: '合同法第52条', finding: 'unresolvable', articleId: null, lawTitle: null, articleLabel: null, publishDate: null, status: null, note: 'a repealed law', noteZh: '已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；请引用现行法律', quote: null, original: null },
      { marker: '公司法第71条', finding: 'check', articleId: 71, lawTitle: '中华人民共和国公司法', articleLabel: '第七十一条', publishDate: '2023-12-29', status: 'current', note: 'reads otherwise', noteZh: '2018-10-26 版的第七十一条内容不同，文中指的可能是那一条，现为第八十四条', quote: null, original: null },
    ],
  });
  const opened: number[] = [];
  const client = new ApiClient({
    request: async (route) => (route === 'consult.get'
      ? { ok: true, data: { id: 1, title: '股权', createdAt: '2026-11-27T00:00:00Z', asOf: null, place: null, turns: [turn] } }
      : { ok: false, error: { code: 'not_found', message: 'unused' } }),
    subscribe: () => () => undefined,
  });
  const r = await render(<ApiContext.Provider value={client}><ConsultationView openId={1} onChanged={() => undefined} onOpened={() => undefined} onOpenArticle={(id) => opened.push(id)} /></ApiContext.Provider>);
  await act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
  const lines = r.allByTestId('question-citation').map((l) => l.textContent);
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /^合同法第52条：已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止/);
  assert.match(lines[1]!, /现为第八十四条《中华人民共和国公司法》第七十一条$/);
  await r.click(r.allByTestId('question-citation')[1]!.querySelector('button')!);
  assert.deepEqual(opened, [71]);
  r.unmount();
});
