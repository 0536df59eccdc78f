/**
 * Statutory limits read from a sentence and from articles (draftAmounts.ts): Chinese and Arabic numerals, 万 and 亿
 * inside them, 元 and 倍, and a limit said not to fit only against another limit of the same kind and side.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { limitMismatches, numberOf, sentenceAround, statedLimits } from '../../main/consult/draftAmounts.js';

describe('statutory limits in a text', () => {
  test('numbers as briefs and statutes write them', () => {
    assert.equal(numberOf('五百万'), 5_000_000);
    assert.equal(numberOf('三百'), 300);
    assert.equal(numberOf('十'), 10);
    assert.equal(numberOf('一万'), 10_000);
    assert.equal(numberOf('1.5万'), 15_000);
    assert.equal(numberOf('500'), 500);
    assert.equal(numberOf('两亿'), 200_000_000);
    assert.ok(Number.isNaN(numberOf('若干')));
  });

  test('limits are amounts or multiples followed by 以下, 以上 or 以内; a sum claimed is none', () => {
    assert.deepEqual(statedLimits('判决给予五百元以上五百万元以下的赔偿').map((l) => [l.written, l.unit, l.side, l.value]), [
      ['五百元以上', '元', 'above', 500],
      ['五百万元以下', '元', 'below', 5_000_000],
    ]);
    assert.deepEqual(statedLimits('一倍以上五倍以下确定赔偿数额').map((l) => l.written), ['一倍以上', '五倍以下']);
    assert.deepEqual(statedLimits('原告主张赔偿100万元及合理开支'), []);
  });

  test('a limit fits when an article states it; it is wrong only beside another of the same kind', () => {
    const article = '由人民法院根据侵权行为的情节判决给予五百万元以下的赔偿。对恶意侵犯商标专用权，情节严重的，可以在按照上述方法确定数额的一倍以上五倍以下确定赔偿数额。';
    assert.deepEqual(limitMismatches('判决给予三百万元以下的赔偿', [article]), [{ written: '三百万元以下', stated: ['五百万元以下'] }]);
    assert.deepEqual(limitMismatches('可以在一倍以上三倍以下确定赔偿数额', [article]), [{ written: '三倍以下', stated: ['五倍以下'] }]);
    assert.deepEqual(limitMismatches('判决给予五百万元以下的赔偿', [article]), []);
    // An article with no limit of that kind says nothing of the figure; another article of the sentence may hold it.
    assert.deepEqual(limitMismatches('处五万元以下罚款', ['为保护著作权，权利人可以采取技术措施。']), []);
    assert.deepEqual(limitMismatches('判决给予三百万元以下的赔偿', [article, '给予三百万元以下的赔偿']), []);
    // A floor is most often a threshold of the text's own, not the article's range restated: not compared.
    assert.deepEqual(limitMismatches('数额在五十万元以上的，应当认定为刑法第一百九十六条规定的“数额巨大”', ['处五年以下有期徒刑或者拘役，并处二万元以上二十万元以下罚金']), []);
  });

  test('the sentence around a citation runs between 。；！？ and line breaks', () => {
    const text = '侵权成立。法院判决给予三百万元以下的赔偿（《商标法》第六十三条第三款）。另查明。';
    const at = text.indexOf('《商标法》');
    const s = sentenceAround(text, at, at + 12);
    assert.equal(text.slice(s.start, s.end), '法院判决给予三百万元以下的赔偿（《商标法》第六十三条第三款）');
  });
});

describe('caps in a consultation answer', () => {
  test('a cap beside a written citation or its [n] that the article does not state is said once per citation', async () => {
    const { answerLimitNotes } = await import('../../main/consult/answerLimits.js');
    const text = '由人民法院根据侵权行为的情节判决给予五百万元以下的赔偿。对恶意侵犯商标专用权，情节严重的，可以在按照上述方法确定数额的一倍以上五倍以下确定赔偿数额。';
    const answer = '可以在一倍以上五倍以下确定赔偿数额[6]。依照《商标法》第六十三条第三款，难以确定的，由人民法院判决给予三百万元以下的赔偿。';
    const notes = answerLimitNotes(answer, [
      { marker: '[6]', articleId: 1, text },
      { marker: '《商标法》第六十三条第三款', articleId: 1, text },
      { marker: '《商标法》第六十三条第三款', articleId: 1, text },
    ]);
    assert.deepEqual(notes.map((n) => [n.marker, n.zh]), [['《商标法》第六十三条第三款', '回答所写「三百万元以下」与该条不符（该条为「五百万元以下」）；修改前的文本可能是这一数额，请核对所依据的版本']]);
    assert.deepEqual(answerLimitNotes(null, [{ marker: '[1]', articleId: 1, text }]), []);
  });
});
