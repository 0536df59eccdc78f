import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FEATURE_COUNT, FEATURE_NAMES, type CandidateInfo, type CandidateSignals } from '../../main/search/hybrid/features.js';
import { inLawFeatures } from '../../main/search/hybrid/inLawFeatures.js';
import type { StatsFor } from '../../main/search/index.js';
import type { TermStats } from '../../main/search/termStats.js';
import type { VersionCounts } from '../../main/search/versionTerms.js';

const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

function info(documentId: number, province = ''): CandidateInfo {
  return { documentId, province, lawTitle: `law ${documentId}`, shortName: '', number: 1, level: '法律', status: 'current', length: 10, text: '' };
}
function signals(articleId: number, denseSim: number | null): CandidateSignals {
  return { articleId, lexicalRank: null, lexicalScore: null, denseRank: denseSim === null ? null : 0, denseSim, cited: false };
}

/**
 * Version 1: 10 articles, 100 tokens. 解除 is held by 2 of them, 补偿 by 8.
 * Candidate 11 (10 tokens) holds 解除 once, 12 (20 tokens) holds 补偿 twice, 13 neither.
 * Version 2 (5 articles, 50 tokens, held: 解除 5 times) has one candidate, 21, holding 解除 once.
 */
const counts: VersionCounts = {
  versions: new Map([[1, { articles: 10, tokens: 100 }], [2, { articles: 5, tokens: 50 }]]),
  holders: new Map([['解除', new Map([[1, 2], [2, 5]])], ['补偿', new Map([[1, 8]])]]),
  occurrences: new Map([['解除', new Map([[11, 1], [21, 1]])], ['补偿', new Map([[12, 2]])]]),
  lengths: new Map([[11, 10], [12, 20], [13, 10], [21, 10]]),
};

test('in-law features: BM25 with the version\'s own statistics, share and rank among its candidates, coverage, dense rank and gap', () => {
  const asked: Array<{ scope: string; words: string[]; members: Array<[number, number]> }> = [];
  const stats: StatsFor = (scope) => ({
    versions: { counts: (words: string[], members: Map<number, number>) => (asked.push({ scope, words, members: [...members] }), counts) },
  }) as unknown as TermStats;
  const candidates = [signals(11, 0.5), signals(12, 0.7), signals(13, null), signals(21, 0.4)];
  const rows = candidates.map(() => new Float32Array(FEATURE_COUNT));
  inLawFeatures(rows, candidates, [info(1), info(1), info(1), info(2)], ['解除', '补偿', '解除'], stats);
  assert.deepEqual(asked, [{ scope: 'national', words: ['解除', '补偿'], members: [[11, 1], [12, 1], [13, 1], [21, 2]] }]);
  const get = (i: number, name: (typeof FEATURE_NAMES)[number]) => (rows[i] as Float32Array)[at(name)] as number;
  const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-4, `${what}: ${actual} against ${expected}`);
  // idf(解除) = ln(1 + 8.5/2.5) = ln 4.4; candidate 11 has the average length, so its term part is idf × 2.2 / 2.2.
  close(get(0, 'inlaw_bm25'), Math.log(4.4), 'bm25 of 11');
  // idf(补偿) = ln(1 + 2.5/8.5); f = 2, length twice the average: 2 × 2.2 / (2 + 1.2 × 1.75).
  close(get(1, 'inlaw_bm25'), Math.log(1 + 2.5 / 8.5) * (4.4 / 4.1), 'bm25 of 12');
  assert.equal(get(2, 'inlaw_bm25'), 0);
  // A word every article of version 2 holds weighs little there: idf = ln(1 + 0.5/5.5).
  close(get(3, 'inlaw_bm25'), Math.log(1 + 0.5 / 5.5), 'bm25 of 21');
  assert.deepEqual([0, 1, 2, 3].map((i) => get(i, 'inlaw_bm25_rank')), [0, 1, 2, 0]);
  close(get(0, 'inlaw_bm25_share'), 1, 'share of 11');
  close(get(1, 'inlaw_bm25_share'), (Math.log(1 + 2.5 / 8.5) * (4.4 / 4.1)) / Math.log(4.4), 'share of 12');
  close(get(3, 'inlaw_bm25_share'), 1, 'share of 21, alone in its version');
  const idfSum = Math.log(4.4) + Math.log(1 + 2.5 / 8.5);
  close(get(0, 'inlaw_coverage'), Math.log(4.4) / idfSum, 'coverage of 11');
  close(get(1, 'inlaw_coverage'), Math.log(1 + 2.5 / 8.5) / idfSum, 'coverage of 12');
  assert.equal(get(2, 'inlaw_coverage'), 0);
  close(get(3, 'inlaw_coverage'), 1, 'coverage of 21: version 2 holds only 解除');
  assert.deepEqual([0, 1, 2, 3].map((i) => get(i, 'inlaw_dense_rank')), [1, 0, 99, 0]);
  close(get(0, 'inlaw_dense_gap'), -0.2, 'dense gap of 11');
  assert.deepEqual([1, 2, 3].map((i) => get(i, 'inlaw_dense_gap')), [0, -1, 0]);
  assert.deepEqual([0, 1, 2, 3].map((i) => get(i, 'version_candidates')), [3, 3, 3, 1]);
});

test('in-law features ask each scope\'s index about its own candidates (province law from the province index)', () => {
  const scopes: string[] = [];
  const stats: StatsFor = (scope) => ({
    versions: { counts: (_w: string[], members: Map<number, number>) => (scopes.push(`${scope}:${[...members.keys()].join(',')}`), counts) },
  }) as unknown as TermStats;
  const candidates = [signals(11, null), signals(21, null)];
  inLawFeatures(candidates.map(() => new Float32Array(FEATURE_COUNT)), candidates, [info(1), info(2, '北京')], ['解除'], stats);
  assert.deepEqual(scopes.sort(), ['local:21', 'national:11']);
});
