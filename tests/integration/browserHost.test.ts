import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { createHostApi, HANDLERS, type HostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { httpEmbeddingOfSettings, SettingsStore } from '../../main/llm/settings.js';
import { startBrowserHost, type BrowserHost } from '../../main/server/browserHost.js';
import { ROUTES } from '../../preload/contract/routes.js';
import { writeTinyReranker } from '../helpers/tinyModels.js';

let dir: string;
let engine: Engine;
let api: HostApi;
let host: BrowserHost;

function request(opts: { path: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: opts.path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const apiCall = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  request({ path: `/api/${route}`, method: 'POST', headers: { 'content-type': 'application/json', 'x-lexdesk-token': host.token, ...headers }, body: JSON.stringify(body) });

describe('browser host security and the host contract', () => {
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-host-'));
    fs.mkdirSync(path.join(dir, 'static'));
    fs.writeFileSync(path.join(dir, 'static', 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the static folder');
    engine = createEngine({ dbPath: path.join(dir, 'library.db') });
    api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    host = await startBrowserHost({ api, staticDir: path.join(dir, 'static') });
  });
  after(async () => {
    await host?.close();
    engine?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every route of the contract has a handler, and no handler lacks a route', () => {
    assert.deepEqual(Object.keys(HANDLERS).sort(), Object.keys(ROUTES).sort());
  });

  test('API calls and the event stream without the token, or with a wrong one, are refused with 401; a cookie or query token does not count', async () => {
    const none = await request({ path: '/api/app.info', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(none.status, 401);
    assert.match(JSON.parse(none.body).error.message, /token/);
    assert.equal((await apiCall('app.info', {}, { 'x-lexdesk-token': 'wrong' })).status, 401);
    assert.equal((await request({ path: '/api/events' })).status, 401);
    const viaCookie = await request({ path: '/api/app.info', method: 'POST', headers: { cookie: `lexdesk_token=${host.token}`, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(viaCookie.status, 401, 'cookies for 127.0.0.1 reach every local port, so the token never travels in one');
    const viaQuery = await request({ path: `/api/app.info?token=${host.token}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(viaQuery.status, 401);
  });

  test('the pages need no token and set no cookie, under a strict CSP; the printed URL carries the token in its fragment', async () => {
    const res = await request({ path: '/' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['set-cookie'], undefined);
    assert.match(String(res.headers['content-security-policy']), /default-src 'self'; script-src 'self'/);
    assert.match(host.url, new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/#token=${host.token}$`), 'a fragment is never sent to any server');
  });

  test('malformed paths, cookies and aborted uploads are answered or dropped, and the host keeps serving', async () => {
    assert.equal((await request({ path: '/%E0%A4%A' })).status, 400);
    const badCookie = await request({ path: '/api/app.info', method: 'POST', headers: { cookie: 'lexdesk_token=%E0%A4%A', 'content-type': 'application/json' }, body: '{}' });
    assert.equal(badCookie.status, 401);
    await new Promise<void>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: host.port, path: '/api/settings.update', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '100000', 'x-lexdesk-token': host.token } });
      req.on('error', () => resolve());
      req.write('{"llm": {"model": "');
      setTimeout(() => { req.destroy(); setTimeout(resolve, 50); }, 50);
    });
    assert.equal((await apiCall('app.info', {})).status, 200, 'still serving');
  });

  test('a long Chinese body arrives intact, whichever network chunks split its characters', async () => {
    const names = Array.from({ length: 200 }, (_, n) => `${'张王李赵刘陈杨黄'[n % 8]}${'劳动合同解除与经济补偿'.repeat(4)}${n}`);
    for (let i = 0; i < 3; i += 1) {
      const set = JSON.parse((await new Promise<{ body: string }>((resolve, reject) => {
        const body = Buffer.from(JSON.stringify({ llm: { redactNames: names } }));
        const req = http.request({ host: '127.0.0.1', port: host.port, path: '/api/settings.update', method: 'POST', headers: { 'content-type': 'application/json', 'x-lexdesk-token': host.token, 'content-length': String(body.length) } }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve({ body: text }));
        });
        req.on('error', reject);
        // Odd-sized pieces split three-byte characters across chunks.
        for (let at = 0; at < body.length; at += 1001 + i) req.write(body.subarray(at, at + 1001 + i));
        req.end();
      })).body);
      assert.equal(set.ok, true, JSON.stringify(set.error));
      const got = JSON.parse((await apiCall('settings.get', {})).body);
      assert.deepEqual(got.data.llm.redactNames, names, 'no U+FFFD where a character was split');
    }
  });

  test('other origins and foreign Host headers are refused with 403 even with the token', async () => {
    const evil = await apiCall('app.info', {}, { origin: 'http://evil.example' });
    assert.equal(evil.status, 403);
    assert.match(JSON.parse(evil.body).error.message, /Origin/);
    const rebinding = await apiCall('app.info', {}, { host: `attacker.example:${host.port}` });
    assert.equal(rebinding.status, 403);
    const own = await apiCall('app.info', {}, { origin: `http://127.0.0.1:${host.port}` });
    assert.equal(own.status, 200);
  });

  test('the server listens on loopback only and serves nothing outside its folder', async () => {
    const traversal = await request({ path: '/..%2Fsecret.txt' });
    assert.equal(traversal.status, 404);
    assert.ok(!traversal.body.includes('outside the static folder'));
  });

  test('malformed input is rejected by the route schema before any handler runs', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['statute.search', { query: '' }, /query/],
      ['statute.search', { query: 'x', limit: 100000 }, /limit/],
      ['statute.article', { id: 'DROP TABLE' }, /id/],
      ['statute.citations', { citation: '民法典第1165条', asOf: 'yesterday' }, /asOf/],
      ['statute.compare', { id: 1, with: '2018' }, /with/],
      ['statute.compare', { id: 1 }, /with/],
      ['statute.compareExport', { id: 1, with: '2018-10-26', format: 'pdf' }, /format/],
      ['consult.ask', { text: 'x', extra: 1 }, /Unrecognized key|extra/],
      ['consult.overrideVerdict', { turnId: 1, verdict: 'maybe' }, /verdict/],
      ['settings.update', { llm: { baseURL: 'not a url' } }, /baseURL/],
      ['settings.update', { llm: { baseURL: 'javascript:alert(1)' } }, /baseURL.*http/],
      ['settings.update', { llm: { baseURL: 'file:///etc/passwd' } }, /baseURL/],
      ['settings.update', { llm: { roleModels: { bogus: 'qwen' } } }, /roleModels/],
      ['settings.update', { llm: { roleModels: { judge: '' } } }, /roleModels/],
      ['settings.update', { llm: { model: '' } }, /model/],
      ['settings.update', { llm: { redactNames: ['张三', ''] } }, /redactNames/],
      ['settings.update', { llm: { preset: 'nosuch' } }, /No endpoint preset "nosuch"\. Presets: .*deepseek/],
      ['library.import', { path: 42 }, /path/],
    ];
    for (const [route, input, field] of cases) {
      const res = JSON.parse((await apiCall(route, input)).body);
      assert.equal(res.ok, false, route);
      assert.equal(res.error.code, 'bad_input', route);
      assert.match(res.error.message, field, route);
    }
    const unknown = JSON.parse((await apiCall('fs.readFile', { path: '/etc/passwd' })).body);
    assert.equal(unknown.error.code, 'unknown_route');
    const notJson = await request({ path: '/api/app.info', method: 'POST', headers: { 'content-type': 'application/json', 'x-lexdesk-token': host.token }, body: '{oops' });
    assert.equal(JSON.parse(notJson.body).error.code, 'bad_input');
  });

  test('statute.search answers the hits and the statute terms it searched besides the words typed', async () => {
    const res = JSON.parse((await apiCall('statute.search', { query: '房东不退押金' })).body);
    assert.equal(res.ok, true);
    assert.deepEqual(res.data, { hits: [], addedTerms: ['出租人'], modeNote: null, unknownLaw: null, repealedLaw: null, renumbered: [], readInPlace: [], lawFilterGaps: [], namedLaw: null, namedRepeal: null }, 'an empty library has no hits, the terms are still said');
    const literal = JSON.parse((await apiCall('statute.search', { query: '房东不退押金', literal: true })).body);
    assert.deepEqual(literal.data.addedTerms, []);
    const unknownLaw = JSON.parse((await apiCall('statute.search', { query: '押金', filters: { law: '租赁法' } })).body);
    assert.deepEqual(unknownLaw.data.unknownLaw, { law: '租赁法', candidates: [] }, 'a law filter that names no law is said');
    const bad = JSON.parse((await apiCall('statute.search', { query: '房东', literal: 'yes' })).body);
    assert.equal(bad.error.code, 'bad_input');
  });

  test('errors cross the boundary as codes with readable messages, never stacks', async () => {
    const res = JSON.parse((await apiCall('statute.article', { id: 999999 })).body);
    assert.deepEqual(Object.keys(res.error).sort(), ['code', 'message']);
    assert.equal(res.error.code, 'not_found');
    const compared = JSON.parse((await apiCall('statute.compare', { id: 999999, with: '2018-10-26' })).body);
    assert.equal(compared.error.code, 'not_found');
    assert.ok(!/\n\s+at /.test(res.error.message));
  });

  test('the API key set through the host is stored encrypted and only its hint comes back', async () => {
    const key = 'sk-host-secret-abcdef123456';
    const res = JSON.parse((await apiCall('settings.setKey', { key })).body);
    assert.equal(res.data.llm.keyHint, '…3456', 'a 27-character key shows its last four only');
    assert.ok(!JSON.stringify(res).includes(key));
    for (const f of fs.readdirSync(dir)) if (fs.statSync(path.join(dir, f)).isFile()) assert.ok(!fs.readFileSync(path.join(dir, f)).includes(key), f);
  });

  test('model folder and provider preference: validated, stored, applied from the next start', async () => {
    const bad = JSON.parse((await apiCall('settings.update', { models: { dir: dir } })).body);
    assert.equal(bad.ok, false);
    assert.match(bad.error.message, /No ONNX model/);
    const unchanged = JSON.parse((await apiCall('settings.get', {})).body);
    assert.equal(unchanged.data.models.restartNeeded, false);
    const ok = JSON.parse((await apiCall('settings.update', { models: { providers: ['cuda', 'cpu'] } })).body);
    assert.deepEqual(ok.data.models.providers, ['cuda', 'cpu']);
    assert.equal(ok.data.models.restartNeeded, true, 'the engine started on the CPU');
    assert.deepEqual(api.services.settings.read().models?.providers, ['cuda', 'cpu']);
    const back = JSON.parse((await apiCall('settings.update', { models: { providers: ['cpu'] } })).body);
    assert.equal(back.data.models.restartNeeded, false, 'CPU is what the engine runs on');
    await apiCall('settings.update', { models: { providers: ['cuda', 'cpu'] } });
  });

  test('cross-encoder folder: a non-model folder is refused, a model folder is stored and applies from the next start, null clears it', async () => {
    const before = api.services.settings.read();
    const bad = JSON.parse((await apiCall('settings.update', { models: { crossEncoderDir: dir } })).body);
    assert.equal(bad.ok, false);
    assert.equal(bad.error.code, 'model-incomplete');
    assert.match(bad.error.message, /No ONNX model/);
    assert.deepEqual(api.services.settings.read(), before, 'a refused update changes nothing');
    const folder = writeTinyReranker(dir, 'cross-encoder');
    const ok = JSON.parse((await apiCall('settings.update', { models: { crossEncoderDir: folder } })).body);
    assert.equal(ok.data.models.crossEncoderDir, folder);
    assert.equal(ok.data.models.crossEncoderInUse, null, 'this engine started without one');
    assert.equal(ok.data.models.restartNeeded, true);
    assert.deepEqual(api.services.settings.read().models?.providers, ['cuda', 'cpu'], 'other model settings are kept');
    const cleared = JSON.parse((await apiCall('settings.update', { models: { crossEncoderDir: null } })).body);
    assert.equal(cleared.data.models.crossEncoderDir, null);
    assert.equal(cleared.data.models.restartNeeded, true, 'the providers still differ from the start');
    assert.equal(api.services.settings.read().models?.crossEncoderDir, undefined);
    const asStarted = JSON.parse((await apiCall('settings.update', { models: { providers: ['cpu'] } })).body);
    assert.equal(asStarted.data.models.restartNeeded, false);
  });

  test('an embeddings endpoint: URL and model together, its key encrypted with only a hint back, applied from the next start', async () => {
    const before = api.services.settings.read();
    const half = JSON.parse((await apiCall('settings.update', { models: { httpBase: 'http://127.0.0.1:11434/v1' } })).body);
    assert.equal(half.ok, false);
    assert.match(half.error.message, /both its URL .* and the model name/);
    assert.deepEqual(api.services.settings.read(), before, 'a refused update changes nothing');
    const notUrl = JSON.parse((await apiCall('settings.update', { models: { httpBase: 'localhost:11434', httpModel: 'bge-m3' } })).body);
    assert.equal(notUrl.ok, false);
    const ok = JSON.parse((await apiCall('settings.update', { models: { httpBase: 'http://127.0.0.1:11434/v1', httpModel: 'bge-m3' } })).body);
    assert.deepEqual([ok.data.models.httpBase, ok.data.models.httpModel, ok.data.models.restartNeeded], ['http://127.0.0.1:11434/v1', 'bge-m3', true]);
    const key = 'sk-embed-secret-778899';
    const keyed = JSON.parse((await apiCall('settings.setKey', { key, which: 'embedding' })).body);
    assert.equal(keyed.data.models.embeddingKeyHint, '…8899');
    assert.notEqual(keyed.data.llm.keyHint, '…8899', 'the LLM key is another one');
    assert.ok(!JSON.stringify(keyed).includes(key));
    for (const f of fs.readdirSync(dir)) if (fs.statSync(path.join(dir, f)).isFile()) assert.ok(!fs.readFileSync(path.join(dir, f)).includes(key), f);
    // What the next start gets: the endpoint, the model and the key.
    assert.deepEqual(httpEmbeddingOfSettings(api.services.settings.read().models, new FileKeyStore(dir)), { baseURL: 'http://127.0.0.1:11434/v1', model: 'bge-m3', apiKey: key });
    const cleared = JSON.parse((await apiCall('settings.update', { models: { httpBase: null, httpModel: null } })).body);
    assert.deepEqual([cleared.data.models.httpBase, cleared.data.models.httpModel], [null, null]);
    assert.equal(httpEmbeddingOfSettings(api.services.settings.read().models, new FileKeyStore(dir)), undefined);
    await apiCall('settings.clearKey', { which: 'embedding' });
    assert.equal(JSON.parse((await apiCall('settings.get', {})).body).data.models.embeddingKeyHint, null);
  });

  test('the endpoint\'s instruction prefixes (kept as typed, trailing space included) and input limit reach the next start, and go with the endpoint', async () => {
    const saved = JSON.parse((await apiCall('settings.update', { models: { httpBase: 'http://127.0.0.1:8080/v1', httpModel: 'multilingual-e5-large', httpQueryPrefix: 'query: ', httpDocumentPrefix: 'passage: ', httpMaxChars: 2000 } })).body);
    assert.equal(saved.ok, true, JSON.stringify(saved));
    assert.deepEqual([saved.data.models.httpQueryPrefix, saved.data.models.httpDocumentPrefix, saved.data.models.httpMaxChars, saved.data.models.restartNeeded], ['query: ', 'passage: ', 2000, true]);
    assert.deepEqual(httpEmbeddingOfSettings(api.services.settings.read().models, new FileKeyStore(dir)), {
      baseURL: 'http://127.0.0.1:8080/v1', model: 'multilingual-e5-large', queryPrefix: 'query: ', documentPrefix: 'passage: ', maxInputChars: 2000,
    });
    const tight = JSON.parse((await apiCall('settings.update', { models: { httpMaxChars: 20 } })).body);
    assert.equal(tight.ok, false, 'no room for text after "passage: "');
    assert.match(tight.error.message, /at least 25 with these prefixes/);
    for (const httpMaxChars of [0, 2.5, 300_000]) {
      const bad = JSON.parse((await apiCall('settings.update', { models: { httpMaxChars } })).body);
      assert.equal(bad.ok, false, `${httpMaxChars} is refused`);
    }
    const noPrefix = JSON.parse((await apiCall('settings.update', { models: { httpQueryPrefix: '', httpMaxChars: null } })).body);
    assert.deepEqual([noPrefix.data.models.httpQueryPrefix, noPrefix.data.models.httpDocumentPrefix, noPrefix.data.models.httpMaxChars], [null, 'passage: ', null]);
    const cleared = JSON.parse((await apiCall('settings.update', { models: { httpBase: null, httpModel: null } })).body);
    assert.deepEqual([cleared.data.models.httpDocumentPrefix, cleared.data.models.httpMaxChars], [null, null]);
    assert.equal(api.services.settings.read().models?.httpDocumentPrefix, undefined);
  });

  test('a user and password in the endpoint URL go to the key store, never to settings.json or back to the page; an LLM URL with them is refused', async () => {
    const password = 'pw-proxy-4417';
    const saved = JSON.parse((await apiCall('settings.update', { models: { httpBase: `http://alice:${password}@127.0.0.1:11434/v1`, httpModel: 'bge-m3' } })).body);
    assert.equal(saved.ok, true, JSON.stringify(saved));
    assert.deepEqual([saved.data.models.httpBase, saved.data.models.embeddingUser], ['http://127.0.0.1:11434/v1', 'alice']);
    const got = (await apiCall('settings.get', {})).body;
    assert.ok(!got.includes(password));
    for (const f of fs.readdirSync(dir)) if (fs.statSync(path.join(dir, f)).isFile()) assert.ok(!fs.readFileSync(path.join(dir, f)).includes(password), f);
    assert.equal(httpEmbeddingOfSettings(api.services.settings.read().models, new FileKeyStore(dir))?.baseURL, `http://alice:${password}@127.0.0.1:11434/v1`);
    // Changing the model only (the page sends the address it shows) keeps the sign-in.
    const renamed = JSON.parse((await apiCall('settings.update', { models: { httpBase: 'http://127.0.0.1:11434/v1', httpModel: 'bge-large' } })).body);
    assert.equal(renamed.data.models.embeddingUser, 'alice');
    // A host started with these settings: a new password alone changes nothing in settings.json, but the running engine has the old one.
    const started = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const asStarted = (await started.call('settings.get', {})) as { data: { models: { restartNeeded: boolean } } };
    assert.equal(asStarted.data.models.restartNeeded, false);
    const newPassword = (await started.call('settings.update', { models: { httpBase: 'http://alice:pw-2@127.0.0.1:11434/v1' } })) as { data: { models: { restartNeeded: boolean } } };
    assert.equal(newPassword.data.models.restartNeeded, true, 'the new password applies from the next start');
    const llm = JSON.parse((await apiCall('settings.update', { llm: { baseURL: `https://bob:${password}@llm.example.com/v1` } })).body);
    assert.equal(llm.ok, false);
    assert.match(llm.error.message, /cannot carry a user and password/);
    assert.ok(!JSON.stringify(api.services.settings.read()).includes(password));
    const cleared = JSON.parse((await apiCall('settings.update', { models: { httpBase: null, httpModel: null } })).body);
    assert.equal(cleared.data.models.embeddingUser, null);
  });

  test('a model given on the command line (serve --cross-encoder) is in use without asking for a restart', async () => {
    const settingsDir = fs.mkdtempSync(path.join(dir, 'override-'));
    const folder = writeTinyReranker(settingsDir, 'cli-cross-encoder');
    const overridden = createEngine({ dbPath: path.join(settingsDir, 'library.db'), models: { crossEncoderDir: folder } });
    try {
      const hostApi = createHostApi({ engine: overridden, settings: new SettingsStore(settingsDir), keys: new FileKeyStore(settingsDir), host: 'browser', version: 'test' });
      const view = await hostApi.call('settings.get', {});
      assert.equal(view.ok, true);
      const models = (view as { data: { models: { crossEncoderInUse: string | null; crossEncoderDir: string | null; restartNeeded: boolean } } }).data.models;
      assert.equal(models.crossEncoderInUse, folder);
      assert.equal(models.crossEncoderDir, null, 'the settings hold none');
      assert.equal(models.restartNeeded, false);
    } finally {
      overridden.close();
    }
  });

  test('settings saved with an unknown LLM preset still open in Settings (no endpoint shown), where choosing a preset fixes them', async () => {
    const settingsDir = fs.mkdtempSync(path.join(dir, 'bad-preset-'));
    fs.writeFileSync(path.join(settingsDir, 'settings.json'), JSON.stringify({ llm: { preset: 'nosuch' } }));
    const hostApi = createHostApi({ engine, settings: new SettingsStore(settingsDir), keys: new FileKeyStore(settingsDir), host: 'browser', version: 'test' });
    const view = (await hostApi.call('settings.get', {})) as { ok: boolean; data: { llm: { preset: string | null; baseURL: string | null } } };
    assert.equal(view.ok, true, JSON.stringify(view));
    assert.deepEqual([view.data.llm.preset, view.data.llm.baseURL], ['nosuch', null]);
    const history = (await hostApi.call('consult.list', {})) as { ok: boolean };
    assert.equal(history.ok, true, `the consultation history stays readable: ${JSON.stringify(history)}`);
    const fixed = (await hostApi.call('settings.update', { llm: { preset: 'deepseek' } })) as typeof view;
    assert.equal(fixed.data.llm.baseURL, 'https://api.deepseek.com/v1');
  });

  test('events stream over SSE with the token', async () => {
    const got = new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: host.port, path: '/api/events', headers: { 'x-lexdesk-token': host.token } }, (res) => {
        let buf = '';
        res.setEncoding('utf8').on('data', (c: string) => {
          buf += c;
          if (buf.includes('import-done')) {
            req.destroy();
            resolve(buf);
          }
        });
      });
      req.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 50));
    api.services.emit({ type: 'import-done', ok: true });
    assert.match(await got, /data: \{"type":"import-done","ok":true\}/);
  });
});
