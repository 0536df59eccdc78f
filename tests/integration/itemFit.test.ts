/**
 * A citation of a 项 its article lacks, given for words of another of its 项 (itemFit.ts): the check names the 项 that
 * holds them beside 「没有第7项」, on 民法典's real text; words that fit no 项 clearly, or a quotation, add nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { itemHolding } from '../../main/library/citation/itemFit.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# item fit tests ${SKIP}`);

describe('the 项 a citation\'s words belong to', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['民法典'] });
  });
  after(async () => {
    await lib?.dispose();
  });

  const check = (text: string) => checkDraft(lib.engine.searchDeps().resolver, text, '2026-12-01').citations;

  test('第一千一百四十七条第（七）项 for 「实施与管理遗产有关的其他必要行为」: its 第（六）项 is named; the citation stays not found', () => {
    const [c] = check('依据《民法典》第一千一百四十七条第（七）项，遗产管理人应当实施与管理遗产有关的其他必要行为。');
    assert.equal(c!.finding, 'unresolvable');
    assert.equal(c!.noteZh, '引用的款或项不存在：第一千一百四十七条只有6项，没有第7项；文中所述内容是第（六）项：「实施与管理遗产有关的其他必要行为。」');
  });

  test('the words of another article\'s 项 find it too; words that fit no 项, or a bare citation, add nothing', () => {
    const civil = lib.engine.lookup('民法典第1062条');
    assert.ok(civil.ok);
    assert.equal(itemHolding(civil.article, '婚后继承或者受赠的财产为夫妻共同财产，但是本法第一千零六十三条第三项规定的除外')?.label, '第（四）项');
    const [bare] = check('七、依据《民法典》第一千零六十二条第一款第（六）项。');
    assert.equal(bare!.noteZh, '引用的款或项不存在：第一千零六十二条第1款只有5项，没有第6项。');
    const [other] = check('依据《民法典》第一千一百四十七条第（七）项，遗产管理人可以请求报酬。');
    assert.doesNotMatch(other!.noteZh ?? '', /文中所述内容/);
  });
});
