/** The 款 or 项 a citation names, found in the article's text for the app to mark. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { citedSpans } from '../../main/library/articles.js';

const ARTICLE = {
  text: '用人单位有下列情形之一的，劳动者可以解除劳动合同：\n（一）未按照劳动合同约定提供劳动保护或者劳动条件的；\n（二）未及时足额支付劳动报酬的；\n用人单位以暴力、威胁的手段强迫劳动者劳动的，劳动者可以立即解除劳动合同。',
  paragraphs: [
    { text: '用人单位有下列情形之一的，劳动者可以解除劳动合同：', items: [{ number: 1, text: '未按照劳动合同约定提供劳动保护或者劳动条件的；' }, { number: 2, text: '未及时足额支付劳动报酬的；' }] },
    { text: '用人单位以暴力、威胁的手段强迫劳动者劳动的，劳动者可以立即解除劳动合同。', items: [] },
  ],
};
/** 款 cited whole, and [款, 项…] groups. */
const marked = (paragraphs: number[], item: number | null, more: number[] = []) => {
  const parts = item === null ? paragraphs.map((paragraph) => ({ paragraph, items: [] })) : [{ paragraph: paragraphs[0] ?? null, items: [item, ...more] }];
  return citedSpans(ARTICLE, parts).map(([start, end]) => ARTICLE.text.slice(start, end));
};

const SECOND = '用人单位以暴力、威胁的手段强迫劳动者劳动的，劳动者可以立即解除劳动合同。';

test('a 项 is its own line; a 款 runs from its text to the end of its last 项; several of either are marked each, in the order of the text', () => {
  assert.deepEqual(marked([1], 2), ['未及时足额支付劳动报酬的；']);
  assert.deepEqual(marked([1], null), [ARTICLE.text.slice(0, ARTICLE.text.indexOf('\n用人单位以暴力'))]);
  assert.deepEqual(marked([2], null), [SECOND]);
  assert.deepEqual(marked([2, 1], null), [ARTICLE.text.slice(0, ARTICLE.text.indexOf('\n用人单位以暴力')), SECOND]);
  assert.deepEqual(marked([1], 2, [1]), ['未按照劳动合同约定提供劳动保护或者劳动条件的；', '未及时足额支付劳动报酬的；'], 'several 项 of one 款');
});

test('nothing is marked for the whole article, a 款 or 项 it does not have, or text that does not hold the parsed parts', () => {
  assert.deepEqual(marked([], null), []);
  assert.deepEqual(marked([3], null), []);
  assert.deepEqual(marked([1], 7), []);
  assert.deepEqual(marked([2], 1), []);
  assert.deepEqual(citedSpans({ ...ARTICLE, text: '另一段文字' }, [{ paragraph: 1, items: [] }]), []);
  assert.deepEqual(citedSpans(ARTICLE, [{ paragraph: null, items: [1] }]), [], 'a 项 whose 款 was not found');
});

test('each 款 gets its own 项, and a 款 cited whole is marked whole even when one of its 项 is also named', () => {
  const spans = (parts: Array<{ paragraph: number; items: number[] }>) => citedSpans(ARTICLE, parts).map(([start, end]) => ARTICLE.text.slice(start, end));
  assert.deepEqual(spans([{ paragraph: 1, items: [1] }, { paragraph: 2, items: [] }]), ['未按照劳动合同约定提供劳动保护或者劳动条件的；', SECOND]);
  assert.deepEqual(spans([{ paragraph: 2, items: [] }, { paragraph: 1, items: [2] }]), ['未及时足额支付劳动报酬的；', SECOND], 'in the order of the text');
  assert.deepEqual(spans([{ paragraph: 1, items: [] }, { paragraph: 1, items: [2] }]), [ARTICLE.text.slice(0, ARTICLE.text.indexOf('\n用人单位以暴力'))]);
  assert.deepEqual(spans([{ paragraph: 2, items: [1] }]), [], 'the second 款 has no 项');
});
