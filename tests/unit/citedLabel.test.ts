/** How an article's number is written in a citation: items numbered 一、 are cited as 第一条, which citation readers take. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { citationLine, citedLabel } from '../../preload/contract/citationLine.js';
import { citationText } from '../../main/library/articles.js';

test('an item numbered with a Chinese numeral is cited 第N条; other labels as they are', () => {
  assert.equal(citedLabel({ label: '八', kind: 'item' }), '第八条');
  assert.equal(citedLabel({ label: '四十八' }), '第四十八条', 'the label alone tells, where the kind is not at hand');
  assert.equal(citedLabel({ label: '第一千一百六十五条', kind: 'article' }), '第一千一百六十五条');
  assert.equal(citedLabel({ label: '3', kind: 'item' }), '3、');
  assert.equal(citedLabel({ label: '全文', kind: 'item' }), '全文');
  assert.equal(citedLabel({ label: '附件', kind: 'item' }), '附件');
  assert.equal(citedLabel({ label: '序言', kind: 'preamble' }), '序言');
  const item = { lawTitle: '中华人民共和国刑法修正案（十一）', label: '八', kind: 'item' as const };
  assert.equal(citationText(item), '《中华人民共和国刑法修正案（十一）》第八条');
  assert.equal(citationLine({ ...item, publishDate: '2020-12-26', status: 'current' }, {}), '《中华人民共和国刑法修正案（十一）》第八条（2020-12-26 版）');
});

