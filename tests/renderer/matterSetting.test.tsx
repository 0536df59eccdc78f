/**
 * A new consultation in the app can be started with the date its law is applied as of and its place, as
 * `lexdesk consult --as-of --place` can (a legal-aid lawyer's review: a work injury of 2023 asked in the app was
 * searched with today's law, offline with no model to read the date from the facts). Real HTTP through the browser
 * transport to the real host API, on an empty library (the turn runs offline).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { createHostApi, type HostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { startBrowserHost, type BrowserHost } from '../../main/server/browserHost.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { httpTransport } from '../../renderer/src/api/transport.js';
import { ConsultationView } from '../../renderer/src/features/consultation/ConsultationView.js';
import { render, type Rendered } from '../helpers/dom.js';

let dir: string;
let engine: Engine;
let hostApi: HostApi;
let host: BrowserHost;

const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 100)); });

async function view(): Promise<Rendered> {
  const api = new ApiClient(httpTransport(`http://127.0.0.1:${host.port}`, host.token));
  return render(<ApiContext.Provider value={api}><ConsultationView openId={null} onChanged={() => undefined} onOpened={() => undefined} onOpenArticle={() => undefined} /></ApiContext.Provider>);
}

async function ask(r: Rendered, text: string): Promise<void> {
  await r.type(r.byTestId('composer') as HTMLTextAreaElement, text);
  await r.click(r.byTestId('send'));
  for (let i = 0; i < 50 && r.allByTestId('turn').length === 0; i += 1) await settle();
}

describe('a new consultation\'s date and place', () => {
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-matter-'));
    fs.mkdirSync(path.join(dir, 'static'));
    engine = createEngine({ dbPath: path.join(dir, 'library.db') });
    hostApi = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    host = await startBrowserHost({ api: hostApi, staticDir: path.join(dir, 'static') });
  });
  after(async () => {
    await host?.close();
    engine?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('are sent with its first message, shown beside its title, and no longer offered once it has started', async () => {
    const r = await view();
    await r.type(r.byTestId('matter-asof') as HTMLInputElement, '2023-11-10');
    await r.type(r.byTestId('matter-place') as HTMLInputElement, ' 东莞 ');
    await ask(r, '我老公在家具厂被机器压伤了手，厂里没买工伤保险，能认定工伤吗？');
    assert.equal(r.allByTestId('turn').length, 1);
    const [started] = ((await hostApi.call('consult.list', {})) as { data: unknown }).data as Array<{ id: number; asOf: string | null; place: string | null }>;
    assert.deepEqual([started?.asOf, started?.place], ['2023-11-10', '东莞'], 'stored with the consultation');
    assert.equal(r.byTestId('matter-setting-shown').textContent, '本咨询：时点 2023-11-10 · 东莞');
    assert.equal(r.allByTestId('matter-setting').length, 0, 'a started consultation keeps its date and place');
    r.unmount();
  });

  test('left empty, the consultation has none and nothing is shown beside its title', async () => {
    const r = await view();
    await ask(r, '邻居家的狗咬伤了我女儿，能要哪些赔偿？');
    assert.equal(r.allByTestId('turn').length, 1);
    assert.equal(r.allByTestId('matter-setting-shown').length, 0);
    const list = ((await hostApi.call('consult.list', {})) as { data: unknown }).data as Array<{ title: string; asOf: string | null; place: string | null }>;
    const dog = list.find((c) => c.title.startsWith('邻居家的狗'));
    assert.deepEqual([dog?.asOf ?? null, dog?.place ?? null], [null, null]);
    r.unmount();
  });
});
