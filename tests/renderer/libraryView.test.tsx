/** The library screen speaks the UI's language: in English, every label and the counts read in English (the real host API, an empty library). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { act } from 'react';
import '../helpers/domGlobals.js';
import { createEngine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { LibraryView } from '../../renderer/src/features/library/LibraryView.js';
import { I18nContext, STRINGS } from '../../renderer/src/i18n.js';
import { render } from '../helpers/dom.js';

test('the library screen in English has no Chinese labels', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-library-view-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const client = new ApiClient({ request: (route, input) => api.call(route, input), subscribe: () => () => undefined });
    const r = await render(<ApiContext.Provider value={client}><I18nContext.Provider value={STRINGS.en}><LibraryView /></I18nContext.Provider></ApiContext.Provider>);
    for (let i = 0; i < 20 && r.allByTestId('library-status').length === 0; i += 1) await act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
    const text = r.byTestId('library-status').textContent!.replace(engine.dbPath, '');
    assert.match(text, /0 laws and regulations · 0 versions · 0 articles \(0 current\)/);
    assert.match(text, /Province packs/);
    assert.match(text, /Not built \(full-text search only\)Build\/update the vector index/);
    assert.doesNotMatch(text, /[\u4e00-\u9fff]/, text);
    r.unmount();
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
