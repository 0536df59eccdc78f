/**
 * The consultation composer never loses what the user typed: a message over the
 * host's limit is refused with its length and stays in the box, and a message the
 * host never took (the host is gone) comes back into the box. Real HTTP through
 * the browser transport; the real host API for the accepted case.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
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
let host: BrowserHost;

/** Lets the host answer; inside act(), as React wants for the updates that follow. */
const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 100)); });
const composer = (r: Rendered) => r.byTestId('composer') as HTMLTextAreaElement;

async function view(base: string, token: string): Promise<Rendered> {
  const api = new ApiClient(httpTransport(base, token));
  return render(<ApiContext.Provider value={api}><ConsultationView openId={null} onChanged={() => undefined} onOpened={() => undefined} onOpenArticle={() => undefined} /></ApiContext.Provider>);
}

describe('the consultation composer keeps the user\'s message', () => {
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-composer-'));
    fs.mkdirSync(path.join(dir, 'static'));
    engine = createEngine({ dbPath: path.join(dir, 'library.db') });
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    host = await startBrowserHost({ api, staticDir: path.join(dir, 'static') });
  });
  after(async () => {
    await host?.close();
    engine?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a pasted text over the limit is refused with its length and stays in the box; nothing is sent', async () => {
    const r = await view(`http://127.0.0.1:${host.port}`, host.token);
    const contract = `合同全文：${'甲方应于每月十五日前足额支付乙方工资。'.repeat(1200)}`;
    await r.type(composer(r), contract);
    await r.click(r.byTestId('send'));
    await settle();
    assert.equal(composer(r).value, contract, 'every character is still there');
    assert.match(r.byTestId('too-long').textContent!, new RegExp(`消息有 ${contract.length} 字，超过每轮 20000 字的上限`));
    assert.equal(r.allByTestId('turn').length + r.allByTestId('live-turn').length, 0, 'nothing was sent');
    r.unmount();
  });

  test('a message the host never took (the host is gone) comes back into the box, with the reason', async () => {
    const gone = await view('http://127.0.0.1:9', host.token);
    await gone.type(composer(gone), '公司拖欠工资三个月，我能解除劳动合同吗？');
    await gone.click(gone.byTestId('send'));
    await settle();
    assert.equal(composer(gone).value, '公司拖欠工资三个月，我能解除劳动合同吗？');
    assert.match(gone.byTestId('ask-error').textContent!, /^LexDesk 主程序没有响应。.*（The LexDesk host is not answering/, 'said in the UI language, with the host transport\'s detail');
    gone.unmount();
  });

  test('a message the host took is cleared from the box and shows as a turn', async () => {
    const r = await view(`http://127.0.0.1:${host.port}`, host.token);
    await r.type(composer(r), '房东不退押金怎么办');
    await r.click(r.byTestId('send'));
    for (let i = 0; i < 50 && r.allByTestId('turn').length === 0; i += 1) await settle();
    assert.equal(r.allByTestId('turn').length, 1);
    assert.equal(r.byTestId('user-message').textContent, '房东不退押金怎么办');
    assert.equal(composer(r).value, '');
    r.unmount();
  });
});
