import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LawNameIndex } from '../../main/library/citation/aliases.js';
import { scopeLaws } from '../../main/search/namedScope.js';

const names = new LawNameIndex([
  { key: '1', names: ['中华人民共和国刑法', '刑法'] },
  { key: '2', names: ['中华人民共和国劳动法', '劳动法'] },
  { key: '3', names: ['中华人民共和国劳动合同法', '劳动合同法'] },
  { key: '4', names: ['中华人民共和国公司法', '公司法'] },
]);

test('a law named at the head of a query and set apart is its scope', () => {
  for (const q of ['刑法 正当防卫 限度', '  刑法　正当防卫', '刑法：正当防卫', '《刑法》正当防卫', '《中华人民共和国刑法》 正当防卫', '刑法']) {
    assert.deepEqual(scopeLaws(q, names), [1], q);
  }
  assert.deepEqual(scopeLaws('劳动合同法 经济补偿', names), [3], 'the longest name');
});

test('a law named in running text, or not set apart, is left to the ranking', () => {
  // People name laws loosely: 「劳动法上的三期」 asks about 劳动合同法.
  for (const q of ['劳动法上的三期指的是什么', '刑法正当防卫', '正当防卫 刑法', '根据公司法，股东有什么权利', '公司法人独立地位', '《刑法', '']) {
    assert.deepEqual(scopeLaws(q, names), [], q);
  }
});
