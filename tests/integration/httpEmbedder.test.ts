import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { HttpEmbedder } from '../../main/models/httpEmbedder.js';
import { loadEmbedder } from '../../main/models/index.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpEmbeddingOf } from '../../main/cli/commands/modelOptions.js';
import { createEngine } from '../../main/engine/index.js';
import { LexError } from '../../main/util/errors.js';

/**
 * A scripted OpenAI-compatible server: /v1/embeddings answers with the
 * unnormalised vector [length, 1, 0, 2] per input, listed in reverse order
 * (with their index), unless the model name asks for a failure.
 */
const KEY = 'sk-test-SECRET-4242';
const USER = 'alice';
const PASSWORD = 'pa$$-SECRET-99';
interface Seen {
  url: string;
  authorization: string | undefined;
  organization: string | string[] | undefined;
  project: string | string[] | undefined;
  body: { model: string; input: string[]; encoding_format?: string };
}
const seen: Seen[] = [];
let server: http.Server;
let baseURL = '';

function reply(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
  const body = JSON.parse(raw) as Seen['body'];
  seen.push({ url: req.url ?? '', authorization: req.headers.authorization, organization: req.headers['openai-organization'], project: req.headers['openai-project'], body });
  if (body.model === 'hang') return; // never answers
  // Busy: asks the client to wait 20 s before trying again.
  if (body.model === 'busy') return void res.writeHead(503, { 'content-type': 'application/json', 'retry-after-ms': '20000' }).end(JSON.stringify({ error: { message: 'overloaded' } }));
  if (req.url !== '/v1/embeddings' || body.model === 'missing') return reply(res, 404, { error: { message: 'model not found' } });
  if (body.model === 'bad-key') return reply(res, 401, { error: { message: `Incorrect API key provided: ${KEY}` } });
  if (body.model === 'boom') return reply(res, 500, { error: { message: `internal failure while serving ${KEY}` } });
  // A proxy that repeats the URL it was asked for, password and all.
  if (body.model === 'echo-url') return reply(res, 502, { error: { message: `upstream failed for http://${USER}:${PASSWORD}@gpu-box${req.url} (${req.headers.authorization})` } });
  if (body.model === 'same-index') {
    const data = body.input.map((text) => ({ object: 'embedding', index: 0, embedding: [text.length, 1, 0, 2] }));
    return reply(res, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } });
  }
  const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, 1, 0, 2] })).reverse();
  reply(res, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } });
}

before(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (c: string) => (raw += c));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

const make = (model: string, extra: Partial<ConstructorParameters<typeof HttpEmbedder>[0]> = {}) =>
  new HttpEmbedder({ baseURL, model, apiKey: KEY, maxRetries: 0, ...extra });

function expected(text: string): number[] {
  const v = [text.length, 1, 0, 2];
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => Math.fround(x / n));
}

test('vectors come back normalised, in input order, batched, with the key and encoding_format float', async () => {
  seen.length = 0;
  const e = make('bge-m3', { batchSize: 2 });
  const texts = ['劳动合同法', '法', '用人单位解除', 'ab', 'x'];
  const vectors = await e.embed(texts, 'document');
  assert.deepEqual(vectors.map((v) => Array.from(v)), texts.map(expected));
  assert.equal(e.dimension, 4);
  assert.equal(e.provider, 'http');
  assert.equal(e.id, 'http:bge-m3');
  assert.equal(seen.length, 3, 'batches of 2');
  for (const s of seen) {
    assert.equal(s.url, '/v1/embeddings');
    assert.equal(s.body.encoding_format, 'float');
    assert.equal(s.body.model, 'bge-m3');
    assert.equal(s.authorization, `Bearer ${KEY}`);
  }
  assert.deepEqual(seen.map((s) => s.body.input), [['劳动合同法', '法'], ['用人单位解除', 'ab'], ['x']]);
});

test('query and document prefixes are prepended', async () => {
  seen.length = 0;
  const e = make('e5', { queryPrefix: 'query: ', documentPrefix: 'passage: ' });
  await e.embed(['劳动'], 'query');
  await e.embed(['劳动'], 'document');
  assert.deepEqual(seen.map((s) => s.body.input[0]), ['query: 劳动', 'passage: 劳动']);
});

