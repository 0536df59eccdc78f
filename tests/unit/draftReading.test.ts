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

test('lines that only look alike are not joined', () => {
  for (const draft of [
    '《中华人民共和国劳动合同法》\n第一条 为了完善劳动合同制度，制定本法。',
    '依据《劳动合同法》\n第十条 争议解决',
    '双方签订的《劳动合同》\n第五条约定了工作地点。',
    '见《劳动合同法。\n第三十八条》',
    '名列第\n一名',
    '共三十\n八条',
    '《劳动合同法》第三十八条\n第四十六条规定了经济补偿。',
  ]) assert.equal(readDraft(draft, names).written, draft, draft);
  // Word's soft line break ends a line for the parser as a paragraph does.
  assert.equal(readDraft('《劳动合同法》第三十八条\u2028第十条 争议解决', names).text, '《劳动合同法》第三十八条\n第十条 争议解决');
});
