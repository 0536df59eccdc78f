/** The settings screen tells the user when API keys last for this run only (no OS keychain), and not otherwise; settings it cannot read can be reset. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { RemoteKeyStore } from '../../main/app/remoteKeyStore.js';
import { createEngine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { SettingsView } from '../../renderer/src/features/settings/SettingsView.js';
import { render } from '../helpers/dom.js';

test('the settings screen says when keys last for this run only, and not otherwise', async () => {
  for (const persistent of [false, true]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-keys-view-'));
    const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
    try {
      const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new RemoteKeyStore({}, persistent, () => undefined), host: 'electron', version: 'test' });
      const client = new ApiClient({ request: (route, input) => api.call(route, input), subscribe: () => () => undefined });
      const r = await render(<ApiContext.Provider value={client}><SettingsView onLanguage={() => undefined} /></ApiContext.Provider>);
      for (let i = 0; i < 20 && r.allByTestId('api-key').length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(r.allByTestId('api-key').length, 1, 'the settings loaded');
      assert.equal(r.allByTestId('keys-session-only').length, persistent ? 0 : 1);
      if (!persistent) assert.match(r.byTestId('keys-session-only').textContent!, /重启后需重新输入/);
      r.unmount();
    } finally {
      engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('a settings file broken by hand neither keeps the host from starting nor hides why: the screen says so, and a reset moves the file aside and brings the screen back', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-bad-settings-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  const file = path.join(dir, 'settings.json');
  try {
    fs.writeFileSync(file, '{"llm": {"redactNames": ["张三"],');
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new RemoteKeyStore({ llm: 'sk-kept-secret-key-123456' }, true, () => undefined), host: 'electron', version: 'test' });
    const client = new ApiClient({ request: (route, input) => api.call(route, input), subscribe: () => () => undefined });
    const languages: string[] = [];
    const r = await render(<ApiContext.Provider value={client}><SettingsView onLanguage={(l) => languages.push(l)} /></ApiContext.Provider>);
    const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
    for (let i = 0; i < 20 && r.allByTestId('settings-error').length === 0; i += 1) await settle();
    assert.match(r.byTestId('settings-error').textContent!, /无法读取设置：.*settings\.json is not valid JSON/);
    await r.click(r.byTestId('reset-settings'));
    for (let i = 0; i < 20 && r.allByTestId('api-key').length === 0; i += 1) await settle();
    assert.equal(r.allByTestId('api-key').length, 1, 'the settings screen is back');
    assert.ok(!fs.existsSync(file), 'defaults apply');
    const aside = fs.readdirSync(dir).filter((f) => f.startsWith('settings.broken-'));
    assert.equal(aside.length, 1);
    assert.equal(fs.readFileSync(path.join(dir, aside[0]!), 'utf8'), '{"llm": {"redactNames": ["张三"],', 'the broken file is kept for the user');
    assert.match(r.container.querySelector('[data-testid="api-key"]')!.getAttribute('placeholder')!, /3456/, 'the key stayed');
    assert.deepEqual(languages, ['zh']);
    r.unmount();
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an endpoint problem the host reports (settings.get fails) offers the endpoint reset, which keeps everything else', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-bad-endpoint-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new RemoteKeyStore({}, true, () => undefined), host: 'electron', version: 'test' });
    let failGet = true;
    const client = new ApiClient({
      request: (route, input) => (route === 'settings.get' && failGet ? Promise.resolve({ ok: false, error: { code: 'llm_config', message: 'the endpoint cannot be used' } }) : api.call(route, input)),
      subscribe: () => () => undefined,
    });
    const r = await render(<ApiContext.Provider value={client}><SettingsView onLanguage={() => undefined} /></ApiContext.Provider>);
    const settle = () => act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
    for (let i = 0; i < 20 && r.allByTestId('settings-error').length === 0; i += 1) await settle();
    assert.match(r.byTestId('settings-error').textContent!, /the endpoint cannot be used/);
    failGet = false;
    await r.click(r.byTestId('reset-endpoint'));
    for (let i = 0; i < 20 && r.allByTestId('api-key').length === 0; i += 1) await settle();
    assert.equal(r.allByTestId('api-key').length, 1);
    r.unmount();
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
