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

test('in the desktop app the import path comes from the open dialog: the field is read-only and the picked path fills it; a browser tab types it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-library-pick-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  const asked: string[] = [];
  try {
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const client = new ApiClient({ request: (route, input) => api.call(route, input), subscribe: () => () => undefined });
    const view = () => render(<ApiContext.Provider value={client}><LibraryView /></ApiContext.Provider>);
    const browser = await view();
    assert.equal((browser.byTestId('import-path') as HTMLInputElement).readOnly, false);
    assert.equal(browser.allByTestId('import-pick-folder').length, 0, 'no dialog in a browser tab');
    browser.unmount();
    window.lexdesk = { request: async () => ({ ok: true, data: null }), subscribe: () => () => undefined, pickPath: async (kind) => { asked.push(kind); return kind === 'jsonl' ? '/home/lawyer/合同法规.jsonl' : null; } };
    const r = await view();
    const field = r.byTestId('import-path') as HTMLInputElement;
    assert.equal(field.readOnly, true);
    await r.click(r.byTestId('import-pick-folder'));
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
    assert.equal(field.value, '', 'a cancelled dialog changes nothing');
    await r.click(r.byTestId('import-pick-jsonl'));
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
    assert.equal(field.value, '/home/lawyer/合同法规.jsonl');
    assert.deepEqual(asked, ['folder', 'jsonl']);
    assert.equal(r.byTestId('import-pick-folder').textContent, '选择文件夹…');
    r.unmount();
  } finally {
    delete window.lexdesk;
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
