/**
 * Article vectors in a real temp library (a subset of the shared corpus):
 * incremental and resumable embedding, model registry, KNN (float, int8 and
 * binary with float rescoring), filters and BigInt rowids.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../main/db/open.js';
import { getArticles, type StatuteArticle } from '../../main/library/articles.js';
import { articleEmbeddingText, embeddingTextHash, embedLibrary } from '../../main/search/vectors/embedLibrary.js';
import { knn } from '../../main/search/vectors/vecKnn.js';
import { dropModel, getModel, listModels, vectorTables } from '../../main/search/vectors/vecStore.js';
import { LexError } from '../../main/util/errors.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# vector tests ${SKIP}`);

const CHANGED_DOC = '社会法/劳动合同法(2012-12-28).md';
const CHANGED_FROM = '第十条 建立劳动关系，应当订立书面劳动合同。';
const CHANGED_TO = '第十条 建立劳动关系，应当订立书面劳动合同，并由双方各执一份。';

let lib: TempLibrary;
let db: Db;
const main = new HashEmbedder();

const one = (sql: string, ...params: unknown[]): number => db.prepare(sql).pluck().get(...params) as number;
const articleIds = (): number[] => db.prepare('SELECT id FROM articles ORDER BY id').pluck().all() as number[];
const docArticleIds = (docPath: string): number[] =>
  db.prepare('SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.path = ? ORDER BY a.id')
    .pluck().all(docPath) as number[];
const vectorCount = (modelId: string, table: 'float' | 'quantized' = 'float'): number =>
  one(`SELECT COUNT(*) FROM ${vectorTables(modelId)[table]}`);
const stateCount = (modelId: string): number => one('SELECT COUNT(*) FROM article_vectors WHERE model_id = ?', modelId);

/** Every 〈step〉-th article, up to `n`. */
function sample(n: number): StatuteArticle[] {
  const ids = articleIds();
  const step = Math.max(1, Math.floor(ids.length / n));
  return getArticles(db, ids.filter((_, i) => i % step === 0).slice(0, n));
}

/** Tie-aware recall@k of the quantized search against exact float KNN. */
function recallAt(modelId: string, k: number, queries: Float32Array[], oversample?: number): number {
  let sum = 0;
  for (const q of queries) {
    const exact = knn(db, modelId, q, k, { quantized: false });
    const floor = (exact[exact.length - 1]?.similarity ?? 1) - 1e-6;
    const approx = knn(db, modelId, q, k, { quantized: true, oversample });
    sum += approx.filter((h) => h.similarity >= floor).length / Math.max(1, exact.length);
  }
  return sum / queries.length;
}