test('the vector set id names the model and, when there are prefixes, a digest of them', () => {
  assert.equal(make('bge-m3').id, 'http:bge-m3');
  const e5 = make('e5', { queryPrefix: 'query: ', documentPrefix: 'passage: ' }).id;
  assert.match(e5, /^http:e5#[0-9a-f]{8}$/);
  assert.notEqual(make('e5', { queryPrefix: 'query: ' }).id, e5);
});

test('a response whose indexes repeat is refused instead of pairing vectors with the wrong texts', async () => {
  await assert.rejects(make('same-index').embed(['劳动', '合同法'], 'document'), (err: unknown) => {
    return err instanceof LexError && err.code === 'embedder-response' && /indexes are not 0 to 1/.test(err.message);
  });
});

test('organisation and project ids in the environment are not sent to the server', async () => {
  seen.length = 0;
  process.env.OPENAI_ORG_ID = 'org-leak';
  process.env.OPENAI_PROJECT_ID = 'proj-leak';
  try {
    await make('bge-m3').embed(['法'], 'query');
  } finally {
    delete process.env.OPENAI_ORG_ID;
    delete process.env.OPENAI_PROJECT_ID;
  }
  assert.equal(seen.length, 1);
  assert.equal(seen[0]?.organization, undefined);
  assert.equal(seen[0]?.project, undefined);
});

test('connect learns the dimension; loadEmbedder builds an HTTP embedder', async () => {
  const e = await HttpEmbedder.connect({ baseURL, model: 'bge-m3', maxRetries: 0 });
  assert.equal(e.dimension, 4);
  const viaFacade = await loadEmbedder({ kind: 'http', baseURL, model: 'bge-m3', apiKey: KEY });
  assert.equal(viaFacade.dimension, 4);
  await viaFacade.close();
});

test('a dimension that does not match the response is an error', async () => {
  await assert.rejects(make('bge-m3', { dimension: 1024 }).embed(['法'], 'query'), (err: unknown) => {
    return err instanceof LexError && err.code === 'embedder-response' && /4-dimensional/.test(err.message);
  });
});

function assertReadable(code: string, pattern: RegExp) {
  return (err: unknown) => {
    assert.ok(err instanceof LexError, `LexError expected, got ${String(err)}`);
    assert.equal(err.code, code);
    assert.match(err.message, pattern);
    assert.ok(!err.message.includes(KEY) && !JSON.stringify(err).includes(KEY) && !String(err.stack).includes(KEY), 'key leaked');
    return true;
  };
}

test('401 says the key was rejected without showing it', async () => {
  await assert.rejects(make('bad-key').embed(['法'], 'query'), assertReadable('embedder-auth', /rejected the API key \(HTTP 401\)/));
});

test('500 and 404 produce readable errors', async () => {
  await assert.rejects(make('boom').embed(['法'], 'query'), assertReadable('embedder-http', /HTTP 500/));
  await assert.rejects(make('missing').embed(['法'], 'query'), assertReadable('embedder-not-found', /404.*\/v1.*"missing"/));
});

test('a refused connection and a timeout produce readable errors', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const refused = new HttpEmbedder({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'm', apiKey: KEY, maxRetries: 0 });
  await assert.rejects(refused.embed(['法'], 'query'), assertReadable('embedder-unreachable', /connection refused/));
  await assert.rejects(make('hang', { timeoutMs: 300 }).embed(['法'], 'query'), assertReadable('embedder-timeout', /did not answer in time \(1 try, each given 0\.3 s\)/));
  // Each try has its own timeout: the message says how many there were.
  await assert.rejects(make('hang', { timeoutMs: 200, maxRetries: 1 }).embed(['法'], 'query'), assertReadable('embedder-timeout', /did not answer in time \(2 tries, each given 0\.2 s\)/));
});

test('cancel abandons a request in flight and the wait before a retry at once, not after the timeouts', { timeout: 15_000 }, async () => {
  for (const model of ['hang', 'busy']) {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(make(model, { timeoutMs: 60_000, maxRetries: 2 }).embed(['法'], 'document', { signal: controller.signal }), assertReadable('embedder-cancelled', /request to .* was cancelled/));
    assert.ok(Date.now() - started < 2000, `${model}: cancelled after ${Date.now() - started} ms`);
  }
  const already = new AbortController();
  already.abort();
  seen.length = 0;
  await assert.rejects(make('bge-m3').embed(['法'], 'document', { signal: already.signal }), assertReadable('embedder-cancelled', /cancelled/));
  assert.equal(seen.length, 0, 'nothing is sent once cancelled');
});

