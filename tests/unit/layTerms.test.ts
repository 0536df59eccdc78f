import assert from 'node:assert/strict';
import { test } from 'node:test';
import { layTermExpansion, withTerms } from '../../main/search/layTerms.js';

const withLegalTerms = (text: string) => withTerms(text, layTermExpansion(text));

test('everyday words bring the statute terms for them, each once', () => {
  assert.deepEqual(layTermExpansion('公司拖欠工资三个月，我能直接走人吗'), ['劳动报酬', '劳动者', '解除劳动合同']);
  assert.deepEqual(layTermExpansion('房东不退押金，租客怎么办'), ['出租人', '承租人']);
  // 老公 and 老婆 map to the same terms: they come once.
  assert.deepEqual(layTermExpansion('老公和老婆吵架'), ['配偶', '夫妻']);
});

test('terms the text already uses are not added, and statute wording adds nothing', () => {
  assert.deepEqual(layTermExpansion('用人单位拖欠工资，劳动者能否解除劳动合同'), ['劳动报酬']);
  assert.deepEqual(layTermExpansion('用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同'), []);
  assert.deepEqual(layTermExpansion('民法典第一千一百六十五条'), []);
});

test('the searched text keeps the user\'s words first', () => {
  assert.equal(withLegalTerms('被狗咬了找谁赔钱'), '被狗咬了找谁赔钱 赔偿 损失 饲养的动物');
  assert.equal(withLegalTerms('劳动合同的解除'), '劳动合同的解除');
});
