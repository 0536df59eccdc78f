import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bookTitle, citationLine } from '../../preload/contract/citationLine.js';

test('a plain title is put in 《》 as it is', () => {
  assert.equal(bookTitle('中华人民共和国民法典'), '《中华人民共和国民法典》');
  assert.equal(bookTitle('刑法修正案（十二）'), '《刑法修正案（十二）》');
});

test('a title within the title takes 〈〉', () => {
  assert.equal(bookTitle('最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释'), '《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》');
});

test('a title already holding 〈〉 keeps them', () => {
  assert.equal(bookTitle('关于修改〈中华人民共和国民事诉讼法〉的决定'), '《关于修改〈中华人民共和国民事诉讼法〉的决定》');
});

test('two titles within the title both take 〈〉', () => {
  const title = '最高人民法院关于适用《中华人民共和国民法典》和《中华人民共和国民事诉讼法》若干问题的解释';
  assert.equal(bookTitle(title), '《最高人民法院关于适用〈中华人民共和国民法典〉和〈中华人民共和国民事诉讼法〉若干问题的解释》');
});

test('levels alternate: a title named within the inner one takes 《》 again, as the library holds a 修改决定 of the 工会法 interpretation', () => {
  const stored = '最高人民法院关于修改《最高人民法院关于在民事审判工作中适用〈中华人民共和国工会法〉若干问题的解释》等二十七件民事类司法解释的决定';
  assert.equal(bookTitle(stored), '《最高人民法院关于修改〈最高人民法院关于在民事审判工作中适用《中华人民共和国工会法》若干问题的解释〉等二十七件民事类司法解释的决定》');
});

test('one mark for one: the result is the title two characters longer, position for position', () => {
  const title = '最高人民法院关于适用《中华人民共和国民法典》时间效力的若干规定';
  const written = bookTitle(title);
  assert.equal(written.length, title.length + 2);
  assert.equal(written.indexOf('时间效力'), title.indexOf('时间效力') + 1);
});

test('the copied citation line writes the inner title in 〈〉', () => {
  const line = citationLine({ lawTitle: '最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释', label: '第一条', publishDate: '2023-12-04', status: 'current' }, {});
  assert.equal(line, '《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》第一条（2023-12-04 版）');
});
