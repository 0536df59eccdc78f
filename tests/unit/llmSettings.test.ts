import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { isLoopbackUrl } from '../../main/llm/presets.js';
import { keyHint, makeScrubber } from '../../main/llm/secrets.js';
import { LLM_KEY_ID, resolveLlm, SettingsStore } from '../../main/llm/settings.js';

const KEY = 'sk-live-abcdefghijklmnop0123';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-settings-'));
}

describe('LLM settings and keys', () => {
  test('the key store keeps keys encrypted, owner-only, and reads them back', () => {
    const dir = tempDir();
    const keys = new FileKeyStore(dir);
    keys.set(LLM_KEY_ID, KEY);
    assert.equal(new FileKeyStore(dir).get(LLM_KEY_ID), KEY);
    for (const f of fs.readdirSync(dir)) {
      assert.ok(!fs.readFileSync(path.join(dir, f), 'utf8').includes(KEY), `${f} holds no plain key`);
      assert.equal(fs.statSync(path.join(dir, f)).mode & 0o077, 0, `${f} is owner-only`);
    }
    keys.delete(LLM_KEY_ID);
    assert.equal(keys.get(LLM_KEY_ID), undefined);
  });

  test('presets fill the endpoint; environment variables override; no endpoint means offline', () => {
    const keys = new FileKeyStore(tempDir());
    assert.equal(resolveLlm({}, keys, {}), null);
    const deepseek = resolveLlm({ llm: { preset: 'deepseek' } }, keys, {})!;
    assert.equal(deepseek.endpoint.baseURL, 'https://api.deepseek.com/v1');
    assert.equal(deepseek.redact, true, 'cloud endpoints are redacted by default');
    const env = resolveLlm({ llm: { preset: 'deepseek' } }, keys, { LEXDESK_LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LEXDESK_LLM_MODEL: 'qwen2.5:7b', LEXDESK_LLM_API_KEY: KEY })!;
    assert.equal(env.endpoint.model, 'qwen2.5:7b');
    assert.equal(env.endpoint.apiKey, KEY);
    assert.equal(env.local, true);
    assert.equal(env.redact, false, 'loopback endpoints are exempt unless the user opts in');
    assert.equal(resolveLlm({ llm: { preset: 'ollama', redactLocal: true } }, keys, {})!.redact, true);
    assert.throws(() => resolveLlm({ llm: { preset: 'nope' } }, keys, {}), /Unknown LLM preset/);
  });

  test('settings are validated, with a message naming the file and field', () => {
    const dir = tempDir();
    const store = new SettingsStore(dir);
    store.write({ llm: { preset: 'qwen', model: 'qwen-max', roleModels: { planner: 'qwen-turbo' } } });
    assert.equal(store.read().llm?.roleModels?.planner, 'qwen-turbo');
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ llm: { timeoutMs: 'soon' } }));
    assert.throws(() => store.read(), (e: Error) => /settings\.json: llm\.timeoutMs/.test(e.message));
    assert.ok(!fs.readFileSync(path.join(dir, 'settings.json'), 'utf8').includes('sk-'));
  });

  test('keys are scrubbed from any text; loopback detection', () => {
    const scrub = makeScrubber([KEY]);
    assert.equal(scrub(`bad key ${KEY}`), 'bad key ***');
    assert.equal(scrub('Authorization: Bearer abcdefghijklmnopqrstu'), 'Authorization: Bearer ***');
    assert.equal(scrub('key sk-otherkey123456789'), 'key sk-***');
    assert.ok(isLoopbackUrl('http://127.0.0.1:8000/v1'));
    assert.ok(isLoopbackUrl('http://localhost:11434/v1'));
    assert.ok(isLoopbackUrl('http://[::1]:8080/v1'));
    assert.ok(!isLoopbackUrl('https://api.deepseek.com/v1'));
    assert.ok(!isLoopbackUrl('http://192.168.1.5:8000/v1'));
  });
});

test('a key hint shows at most a quarter of the key', () => {
  assert.equal(keyHint('sk-123456'), '***', 'a 9-character key shows nothing');
  assert.equal(keyHint('sk-abcdefghij12'), '***');
  assert.equal(keyHint('sk-embed-secret-778899'), '…8899');
  assert.equal(keyHint('sk-proj-abcdefghijklmnopqrstuvwxyz0123'), 'sk-…0123');
  for (const key of ['sk-abcdefghijklmnop', 'sk-abcdefghijklmnopqrstuvwxyz', 'a'.repeat(60)]) {
    const shown = keyHint(key).replace(/[…*]/g, '').length;
    assert.ok(shown * 4 <= key.length, `${key.length} characters, ${shown} shown`);
  }
});
