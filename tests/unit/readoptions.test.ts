import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseLawMarkdown } from '../../main/library/lawRefBook/parseMarkdown.js';
import { readoptionsAsAmendments } from '../../main/library/lawRefBook/readoptions.js';
import { NEEDS_SHARED, SHARED_CORPUS } from '../helpers/corpusSubset.js';
import { isFootnote } from '../../main/library/lawRefBook/footnotes.js';

const read = (rel: string) => parseLawMarkdown(readFileSync(path.join(SHARED_CORPUS, rel), 'utf8'));

describe('a judicial interpretation adopted again by its committee reads as amended', () => {
  test('民诉法解释 of 2022: adopted 2014, amended 2020 and 2022', { skip: NEEDS_SHARED }, () => {
    const doc = read('司法解释/最高人民法院关于适用《民事诉讼法》的解释(2022-04-01).md');
    const events = doc.history.filter((h) => !/施行/.test(h.event)).map((h) => `${h.date} ${h.event}`);
    assert.deepEqual(events, [
      '2014-12-18 最高人民法院审判委员会第1636次会议通过',
      '2020-12-23 最高人民法院审判委员会第1823次会议修正',
      '2022-03-22 最高人民法院审判委员会第1866次会议第二次修正',
    ]);
  });

  test('a joint adoption over two lines stays one adoption; its later joint adoption is an amendment', () => {
    const out = readoptionsAsAmendments([
      { date: '2018-09-03', event: '最高人民法院审判委员会第1747次会议' },
      { date: '2018-12-12', event: '最高人民检察院第十三届检察委员会第十一次会议通过' },
      { date: '2021-01-01', event: '最高人民法院审判委员会第1900次会议、2021年1月5日最高人民检察院第十三届检察委员会第六十次会议通过' },
      { date: '2021-02-01', event: '施行' },
    ]).map((h) => h.event);
    assert.equal(out[1], '最高人民检察院第十三届检察委员会第十一次会议通过');
    assert.match(out[2]!, /第六十次会议修正$/);
    assert.equal(out[3], '施行');
  });

  test('a law adopted by the standing committee and amended by decision is left as it is', () => {
    const history = [
      { date: '2007-06-29', event: '第十届全国人民代表大会常务委员会第二十八次会议通过' },
      { date: '2012-12-28', event: '第十一届全国人民代表大会常务委员会第三十次会议《关于修改〈中华人民共和国劳动合同法〉的决定》修正' },
    ];
    assert.deepEqual(readoptionsAsAmendments(history), history);
  });
});

describe('the collection\'s footnotes under an article', () => {
  test('「① 」 with a space is a footnote; a list item 「①达到…」 is not', () => {
    assert.equal(isFootnote('① 刑法、历次刑法修正案、涉及修改刑法的决定的施行日期，分别依据各法律所规定的施行日期确定。'), true);
    assert.equal(isFootnote('①达到最大分辨率时的最长转换时间小于20微秒'), false);
    assert.equal(isFootnote('本法自1997年10月1日起施行。'), false);
  });

  test('刑法.md: 第四百五十二条 has three 款 and the footnote apart', { skip: NEEDS_SHARED }, () => {
    const doc = read('刑法/刑法.md');
    const article = doc.articles.find((a) => a.label === '第四百五十二条')!;
    assert.equal(article.paragraphs.length, 3);
    assert.equal(article.notes?.length, 1);
    assert.ok(!article.text.includes('①'));
    assert.equal(doc.articles.filter((a) => a.notes).length, 1);
  });
});
