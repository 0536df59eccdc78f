/**
 * Searching with an embedding model behind an OpenAI-compatible endpoint (a
 * GPU on another machine): `lexdesk embed --http-base … --http-model …`, then
 * `lexdesk search` / `eval` with the same endpoint use those vectors. The
 * server is scripted on 127.0.0.1 and embeds with the tests' hash embedder;
 * the CLI runs for real.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const KEY = 'sk-embed-SECRET-7777';
const MODEL = 'remote-bge';

describe('search with an HTTP embedding endpoint', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  let server: http.Server;
  let baseURL = '';
  const hash = new HashEmbedder();
  const requests: Array<{ authorization: string | undefined; inputs: number }> = [];

  before(async () => {
    lib = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md', '刑法/刑法.md'] });
    lib.engine.close();
    server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8').on('data', (c: string) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string; input: string[] };
        requests.push({ authorization: req.headers.authorization, inputs: body.input.length });
        const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(hash.vectorOf(text)) }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } }));
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

  const endpoint = () => ['--http-base', baseURL, '--http-model', MODEL];
  const env = { LEXDESK_EMBED_API_KEY: KEY };

  test('embed through the endpoint, then search and eval with it: its vectors are used, the key is sent and never shown', async () => {
    const embedded = await runCli(['embed', '--db', lib.dbPath, ...endpoint(), '--json'], env);
    assert.equal(embedded.code, 0, embedded.stderr);
    const summary = JSON.parse(embedded.stdout) as { modelId: string; embedded: number };
    assert.equal(summary.modelId, `http:${MODEL}`);
    assert.ok(summary.embedded > 400);
    assert.ok(requests.every((r) => r.authorization === `Bearer ${KEY}`));

    // An article's own wording finds it first by the endpoint's vectors (dense mode).
    const query = '盗窃公私财物，数额较大的，或者多次盗窃、入户盗窃、携带凶器盗窃、扒窃的';
    const before = requests.length;
    const dense = await runCli(['search', query, '--db', lib.dbPath, ...endpoint(), '--mode', 'dense', '--json'], env);
    assert.equal(dense.code, 0, dense.stderr);
    assert.ok(requests.length > before, 'the query was embedded by the endpoint');
    const hits = (JSON.parse(dense.stdout) as { hits: Array<{ lawTitle: string; label: string; matchedBy: string }>; provider: string }).hits;
    assert.equal(`${hits[0]?.lawTitle} ${hits[0]?.label}`, '中华人民共和国刑法 第二百六十四条');
    assert.ok(hits.every((h) => h.matchedBy === 'dense'));

    // Without --mode, the library embedded with this endpoint searches in hybrid mode (fusion: the shipped reranker belongs to the shipped model).
    const hybrid = await runCli(['search', '用人单位未及时足额支付劳动报酬 劳动者解除劳动合同', '--db', lib.dbPath, ...endpoint(), '--json'], env);
    assert.equal(hybrid.code, 0, hybrid.stderr);
    const parsed = JSON.parse(hybrid.stdout) as { mode: string; hits: Array<{ label: string }> };
    assert.equal(parsed.mode, 'hybrid');
    assert.ok(parsed.hits.length > 0);
    for (const r of [embedded, dense, hybrid]) assert.ok(!(r.stdout + r.stderr).includes(KEY), 'key shown');

    const file = path.join(path.dirname(lib.dbPath), 'one.jsonl');
    writeFileSync(file, `${JSON.stringify({ id: 'q1', query, relevant: [{ law: '中华人民共和国刑法', article_no: 264, file: '刑法/刑法.md' }] })}\n`);
    const evaluated = await runCli(['eval', file, '--db', lib.dbPath, ...endpoint(), '--mode', 'dense', '--json'], env);
    assert.equal(evaluated.code, 0, evaluated.stderr + evaluated.stdout);
    const result = JSON.parse(evaluated.stdout) as { queries: number; recall: number; mode: string; provider: string };
    assert.deepEqual([result.queries, result.recall, result.mode, result.provider], [1, 1, 'dense', 'http']);
  });

  test('the endpoint options are checked before anything runs', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--http-base', baseURL], /--http-base and --http-model go together/],
      [['--http-key', 'k'], /--http-key needs --http-base and --http-model/],
      [['--http-base', 'localhost:11434/v1', '--http-model', MODEL], /http:\/\/ or https:\/\//],
      [['--model', '/tmp/x', ...endpoint()], /either --model or --http-base/],
      [['--http-max-chars', '800'], /--http-max-chars needs --http-base and --http-model/],
      [[...endpoint(), '--http-max-chars', 'many'], /--http-max-chars must be a positive integer/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['search', '劳动', '--db', lib.dbPath, ...args]);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
    }
  });

  test('embed --http-max-chars: the long articles are embedded from their beginning, said in the summary; a lower limit re-embeds just those', async () => {
    const first = await runCli(['embed', '--db', lib.dbPath, ...endpoint(), '--http-max-chars', '300'], env);
    assert.equal(first.code, 0, first.stderr);
    const cut = Number(/(\d+) long article\(s\) embedded from their first 300 characters \(--http-max-chars\)/.exec(first.stdout)?.[1]);
    assert.ok(cut > 0, first.stdout);
    assert.match(first.stdout, new RegExp(`^  ${cut} article\\(s\\) embedded`, 'm'), 'only the articles the lower limit changes are embedded again');
  });
});
