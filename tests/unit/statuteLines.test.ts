/** A statute's text cut into lines and into what the answers cited, for every report format to mark. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statuteLines } from '../../main/report/model.js';

const TEXT = '有下列情形之一的，劳动者可以解除劳动合同：\n（一）未按照约定提供劳动条件的；\n（二）未及时足额支付劳动报酬的；\n另一款。';
const at = (piece: string): [number, number] => [TEXT.indexOf(piece), TEXT.indexOf(piece) + piece.length];
const cited = (spans: Array<[number, number]>) => statuteLines({ text: TEXT, citedSpans: spans }).map((line) => line.filter((p) => p.cited).map((p) => p.text));

test('no spans: every line whole and uncited, empty lines kept', () => {
  assert.deepEqual(statuteLines({ text: TEXT, citedSpans: [] }).map((l) => l.map((p) => [p.text, p.cited])), TEXT.split('\n').map((l) => [[l, false]]));
  assert.deepEqual(statuteLines({ text: '甲\n\n乙', citedSpans: [] }).map((l) => l.map((p) => p.text)), [['甲'], [''], ['乙']]);
});

test('a 项 is cut out of its line; a 款 across lines is cited line by line, the line breaks left out', () => {
  const item = statuteLines({ text: TEXT, citedSpans: [at('未及时足额支付劳动报酬的；')] });
  assert.deepEqual(item[2], [{ text: '（二）', cited: false }, { text: '未及时足额支付劳动报酬的；', cited: true }]);
  const paragraph: [number, number] = [0, TEXT.indexOf('\n另一款')];
  assert.deepEqual(cited([paragraph]), [[TEXT.split('\n')[0]], ['（一）未按照约定提供劳动条件的；'], ['（二）未及时足额支付劳动报酬的；'], []]);
  assert.deepEqual(cited([at('未按照约定提供劳动条件的；'), at('另一款。')]), [[], ['未按照约定提供劳动条件的；'], [], ['另一款。']]);
  assert.equal(statuteLines({ text: TEXT, citedSpans: [paragraph] }).flat().map((p) => p.text).join(''), TEXT.replace(/\n/g, ''), 'nothing lost');
});
