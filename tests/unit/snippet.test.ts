/** Which part of an article a search hit shows: the part with most of the query, not most repeats of its commonest words. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeSnippet } from '../../main/search/snippet.js';
import { ARTICLE_38 } from '../helpers/article38.js';

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

test('the excerpt opens at a clause near its first term, not mid-word', () => {
  // 劳动合同法 第四十七条: 月平均工资 stands after a long run without a comma, 经济补偿 just after one.
  const article47 = [
    '经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。六个月以上不满一年的，按一年计算；不满六个月的，向劳动者支付半个月工资的经济补偿。',
    '劳动者月工资高于用人单位所在直辖市、设区的市级人民政府公布的本地区上年度职工月平均工资三倍的，向其支付经济补偿的标准按职工月平均工资三倍的数额支付，向其支付经济补偿的年限最高不超过十二年。',
  ].join('\n');
  const opened = makeSnippet(article47, ['年限最高', '十二年'], 40);
  assert.ok(opened.text.startsWith('…向其支付经济补偿的年限最高'), `opens after the comma: ${opened.text}`);
  // The window at 劳动报酬 would start ten characters before it, inside 「（一）…条件的；」: it opens at （二） instead.
  const item = makeSnippet(ARTICLE_38, ['劳动报酬', '社会保险费'], 40);
  assert.ok(item.text.startsWith('…（二）未及时足额支付劳动报酬的'), item.text);
  // No clause start within reach: the window stays where it was.
  const run = makeSnippet(`${'甲'.repeat(60)}劳动报酬${'乙'.repeat(60)}`, ['劳动报酬'], 30);
  assert.equal(run.text, `…${'甲'.repeat(10)}劳动报酬${'乙'.repeat(16)}…`);
});

test('the single characters of a citation in the query (第, 条, a numeral) are neither marked nor sought; words still are', () => {
  const s = makeSnippet(ARTICLE_38, ['劳动合同法', '第', '100', '条', '一', '解除']);
  const marked = s.highlights.map(([a, b]) => s.text.slice(a, b));
  assert.ok(marked.includes('解除'), marked.join('|'));
  assert.deepEqual(marked.filter((m) => ['第', '条', '一', '100'].includes(m)), [], 'no 【第】, 【条】 or 【一】');
  assert.deepEqual(makeSnippet('第一条 为了保护劳动者的合法权益，制定本法。', ['第', '一']).highlights, [], 'a query of nothing but citation characters marks nothing');
});
