/**
 * An embedding endpoint that is down when the engine first needs it (the app started
 * before the GPU machine): searches without a mode fall back to lexical and say why,
 * searches that need the model fail with the reason, and once the server is up a later
 * search uses it, with no restart. A failed load is not retried more often than
 * retryLoadAfterMs. Real library (one law of ../shared), real HTTP server on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { libraryHandlers } from '../../main/host/handlers/library.js';
import { statuteHandlers } from '../../main/host/handlers/statute.js';
import type { HostServices } from '../../main/host/services.js';
import { embedLibrary } from '../../main/search/vectors/embedLibrary.js';
import { LexError } from '../../main/util/errors.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const MODEL = 'remote-bge';
const QUERY = '用人单位未及时足额支付劳动报酬 劳动者解除劳动合同';

describe('an embedding endpoint that comes up after the first search', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  let port = 0;
  let requests = 0;
  const hash = new HashEmbedder({ id: `http:${MODEL}` });
  const engines: Engine[] = [];

  const serve = async (): Promise<http.Server> => {
    const server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8').on('data', (c: string) => (raw += c));
      req.on('end', () => {
        requests += 1;
        const body = JSON.parse(raw) as { input: string[] };
        const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(hash.vectorOf(text)) }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    return server;
  };
  const stop = (server: http.Server) => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  const open = (retryLoadAfterMs: number) => {
    const engine = createEngine({ dbPath: lib.dbPath, models: { httpEmbedding: { baseURL: `http://127.0.0.1:${port}/v1`, model: MODEL, maxRetries: 0 }, retryLoadAfterMs, residentVectors: false } });
    engines.push(engine);
    return engine;
  };

  before(async () => {
    lib = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md'] });
    // The library's vectors for the endpoint's model (the same hash embedder answers below).
    await embedLibrary(lib.engine.db, hash);
    lib.engine.close();
    await stop(await serve()); // a port with nothing listening
  });

  after(async () => {
    for (const engine of engines) {
      await engine.retrieval.close();
      engine.close();
    }
    await lib?.dispose();
  });

  test('while the server is down: lexical results without a mode, saying why; dense fails with the reason; once up, the next search uses it', async () => {
    const engine = open(100);
    assert.equal(await engine.retrieval.defaultMode(), 'lexical');
    const hits = await engine.retrieval.search(QUERY);
    assert.ok(hits.length > 0, 'the lexical fallback finds articles');
    assert.ok(hits.every((h) => h.matchedBy === 'lexical' || h.matchedBy === 'citation'));
    const choice = await engine.retrieval.chooseMode();
    assert.equal(choice.mode, 'lexical');
    assert.match(choice.note ?? '', /did not load.*connection refused.*searched by words only/);
    await assert.rejects(engine.retrieval.search(QUERY, { mode: 'dense' }), (err: unknown) => err instanceof LexError && err.code === 'embedder-unreachable');
    // The app's search says it searched by words only, and why.
    const hosted = await statuteHandlers['statute.search']({ engine } as HostServices, { query: QUERY });
    assert.ok(hosted.hits.length > 0);
    assert.match(hosted.modeNote ?? '', /did not load.*connection refused/);
    // The library screen names the endpoint's vector set, with why the model is not running.
    const status = await libraryHandlers['library.status']({ engine, importing: null } as HostServices, {});
    assert.equal(status.embedding.model, `http:${MODEL}`);
    assert.equal(status.embedding.embedded, lib.summary.articlesWritten);
    assert.match(status.embedding.providerNote ?? '', /connection refused/);

    const server = await serve();
    try {
      await sleep(150);
      assert.equal(await engine.retrieval.defaultMode(), 'lexical', 'the search that starts the new load does not wait for it');
      for (let i = 0; i < 50 && (await engine.retrieval.defaultMode()) !== 'hybrid'; i += 1) await sleep(20);
      assert.equal(await engine.retrieval.defaultMode(), 'hybrid', 'the model loaded in the background is used by the next search');
      const dense = await engine.retrieval.search(QUERY, { mode: 'dense' });
      assert.ok(dense.length > 0 && dense.some((h) => h.matchedBy === 'dense'));
      assert.ok(requests > 0);
      assert.deepEqual(await engine.retrieval.chooseMode(), { mode: 'hybrid', note: null });
      assert.equal((await statuteHandlers['statute.search']({ engine } as HostServices, { query: QUERY })).modeNote, null);
    } finally {
      await stop(server);
    }
  });

  test('a failed load is not tried again before retryLoadAfterMs', async () => {
    const engine = open(60_000);
    await assert.rejects(engine.retrieval.loadEmbedder(), (err: unknown) => err instanceof LexError && err.code === 'embedder-unreachable');
    const server = await serve();
    try {
      const before = requests;
      assert.equal(await engine.retrieval.defaultMode(), 'lexical');
      await assert.rejects(engine.retrieval.loadEmbedder(), (err: unknown) => err instanceof LexError && err.code === 'embedder-unreachable');
      assert.equal(requests, before, 'the server was not asked again');
    } finally {
      await stop(server);
    }
  });
});