describe('article vectors', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET });
    db = lib.engine.db;
  });
  after(async () => {
    await lib?.dispose();
  });

  test('a first run embeds every article; a second embeds none', async () => {
    const total = articleIds().length;
    const progress: Array<[number, number]> = [];
    const first = await embedLibrary(db, main, { quantization: 'int8', batchSize: 100, onProgress: (d, t) => progress.push([d, t]) });
    assert.equal(first.total, total);
    assert.equal(first.embedded, total);
    assert.equal(first.skipped, 0);
    assert.equal(first.modelId, 'test:hash64');
    assert.deepEqual(progress.at(-1), [total, total]);
    assert.equal(vectorCount(main.id), total);
    assert.equal(vectorCount(main.id, 'quantized'), total);
    assert.deepEqual(getModel(db, main.id), { ...getModel(db, main.id), dimension: 64, quantization: 'int8', articleCount: total, complete: true });
    console.log(`# embedded ${total} articles in ${first.seconds.toFixed(2)} s (${Math.round(total / first.seconds)}/s)`);

    main.reset();
    const second = await embedLibrary(db, main);
    assert.equal(second.embedded, 0);
    assert.equal(second.skipped, total);
    assert.equal(second.quantization, 'int8', 'the stored quantization is kept');
    assert.equal(main.calls, 0);
  });

  test('KNN with an article\'s own text finds that article first', () => {
    // Articles whose text is theirs alone (公司法 and 未成年人保护法 versions share many).
    const shared = new Set(db.prepare('SELECT hash FROM article_vectors WHERE model_id = ? GROUP BY hash HAVING COUNT(*) > 1')
      .pluck().all(main.id) as string[]);
    const unique = sample(400).map((a) => ({ a, text: articleEmbeddingText(a) }))
      .filter(({ text }) => !shared.has(embeddingTextHash(text))).slice(0, 60);
    assert.ok(unique.length >= 50);
    for (const { a, text } of unique) {
      for (const quantized of [false, true]) {
        const hits = knn(db, main.id, main.vectorOf(text), 5, { quantized });
        assert.equal(hits.length, 5);
        assert.equal(hits[0]?.articleId, a.id, `${a.lawTitle}${a.label} (quantized: ${quantized})`);
        assert.ok((hits[0]?.similarity ?? 0) > 0.9999, `${a.label}: similarity ${hits[0]?.similarity}`);
        assert.ok((hits[1]?.similarity ?? 1) < (hits[0]?.similarity ?? 0));
      }
    }
  });

  test('a query vector of zero length has no neighbours (sqlite-vec gives no distance), rather than perfect ones', () => {
    const zero = new Float32Array(main.dimension);
    for (const quantized of [false, true]) assert.deepEqual(knn(db, main.id, zero, 5, { quantized }), [], `quantized: ${quantized}`);
  });

  test('int8 and binary search with float rescoring keep recall@10 against exact KNN', async () => {
    const queryText = (a: StatuteArticle) => `${a.text.slice(0, 24)} ${a.lawTitle.slice(-6)}`;
    const wide = new HashEmbedder({ dimension: 384 });
    await embedLibrary(db, wide, { quantization: 'int8' });
    const figures: string[] = [];
    const recalls: Record<string, number> = {};
    for (const embedder of [main, wide]) {
      const queries = sample(200).map((a) => embedder.vectorOf(queryText(a)));
      assert.equal(queries.length, 200);
      recalls[`int8/${embedder.dimension}`] = recallAt(embedder.id, 10, queries);
      embedder.reset();
      const switched = await embedLibrary(db, embedder, { quantization: 'binary' });
      assert.equal(switched.embedded, 0, 'changing the quantization re-uses the float vectors');
      assert.equal(embedder.calls, 0);
      assert.equal(getModel(db, embedder.id)?.quantization, 'binary');
      assert.equal(vectorCount(embedder.id, 'quantized'), articleIds().length);
      recalls[`binary/${embedder.dimension}`] = recallAt(embedder.id, 10, queries);
      recalls[`binary/${embedder.dimension}/x20`] = recallAt(embedder.id, 10, queries, 20);
      figures.push(`${embedder.dimension} dims: int8 ${recalls[`int8/${embedder.dimension}`]!.toFixed(3)} (oversample 4), ` +
        `binary ${recalls[`binary/${embedder.dimension}`]!.toFixed(3)} (oversample 10), ${recalls[`binary/${embedder.dimension}/x20`]!.toFixed(3)} (oversample 20)`);
    }
    console.log(`# recall@10 against exact float KNN, 200 queries, hash embedder: ${figures.join('; ')}`);
    assert.ok(recalls['int8/64']! >= 0.9 && recalls['int8/384']! >= 0.9, 'int8 recall@10 ≥ 0.9');
    assert.ok(recalls['binary/384']! >= 0.75, 'binary recall@10 ≥ 0.75 at a real model\'s dimension');
    assert.ok(recalls['binary/64']! >= 0.4, 'binary recall@10 ≥ 0.4 even with 64 bits');
    assert.ok(dropModel(db, wide.id));
    await embedLibrary(db, main, { quantization: 'int8' });
    assert.equal(getModel(db, main.id)?.quantization, 'int8');
  });

  test('allowedIds restricts the hits, on the float and the quantized path', () => {
    const allowed = new Set(docArticleIds('刑法/刑法.md'));
    assert.ok(allowed.size > 100);
    const query = main.vectorOf('劳动者解除劳动合同 经济补偿');
    for (const quantized of [false, true]) {
      const hits = knn(db, main.id, query, 10, { quantized, allowedIds: allowed });
      assert.equal(hits.length, 10);
      assert.ok(hits.every((h) => allowed.has(h.articleId)));
      const unfiltered = knn(db, main.id, query, 10, { quantized });
      assert.ok(unfiltered.some((h) => !allowed.has(h.articleId)), 'the query prefers 劳动合同法 without the filter');
    }
    assert.deepEqual(knn(db, main.id, query, 10, { allowedIds: new Set() }), []);
    const two = [...allowed].slice(0, 2);
    assert.deepEqual(knn(db, main.id, query, 10, { allowedIds: new Set(two) }).map((h) => h.articleId).sort(), two.sort());
  });

  test('a changed document: the import drops the vectors of its replaced articles, the embed embeds only its articles', async () => {
    const before = docArticleIds(CHANGED_DOC);
    const file = path.join(lib.corpusRoot, CHANGED_DOC);
    const source = readFileSync(file, 'utf8');
    assert.ok(source.includes(CHANGED_FROM));
    writeFileSync(file, source.replace(CHANGED_FROM, CHANGED_TO));
    const imported = await lib.engine.importPath(lib.corpusRoot);
    assert.equal(imported.documents.updated, 1);
    const after = docArticleIds(CHANGED_DOC);
    const gone = before.filter((id) => !after.includes(id));
    const vectorsOf = (ids: number[]) => one(`SELECT COUNT(*) FROM ${vectorTables(main.id).float} WHERE rowid IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
    assert.equal(vectorsOf(before), 0, 'the import itself dropped the vectors of the articles it replaced');

    main.reset();
    const run = await embedLibrary(db, main);
    const embeddedIds = new Set(after.filter((id) => getArticles(db, [id]).some((a) => main.texts.includes(articleEmbeddingText(a)))));
    assert.ok(run.embedded >= 1 && run.embedded <= after.length, `embedded ${run.embedded}`);
    assert.equal(main.texts.length, run.embedded);
    assert.equal(embeddedIds.size, run.embedded, 'only articles of the changed document were embedded');
    assert.ok(main.texts.some((t) => t.includes('并由双方各执一份')));
    assert.equal(run.removed, 0, 'nothing left for the embed to remove');
    assert.equal(vectorsOf(gone), 0);
    assert.equal(vectorCount(main.id), articleIds().length);
    assert.equal(stateCount(main.id), articleIds().length);
    assert.equal(getModel(db, main.id)?.articleCount, articleIds().length);
    const changed = getArticles(db, after).find((a) => a.text.includes('并由双方各执一份'));
    assert.equal(knn(db, main.id, main.vectorOf(articleEmbeddingText(changed!)), 1)[0]?.articleId, changed!.id);
  });

  test('a large article id round-trips through the vec0 rowid (bound as BigInt)', async () => {
    const bigId = 2 ** 53 - 11;
    const docId = one('SELECT id FROM documents ORDER BY id LIMIT 1');
    db.prepare(`INSERT INTO articles (id, document_id, ordinal, kind, label, number, path, paragraphs, text, hash)
                VALUES (?, ?, 100000, 'article', '第九千九百九十九条', 9999, '[]', '[]', '测试用的超大编号条文：月光宝盒', 'x')`)
      .run(bigId, docId);
    main.reset();
    assert.equal((await embedLibrary(db, main)).embedded, 1);
    const [article] = getArticles(db, [bigId]);
    const hits = knn(db, main.id, main.vectorOf(articleEmbeddingText(article!)), 3);
    assert.equal(hits[0]?.articleId, bigId);
    assert.equal(knn(db, main.id, main.vectorOf(articleEmbeddingText(article!)), 3, { quantized: false })[0]?.articleId, bigId);
    db.prepare('DELETE FROM articles WHERE id = ?').run(bigId);
    const cleanup = await embedLibrary(db, main);
    assert.equal(cleanup.removed, 1);
    assert.equal(cleanup.embedded, 0);
    assert.equal(vectorCount(main.id), articleIds().length);
  });

  test('an aborted run keeps its committed batches and the next run finishes without duplicates', async () => {
    const embedder = new HashEmbedder({ id: 'onnx:abort-test@1' });
    const controller = new AbortController();
    const total = articleIds().length;
    await assert.rejects(
      embedLibrary(db, embedder, { batchSize: 50, signal: controller.signal, onProgress: (done) => done >= 200 && controller.abort() }),
      (err: unknown) => err instanceof LexError && err.code === 'embed-cancelled',
    );
    assert.equal(stateCount(embedder.id), 200);
    assert.equal(vectorCount(embedder.id), 200);
    assert.equal(getModel(db, embedder.id)?.complete, false);
    embedder.reset();
    const resumed = await embedLibrary(db, embedder, { batchSize: 50 });
    assert.equal(resumed.embedded, total - 200);
    assert.equal(resumed.skipped, 200);
    assert.equal(stateCount(embedder.id), total);
    assert.equal(vectorCount(embedder.id), total);
    assert.equal(getModel(db, embedder.id)?.complete, true);
    const uniqueIds = one(`SELECT COUNT(DISTINCT rowid) FROM ${vectorTables(embedder.id).float}`);
    assert.equal(uniqueIds, total);
    assert.ok(dropModel(db, embedder.id));
  });

  test('another model id gets its own tables; dropModel removes them', async () => {
    const other = new HashEmbedder({ id: 'onnx:lexdesk-hashgram-v1@3f2a9c0d', dimension: 32 });
    const run = await embedLibrary(db, other, { quantization: 'binary' });
    assert.equal(run.embedded, articleIds().length);
    assert.notEqual(vectorTables(other.id).float, vectorTables(main.id).float);
    assert.match(vectorTables(other.id).float, /^vec_[0-9a-f]{16}$/);
    assert.deepEqual(listModels(db).map((m) => m.id).sort(), [other.id, main.id].sort());
    assert.equal(vectorCount(other.id), articleIds().length);
    assert.equal(vectorCount(main.id), articleIds().length);
    assert.equal(knn(db, other.id, other.vectorOf('合同'), 3).length, 3);
    assert.ok(dropModel(db, other.id));
    assert.equal(dropModel(db, other.id), false);
    assert.equal(getModel(db, other.id), null);
    assert.equal(stateCount(other.id), 0);
    const leftover = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE ?").all(`${vectorTables(other.id).float}%`);
    assert.deepEqual(leftover, []);
    assert.throws(() => knn(db, other.id, other.vectorOf('合同'), 3), (err: unknown) => err instanceof LexError && err.code === 'embedding-missing');
    assert.equal(vectorCount(main.id), articleIds().length, 'the other model is untouched');
  });

  test('a known model id with another dimension is refused unless rebuilt', async () => {
    const wider = new HashEmbedder({ id: main.id, dimension: 128 });
    await assert.rejects(embedLibrary(db, wider), (err: unknown) =>
      err instanceof LexError && err.code === 'embedding-dimension' && /64-dimensional.*128 dimensions/.test(err.message));
    assert.equal(wider.calls, 0);
    assert.equal(getModel(db, main.id)?.dimension, 64, 'nothing was changed');
    assert.throws(() => knn(db, main.id, new Float32Array(128), 5), (err: unknown) => err instanceof LexError && err.code === 'embedding-dimension');
    const rebuilt = await embedLibrary(db, wider, { rebuild: true });
    assert.equal(rebuilt.embedded, articleIds().length);
    assert.equal(rebuilt.quantization, 'none');
    assert.equal(getModel(db, main.id)?.dimension, 128);
    assert.equal(vectorCount(main.id), articleIds().length);
  });
});
