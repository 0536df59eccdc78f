/**
 * The copy of a model's vectors held in memory (residentVectors.ts) on a real
 * temp library: it answers exactly what sqlite-vec answers, is read in the
 * background while sqlite-vec serves, is dropped as soon as vectors change
 * (through this connection or another one), stays off above its memory
 * budget, and stops cleanly when closed mid-load.
 */
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../main/db/open.js';
import { getArticles } from '../../main/library/articles.js';
import { VecDenseRetriever } from '../../main/search/hybrid/vecDense.js';
import { articleEmbeddingText, embedLibrary, VectorWriter } from '../../main/search/vectors/embedLibrary.js';
import { ResidentVectors } from '../../main/search/vectors/residentVectors.js';
import { knn } from '../../main/search/vectors/vecKnn.js';
import { getModel, loadVectorExtension, vectorRevision, vectorTables } from '../../main/search/vectors/vecStore.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { assertSameNeighbours } from '../helpers/neighbours.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# resident vector tests ${SKIP}`);

const QUERIES = ['用人单位未及时足额支付劳动报酬', '夫妻共同债务的认定', '机动车交通事故责任', '合同解除后的违约金', '未成年人的监护人'];

let lib: TempLibrary;
let db: Db;
const embedder = new HashEmbedder();
const vectorsOf = (texts: string[]) => texts.map((t) => embedder.vectorOf(t));

