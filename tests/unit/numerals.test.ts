import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { chineseToInt, digitsToInt, intToChinese, parseArticleLabel, toAsciiDigits } from '../../preload/contract/numerals.js';

describe('chineseToInt', () => {
  const cases: ReadonlyArray<readonly [string, number]> = [
    ['零', 0],
    ['〇', 0],
    ['一', 1],
    ['两', 2],
    ['九', 9],
    ['十', 10],
    ['一十', 10],
    ['十二', 12],
    ['二十', 20],
    ['二十一', 21],
    ['九十九', 99],
    ['一百', 100],
    ['一百零五', 105],
    ['一百一十', 110],
    ['一百一十二', 112],
    ['两百', 200],
    ['九百九十九', 999],
    ['一千', 1000],
    ['一千零一', 1001],
    ['一千零一十', 1010],
    ['一千〇一', 1001],
    ['一千一百', 1100],
    ['一千一百六十五', 1165],
    ['一千二百六十', 1260],
    ['两千', 2000],
    ['一万', 10000],
    ['十万', 100000],
    ['一万零一', 10001],
    ['一万零一十', 10010],
    ['一万零五百', 10500],
    ['一万五千', 15000],
    ['两万三千四百五十六', 23456],
    ['九万九千九百九十九', 99999],
    ['十二万', 120000],
  ];
  for (const [input, expected] of cases) {
    it(`${input} → ${expected}`, () => assert.equal(chineseToInt(input), expected));
  }

  it('accepts ASCII and full-width digits', () => {
    assert.equal(chineseToInt('1165'), 1165);
    assert.equal(chineseToInt('１１６５'), 1165);
    assert.equal(chineseToInt('0'), 0);
    assert.equal(chineseToInt('007'), 7);
    assert.equal(chineseToInt(' 38 '), 38);
  });

  const invalid = [
    '',
    '   ',
    '一二',
    '零五',
    '零零',
    '一百零',
    '一零',
    '百',
    '千五',
    '一百五',
    '一千五十',
    '一百十二',
    '一十零一',
    '一百零五十',
    '万',
    '一万万',
    '一万零五千',
    '十十',
    '百一',
    '一千二千',
    'abc',
    '12三',
    '第一',
    '一.5',
    '-5',
    '1 2',
    '1234567890123456',
  ];
  for (const input of invalid) {
    it(`rejects ${JSON.stringify(input)}`, () => assert.equal(chineseToInt(input), null));
  }
});

describe('intToChinese', () => {
  const cases: ReadonlyArray<readonly [number, string]> = [
    [1, '一'],
    [10, '十'],
    [11, '十一'],
    [20, '二十'],
    [100, '一百'],
    [101, '一百零一'],
    [105, '一百零五'],
    [110, '一百一十'],
    [1000, '一千'],
    [1001, '一千零一'],
    [1010, '一千零一十'],
    [1100, '一千一百'],
    [1165, '一千一百六十五'],
    [1260, '一千二百六十'],
    [2000, '二千'],
    [10000, '一万'],
    [10001, '一万零一'],
    [10010, '一万零一十'],
    [10100, '一万零一百'],
    [11000, '一万一千'],
    [99999, '九万九千九百九十九'],
  ];
  for (const [input, expected] of cases) {
    it(`${input} → ${expected}`, () => assert.equal(intToChinese(input), expected));
  }

  it('throws a RangeError outside 0 < n < 100000', () => {
    for (const bad of [0, -1, 100000, 1.5, Number.NaN]) {
      assert.throws(() => intToChinese(bad), RangeError);
    }
  });

  it('round-trips with chineseToInt over 1..3000', () => {
    for (let n = 1; n <= 3000; n++) {
      assert.equal(chineseToInt(intToChinese(n)), n, `round trip of ${n} (${intToChinese(n)})`);
    }
  });

  it('round-trips a sample of five-digit numbers', () => {
    for (let n = 3001; n < 100000; n += 97) {
      assert.equal(chineseToInt(intToChinese(n)), n, `round trip of ${n}`);
    }
  });
});

describe('parseArticleLabel', () => {
  it('parses plain Chinese labels', () => {
    assert.deepEqual(parseArticleLabel('第一千一百六十五条'), { number: 1165, subNumber: 0 });
    assert.deepEqual(parseArticleLabel('第一条'), { number: 1, subNumber: 0 });
    assert.deepEqual(parseArticleLabel('第十条'), { number: 10, subNumber: 0 });
  });

  it('parses 之X sub-articles', () => {
    assert.deepEqual(parseArticleLabel('第四十二条之一'), { number: 42, subNumber: 1 });
    assert.deepEqual(parseArticleLabel('第一百三十三条之二'), { number: 133, subNumber: 2 });
    assert.deepEqual(parseArticleLabel('第133条之二'), { number: 133, subNumber: 2 });
  });

  it('parses digit labels and tolerates spaces', () => {
    assert.deepEqual(parseArticleLabel('第 38 条'), { number: 38, subNumber: 0 });
    assert.deepEqual(parseArticleLabel('第３８条'), { number: 38, subNumber: 0 });
    assert.deepEqual(parseArticleLabel('  第一百二十八 条 '), { number: 128, subNumber: 0 });
  });

  it('rejects anything else', () => {
    for (const bad of ['', '第条', '第零条', '第一二条', '一条', '第一章', '第五条之', '第五条之零', '第五条 本法', 'Article 5', '第五条之一二']) {
      assert.equal(parseArticleLabel(bad), null, bad);
    }
  });
});

describe('toAsciiDigits', () => {
  it('converts full-width digits only', () => {
    assert.equal(toAsciiDigits('第１２条 ab'), '第12条 ab');
  });
});

describe('digitsToInt: numbers written digit by digit, as years are', () => {
  it('reads Chinese, ASCII, full-width and mixed digits, with every written zero', () => {
    assert.equal(digitsToInt('二〇二四'), 2024);
    assert.equal(digitsToInt('二○一八'), 2018);
    assert.equal(digitsToInt('二零零九'), 2009);
    assert.equal(digitsToInt('２０１８'), 2018);
    assert.equal(digitsToInt('2018'), 2018);
    assert.equal(digitsToInt('二0二四'), 2024);
    assert.equal(digitsToInt('一〇八七'), 1087);
  });

  it('refuses units, other characters and empty input', () => {
    for (const bad of ['', '二千零二十四', '一百', '20一8年', '2 018', 'abcd', '十']) assert.equal(digitsToInt(bad), null, bad);
  });
});
