import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FEATURE_NAMES, featureVector, neighbourFeatures, queryBigrams, type CandidateInfo, type CandidateSignals } from '../../main/search/hybrid/features.js';
import { LabelMemory, memoryEntry } from '../../main/search/hybrid/labelMemory.js';

const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);
const CODE = '中华人民共和国民法典';

function info(number: number, text: string, lawTitle = CODE): CandidateInfo {
  return { documentId: 1, province: '', lawTitle, shortName: '民法典', number, level: '法律', status: 'current', length: text.length, text };
}
function signals(articleId: number, lexicalRank: number | null, denseSim: number | null): CandidateSignals {
  return { articleId, lexicalRank, lexicalScore: lexicalRank === null ? null : 10 - lexicalRank, denseRank: denseSim === null ? null : 0, denseSim, cited: false };
}

test('query bigrams: distinct, punctuation and spaces dropped, lower-cased', () => {
  assert.deepEqual(queryBigrams('离婚，离婚 AB'), ['离婚', '婚离', '婚a', 'ab']);
  assert.deepEqual(queryBigrams('？'), []);
});

test('bigram overlap with the article text and the law title, and the question centroids', () => {
  const memory = new LabelMemory([memoryEntry('离婚财产怎么分', [`${CODE}#1087`])]);
  const query = '离婚时财产怎么分割';
  const votes = memory.votes(query);
  const row = featureVector(query, signals(1, 0, 0.5), info(1087, '离婚时，夫妻的共同财产由双方协议处理'), { articles: {}, laws: {} }, 10, 0.5, votes);
  assert.equal(row.length, FEATURE_NAMES.length);
  // 离婚 婚时 时财 财产 产怎 怎么 么分 分割: the text has 离婚, 婚时, 财产.
  assert.equal(row[at('query_bigram_hits')], 3);
  assert.ok(Math.abs((row[at('query_bigram_coverage')] as number) - 3 / 8) < 1e-6);
  assert.equal(row[at('title_bigram_hits')], 0);
  assert.ok((row[at('memory_article_centroid')] as number) > 0.3);
  assert.ok(Math.abs((row[at('memory_law_centroid')] as number) - (row[at('memory_article_centroid')] as number)) < 1e-6, 'one question: law and article centroid coincide');
  const other = featureVector(query, signals(2, 1, null), info(3, '民事主体的人身权利受法律保护'), { articles: {}, laws: {} }, 10, 0.5, votes);
  assert.equal(other[at('memory_article_centroid')], 0);
});

test('neighbour features take the best signals of the articles two either side in the same law', () => {
  const infos = [info(1087, 'a'), info(1088, 'b'), info(1090, 'c'), info(1093, 'd'), info(1088, 'e', '中华人民共和国刑法')];
  const candidates = [signals(1, 0, 0.9), signals(2, null, null), signals(3, 5, 0.2), signals(4, null, 0.7), signals(5, 0, 0.95)];
  const popularity = { articles: { [`${CODE}#1089`]: 4 }, laws: {} };
  const rows = candidates.map((c, i) => featureVector('q', c, infos[i] as CandidateInfo, popularity, 10, 0.95, null));
  neighbourFeatures(rows, infos, popularity);
  const get = (i: number, name: (typeof FEATURE_NAMES)[number]) => (rows[i] as Float32Array)[at(name)] as number;
  // 1088 sees 1087 (dense 0.9, lexical rank 0) and 1090 (dense 0.2); the criminal-law 1088 is another law.
  assert.ok(Math.abs(get(1, 'neighbour_dense_sim') - 0.9) < 1e-6);
  assert.ok(Math.abs(get(1, 'neighbour_lexical_rrf') - 60 / 61) < 1e-6);
  // 1093 is three away from 1090: no neighbour among the candidates, and 1091/1092/1094/1095 are not popular.
  assert.equal(get(3, 'neighbour_dense_sim'), 0);
  assert.equal(get(3, 'neighbour_popularity'), 0);
  // Popularity counts neighbours that are not candidates: 1089 is next to 1088 and 1090, two from 1087.
  for (const i of [0, 1, 2]) assert.ok(Math.abs(get(i, 'neighbour_popularity') - Math.log1p(4)) < 1e-6);
  assert.equal(get(4, 'neighbour_popularity'), 0);
  assert.equal(get(4, 'neighbour_dense_sim'), 0);
});
