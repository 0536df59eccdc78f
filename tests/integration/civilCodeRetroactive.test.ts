/**
 * 民法典 articles the time-effect interpretation applies to facts before 2021-01-01 (civilCodeRetroactive.ts): a brief
 * of a typed will made in 2020 citing 第一千一百三十六条 is told the interpretation's 第十五条, quoted from the library, on
 * the real files; other articles, later dates and a library without the interpretation say nothing of it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# civil code retroactive tests ${SKIP}`);

const TIME_EFFECT = '司法解释/最高人民法院关于适用《民法典》时间效力的若干规定(2020-12-29).md';
const BRIEF = '被继承人于2020年10月以电脑打印方式立遗嘱，依据《民法典》第一千一百三十六条，打印遗嘱应当有两个以上见证人在场见证。\n另依《民法典》第一千一百四十一条保留必要的遗产份额。\n侄子依据《民法典》第一千一百二十八条第二款代位继承。';

describe('民法典 articles applied to facts before it', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let without: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['民法典', TIME_EFFECT] });
    without = await buildLibrary({ files: ['民法典'] });
  });
  after(async () => {
    await lib?.dispose();
    await without?.dispose();
  });

  const check = (l: TempLibrary, asOf: string) => checkDraft(l.engine.searchDeps().resolver, BRIEF, asOf).citations;

  test('as of 2020: 第一千一百三十六条 and 第一千一百二十八条 name the interpretation\'s article that applies them, quoted; 第一千一百四十一条 does not', () => {
    const [typed, heir, nephew] = check(lib, '2020-10-01');
    assert.match(typed!.noteZh ?? '', /在 2020-10-01 尚未施行；但《最高人民法院关于适用〈中华人民共和国民法典〉时间效力的若干规定》第十五条规定：“民法典施行前，遗嘱人以打印方式立的遗嘱，.*适用民法典第一千一百三十六条的规定，但是遗产已经在民法典施行前处理完毕的除外。”该日的事实可能适用本条/);
    assert.match(nephew!.noteZh ?? '', /第十四条规定：“被继承人在民法典施行前死亡/);
    assert.doesNotMatch(heir!.noteZh ?? '', /时间效力/);
    assert.equal(typed!.finding, 'check');
  });

  test('from 2021 on, or without the interpretation in the library, nothing of it is said', () => {
    for (const c of check(lib, '2026-12-01')) assert.doesNotMatch(c.noteZh ?? '', /时间效力/);
    const [typed] = check(without, '2020-10-01');
    assert.match(typed!.noteZh ?? '', /尚未施行/);
    assert.doesNotMatch(typed!.noteZh ?? '', /时间效力/);
  });
});
