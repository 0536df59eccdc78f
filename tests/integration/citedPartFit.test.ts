/**
 * The words beside a citation of a 项 are weighed against that 项 as well as its whole article (itemFit.ts
 * citedPartTexts, topicFit.ts, numberingFit.ts). 行政复议法 (2023) 第十一条 lists fifteen 项; a 复议申请书 citing its
 * 第（十四）项 for 「政府信息公开属于复议范围」 was told the words fit 第五十三条 (简易程序, whose 项 「属于政府信息公开
 * 案件」 shares them) and to check the number — a right citation marked wrong, with a wrong one suggested. On the real
 * LawRefBook texts of 2017 and 2023.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { citedPartTexts } from '../../main/library/citation/itemFit.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# cited part fit tests ${SKIP}`);

describe('a citation of a 项 weighed against that 项', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['诉讼与非诉讼程序法/行政复议法(2017-09-01).md', '诉讼与非诉讼程序法/行政复议法(2023-09-01).md'] });
  });
  after(async () => {
    await lib?.dispose();
  });

  const check = (text: string) => checkDraft(lib.engine.searchDeps().resolver, text, '2026-12-01').citations;
  const SENTENCE = '三、申请人依《中华人民共和国行政复议法》第二十条在知道之日起六十日内提出申请；依《行政复议法》第十一条第（十四）项政府信息公开属于复议范围。';

  test('第十一条第（十四）项 for 政府信息公开: found, no other article suggested', () => {
    const cited = check(SENTENCE).find((c) => c.marker.includes('第十一条'));
    assert.ok(cited);
    assert.equal(cited.finding, 'ok', cited.noteZh ?? undefined);
    assert.doesNotMatch(cited.noteZh ?? '', /第五十三条/);
  });

  test('the wrong 项 for the same words is still marked, as before', () => {
    const cited = check(SENTENCE.replace('第（十四）项', '第（一）项')).find((c) => c.marker.includes('第十一条'));
    assert.ok(cited);
    assert.equal(cited.finding, 'check');
    assert.match(cited.noteZh ?? '', /与该法第五十三条相符/);
  });

  test('citedPartTexts: a 项 named without its 款 is read in the one 款 with 项; a 款 named whole takes its 项', () => {
    const looked = lib.engine.lookup('行政复议法第11条');
    assert.ok(looked.ok);
    assert.deepEqual(citedPartTexts(looked.article, [{ paragraph: null, items: [14] }]), ['认为行政机关在政府信息公开工作中侵犯其合法权益；']);
    const whole = citedPartTexts(looked.article, [{ paragraph: 1, items: [] }]);
    assert.equal(whole.length, 1);
    assert.match(whole[0]!, /^有下列情形之一的.*政府信息公开工作中.*其他行政行为侵犯其合法权益。$/s);
    assert.deepEqual(citedPartTexts(looked.article, [{ paragraph: 2, items: [] }, { paragraph: null, items: [99] }]), []);
  });
});
