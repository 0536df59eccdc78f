/** Words found in a law read whole: each occurrence cut out and numbered across paragraphs. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findSegments } from '../../renderer/src/features/statutes/findInText.js';

test('occurrences are cut out in order, numbered from where the paragraph before stopped', () => {
  const first = findSegments('用人单位应当向劳动者支付经济补偿。经济补偿按劳动者工作年限支付。', '经济补偿', 0);
  assert.equal(first.count, 2);
  assert.deepEqual(first.segments, [
    { text: '用人单位应当向劳动者支付' }, { text: '经济补偿', match: 0 }, { text: '。' }, { text: '经济补偿', match: 1 }, { text: '按劳动者工作年限支付。' },
  ]);
  const next = findSegments('经济补偿', '经济补偿', first.count);
  assert.deepEqual(next, { segments: [{ text: '经济补偿', match: 2 }], count: 1 });
});

test('no words, or words not there, leave the paragraph whole; Latin letters match either case; matches do not overlap', () => {
  assert.deepEqual(findSegments('第一条　为了……', '  ', 5), { segments: [{ text: '第一条　为了……' }], count: 0 });
  assert.deepEqual(findSegments('第一条　为了……', '第二条', 0), { segments: [{ text: '第一条　为了……' }], count: 0 });
  assert.deepEqual(findSegments('GDP与gdp', 'Gdp', 0).segments.filter((s) => s.match !== undefined).map((s) => s.text), ['GDP', 'gdp']);
  assert.equal(findSegments('哈哈哈', '哈哈', 0).count, 1);
});
