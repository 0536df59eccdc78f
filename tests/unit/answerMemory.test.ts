import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FEATURE_NAMES, featureVector, type CandidateInfo, type CandidateSignals } from '../../main/search/hybrid/features.js';
import { LabelMemory, memoryEntry } from '../../main/search/hybrid/labelMemory.js';

const CODE = '中华人民共和国民法典';
const HOUSEHOLD = `${CODE}#54`;
const DEBTS = `${CODE}#56`;

// Two answered questions and one (a multi-turn record, say) without an answer.
const memory = new LabelMemory([
  memoryEntry('谁可以成为个体工商户？', [HOUSEHOLD], { text: '有经营能力的公民经过登记可以成为个体工商户，可以起字号。', keywords: '个体工商户资格' }),
  memoryEntry('个体工商户的债务怎么承担？', [DEBTS, HOUSEHOLD], { text: '个人经营的，以个人财产承担；家庭经营的，以家庭财产承担。' }),
  memoryEntry('离婚财产怎么分', [`${CODE}#1087`]),
]);

test("answers score the articles they cite, by the answer's words rather than the question's", () => {
  // Shares 经营 登记 字号 with the first answer and almost nothing with either training question.
  const answers = memory.votes('我想登记开个小店起个字号需要什么经营能力').answers;
  const household = answers(HOUSEHOLD);
  const debts = answers(DEBTS);
  assert.ok(household.max > 0.1, `first answer found: ${household.max}`);
  assert.ok(household.max > 3 * debts.max, 'the answer citing only the debts article is further away');
  // #54 is cited by both answers: its sum adds both cosines, its max is the nearer one.
  assert.ok(Math.abs(household.sum - (household.max + debts.max)) < 1e-9);
  assert.ok(household.centroid > 0 && household.centroid <= 1 + 1e-9);
  assert.ok(household.keywordsMax < 0.05, 'the keywords share only the character 个 with the query');
  assert.deepEqual(answers(`${CODE}#1087`), { max: 0, centroid: 0, keywordsMax: 0, sum: 0 }, 'a question without an answer gives its article none');
  assert.deepEqual(answers('中华人民共和国刑法#1'), { max: 0, centroid: 0, keywordsMax: 0, sum: 0 });
});

test('a query identical to an answer sits on it; keywords are scored on their own', () => {
  const answers = memory.votes('个人经营的，以个人财产承担；家庭经营的，以家庭财产承担。').answers;
  assert.ok(Math.abs(answers(DEBTS).max - 1) < 1e-9);
  assert.ok(Math.abs(answers(DEBTS).centroid - 1) < 1e-9, 'one answer: the centroid is the answer');
  assert.ok(memory.votes('个体工商户资格').answers(HOUSEHOLD).keywordsMax > 0.9);
});

test('the answer features reach the reranker row; a memory without answers leaves them at zero', () => {
  const at = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);
  const info: CandidateInfo = { documentId: 1, province: '', lawTitle: CODE, shortName: '民法典', number: 54, level: '法律', status: 'current', length: 30, text: '自然人从事工商业经营，经依法登记，为个体工商户。' };
  const signals: CandidateSignals = { articleId: 1, lexicalRank: 0, lexicalScore: 5, denseRank: 0, denseSim: 0.5, cited: false };
  const query = '登记开小店起字号';
  const row = featureVector(query, signals, info, { articles: {}, laws: {} }, 5, 0.5, memory.votes(query));
  const scores = memory.votes(query).answers(HOUSEHOLD);
  assert.ok(scores.max > 0);
  assert.ok(Math.abs((row[at('answer_max')] as number) - scores.max) < 1e-6);
  assert.ok(Math.abs((row[at('answer_sum')] as number) - scores.sum) < 1e-6);
  assert.ok(Math.abs((row[at('answer_centroid')] as number) - scores.centroid) < 1e-6);
  const plain = new LabelMemory([memoryEntry('谁可以成为个体工商户？', [HOUSEHOLD])]);
  const bare = featureVector(query, signals, info, { articles: {}, laws: {} }, 5, 0.5, plain.votes(query));
  for (const name of ['answer_max', 'answer_centroid', 'answer_keywords_max', 'answer_sum'] as const) assert.equal(bare[at(name)], 0);
});

test('the stored answer keeps no text', () => {
  const entry = memoryEntry('谁可以成为个体工商户？', [HOUSEHOLD], { text: '有经营能力的公民经过登记可以成为个体工商户。', keywords: '个体工商户资格' });
  assert.deepEqual(Object.keys(entry).sort(), ['answer', 'counts', 'gold', 'grams', 'keywords']);
  const stored = JSON.stringify(entry);
  for (const ch of '经营登记资格') assert.ok(!stored.includes(ch));
  assert.deepEqual(Object.keys(memoryEntry('q', [HOUSEHOLD], { text: '' })).sort(), ['counts', 'gold', 'grams'], 'an empty answer is left out');
});
