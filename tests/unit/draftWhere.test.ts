import assert from 'node:assert/strict';
import { test } from 'node:test';
import { whereIn } from '../../main/consult/draftCheck.js';

test('where a citation stands: its line, its PDF page (pages split by a form feed), the words around it on its line', () => {
  const text = '民事起诉状\n原告依据《劳动合同法》第三十八条解除劳动合同。\n\f此致\n某某人民法院，依照《民法典》第五百七十七条、第五百八十四条的规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。';
  const at = (s: string) => text.indexOf(s);
  assert.deepEqual(whereIn(text, at('《劳动合同法》'), '《劳动合同法》第三十八条'.length), { page: 1, line: 2, context: '原告依据《劳动合同法》第三十八条解除劳动合同。' });
  assert.deepEqual(whereIn(text, at('第五百八十四条'), '第五百八十四条'.length), {
    page: 2, line: 2, context: '某某人民法院，依照《民法典》第五百七十七条、第五百八十四条的规定，当事人一方不履行合同义务或者履行合同义务…',
  });
  const plain = '第一行\n根据《刑法》第二百六十四条';
  assert.deepEqual(whereIn(plain, plain.indexOf('《刑法》'), 11), { page: null, line: 2, context: '根据《刑法》第二百六十四条' }, 'no form feed: no page');
});
