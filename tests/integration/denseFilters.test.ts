/**
 * The default filters (national law only, current versions only) leave out most of a query's
 * nearest articles when province packs are installed or superseded versions are near: a dense
 * search still gives as many results as asked, the nearest that pass, from sqlite-vec and from
 * the copy in memory. Real library (劳动合同法, two versions of 公司法 and four 北京 regulations
 * from ../shared), embedded with the tests' hash embedder.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { articlesPassing } from '../../main/search/filters.js';
import { hybridRank, type DenseRetriever, type HybridDeps } from '../../main/search/hybrid/hybridRank.js';
import { VecDenseRetriever } from '../../main/search/hybrid/vecDense.js';
import { embedLibrary } from '../../main/search/vectors/embedLibrary.js';
import { ResidentVectors } from '../../main/search/vectors/residentVectors.js';
import { knn } from '../../main/search/vectors/vecKnn.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const PROVINCE_QUERY = '物业服务企业 业主大会 专项维修资金 生活垃圾分类 养犬登记 控制吸烟';

describe('dense search under the default filters', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  let resident: ResidentVectors;
  const hash = new HashEmbedder();

  before(async () => {
    lib = await buildLibrary(
      { files: ['社会法/劳动合同法(2012-12-28).md', '民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md'], beijingFilesMatching: ['物业管理条例', '生活垃圾管理条例', '养犬管理规定', '控制吸烟条例'] },
      ['北京'],
    );
    await embedLibrary(lib.engine.db, hash);
    resident = new ResidentVectors(lib.engine.db, hash.id);
    assert.ok(await resident.ready(), 'the copy in memory is loaded');
  });

  after(async () => {
    await resident?.close();
    await lib?.dispose();
  });

  const deps = (dense: DenseRetriever): HybridDeps => {
    const { db, resolver, stats } = lib.engine.searchDeps();
    return { db, resolver, stats, dense, reranker: null };
  };

  /** The `k` nearest articles among those the default filters pass, by exact float cosine. */
  const exactNearest = async (text: string, k: number) => {
    const allowed = new Set(articlesPassing(lib.engine.db, {}));
    const [vector] = await hash.embed([text], 'query');
    return knn(lib.engine.db, hash.id, vector!, k, { allowedIds: allowed, quantized: false }).map((h) => h.articleId);
  };

  test('province packs (and superseded versions) near the query: 50 asked, the 50 nearest national current articles given, from sqlite-vec and from memory', async () => {
    const text = PROVINCE_QUERY;
    // Most of the query's 100 nearest articles are what the default filters leave out.
    const [vector] = await hash.embed([text], 'query');
    const nearest = knn(lib.engine.db, hash.id, vector!, 100, { quantized: false }).map((h) => h.articleId);
    const passing = new Set(articlesPassing(lib.engine.db, {}, { among: nearest }));
    assert.ok(passing.size < 50, `${text}: ${passing.size} of the 100 nearest pass`);
    const expected = await exactNearest(text, 50);
    assert.equal(expected.length, 50);
    for (const [where, dense] of [['sqlite-vec', new VecDenseRetriever(lib.engine.db, hash)], ['memory', new VecDenseRetriever(lib.engine.db, hash, resident)]] as const) {
      hash.reset();
      const ranked = await hybridRank(deps(dense), text, {}, 50, { only: 'dense' });
      assert.deepEqual(ranked.map((r) => r.id), expected, `${text} (${where})`);
      assert.equal(hash.calls, 1, 'the query is embedded once, however deep the fetch');
    }
  });

  test('with every province included, their articles are among the nearest given', async () => {
    hash.reset();
    const ranked = await hybridRank(deps(new VecDenseRetriever(lib.engine.db, hash)), PROVINCE_QUERY, { provinces: 'all' }, 50, { only: 'dense' });
    assert.equal(ranked.length, 50);
    assert.ok(ranked.some((r) => articlesPassing(lib.engine.db, {}, { among: [r.id] }).length === 0), 'province articles are among them');
  });
});
