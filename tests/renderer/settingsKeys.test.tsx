/** The settings screen tells the user when API keys last for this run only (no OS keychain), and not otherwise. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
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
