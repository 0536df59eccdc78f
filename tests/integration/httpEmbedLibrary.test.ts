/**
 * `lexdesk embed --http-base …` against servers that misbehave the way real ones do: one
 * that stops answering (cancel must be prompt), one that refuses inputs over a length
 * (OpenAI's 8192 tokens, TEI's 512 without auto-truncate, vLLM's max_model_len). Real
 * library (a few documents of ../shared, one with a 10,000-character article), real
 * HTTP server on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../main/db/open.js';
import { HttpEmbedder } from '../../main/models/httpEmbedder.js';
import { getArticles } from '../../main/library/articles.js';
import { articleEmbeddingText, embedLibrary } from '../../main/search/vectors/embedLibrary.js';
import { dropModel, getModel } from '../../main/search/vectors/vecStore.js';
import { LexError } from '../../main/util/errors.js';
import { waitUntil } from '../helpers/cli.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();

describe('embedding the library through an HTTP endpoint', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  let db: Db;
  let server: http.Server;
  let baseURL = '';
  const hash = new HashEmbedder();
  /** Inputs of every request answered, and the number of requests left hanging. */
  const answered: string[][] = [];
  let hanging = 0;
  /** Requests answered before the server stops answering ('hang-after-N' models). */
  const hangAfter = (model: string) => Number(/^hang-after-(\d+)$/.exec(model)?.[1] ?? Infinity);
  /** The longest input a 'limit-N' model takes (one character per token, as a BERT tokenizer for Chinese). */
  const limitOf = (model: string) => Number(/^limit-(\d+)$/.exec(model)?.[1] ?? Infinity);

  before(async () => {
    lib = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md', '其他/人体损伤程度鉴定标准(2014-01-01).md', '其他/劳动仲裁和劳动诉讼的攻略.md'] });
    db = lib.engine.db;
    server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8').on('data', (c: string) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string; input: string[] };
        if (answered.filter((a) => a[0] !== undefined).length >= hangAfter(body.model)) {
          hanging += 1;
          return; // never answers
        }
        const tooLong = body.input.find((t) => t.length > limitOf(body.model));
        if (tooLong !== undefined) {
          // OpenAI and vLLM answer 400; TEI without --auto-truncate 413 (or 422).
          const status = body.model === 'limit-512' ? 413 : 400;
          const message = `This model's maximum context length is ${limitOf(body.model)} tokens, however you requested ${tooLong.length} tokens. Please reduce your prompt.`;
          return void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
        }
        answered.push(body.input);
        const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(hash.vectorOf(text)) }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', model: body.model, data }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  after(async () => {
    server?.closeAllConnections();
    server?.close();
    await lib?.dispose();
  });

  test('cancel while the server does not answer ends the run at once; the batches stored before it are kept', { timeout: 20_000 }, async () => {
    answered.length = 0;
    hanging = 0;
    const embedder = await HttpEmbedder.connect({ baseURL, model: 'hang-after-3' }); // 60 s per try, 3 tries
    const controller = new AbortController();
    const run = embedLibrary(db, embedder, { batchSize: 10, signal: controller.signal });
    await waitUntil(() => hanging > 0, 'a request left hanging', 10_000);
    const started = Date.now();
    controller.abort();
    await assert.rejects(run, (err: unknown) => err instanceof LexError && err.code === 'embed-cancelled' && /after 20 article\(s\)/.test(err.message));
    assert.ok(Date.now() - started < 1000, `cancelled after ${Date.now() - started} ms`);
    assert.equal(getModel(db, embedder.id)?.articleCount, 20, 'the two batches answered are kept');
    dropModel(db, embedder.id);
  });

  /** Articles whose embedding text is longer than `chars`. */
  const longerThan = (chars: number) =>
    getArticles(db, db.prepare('SELECT id FROM articles').pluck().all() as number[]).filter((a) => articleEmbeddingText(a).length > chars).length;
  const total = () => db.prepare('SELECT COUNT(*) FROM articles').pluck().get() as number;

  test('a server with a 512-token limit: every input fits the default 500 characters, the long articles are counted, a rerun embeds nothing', async () => {
    answered.length = 0;
    const embedder = await HttpEmbedder.connect({ baseURL, model: 'limit-512' });
    const first = await embedLibrary(db, embedder);
    assert.equal(first.embedded, total());
    assert.ok(answered.flat().every((t) => t.length <= 500), 'no input over the default limit was sent');
    assert.ok(longerThan(500) >= 2);
    assert.equal(first.shortened, longerThan(500));
    assert.equal(first.shortenedAfterRefusal, 0);
    const again = await embedLibrary(db, embedder);
    assert.deepEqual([again.embedded, again.skipped, again.shortened], [0, total(), 0], 'the stored hashes are of the text sent');
  });

  test('a limit above what the server takes: the articles it refuses are embedded from a shorter beginning and counted; a rerun embeds nothing', async () => {
    answered.length = 0;
    const embedder = await HttpEmbedder.connect({ baseURL, model: 'limit-2000', maxInputChars: 20_000 });
    const first = await embedLibrary(db, embedder);
    assert.equal(first.embedded, total());
    assert.equal(first.shortened, 0, 'no article is over 20,000 characters');
    assert.equal(first.shortenedAfterRefusal, longerThan(2000));
    assert.ok(first.shortenedAfterRefusal >= 2);
    assert.ok(answered.flat().every((t) => t.length <= 2000));
    assert.equal((await embedLibrary(db, embedder)).embedded, 0);
  });

  test('a changed limit re-embeds exactly the articles it changes, in the same vector set', async () => {
    const embedder = await HttpEmbedder.connect({ baseURL, model: 'limit-2000', maxInputChars: 1000 });
    const rerun = await embedLibrary(db, embedder);
    assert.equal(rerun.modelId, 'http:limit-2000');
    assert.equal(rerun.embedded, longerThan(1000));
    assert.equal(rerun.shortened, longerThan(1000));
    assert.equal(getModel(db, 'http:limit-2000')?.articleCount, total(), 'one vector per article');
  });
});
