/**
 * Settings → Models, embeddings endpoint: what the form sends reaches the settings the next start
 * reads (prefixes as typed, the input limit checked before it is sent), through the real host API.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import { createEngine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { httpEmbeddingOfSettings, SettingsStore } from '../../main/llm/settings.js';
import type { SettingsDto } from '../../preload/contract/index.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { EmbeddingEndpoint } from '../../renderer/src/features/settings/EmbeddingEndpoint.js';
import { render } from '../helpers/dom.js';

test('the endpoint form saves URL, model, prefixes (trailing space kept) and the input limit; a bad limit is caught before sending', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-endpoint-form-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  const settings = new SettingsStore(dir);
  try {
    const api = createHostApi({ engine, settings, keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const client = new ApiClient({ request: (route, input) => api.call(route, input), subscribe: () => () => undefined });
    const view = await api.call('settings.get', {});
    assert.equal(view.ok, true);
    const saved: SettingsDto[] = [];
    const errors: string[] = [];
    const r = await render(
      <ApiContext.Provider value={client}>
        <EmbeddingEndpoint models={(view as { data: SettingsDto }).data.models} onSaved={(s) => saved.push(s)} onError={(m) => errors.push(m)} />
      </ApiContext.Provider>,
    );
    const field = (id: string) => r.byTestId(id) as HTMLInputElement;
    await r.type(field('embedding-base'), 'http://192.168.1.20:8080/v1');
    await r.type(field('embedding-model'), 'multilingual-e5-large');
    await r.type(field('embedding-query-prefix'), 'query: ');
    await r.type(field('embedding-document-prefix'), 'passage: ');
    await r.type(field('embedding-max-chars'), '12.5');
    assert.equal(r.allByTestId('embedding-max-chars-error').length, 1);
    assert.equal((r.byTestId('use-endpoint') as HTMLButtonElement).disabled, true, 'nothing is sent with a bad limit');
    await r.type(field('embedding-max-chars'), '20');
    assert.match(r.byTestId('embedding-max-chars-error').textContent ?? '', /25/, 'no room for text after the 9-character prefix');
    await r.type(field('embedding-max-chars'), '2000');
    assert.equal(r.allByTestId('embedding-max-chars-error').length, 0);
    await r.click(r.byTestId('use-endpoint'));
    for (let i = 0; i < 50 && saved.length === 0 && errors.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(errors, []);
    assert.deepEqual(httpEmbeddingOfSettings(settings.read().models, new FileKeyStore(dir)), {
      baseURL: 'http://192.168.1.20:8080/v1', model: 'multilingual-e5-large', queryPrefix: 'query: ', documentPrefix: 'passage: ', maxInputChars: 2000,
    });
    assert.equal(saved[0]?.models.restartNeeded, true);
    r.unmount();
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
