/** The 款 and 项 a saved article keeps: one spelling for the same part, the label a citation writes, and the 款 of another version holding it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { partKey, partLabel, partsOf, partSpans, unitHolding, unitOf } from '../../main/library/saved/savedPart.js';

test('the same part cited in another order or twice is one key; a whole 款 holds its 项; none is the whole article', () => {
  assert.equal(partKey([]), null);
  assert.equal(partKey([{ paragraph: 3, items: [] }]), '[{"paragraph":3,"items":[]}]');
  assert.equal(partKey([{ paragraph: 2, items: [] }, { paragraph: 1, items: [3, 2, 3] }]), '[{"paragraph":1,"items":[2,3]},{"paragraph":2,"items":[]}]');
  assert.equal(partKey([{ paragraph: 1, items: [2] }, { paragraph: 1, items: [] }]), partKey([{ paragraph: 1, items: [] }]));
  assert.equal(partKey([{ paragraph: 1, items: [] }, { paragraph: 1, items: [2] }]), partKey([{ paragraph: 1, items: [] }]));
  assert.deepEqual(partsOf(partKey([{ paragraph: 1, items: [7] }])), [{ paragraph: 1, items: [7] }]);
  assert.deepEqual(partsOf(null), []);
});

test('named as a citation writes it after the article number', () => {
  assert.equal(partLabel([]), null);
  assert.equal(partLabel([{ paragraph: 3, items: [] }]), '第三款');
  assert.equal(partLabel([{ paragraph: 1, items: [2] }]), '第一款第二项');
  assert.equal(partLabel([{ paragraph: 1, items: [2, 3] }]), '第一款第二项、第三项');
  assert.equal(partLabel([{ paragraph: 2, items: [] }, { paragraph: 13, items: [] }]), '第二款、第十三款');
  assert.deepEqual([unitOf([]), unitOf([{ paragraph: 3, items: [] }]), unitOf([{ paragraph: 1, items: [2] }]), unitOf([{ paragraph: 1, items: [2, 3] }])], [null, 'paragraph', 'item', null]);
});

const VEIL = '公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任。';
const ONE = '只有一个股东的公司，股东不能证明公司财产独立于股东自己的财产的，应当对公司债务承担连带责任。';
const article = (paragraphs: string[]) => ({ text: paragraphs.join('\n'), paragraphs: paragraphs.map((text) => ({ text, items: [] })) });

test('the 款 of another version holding a 款 saved: the one alike, word for word or amended; none when none is; an article of one 款 is the article', () => {
  const now = article([VEIL, ONE]);
  assert.deepEqual(unitHolding(now, VEIL, 'paragraph'), { parts: [{ paragraph: 1, items: [] }], text: VEIL, identical: true });
  const amended = unitHolding(now, VEIL.replace('严重', ''), 'paragraph');
  assert.deepEqual([amended?.parts, amended?.identical], [[{ paragraph: 1, items: [] }], false]);
  assert.equal(unitHolding(now, '违反前款规定拒不公开的，由上级机关通报批评。', 'paragraph'), null);
  assert.deepEqual(unitHolding(article([VEIL]), VEIL, 'paragraph'), { parts: [], text: VEIL, identical: true });
});

test('the words saved are found in the article text line by line; a line corrected since finds none', () => {
  const text = `第一款。\n${VEIL}\n${ONE}`;
  const at = text.indexOf(VEIL);
  assert.deepEqual(partSpans(text, VEIL), [[at, at + VEIL.length]]);
  assert.deepEqual(partSpans(text, `${VEIL}\n${ONE}`), [[at, at + VEIL.length], [at + VEIL.length + 1, text.length]]);
  assert.deepEqual(partSpans(text, VEIL.replace('严重', '')), []);
});
