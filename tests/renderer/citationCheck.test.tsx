/**
 * The citation check screen (核验) says what `lexdesk check` says of each citation: the version the found article is
 * of (a memo on the 2023 公司法 is read against 2023's numbers), and for a number of an earlier version the article
 * that provision is now, to open, as well as the note.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { CitationCheck } from '../../renderer/src/features/statutes/CitationCheck.js';
import type { DraftCheckDto } from '../../preload/contract/index.js';
import { render } from '../helpers/dom.js';

const COMPANY = '中华人民共和国公司法';
const where = (line: number) => ({ page: null, line, unit: 'line' as const, context: '…' });
const citation = (over: Partial<DraftCheckDto['citations'][number]>): DraftCheckDto['citations'][number] => ({
  seq: 1, marker: '', finding: 'ok', articleId: null, lawTitle: COMPANY, articleLabel: null, publishDate: '2023-12-29', status: 'current', text: null,
  quote: null, notCurrent: false, note: null, noteZh: null, citedSpans: [], original: null, where: where(1), ...over,
});

const RESULT: DraftCheckDto = {
  asOf: '2026-12-07',
  characters: 300,
  repealedLaws: 0,
  counts: { ok: 1, check: 2, quote_mismatch: 0, unresolvable: 0, not_statute: 0 },
  citations: [
    citation({ seq: 1, marker: '《公司法》第四十七条', articleId: 47, articleLabel: '第四十七条', where: where(4) }),
    citation({ seq: 2, marker: '《公司法》第五十条', finding: 'check', articleId: 50, articleLabel: '第五十条', where: where(7), note: 'does not match', noteZh: '文中此处所述与该条内容不符（该条为「有限责任公司设立时…」），与该法第五十二条相符（「股东未按照公司章程规定的出资日期缴纳出资…」），请核对条号', closer: { articleId: 52, label: '第五十二条' } }),
    citation({ seq: 3, marker: '《公司法》第七十一条', finding: 'check', articleId: 71, articleLabel: '第七十一条', where: where(10), note: 'reads otherwise', noteZh: '2018-10-26 版的第七十一条内容不同（「有限责任公司的股东之间可以相互转让…」），文中指的可能是那一条，现为第八十四条', earlierMeaning: { articleId: 84, label: '第八十四条' } }),
    citation({ seq: 4, marker: '《某某条例》第三条', finding: 'ok', articleId: 3, lawTitle: '某某条例', articleLabel: '第三条', publishDate: null, where: where(12) }),
  ],
};

test('each found article says its version; an earlier number\'s provision is a link to where it is now, beside the closer article', async () => {
  const asked: unknown[] = [];
  const client = new ApiClient({
    request: async (route, params) => {
      asked.push(params);
      return route === 'statute.checkText' ? { ok: true, data: RESULT } : { ok: false, error: { code: 'not_found', message: 'unused' } };
    },
    subscribe: () => () => undefined,
  });
  const opened: number[] = [];
  const r = await render(<ApiContext.Provider value={client}><CitationCheck asOf="" onOpen={(id) => opened.push(id)} /></ApiContext.Provider>);
  await r.type(r.byTestId('check-text') as HTMLTextAreaElement, '依据《公司法》第四十七条……');
  await r.click(r.byTestId('check-run'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(asked.length, 1);
  assert.equal(r.byTestId('check-summary').textContent, '共 4 处引用（法律截至 2026-12-07）：无误 1，需核对 2，引文不符 0，未找到 0');
  const rows = r.allByTestId('check-citation');
  assert.deepEqual(r.allByTestId('check-version').map((v) => v.textContent), ['（2023-12-29 版）', '（2023-12-29 版）', '（2023-12-29 版）', '（版本日期不详）']);
  assert.match(rows[0]!.textContent!, /^无误 《公司法》第四十七条 → 《中华人民共和国公司法》第四十七条（2023-12-29 版） \[第4行\]$/);
  // The wrong number: the note and the article the words fit; no earlier-number line.
  assert.equal(rows[1]!.querySelector('[data-testid="check-closer"]')?.textContent, '所述内容更接近：第五十二条');
  assert.equal(rows[1]!.querySelector('[data-testid="check-earlier"]'), null);
  // The 2018 number: the note, and where its provision is now, a link.
  const earlier = rows[2]!.querySelector<HTMLElement>('[data-testid="check-earlier"]');
  assert.equal(earlier?.textContent, '较早版本该条号的规定现为：第八十四条');
  assert.match(rows[2]!.textContent!, /文中指的可能是那一条，现为第八十四条/);
  await r.click(earlier!.querySelector('button')!);
  await r.click(rows[1]!.querySelector('[data-testid="check-closer"] button')!);
  assert.deepEqual(opened, [84, 52]);
  r.unmount();
});
