import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clauseAround } from '../../main/library/graph/citingPassage.js';

const at = (text: string, cited: string) => {
  const start = text.indexOf(cited);
  return clauseAround(text, start, start + cited.length);
};
const marked = (p: { text: string; mark: [number, number] }) => p.text.slice(...p.mark);

test('a citation in a 项 comes with the lead of its list', () => {
  const text = '有下列情形之一的，用人单位应当向劳动者支付经济补偿：\n（一）劳动者依照本法第三十八条规定解除劳动合同的；\n（二）用人单位依照本法第三十六条规定向劳动者提出解除劳动合同并与劳动者协商一致解除劳动合同的；';
  const p = at(text, '本法第三十六条');
  assert.equal(p.lead, '有下列情形之一的，用人单位应当向劳动者支付经济补偿：');
  assert.equal(p.text, '（二）用人单位依照本法第三十六条规定向劳动者提出解除劳动合同并与劳动者协商一致解除劳动合同的；');
  assert.equal(marked(p), '本法第三十六条');
});

test('a citation in running text gives its sentence, no lead', () => {
  const text = '劳动者可以解除劳动合同。被派遣劳动者可以依照本法第三十六条、第三十八条的规定与劳务派遣单位解除劳动合同。其他情形另行规定。';
  const p = at(text, '第三十八条');
  assert.equal(p.lead, null);
  assert.equal(p.text, '被派遣劳动者可以依照本法第三十六条、第三十八条的规定与劳务派遣单位解除劳动合同。');
  assert.equal(marked(p), '第三十八条');
  // A 款 after a list is no 项: it gets no lead.
  const second = '有下列情形之一的，可以解除：\n（一）甲；\n依照前款第一项规定解除的，适用本法第十条。';
  assert.equal(at(second, '本法第十条').lead, null);
  // Items under a 款 that leads no list (no colon) take no lead from an earlier list.
  const third = '有下列情形之一的，可以解除：\n（一）甲；\n另有下列情形\n（一）依照本法第十一条处理。';
  assert.equal(at(third, '本法第十一条').lead, null);
});

test('a long clause is cut around the citation, which stays whole and marked', () => {
  const text = `${'甲'.repeat(150)}依照民法典第一千一百六十五条的规定${'乙'.repeat(150)}。`;
  const p = at(text, '民法典第一千一百六十五条');
  assert.ok(p.text.length <= 122, `${p.text.length} characters`);
  assert.ok(p.text.startsWith('…') && p.text.endsWith('…'));
  assert.equal(marked(p), '民法典第一千一百六十五条');
});
