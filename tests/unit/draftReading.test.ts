import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lawAliases, LawNameIndex } from '../../main/library/citation/aliases.js';
import { readDraft } from '../../main/consult/draftReading.js';

const names = new LawNameIndex([{ key: '1', names: lawAliases('中华人民共和国劳动合同法', '劳动合同法') }]);

test('a citation broken across lines is joined: inside 《…》, inside 第…条, between a known law and its article in running text', () => {
  const draft = '依据《中华人民共和国劳动合\n同法》第三十\r\n八条，又依《劳动合同法》\n第四十七条，另见第\n 46 条；\f\n《最高人民法院关于适用《中华人民\n共和国民法典》有关担保制度的解释》';
  const read = readDraft(draft, names);
  assert.equal(read.written, '依据《中华人民共和国劳动合同法》第三十八条，又依《劳动合同法》第四十七条，另见第46 条；\f\n《最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释》');
  assert.equal(read.text, read.written.replace('适用《中华人民共和国民法典》', '适用〈中华人民共和国民法典〉'), 'the inner title in 〈〉, in the text parsed only');
  // Each position of the text read is the same character in the draft as given.
  for (let i = 0; i < read.written.length; i++) assert.equal(draft[read.at(i)], read.written[i], `position ${i}`);
});

test('a title over three lines and a 之一 split from its article are joined, positions kept', () => {
  const draft = [
    '依据《最高人民法院关于审理劳动争议案件',
    '适用法律问题的解释',
    '（一）》第十五条，劳动者可以主张。依照《刑法》第一百三十三条',
    '之一，处拘役。依照《刑法》第二百八十',
    '七条之一处罚。依照《刑法》第一百三十三条之',
    '二处罚。',
  ].join('\r\n');
  const read = readDraft(draft, names);
  assert.equal(read.written, '依据《最高人民法院关于审理劳动争议案件适用法律问题的解释（一）》第十五条，劳动者可以主张。依照《刑法》第一百三十三条之一，处拘役。依照《刑法》第二百八十七条之一处罚。依照《刑法》第一百三十三条之二处罚。');
  for (let i = 0; i < read.written.length; i++) assert.equal(draft[read.at(i)], read.written[i], `position ${i}`);
});

test('lines that only look alike are not joined', () => {
  for (const draft of [
    '《中华人民共和国劳动合同法》\n第一条 为了完善劳动合同制度，制定本法。',
    '依据《劳动合同法》\n第十条 争议解决',
    '双方签订的《劳动合同》\n第五条约定了工作地点。',
    '见《劳动合同法。\n第三十八条》',
    '名列第\n一名',
    '共三十\n八条',
    '《劳动合同法》第三十八条\n第四十六条规定了经济补偿。',
    // A title left open by a paragraph's end, one closed only after a sentence ends, and 之 that begins other words.
    '见《关于审理劳动争议案件\n\n适用法律问题的解释》',
    '见《关于审理劳动争议案件\n的意见。另见\n《劳动合同法》',
    '《劳动合同法》第三十八条\n之后的第四十六条规定了经济补偿。',
    '《劳动合同法》第三十八条\n之规定不适用于本案。',
  ]) assert.equal(readDraft(draft, names).written, draft, draft);
  // Word's soft line break ends a line for the parser as a paragraph does.
  assert.equal(readDraft('《劳动合同法》第三十八条\u2028第十条 争议解决', names).text, '《劳动合同法》第三十八条\n第十条 争议解决');
});
