/**
 * The app's history list shows a consultation's telling title: its first message without the greeting and filler,
 * cut at a clause boundary (before: the first 30 characters, 「您好，我想问一下…」). Real HTTP through the browser
 * transport to the real host API, on an empty library (the turn runs offline); a rename in the list is kept.
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
import { HistoryList } from '../../renderer/src/features/history/HistoryList.js';
import { render } from '../helpers/dom.js';

let dir: string;
let engine: Engine;
let hostApi: HostApi;
let host: BrowserHost;

const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 100)); });

describe('a consultation\'s title in the app\'s history', () => {
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-title-'));
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

  test('the first message without 您好 and 我想问一下, cut at a clause boundary; a rename shows as given', async () => {
    const api = new ApiClient(httpTransport(`http://127.0.0.1:${host.port}`, host.token));
    const asked = await api.call('consult.ask', { text: '您好，我想问一下，邻居家的狗把我女儿咬伤了，打疫苗花了两千多，能要哪些赔偿？', requestId: 'title-1' });
    const r = await render(<ApiContext.Provider value={api}><HistoryList openId={null} refreshKey={0} onOpen={() => undefined} /></ApiContext.Provider>);
    for (let i = 0; i < 30 && r.allByTestId('history-item').length === 0; i += 1) await settle();
    const titles = () => r.allByTestId('history-item').map((e) => e.querySelector('.title')?.textContent ?? '');
    assert.deepEqual(titles(), ['邻居家的狗把我女儿咬伤了，打疫苗花了两千多，能要哪些赔偿']);
    r.unmount();
    await api.call('consult.rename', { id: asked.consultationId, title: '狗咬伤（王某）' });
    const again = await render(<ApiContext.Provider value={api}><HistoryList openId={null} refreshKey={1} onOpen={() => undefined} /></ApiContext.Provider>);
    for (let i = 0; i < 30 && again.allByTestId('history-item').length === 0; i += 1) await settle();
    assert.deepEqual(again.allByTestId('history-item').map((e) => e.querySelector('.title')?.textContent ?? ''), ['狗咬伤（王某）']);
    again.unmount();
  });
});
