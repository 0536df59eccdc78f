import assert from 'node:assert/strict';
import { test } from 'node:test';
import { locator } from '../../main/consult/draftCheck.js';

test('where a citation stands: its line, its PDF page (each page ends with a form feed), the words around it on its line', () => {
  const text = '民事起诉状\n原告依据《劳动合同法》第三十八条解除劳动合同。\n\f此致\n某某人民法院，依照《民法典》第五百七十七条、第五百八十四条的规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。\n\f';
  const where = locator(text, 'paragraph');
  const at = (s: string) => text.indexOf(s);
  assert.deepEqual(where(at('《劳动合同法》'), '《劳动合同法》第三十八条'.length), { page: 1, line: 2, unit: 'paragraph', context: '原告依据《劳动合同法》第三十八条解除劳动合同。' });
  assert.deepEqual(where(at('第五百八十四条'), '第五百八十四条'.length), {
    page: 2, line: 2, unit: 'paragraph', context: '某某人民法院，依照《民法典》第五百七十七条、第五百八十四条的规定，当事人一方不履行合同义务或者履行合同义务…',
  });
  assert.deepEqual(where(at('此致'), 2), { page: 2, line: 1, unit: 'paragraph', context: '此致' }, 'the first line of a page');
  // Plain text: no form feed, no page; \r\n and a lone \r end lines too.
  const plain = '第一行\r\n第二行\r根据《刑法》第二百六十四条';
  assert.deepEqual(locator(plain)(plain.indexOf('《刑法》'), 11), { page: null, line: 3, unit: 'line', context: '根据《刑法》第二百六十四条' });
  // Context never cuts a character outside the BMP in half (𠀀 is two UTF-16 units).
  const wide = `${'𠀀'.repeat(20)}《刑法》第二百六十四条${'𠀀'.repeat(20)}`;
  const { context } = locator(wide)(wide.indexOf('《'), 11);
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(context), context);
});
