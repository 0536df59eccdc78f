/**
 * The app's engine process holds keys the main process decrypted; without an OS
 * keychain (Linux with only Electron's 'basic_text' fallback) a key entered is kept
 * for this run only, nothing is sent to be written, and the settings say so.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { RemoteKeyStore } from '../../main/app/remoteKeyStore.js';
import { createEngine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { SettingsDto } from '../../preload/contract/index.js';

async function settingsWith(keys: RemoteKeyStore) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-keys-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys, host: 'electron', version: 'test' });
    const set = await api.call('settings.setKey', { key: 'sk-session-only-123456' });
    assert.equal(set.ok, true);
    return { set: set.ok ? (set.data as SettingsDto) : null, files: fs.readdirSync(dir) };
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('with a keychain, a key set in the engine is sent to the main process to be stored encrypted', async () => {
  const sent: unknown[] = [];
  const keys = new RemoteKeyStore({}, true, (...op) => sent.push(op));
  const { set } = await settingsWith(keys);
  assert.equal(set!.llm.keysPersistent, true);
  assert.match(set!.llm.keyHint!, /3456$/);
  assert.deepEqual(sent, [['set', 'llm', 'sk-session-only-123456']]);
  keys.delete('llm');
  assert.equal(sent.length, 2);
});

test('without a keychain, the key works for this run, is never sent to be written, and the settings say it will not last', async () => {
  const sent: unknown[] = [];
  const keys = new RemoteKeyStore({}, false, (...op) => sent.push(op));
  const { set, files } = await settingsWith(keys);
  assert.equal(set!.llm.keysPersistent, false);
  assert.match(set!.llm.keyHint!, /3456$/, 'usable now');
  assert.equal(keys.get('llm'), 'sk-session-only-123456');
  assert.deepEqual(sent, [], 'nothing goes to disk');
  assert.ok(!files.some((f) => /key/i.test(f)), `no key file: ${files}`);
});