test('each input is cut to maxInputChars (500 by default), prefix included, never inside a surrogate pair', async () => {
  seen.length = 0;
  const long = '劳'.repeat(900);
  await make('bge-m3').embed([long, '法'], 'document');
  assert.deepEqual(seen[0]?.body.input.map((t) => t.length), [500, 1]);
  seen.length = 0;
  const e5 = make('e5', { queryPrefix: 'query: ', documentPrefix: 'passage: ', maxInputChars: 30 });
  await e5.embed([long], 'query');
  await e5.embed([long], 'document');
  assert.deepEqual(seen.map((s) => s.body.input[0]), [`query: ${'劳'.repeat(23)}`, `passage: ${'劳'.repeat(21)}`]);
  assert.equal(e5.fitDocument(long), '劳'.repeat(21), 'what the library records a hash of');
  // 𠀀 (U+20000) takes two UTF-16 units: cut in its middle, it is left out whole.
  assert.equal(make('m', { maxInputChars: 20 }).fitDocument(`${'a'.repeat(19)}𠀀b`), 'a'.repeat(19));
  assert.throws(() => make('e5', { documentPrefix: 'passage: ', maxInputChars: 20 }), (err: unknown) => err instanceof LexError && err.code === 'usage' && /at least 16 more than the longest prefix/.test(err.message));
});

test('a user and password in the base URL are sent as basic auth and never shown: not in errors, commands or the model in use', async () => {
  const withPassword = (url: string) => url.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`);
  const hidden = (text: string) => !text.includes(PASSWORD) && !text.includes(encodeURIComponent(PASSWORD));
  seen.length = 0;
  const e = new HttpEmbedder({ baseURL: withPassword(baseURL), model: 'bge-m3', maxRetries: 0 });
  await e.embed(['法'], 'query');
  assert.equal(seen[0]?.authorization, `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
  const failures: unknown[] = [];
  for (const model of ['echo-url', 'missing', 'hang']) {
    await new HttpEmbedder({ baseURL: withPassword(baseURL), model, maxRetries: 0, timeoutMs: 200 }).embed(['法'], 'query').catch((err: unknown) => failures.push(err));
  }
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await new HttpEmbedder({ baseURL: withPassword(`http://127.0.0.1:${port}/v1`), model: 'm', maxRetries: 0 }).embed(['法'], 'query').catch((err: unknown) => failures.push(err));
  assert.deepEqual(failures.map((err) => (err as LexError).code), ['embedder-http', 'embedder-not-found', 'embedder-timeout', 'embedder-unreachable']);
  for (const err of failures) {
    const text = `${(err as Error).message} ${JSON.stringify(err)} ${(err as Error).stack}`;
    assert.ok(hidden(text), text);
    assert.match((err as Error).message, /http:\/\/\*\*\*@127\.0\.0\.1:\d+\/v1/, 'the server is named, its credentials shown as ***');
  }
  assert.throws(() => new HttpEmbedder({ baseURL: withPassword(baseURL), model: 'm', apiKey: KEY }), (err: unknown) => err instanceof LexError && err.code === 'usage' && hidden(err.message));
  assert.throws(() => httpEmbeddingOf({ 'http-base': `ftp://${USER}:${PASSWORD}@gpu-box/v1`, 'http-model': 'm' }), (err: unknown) => err instanceof LexError && /http:\/\/ or https:\/\//.test(err.message) && hidden(err.message));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-http-password-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db'), models: { httpEmbedding: { baseURL: withPassword(baseURL), model: 'bge-m3', maxRetries: 0 } } });
  try {
    assert.ok(hidden(engine.retrieval.embeddingInUse), engine.retrieval.embeddingInUse);
    assert.match(engine.retrieval.embeddingInUse, /^bge-m3 @ http:\/\/\*\*\*@127\.0\.0\.1/);
    // The command that would embed the library names the server without its password.
    await assert.rejects(engine.retrieval.search('劳动合同', { mode: 'dense' }), (err: unknown) => {
      return err instanceof LexError && err.code === 'library-not-embedded' && /lexdesk embed --http-base 'http:\/\/\*\*\*@127/.test(err.message) && hidden(err.message);
    });
  } finally {
    await engine.retrieval.close();
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