describe('vectors held in memory', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET });
    db = lib.engine.db;
    await embedLibrary(db, embedder);
  });
  after(async () => {
    await lib?.dispose();
  });

  test('answers null until loaded (starting the load), then exactly what sqlite-vec answers', async () => {
    // Small slices, so the load yields to the event loop many times, as it does on a real library.
    const resident = new ResidentVectors(db, embedder.id, { sliceMs: 0 });
    const [first] = vectorsOf(QUERIES);
    assert.equal(await resident.search(first!, 10), null, 'nothing is loaded yet: the caller searches sqlite-vec');
    assert.equal(await resident.ready(), true);
    assert.ok(resident.isReady);
    const own = getArticles(db, [db.prepare('SELECT id FROM articles ORDER BY id LIMIT 1 OFFSET 40').pluck().get() as number]);
    for (const query of [...vectorsOf(QUERIES), embedder.vectorOf(articleEmbeddingText(own[0]!))]) {
      const hits = await resident.search(query, 50);
      assert.ok(hits);
      assertSameNeighbours(hits, knn(db, embedder.id, query, 50, { quantized: false }));
    }
    const all = getModel(db, embedder.id)!.articleCount;
    assert.equal((await resident.search(first!, all + 100))?.length, all, 'k beyond the library returns every vector once');
    await resident.close();
    assert.equal(await resident.search(first!, 10), null, 'closed: no answers');
  });

  test('a vector written through this connection makes the copy stale until it is read again', async () => {
    const resident = new ResidentVectors(db, embedder.id);
    assert.ok(await resident.ready());
    const revision = vectorRevision(db, embedder.id);
    const target = db.prepare('SELECT id FROM articles ORDER BY id LIMIT 1 OFFSET 7').pluck().get() as number;
    const probe = embedder.vectorOf('一段与任何条文都不相同的探测文字：月光宝盒与紫霞仙子');
    assert.notEqual((await resident.search(probe, 1))?.[0]?.articleId, target);

    const writer = new VectorWriter(db, getModel(db, embedder.id)!);
    db.transaction(() => writer.put(target, probe, 'probe'))();
    assert.notEqual(vectorRevision(db, embedder.id), revision, 'the write moved the revision');
    assert.equal(resident.isReady, false);
    assert.equal(await resident.search(probe, 1), null, 'stale: the caller searches sqlite-vec');
    assert.equal(knn(db, embedder.id, probe, 1)[0]?.articleId, target);

    assert.ok(await resident.ready());
    const [hit] = (await resident.search(probe, 1)) ?? [];
    assert.equal(hit?.articleId, target);
    assert.ok(Math.abs((hit?.similarity ?? 0) - 1) < 1e-5);

    // Put the article's own vector back for the other tests.
    const [article] = getArticles(db, [target]);
    const text = articleEmbeddingText(article!);
    db.transaction(() => writer.put(target, embedder.vectorOf(text), 'restored'))();
    await resident.close();
  });

  test('a search in flight when the vectors change still completes (the old copy is released after it)', async () => {
    const resident = new ResidentVectors(db, embedder.id);
    assert.ok(await resident.ready());
    const query = embedder.vectorOf(QUERIES[1]!);
    const expected = knn(db, embedder.id, query, 10, { quantized: false });
    const pending = resident.search(query, 10);
    const id = expected[0]!.articleId;
    const [article] = getArticles(db, [id]);
    const writer = new VectorWriter(db, getModel(db, embedder.id)!);
    db.transaction(() => writer.put(id, embedder.vectorOf(articleEmbeddingText(article!)), 'rewritten'))();
    assert.equal(resident.isReady, false, 'the change is seen at once');
    const hits = await pending;
    assert.ok(hits);
    assertSameNeighbours(hits, expected);
    await resident.close();
  });

  test('a write from another connection (another process) also makes it stale', async () => {
    const resident = new ResidentVectors(db, embedder.id);
    assert.ok(await resident.ready());
    const other = new Database(lib.engine.dbPath);
    try {
      loadVectorExtension(other);
      const gone = other.prepare('SELECT article_id FROM article_vectors WHERE model_id = ? ORDER BY article_id LIMIT 1').pluck().get(embedder.id) as number;
      const vector = Buffer.from((other.prepare(`SELECT embedding FROM ${vectorTables(embedder.id).float} WHERE rowid = ?`).pluck().get(BigInt(gone)) as Buffer));
      other.transaction(() => {
        other.prepare(`DELETE FROM ${vectorTables(embedder.id).float} WHERE rowid = ?`).run(BigInt(gone));
        other.prepare('DELETE FROM article_vectors WHERE model_id = ? AND article_id = ?').run(embedder.id, gone);
      })();
      assert.equal(resident.isReady, false);
      assert.ok(await resident.ready());
      const query = new Float32Array(vector.buffer, vector.byteOffset, embedder.dimension);
      const hits = (await resident.search(query, 5)) ?? [];
      assert.ok(!hits.some((h) => h.articleId === gone), 'the deleted vector is no longer found');
      assertSameNeighbours(hits, knn(db, embedder.id, query, 5, { quantized: false }));
    } finally {
      other.close();
    }
    await embedLibrary(db, embedder); // re-embeds the removed article
    await resident.close();
  });

  test('stays off above its memory budget, and for a model the library does not have', async () => {
    const small = new ResidentVectors(db, embedder.id, { budgetBytes: 1024 });
    assert.equal(await small.ready(), false);
    assert.equal(await small.search(embedder.vectorOf(QUERIES[0]!), 10), null);
    const unknown = new ResidentVectors(db, 'test:not-embedded');
    assert.equal(await unknown.ready(), false);
  });

  test('closing during the load stops it without an error', async () => {
    const resident = new ResidentVectors(db, embedder.id, { sliceMs: 0 });
    const loading = resident.ready();
    await new Promise((resolve) => setImmediate(resolve)); // the load has read its first slice
    await resident.close();
    assert.equal(await loading, false);
    assert.equal(resident.isReady, false);
  });

  test('dense retrieval gives the same ranking with and without the copy', async () => {
    const resident = new ResidentVectors(db, embedder.id);
    const plain = new VecDenseRetriever(db, embedder);
    const held = new VecDenseRetriever(db, embedder, resident);
    assert.ok(await resident.ready());
    for (const q of QUERIES) assertSameNeighbours(await held.search(q, 20), await plain.search(q, 20));
    await resident.close();
  });
});
