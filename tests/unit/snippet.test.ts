/** Which part of an article a search hit shows: the part with most of the query, not most repeats of its commonest words. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeSnippet } from '../../main/search/snippet.js';

// 劳动合同法 第三十八条, as the library stores it (项 on their own lines).
const ARTICLE_38 = [
  '用人单位有下列情形之一的，劳动者可以解除劳动合同：',
  '（一）未按照劳动合同约定提供劳动保护或者劳动条件的；',
  '（二）未及时足额支付劳动报酬的；',
  '（三）未依法为劳动者缴纳社会保险费的；',
  '（四）用人单位的规章制度违反法律、法规的规定，损害劳动者权益的；',
  '（五）因本法第二十六条第一款规定的情形致使劳动合同无效的；',
  '（六）法律、行政法规规定劳动者可以解除劳动合同的其他情形。',
  '用人单位以暴力、威胁或者非法限制人身自由的手段强迫劳动者劳动的，或者用人单位违章指挥、强令冒险作业危及劳动者人身安全的，劳动者可以立即解除劳动合同，不需事先告知用人单位。',
].join('\n');
const TERMS = ['劳动报酬', '用人单位', '劳动者', '解除', '劳动合同'];

test('the excerpt shows the window with the most distinct query terms, the telling ones weighing more', () => {
  const snippet = makeSnippet(ARTICLE_38, TERMS);
  const shown = snippet.highlights.map(([s, e]) => snippet.text.slice(s, e));
  assert.ok(shown.includes('劳动报酬'), `劳动报酬 is shown: ${snippet.text}`);
  assert.ok(snippet.text.includes('（二）未及时足额支付劳动报酬的'));
  // The last paragraph repeats 用人单位 and 劳动者 most often, and lacks 劳动报酬: it is not the one shown.
  assert.ok(!snippet.text.includes('强令冒险作业'), snippet.text);
});

test('highlights mark every term inside the excerpt, longest first, and the excerpt keeps to the window', () => {
  const snippet = makeSnippet(ARTICLE_38, TERMS, 60);
  assert.ok(snippet.text.replace(/^…|…$/g, '').length <= 60);
  for (const [s, e] of snippet.highlights) assert.ok(TERMS.includes(snippet.text.slice(s, e)), snippet.text.slice(s, e));
  const whole = makeSnippet('用人单位与劳动者协商一致，可以解除劳动合同。', TERMS);
  assert.deepEqual(whole.highlights.map(([s, e]) => whole.text.slice(s, e)), ['用人单位', '劳动者', '解除', '劳动合同']);
  assert.equal(whole.text, '用人单位与劳动者协商一致，可以解除劳动合同。', 'a short article is shown whole');
});

test('repeated and empty terms change nothing; no term at all shows the beginning', () => {
  assert.deepEqual(makeSnippet(ARTICLE_38, [...TERMS, '劳动报酬', '']), makeSnippet(ARTICLE_38, TERMS));
  const none = makeSnippet(ARTICLE_38, ['仲裁']);
  assert.ok(none.text.startsWith('用人单位有下列情形之一的'));
  assert.deepEqual(none.highlights, []);
});
