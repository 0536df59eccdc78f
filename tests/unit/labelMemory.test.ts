import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LabelMemory, lawOfKey, memoryEntry } from '../../main/search/hybrid/labelMemory.js';

const memory = new LabelMemory([
  memoryEntry('公司拖欠工资怎么办？', ['中华人民共和国劳动合同法#30', '中华人民共和国劳动合同法#85']),
  memoryEntry('单位不发工资可以辞职吗', ['中华人民共和国劳动合同法#38']),
  memoryEntry('离婚后孩子抚养权归谁？', ['中华人民共和国民法典#1084']),
  memoryEntry('夫妻离婚财产怎么分', ['中华人民共和国民法典#1087']),
]);

test('the nearest training questions vote for their articles and laws', () => {
  const votes = memory.votes('老板拖欠工资不发怎么办', 3);
  assert.deepEqual(votes.neighbours.slice(0, 2).map((n) => n.entry).sort(), [0, 1]);
  const wage = votes.articles.get('中华人民共和国劳动合同法#30');
  assert.ok(wage && wage.rank === 0 && wage.sum > 0 && wage.max === wage.sum);
  const law = votes.laws.get('中华人民共和国劳动合同法') ?? 0;
  assert.ok(law > (votes.laws.get('中华人民共和国民法典') ?? 0));
  assert.ok(Math.abs(votes.total - votes.neighbours.reduce((a, n) => a + n.similarity, 0)) < 1e-9);
  assert.deepEqual(memory.expansionKeys(votes, 1, 0), ['中华人民共和国劳动合同法#30', '中华人民共和国劳动合同法#85']);
});

test('article and law centroids: the wage question sits nearest the wage articles, the divorce law far away', () => {
  const votes = memory.votes('老板拖欠工资不发怎么办', 3);
  const wage = votes.centroid.article('中华人民共和国劳动合同法#30');
  assert.ok(wage > 0 && wage <= 1 + 1e-9);
  assert.ok(wage > votes.centroid.article('中华人民共和国民法典#1084'));
  assert.equal(votes.centroid.article('中华人民共和国刑法#1'), 0, 'an article no question names has no centroid');
  assert.ok(votes.centroid.law('中华人民共和国劳动合同法') > votes.centroid.law('中华人民共和国民法典'));
  // An identical question is exactly on its only article's centroid.
  const same = memory.votes('离婚后孩子抚养权归谁？');
  assert.ok(Math.abs(same.centroid.article('中华人民共和国民法典#1084') - 1) < 1e-9);
  // Expansion by centroids alone: the nearest article centroids, best first (#30 and #85 have the same
  // single question, so they tie and keep their order); #1084's question shares no gram with the query.
  assert.deepEqual(memory.expansionKeys(votes, 0, 3), ['中华人民共和国劳动合同法#30', '中华人民共和国劳动合同法#85', '中华人民共和国劳动合同法#38']);
  assert.ok(!memory.expansionKeys(votes, 0, 10).includes('中华人民共和国民法典#1084'));
});

test('similarity is a cosine: an identical question scores 1, an unrelated one nothing', () => {
  const [first] = memory.neighbours('离婚后孩子抚养权归谁？', 1);
  assert.equal(first?.entry, 2);
  assert.ok(Math.abs((first?.similarity ?? 0) - 1) < 1e-9);
  assert.deepEqual(memory.neighbours('ABC', 5), []);
  assert.equal(lawOfKey('中华人民共和国民法典#1084'), '中华人民共和国民法典');
});

test('the stored form keeps no text, only hashed gram counts', () => {
  const entry = memoryEntry('离婚后孩子抚养权归谁？', ['中华人民共和国民法典#1084']);
  assert.ok(!entry.grams.includes('离'));
  assert.deepEqual(Object.keys(entry).sort(), ['counts', 'gold', 'grams']);
  // 离 婚 后 孩 子 抚 养 权 归 谁 and their 9 bigrams.
  assert.equal(Buffer.from(entry.grams, 'base64').length, 19 * 4);
  assert.equal(Buffer.from(entry.counts, 'base64').length, 19);
});
