/**
 * Each assistant turn in the app says the date it applied the law as of, and why, in the words of the CLI's turn summary
 * (preload/contract/lawAsOf.ts): 「适用法律截至 2024-05-10（咨询所定日期）」. Real HTTP through the browser transport to the
 * real host API on an empty library (the turns run offline), so the field is seen to cross the browser host; then the
 * view alone, in English and for a turn stored before migration 22 (no date of its own, nothing said).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { fixToday } from '../../main/db/today.js';
import { createHostApi, type HostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { startBrowserHost, type BrowserHost } from '../../main/server/browserHost.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { httpTransport } from '../../renderer/src/api/transport.js';
import { ConsultationView } from '../../renderer/src/features/consultation/ConsultationView.js';
import { I18nContext, STRINGS } from '../../renderer/src/i18n.js';
import { lawAsOfLine } from '../../preload/contract/lawAsOf.js';
import type { ConsultationDto, TurnResult } from '../../preload/contract/index.js';
import { render, type Rendered } from '../helpers/dom.js';
import { turnFixture } from '../helpers/turnFixture.js';

let dir: string;
let engine: Engine;
let hostApi: HostApi;
let host: BrowserHost;

const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 100)); });
const lines = (r: Rendered) => r.allByTestId('law-as-of').map((el) => el.textContent);

async function ask(r: Rendered, text: string, asOf?: string): Promise<void> {
  const before = r.allByTestId('turn').length;
  if (asOf) await r.type(r.byTestId('matter-asof') as HTMLInputElement, asOf);
  await r.type(r.byTestId('composer') as HTMLTextAreaElement, text);
  await r.click(r.byTestId('send'));
  for (let i = 0; i < 50 && r.allByTestId('turn').length === before; i += 1) await settle();
}

describe('a turn\'s law date in the app, through the browser host', () => {
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-lawdate-'));
    fs.mkdirSync(path.join(dir, 'static'));
    engine = createEngine({ dbPath: path.join(dir, 'library.db') });
    fixToday(engine.db, '2026-11-22');
    hostApi = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    host = await startBrowserHost({ api: hostApi, staticDir: path.join(dir, 'static') });
  });
  after(async () => {
    await host?.close();
    engine?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const view = () => {
    const api = new ApiClient(httpTransport(`http://127.0.0.1:${host.port}`, host.token));
    return render(<ApiContext.Provider value={api}><ConsultationView openId={null} onChanged={() => undefined} onOpened={() => undefined} onOpenArticle={() => undefined} /></ApiContext.Provider>);
  };

  test('a consultation started with a date: each turn names it, in the CLI\'s words', async () => {
    const r = await view();
    await ask(r, '我老公在家具厂被机器压伤了手，厂里没买工伤保险，能认定工伤吗？', '2024-05-10');
    await ask(r, '厂里说是他自己操作不当，还算工伤吗？');
    assert.equal(r.allByTestId('turn').length, 2);
    assert.deepEqual(lines(r), ['适用法律截至 2024-05-10（咨询所定日期）', '适用法律截至 2024-05-10（咨询所定日期）']);
    // The CLI's summary line (consultView.ts) is the same words with its colon.
    assert.equal(lawAsOfLine({ date: '2024-05-10', by: 'consultation' }, 'zh', true), '适用法律截至：2024-05-10（咨询所定日期）');
    // What the host sent: the field as the engine stored it.
    const [listed] = ((await hostApi.call('consult.list', {})) as { data: Array<{ id: number }> }).data;
    const got = (await hostApi.call('consult.get', { id: listed!.id })) as { data: ConsultationDto };
    assert.deepEqual(got.data.turns.map((t) => t.lawAsOf), [{ date: '2024-05-10', by: 'consultation' }, { date: '2024-05-10', by: 'consultation' }]);
    r.unmount();
  });

  test('without a date: the engine\'s today, said as the day of the consultation', async () => {
    const r = await view();
    await ask(r, '邻居家的狗咬伤了我女儿，能要哪些赔偿？');
    assert.deepEqual(lines(r), ['适用法律截至 2026-11-22（咨询当日）']);
    r.unmount();
  });
});

describe('a turn\'s law date in the view', () => {
  /** A host that answers consult.get with these turns, and nothing else. */
  const showing = (turns: TurnResult[]) =>
    new ApiClient({
      request: async (route) =>
        route === 'consult.get'
          ? { ok: true, data: { id: 1, title: '欠薪', createdAt: '2026-11-22T02:00:00.000Z', asOf: null, place: null, turns } satisfies ConsultationDto }
          : { ok: false, error: { code: 'internal', message: 'no host in this test' } },
      subscribe: () => () => undefined,
    });
  const open = async (turns: TurnResult[], lang: 'zh' | 'en' = 'zh') => {
    const r = await render(
      <I18nContext.Provider value={STRINGS[lang]}>
        <ApiContext.Provider value={showing(turns)}><ConsultationView openId={1} onChanged={() => undefined} onOpened={() => undefined} onOpenArticle={() => undefined} /></ApiContext.Provider>
      </I18nContext.Provider>,
    );
    for (let i = 0; i < 20 && r.allByTestId('turn').length === 0; i += 1) await settle();
    return r;
  };

  test('each turn its own date: the facts\' date one applied, today another; in English too', async () => {
    const turns = [turnFixture({ turnId: 1, seq: 1, lawAsOf: { date: '2024-04-15', by: 'facts' } }), turnFixture({ turnId: 2, seq: 2, lawAsOf: { date: '2026-12-07', by: 'today' } })];
    const zh = await open(turns);
    assert.deepEqual(lines(zh), ['适用法律截至 2024-04-15（事实日期）', '适用法律截至 2026-12-07（咨询当日）']);
    zh.unmount();
    const en = await open(turns, 'en');
    assert.deepEqual(lines(en), ['Law applied as of 2024-04-15 (the date of the facts)', 'Law applied as of 2026-12-07 (the day of the turn)']);
    en.unmount();
  });

  test('a turn that applied the law a quarter past the library\'s newest text says where the texts end, in either language; one within them says nothing', async () => {
    const turns = [turnFixture({ turnId: 1, seq: 1, lawAsOf: { date: '2024-04-15', by: 'facts' }, libraryBehind: null }), turnFixture({ turnId: 2, seq: 2, lawAsOf: { date: '2026-12-07', by: 'today' }, libraryBehind: '2025-06-23' })];
    const behind = (r: Rendered) => r.allByTestId('library-behind').map((e) => e.textContent);
    const zh = await open(turns);
    assert.deepEqual(behind(zh), ['法规库收录的文本截至 2025-06-23，此后的修改未收录；本轮所引法条请核对现行文本。']);
    zh.unmount();
    const en = await open(turns, 'en');
    assert.deepEqual(behind(en), ["The library's texts end on 2025-06-23: amendments published since are missing; check this turn's articles against the current text."]);
    en.unmount();
  });

  test('a question with facts before 民法典 answered with the law of its day says the law of the time applies, in either language; with the facts\' date, nothing', async () => {
    const question = '我丈夫2018年以个人名义借了30万，2019年离婚，债主要我共同还吗？';
    const turns = [turnFixture({ turnId: 1, seq: 1, userText: question, lawAsOf: { date: '2026-12-07', by: 'today' } }), turnFixture({ turnId: 2, seq: 2, userText: question, lawAsOf: { date: '2018-03-01', by: 'facts' } })];
    const earlier = (r: Rendered) => r.allByTestId('earlier-facts').map((e) => e.textContent);
    const zh = await open(turns);
    assert.deepEqual(earlier(zh), ['问题提到 2018 年的事实，本轮按 2026-12-07（咨询当日）的法律检索；民法典施行（2021-01-01）前的法律事实引起的纠纷，一般适用当时的法律、司法解释（婚姻法、继承法、合同法等，见《最高人民法院关于适用〈中华人民共和国民法典〉时间效力的若干规定》第一条）。如需按当时的法律检索，请为咨询设定 2018 年的适用日期。']);
    zh.unmount();
    const en = await open(turns, 'en');
    assert.match(earlier(en).join('|'), /^The question gives facts of 2018, and this turn applied the law as of 2026-12-07 \(the day of the turn\)\./);
    en.unmount();
  });

  test('a turn whose evidence holds a law revised after the library\'s texts names the revision, in either language', async () => {
    const revised = { title: '中华人民共和国反不正当竞争法', adopted: '2025-06-27', inForce: '2025-10-15', read: '2019-04-23', zh: '《中华人民共和国反不正当竞争法》：已于 2025-06-27 修订，2025-10-15 起施行', en: '中华人民共和国反不正当竞争法: was revised on 2025-06-27 (in force 2025-10-15)' };
    const turns = [turnFixture({ turnId: 1, seq: 1, laterRevisions: [] }), turnFixture({ turnId: 2, seq: 2, laterRevisions: [revised] })];
    const said = (r: Rendered) => r.allByTestId('later-revision').map((e) => e.textContent);
    const zh = await open(turns);
    assert.deepEqual(said(zh), [revised.zh]);
    zh.unmount();
    const en = await open(turns, 'en');
    assert.deepEqual(said(en), [revised.en]);
    en.unmount();
  });

  test('a cap the answer states that its article does not is said under the turn, in either language', async () => {
    const note = { marker: '《商标法》第六十三条第三款', zh: '回答所写「三百万元以下」与该条不符（该条为「五百万元以下」）；修改前的文本可能是这一数额，请核对所依据的版本', en: 'the answer states 「三百万元以下」, which this article does not (it states 「五百万元以下」)' };
    const turns = [turnFixture({ turnId: 1, seq: 1, limitNotes: [note] }), turnFixture({ turnId: 2, seq: 2, limitNotes: [] })];
    const said = (r: Rendered) => r.allByTestId('limit-note').map((e) => e.textContent);
    const zh = await open(turns);
    assert.deepEqual(said(zh), [`${note.marker}：${note.zh}`]);
    zh.unmount();
    const en = await open(turns, 'en');
    assert.deepEqual(said(en), [`${note.marker}：${note.en}`]);
    en.unmount();
  });

  test('a turn whose facts span an amendment of its law says so beside its other notes, in either language', async () => {
    const spanned = {
      title: '中华人民共和国商标法',
      changes: [{ name: '2019 年修正', adopted: '2019-04-23', inForce: '2019-11-01', earlierText: null, sure: true }],
      zh: '本案事实跨越《中华人民共和国商标法》2019 年修正（2019-04-23 通过，2019-11-01 起施行）：问题所述事实自 2018年3月 至 2022年，2019-11-01 前的行为适用修改前的文本，此后的适用修改后的文本；法规库中没有修改前的文本。',
      en: 'The facts straddle the 2019 amendment (adopted 2019-04-23, in force 2019-11-01) of 中华人民共和国商标法: the library lacks the text before 2019.',
    };
    const turns = [turnFixture({ turnId: 1, seq: 1, spannedAmendments: [spanned] }), turnFixture({ turnId: 2, seq: 2, spannedAmendments: [] })];
    const said = (r: Rendered) => r.allByTestId('spanned-amendment').map((e) => e.textContent);
    const zh = await open(turns);
    assert.deepEqual(said(zh), [spanned.zh]);
    // Among the turn's notes: after its law date, under the first turn only.
    const first = zh.allByTestId('turn')[0]!;
    assert.ok(first.querySelector('[data-testid="law-as-of"] ~ [data-testid="spanned-amendment"]'), 'after the law date');
    zh.unmount();
    const en = await open(turns, 'en');
    assert.deepEqual(said(en), [spanned.en]);
    en.unmount();
  });

  test('a turn stored before migration 22 has no date of its own, and a failed turn no answer: nothing is said', async () => {
    const failed = turnFixture({ turnId: 3, seq: 2, status: 'failed', answer: null, citations: [], error: { code: 'llm_timeout', message: 'timed out' } });
    const r = await open([turnFixture({ turnId: 1, seq: 1, lawAsOf: null }), failed]);
    assert.equal(r.allByTestId('turn').length, 2);
    assert.deepEqual(lines(r), []);
    r.unmount();
  });
});
