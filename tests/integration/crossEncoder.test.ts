/**
 * A user-configured cross-encoder as the last stage of hybrid search, on a
 * real library (the core subset of ../shared, embedded with the shipped
 * model) and a generated tiny cross-encoder run by onnxruntime-node.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { getArticles } from '../../main/library/articles.js';
import { loadReranker } from '../../main/models/index.js';
import { CROSS_ENCODER_DEPTH, crossEncoderPassage } from '../../main/search/hybrid/crossEncoderStage.js';
import { runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, embedWithShippedModel, shippedModelSkipReason, type TempLibrary } from '../helpers/library.js';
import { tempDir, writeTinyReranker } from '../helpers/tinyModels.js';

const SKIP = shippedModelSkipReason();
const QUESTION = '未成年人在学校被打伤，民法典和刑法对赔偿是怎么规定的';

describe('cross-encoder stage of hybrid search', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  let withCrossEncoder: Engine;
  const crossEncoderDir = writeTinyReranker(tempDir(), 'tiny-cross-encoder');

  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET });
    await embedWithShippedModel(lib.engine.db);
    withCrossEncoder = createEngine({ dbPath: lib.dbPath, models: { crossEncoderDir } });
  });

  after(async () => {
    await withCrossEncoder?.retrieval.close();
    withCrossEncoder?.close();
    await lib?.engine.retrieval.close();
    await lib?.dispose();
  });

  test('the leading hybrid results are reordered by the cross-encoder score of (question, article)', async () => {
    const hybrid = await lib.engine.retrieval.rank(QUESTION, { mode: 'hybrid', limit: CROSS_ENCODER_DEPTH });
    assert.equal(hybrid.length, CROSS_ENCODER_DEPTH);
    assert.ok(hybrid.every((r) => r.matchedBy !== 'citation'), 'the question cites nothing');
    const scorer = await loadReranker(crossEncoderDir, ['cpu']);
    let scores: number[];
    try {
      const articles = new Map(getArticles(lib.engine.db, hybrid.map((r) => r.id)).map((a) => [a.id, a]));
      scores = await scorer.score(QUESTION, hybrid.map((r) => crossEncoderPassage(articles.get(r.id)!)));
    } finally {
      await scorer.close();
    }
    const expected = hybrid.map((r, i) => ({ id: r.id, i, s: scores[i] as number })).sort((a, b) => b.s - a.s || a.i - b.i);
    assert.notDeepEqual(expected.map((e) => e.id), hybrid.map((r) => r.id), 'the tiny cross-encoder disagrees with the learned reranker here');

    const got = await withCrossEncoder.retrieval.rank(QUESTION, { mode: 'hybrid', limit: 10 });
    assert.deepEqual(got.map((r) => r.id), expected.slice(0, 10).map((e) => e.id));
    got.forEach((r, n) => assert.ok(Math.abs(r.score - (expected[n] as { s: number }).s) < 1e-4, 'score is the cross-encoder log-odds'));
    const hits = await withCrossEncoder.retrieval.search(QUESTION, { mode: 'hybrid', limit: 3 });
    assert.deepEqual(hits.map((h) => h.article.id), got.slice(0, 3).map((r) => r.id));
  });

  test('a cited article stays first; other modes do not use the cross-encoder', async () => {
    const cited = await withCrossEncoder.retrieval.rank(`劳动合同法第三十八条 ${QUESTION}`, { mode: 'hybrid', limit: 5 });
    assert.equal(cited[0]?.matchedBy, 'citation');
    assert.equal(getArticles(withCrossEncoder.db, [cited[0]!.id])[0]?.label, '第三十八条');
    for (const mode of ['lexical', 'dense', 'fused'] as const) {
      const a = await lib.engine.retrieval.rank(QUESTION, { mode, limit: 10 });
      const b = await withCrossEncoder.retrieval.rank(QUESTION, { mode, limit: 10 });
      assert.deepEqual(b.map((r) => r.id), a.map((r) => r.id), mode);
    }
  });

  test('a missing cross-encoder folder fails hybrid search with a message naming it; lexical search still works', async () => {
    const missing = path.join(tempDir(), 'no-such-model');
    const broken = createEngine({ dbPath: lib.dbPath, models: { crossEncoderDir: missing } });
    try {
      await assert.rejects(broken.retrieval.rank(QUESTION, { mode: 'hybrid' }), (err: Error & { code?: string }) => {
        assert.equal(err.code, 'model-missing');
        assert.match(err.message, /^Cross-encoder: Model folder not found: .*no-such-model/);
        assert.match(err.message, /--cross-encoder|Settings/);
        return true;
      });
      assert.ok((await broken.retrieval.rank(QUESTION, { mode: 'lexical', limit: 3 })).length > 0);
    } finally {
      await broken.retrieval.close();
      broken.close();
    }
  });

  test('lexdesk search --cross-encoder uses it; a missing folder exits 1 with the message', async () => {
    const ok = await runCli(['search', QUESTION, '--db', lib.dbPath, '--cross-encoder', crossEncoderDir, '--k', '3', '--json']);
    assert.equal(ok.code, 0, ok.stderr);
    const expected = await withCrossEncoder.retrieval.rank(QUESTION, { mode: 'hybrid', limit: 3 });
    const parsed = JSON.parse(ok.stdout) as { hits: Array<{ id?: number; article?: { id: number } }> };
    assert.deepEqual(parsed.hits.map((h) => h.article?.id ?? h.id), expected.map((r) => r.id));
    const bad = await runCli(['search', QUESTION, '--db', lib.dbPath, '--cross-encoder', path.join(tempDir(), 'gone')]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--cross-encoder: no model folder at .*gone/);
    assert.ok(!/\n\s+at /.test(bad.stderr), 'no stack trace');
  });
});
