/** What changed between two versions of a provision, and how alike two provisions are. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffTexts, type DiffPart } from '../../main/library/versions/textDiff.js';
import { pairCover, pairOverlap, textPairs } from '../../main/library/versions/textPairs.js';

const side = (parts: DiffPart[], keep: -1 | 1) => parts.filter(([op]) => op === 0 || op === keep).map(([, t]) => t).join('');

test('the diff gives back both texts, marks what was removed and added, and nothing for the same text', () => {
  // 公司法 第二十条 (2018) against 第二十一条 (2023): the veil-piercing sentence left for 第二十三条.
  const before = '公司股东应当遵守法律、行政法规和公司章程，依法行使股东权利，不得滥用股东权利损害公司或者其他股东的利益；不得滥用公司法人独立地位和股东有限责任损害公司债权人的利益。\n公司股东滥用股东权利给公司或者其他股东造成损失的，应当依法承担赔偿责任。';
  const after = '公司股东应当遵守法律、行政法规和公司章程，依法行使股东权利，不得滥用股东权利损害公司或者其他股东的利益。\n公司股东滥用股东权利给公司或者其他股东造成损失的，应当承担赔偿责任。';
  const parts = diffTexts(before, after);
  assert.equal(side(parts, -1), before);
  assert.equal(side(parts, 1), after);
  assert.deepEqual(parts.filter(([op]) => op === -1).map(([, t]) => t), ['；不得滥用公司法人独立地位和股东有限责任损害公司债权人的利益', '依法']);
  assert.deepEqual(parts.filter(([op]) => op === 1), []);
  assert.deepEqual(diffTexts(after, after), [[0, after]]);
  assert.deepEqual(diffTexts('', '新增'), [[1, '新增']]);
  assert.deepEqual(diffTexts('删去', ''), [[-1, '删去']]);
});

test('a shared run of one or two characters between two changes joins them, so a rewording reads as one replacement', () => {
  const parts = diffTexts('由董事长、执行董事或者经理担任', '由代表公司执行公司事务的董事或者经理担任');
  assert.equal(side(parts, -1), '由董事长、执行董事或者经理担任');
  assert.equal(side(parts, 1), '由代表公司执行公司事务的董事或者经理担任');
  // Without folding, 执行 would stand alone between the two changes.
  assert.deepEqual(parts, [[0, '由'], [-1, '董事长、执行'], [1, '代表公司执行公司事务的'], [0, '董事或者经理担任']]);
});

test('a character written as two UTF-16 units is never cut in half, and very long texts are compared line by line', () => {
  const parts = diffTexts('甲𠀀乙', '甲𠀁乙');
  for (const [, text] of parts) assert.ok(!/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(text), JSON.stringify(parts));
  assert.equal(side(parts, 1), '甲𠀁乙');
  const long = Array.from({ length: 60 }, (_, i) => `第${i}行${'条文内容'.repeat(10)}\n`).join('');
  const changed = long.replace('第30行', '第三十行');
  const lines = diffTexts(long, changed);
  assert.equal(side(lines, -1), long);
  assert.equal(side(lines, 1), changed);
});

test('pair overlap is 1 for the same text and low for another provision; cover finds a text cut out of a longer one', () => {
  const whole = textPairs('公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任。');
  const same = textPairs('公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任');
  const other = textPairs('有限责任公司的股东之间可以相互转让其全部或者部分股权。');
  assert.equal(pairOverlap(whole, same), 1, 'punctuation is left out');
  assert.ok(pairOverlap(whole, other) < 0.2);
  const part = textPairs('逃避债务，严重损害公司债权人利益的');
  assert.equal(pairCover(part, whole), 1);
  assert.ok(pairCover(whole, part) < 0.5);
  assert.equal(pairOverlap(textPairs(''), textPairs('')), 1);
});
