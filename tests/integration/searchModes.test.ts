/**
 * What every search mode owes the user, on a real library (the core subset of
 * ../shared, embedded with the shipped model): a cited article comes first,
 * a query with nothing to search finds nothing, filters hold for the
 * embedding's neighbours too, and more results are given when more are asked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import type { RetrievalMode } from '../../main/engine/retrieval.js';
import { getArticles } from '../../main/library/articles.js';
import { knn } from '../../main/search/vectors/vecKnn.js';
import { buildLibrary, CORE_SUBSET, embedWithShippedModel, shippedModelSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = shippedModelSkipReason();
const MODES: RetrievalMode[] = ['lexical', 'dense', 'fused', 'hybrid'];
const QUESTION = '用人单位拖欠工资，劳动者能否解除劳动合同并要求经济补偿';

describe('search modes on an embedded library', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  /** Hybrid without the learned reranker (as with a user's own embedding model): fusion only. */
  let noReranker: Engine;

  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET });
    await embedWithShippedModel(lib.engine.db);
    noReranker = createEngine({ dbPath: lib.dbPath, models: { rerankerDir: null } });
  });

  after(async () => {
    await noReranker?.retrieval.close();
    noReranker?.close();
    await lib?.engine.retrieval.close();
    await lib?.dispose();
  });

  const label = (engine: Engine, id: number) => {
    const a = getArticles(engine.db, [id])[0];
    return a ? `${a.lawTitle} ${a.label}` : `#${id}`;
  };

  test('a cited article comes first in every mode, with and without the learned reranker, even when no retriever finds it', async () => {
    for (const engine of [lib.engine, noReranker]) {
      for (const mode of MODES) {
        // Theft, cited beside a labour question: neither retriever ranks it near the top on its own.
        const ranked = await engine.retrieval.rank(`刑法第二百六十四条 ${QUESTION}`, { mode, limit: 10 });
        assert.equal(ranked[0]?.matchedBy, 'citation', `${mode}${engine === noReranker ? ' (no reranker)' : ''}`);
        assert.match(label(engine, ranked[0]!.id), /刑法 第二百六十四条$/);
        assert.equal(ranked.length, 10);
      }
    }
  });

  test('punctuation and stop words alone find nothing in any mode', async () => {
    for (const mode of MODES) {
      for (const text of ['？？！', '的了吗']) assert.deepEqual(await lib.engine.retrieval.rank(text, { mode, limit: 10 }), [], `${mode} ${text}`);
    }
  });

  test('a law filter keeps the embedding\'s neighbours inside that law, however far they rank overall', async () => {
    const filters = { law: '未成年人保护法' };
    for (const mode of ['dense', 'fused', 'hybrid'] as const) {
      const ranked = await lib.engine.retrieval.rank(QUESTION, { mode, limit: 10, filters });
      assert.equal(ranked.length, 10, mode);
      for (const r of ranked) assert.match(label(lib.engine, r.id), /未成年人保护法/, mode);
    }
    // The unfiltered neighbours are labour-law articles: the filtered ones were found further down.
    const unfiltered = await lib.engine.retrieval.rank(QUESTION, { mode: 'dense', limit: 100 });
    assert.ok(unfiltered.filter((r) => /未成年人保护法/.test(label(lib.engine, r.id))).length < 10);
  });

  test('a law filter may be a short form citations know (未保法) in every mode; a name no law has gets the nearest names', async () => {
    for (const mode of MODES) {
      const ranked = await lib.engine.retrieval.rank('父母 监护 未成年人', { mode, limit: 10, filters: { law: '未保法' } });
      assert.ok(ranked.length > 0, `${mode}: the abbreviation finds its law`);
      for (const r of ranked) assert.match(label(lib.engine, r.id), /未成年人保护法/, mode);
    }
    assert.equal(lib.engine.search('未成年人 监护', { filters: { law: '未保法' } }).length, 10, 'the lexical engine search reads it too');
    assert.equal(lib.engine.unknownLawFilter('未保法'), null);
    assert.equal(lib.engine.unknownLawFilter('劳动合同'), null, 'part of a title matches, as before');
    assert.deepEqual(lib.engine.unknownLawFilter('劳动合同发'), ['劳动合同法'], 'a typo: the short name, once');
    assert.deepEqual(lib.engine.unknownLawFilter('火星法'), []);
  });

  test('a filtered dense search is exact within the filter, from the copy in memory and from sqlite-vec', async () => {
    const filters = { law: '未成年人保护法' };
    const lawIds = new Set(lib.engine.db.prepare(
      `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
        WHERE l.title LIKE '%未成年人保护法%' AND d.status = 'current'`,
    ).pluck().all() as number[]);
    assert.ok(lawIds.size > 50);
    const embedder = await lib.engine.retrieval.loadEmbedder();
    const [vector] = await embedder.embed([QUESTION], 'query');
    const exact = knn(lib.engine.db, embedder.id, vector!, 10, { allowedIds: lawIds, quantized: false }).map((h) => h.articleId);
    const onSqliteVec = createEngine({ dbPath: lib.dbPath, models: { residentVectors: false } });
    try {
      assert.deepEqual((await onSqliteVec.retrieval.rank(QUESTION, { mode: 'dense', limit: 10, filters, literal: true })).map((r) => r.id), exact, 'sqlite-vec');
    } finally {
      await onSqliteVec.retrieval.close();
      onSqliteVec.close();
    }
    assert.ok(await lib.engine.retrieval.warmVectors(), 'the copy in memory is loaded');
    assert.deepEqual((await lib.engine.retrieval.rank(QUESTION, { mode: 'dense', limit: 10, filters, literal: true })).map((r) => r.id), exact, 'in memory');
  });

  test('more than 50 results are given when asked for', async () => {
    for (const mode of MODES) {
      const ranked = await lib.engine.retrieval.rank(QUESTION, { mode, limit: 80 });
      assert.equal(ranked.length, 80, mode);
      assert.equal(new Set(ranked.map((r) => r.id)).size, 80, `${mode}: no article twice`);
    }
  });
});
