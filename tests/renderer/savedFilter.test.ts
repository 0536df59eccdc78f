/** The saved-articles filter: words in any field, full-width alike, and an article number typed with digits. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { savedMatches } from '../../renderer/src/features/saved/savedFilter.js';

const item = (label: string, note = '', text = '用人单位有下列情形之一的，劳动者可以解除劳动合同：') => ({ lawTitle: '中华人民共和国劳动合同法', label, note, text, folder: '张三欠薪案' });

test('38, 38条 and 第38条 find 第三十八条, not 第三百八十条 or 第八条; words anywhere, full-width alike', () => {
  for (const typed of ['38', '３８', '38条', '第38条']) {
    assert.ok(savedMatches(item('第三十八条'), [typed]), typed);
    assert.ok(!savedMatches(item('第三百八十条'), [typed]), `${typed} is not 380`);
    assert.ok(!savedMatches(item('第八条'), [typed]), `${typed} is not 8`);
  }
  assert.ok(savedMatches(item('第一百三十三条之一'), ['第133条之一']));
  assert.ok(!savedMatches(item('第一百三十三条'), ['第133条之一']));
  assert.ok(savedMatches(item('第八条', '拖欠38万元'), ['38']), 'digits in a note still count as words');
  assert.ok(savedMatches(item('第三十八条', '被迫解除'), ['劳动合同法', '被迫解除', '张三']));
  assert.ok(!savedMatches(item('第三十八条', '被迫解除'), ['劳动合同法', '经济补偿']));
  assert.ok(savedMatches(item('第三十八条', '（一）未提供劳动保护'), ['(一)']));
});

test('the 款 saved is part of what the filter reads: 第三款 and 第二十条第三款 find it, not the whole article', () => {
  const whole = { ...item('第二十条'), lawTitle: '中华人民共和国公司法', text: '公司股东应当遵守法律、行政法规和公司章程。' };
  const third = { ...whole, part: '第三款' };
  assert.ok(savedMatches(third, ['第二十条第三款']));
  assert.ok(savedMatches(third, ['第三款']));
  assert.ok(!savedMatches(whole, ['第二十条第三款']));
  assert.ok(savedMatches(third, ['20']), 'the number typed with digits still finds it');
});
