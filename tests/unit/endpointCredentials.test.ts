import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { credentialsTag, credentialUser, moveSavedCredentials, saveEndpointCredentials, splitCredentials, withStoredCredentials } from '../../main/llm/endpointCredentials.js';
import { urlCredentials } from '../../main/models/httpEndpoint.js';
import { FileKeyStore, type KeyStore } from '../../main/llm/keyStore.js';
import { httpEmbeddingOfSettings, SettingsStore } from '../../main/llm/settings.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-cred-'));
/** Every file of a folder, as text: what a password must never be found in. */
const everything = (dir: string) => fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');

describe('embeddings endpoint credentials', () => {
  test('user:password@ is split off the URL as written, percent-encoding kept', () => {
    assert.deepEqual(splitCredentials('http://alice:p%40ss%3Aword@proxy.lan:8080/v1'), { url: 'http://proxy.lan:8080/v1', userinfo: 'alice:p%40ss%3Aword', origin: 'http://proxy.lan:8080' });
    assert.deepEqual(splitCredentials('https://api.example.com/v1'), { url: 'https://api.example.com/v1', userinfo: null, origin: 'https://api.example.com' });
  });

  test('saved credentials live in the encrypted store, are put back for their own server only, and a re-save without them keeps them', () => {
    const dir = tempDir();
    const keys = new FileKeyStore(dir);
    const saved = saveEndpointCredentials(keys, 'http://alice:p%40ss%3Aword@proxy.lan:8080/v1');
    assert.equal(saved, 'http://proxy.lan:8080/v1');
    assert.ok(!everything(dir).includes('p%40ss'), 'the key file holds ciphertext only');
    assert.equal(withStoredCredentials(keys, 'http://proxy.lan:8080/v1'), 'http://alice:p%40ss%3Aword@proxy.lan:8080/v1');
    assert.equal(credentialUser(keys, 'http://proxy.lan:8080/v1'), 'alice');
    // Another path on the same server: same credentials. Another server or port: never sent there.
    assert.equal(withStoredCredentials(keys, 'http://proxy.lan:8080/other/v1'), 'http://alice:p%40ss%3Aword@proxy.lan:8080/other/v1');
    assert.equal(withStoredCredentials(keys, 'http://proxy.lan:9090/v1'), 'http://proxy.lan:9090/v1');
    assert.equal(credentialUser(keys, 'http://elsewhere.lan:8080/v1'), null);
    // Re-saving the address as Settings shows it (without them) keeps them.
    assert.equal(saveEndpointCredentials(keys, 'http://proxy.lan:8080/v1'), 'http://proxy.lan:8080/v1');
    assert.equal(credentialUser(keys, 'http://proxy.lan:8080/v1'), 'alice');
    // Moving to another server drops them; so does clearing the endpoint.
    saveEndpointCredentials(keys, 'http://elsewhere.lan:8080/v1');
    assert.equal(withStoredCredentials(keys, 'http://proxy.lan:8080/v1'), 'http://proxy.lan:8080/v1');
    saveEndpointCredentials(keys, 'http://bob:x@proxy.lan:8080/v1');
    saveEndpointCredentials(keys, undefined);
    assert.equal(credentialUser(keys, 'http://proxy.lan:8080/v1'), null);
  });

  test('re-saving the shown address of a file an earlier version wrote moves its password to the key store instead of losing it', () => {
    const dir = tempDir();
    const keys = new FileKeyStore(dir);
    const legacy = 'http://alice:secret-991@proxy.lan/v1';
    assert.equal(saveEndpointCredentials(keys, 'http://proxy.lan/v1', legacy), 'http://proxy.lan/v1');
    assert.equal(withStoredCredentials(keys, 'http://proxy.lan/v1'), legacy);
    // Another server: the old password is not carried over.
    const other = new FileKeyStore(tempDir());
    assert.equal(saveEndpointCredentials(other, 'http://elsewhere.lan/v1', legacy), 'http://elsewhere.lan/v1');
    assert.equal(credentialsTag(other), '');
  });

  test('a key store that forgets keys at exit refuses new credentials (the next start could not use them) and keeps an earlier file\'s URL as it was', () => {
    const memoryOnly: KeyStore = Object.assign(new Map<string, string>(), { persistent: false }) as unknown as KeyStore;
    assert.throws(() => saveEndpointCredentials(memoryOnly, 'http://alice:pw@proxy.lan/v1'), /no keychain.*plain text/);
    assert.equal(saveEndpointCredentials(memoryOnly, 'http://proxy.lan/v1', 'http://alice:pw@proxy.lan/v1'), 'http://alice:pw@proxy.lan/v1');
    assert.equal(saveEndpointCredentials(memoryOnly, 'http://proxy.lan/v1'), 'http://proxy.lan/v1');
  });

  test('what the engine sends is exactly what was typed: escapes, a colon or @ in the password, IPv6, no password', () => {
    const keys = new FileKeyStore(tempDir());
    for (const typed of ['http://al%20ice:p%40ss%3Aw%25rd@[::1]:8080/v1', 'https://bob@api.example.com/v1', 'http://u:a%zz@host.lan/v1']) {
      const saved = saveEndpointCredentials(keys, typed) as string;
      assert.ok(!saved.includes('@'), saved);
      assert.deepEqual(urlCredentials(withStoredCredentials(keys, saved)).authorization, urlCredentials(typed).authorization, typed);
    }
    assert.equal(urlCredentials('http://u:a%zz@host.lan/v1').authorization, `Basic ${Buffer.from('u:a%zz').toString('base64')}`, 'a literal % is sent as typed');
  });

  test('the engine starts with the credentials stored for the saved URL', () => {
    const dir = tempDir();
    const keys = new FileKeyStore(dir);
    const url = saveEndpointCredentials(keys, 'http://alice:secret-991@127.0.0.1:11434/v1');
    assert.deepEqual(httpEmbeddingOfSettings({ httpBase: url, httpModel: 'bge-m3' }, keys), { baseURL: 'http://alice:secret-991@127.0.0.1:11434/v1', model: 'bge-m3' });
  });

  test('a settings file from an earlier version is rewritten without the password when keys persist, and left alone when they would be lost at exit', () => {
    const dir = tempDir();
    const file = path.join(dir, 'settings.json');
    const old = { models: { httpBase: 'http://alice:secret-991@127.0.0.1:11434/v1', httpModel: 'bge-m3' }, ui: { language: 'en' } };
    fs.writeFileSync(file, JSON.stringify(old));
    const memoryOnly: KeyStore = Object.assign(new Map<string, string>(), { persistent: false }) as unknown as KeyStore;
    moveSavedCredentials(new SettingsStore(dir), memoryOnly);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), old, 'nothing moved into a store that forgets');
    const keys = new FileKeyStore(dir);
    moveSavedCredentials(new SettingsStore(dir), keys);
    assert.ok(!everything(dir).includes('secret-991'), 'no file holds the password any more');
    const now = new SettingsStore(dir).read();
    assert.deepEqual(now, { models: { httpBase: 'http://127.0.0.1:11434/v1', httpModel: 'bge-m3' }, ui: { language: 'en' } });
    assert.equal(httpEmbeddingOfSettings(now.models, keys)?.baseURL, 'http://alice:secret-991@127.0.0.1:11434/v1', 'and nothing is lost');
  });
});
