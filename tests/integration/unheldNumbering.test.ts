/**
 * Citations of the 2012 刑事诉讼法, a text LawRefBook lacks (it holds the 2018 revision), and of the 2012 刑诉法解释: each
 * entry of unheldNumbering.ts checked against the documents it names (the 2012 and 2021 刑诉法解释, the 检察院 rules of
 * 2012 and 2019, the 2015 刑事赔偿解释), and a brief's citation checked as `lexdesk check` reads it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { openDatabase } from '../../main/db/open.js';
import { UNHELD_ARTICLES, unheldArticle } from '../../main/library/versions/unheldNumbering.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const CPL = '中华人民共和国刑事诉讼法';

describe('the 2012 numbering of 刑事诉讼法, and its 2012 解释', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({
      files: [
        '诉讼与非诉讼程序法/刑事诉讼法(2018-10-26).md',
        '司法解释/最高人民法院关于适用《刑事诉讼法》的解释(2012-12-20).md',
        '司法解释/最高人民法院关于适用《刑事诉讼法》的解释(2021-01-26).md',
        '司法解释/人民检察院刑事诉讼规则（试行）(2012-11-22).md',
        '司法解释/人民检察院刑事诉讼规则(2019-12-02).md',
        '司法解释/最高人民法院、最高人民检察院关于办理刑事赔偿案件适用法律若干问题的解释(2015-12-28).md',
      ],
    });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('every entry is vouched for by the texts it names: the old number cited then, the new one since, and the new article held', () => {
    const db = openDatabase(lib.dbPath, { readonly: true });
    try {
      const text = db.prepare(`SELECT a.text FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
        WHERE l.title = ? AND d.publish_date = ? AND a.label = ?`).pluck();
      const seen = new Set<string>();
      for (const u of UNHELD_ARTICLES) {
        assert.ok(!seen.has(u.label), `listed twice: ${u.label}`);
        seen.add(u.label);
        const then = text.get(u.evidence.then.law, u.evidence.then.version, u.evidence.then.label) as string | undefined;
        const since = text.get(u.evidence.since.law, u.evidence.since.version, u.evidence.since.label) as string | undefined;
        assert.ok(then && since, `${u.label}: evidence not in the library`);
        assert.ok(then.includes(`刑事诉讼法${u.label}`) || then.includes(`刑事诉讼法第十五条、${u.label}`), `${u.label}: ${u.evidence.then.label} does not cite it`);
        assert.ok(since.includes(`刑事诉讼法${u.now.label}`), `${u.now.label}: ${u.evidence.since.label} does not cite it`);
        assert.ok(text.get(CPL, u.now.version, u.now.label), `${u.now.label} is not in the ${u.now.version} text`);
      }
      assert.ok(UNHELD_ARTICLES.length >= 20);
    } finally {
      db.close();
    }
  });

  test('a 2012 citation is read where its provision is now: named by year, or as of a date the 2012 text governed', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const brief = [
      '依据2012年刑事诉讼法第一百七十三条第二款，对于犯罪情节轻微，依照刑法规定不需要判处刑罚或者免除刑罚的，人民检察院可以作出不起诉决定。',
      '依据《中华人民共和国刑事诉讼法》（2012年修正）第七十九条，对有证据证明有犯罪事实的犯罪嫌疑人应当予以逮捕。',
      '依据2012年刑事诉讼法第一百零五条，被害人可以提出附带民事诉讼。',
    ].join('\n');
    const r = checkDraft(resolver, brief, '2026-11-27');
    assert.deepEqual(r.citations.map((c) => [c.marker, c.finding, c.articleLabel]), [
      ['2012年刑事诉讼法第一百七十三条第二款', 'check', '第一百七十七条'],
      ['《中华人民共和国刑事诉讼法》（2012年修正）第七十九条', 'check', '第八十一条'],
      ['2012年刑事诉讼法第一百零五条', 'check', '第一百零五条'],
    ], 'a number no text here vouches for is read in the first text held, as any older year is (olderYearText.ts)');
    assert.equal(r.citations[0]!.noteZh, '法规库中没有该法 2012 年的文本（2013-01-01 至 2018-10-26 施行）；该文本的第一百七十三条（不起诉）在 2018-10-26 版中为第一百七十七条，按该条核对');
    assert.deepEqual(r.citations[0]!.citedSpans.length, 1, 'its 第二款 marked in 第一百七十七条');
    assert.equal(r.citations[0]!.closer, undefined, 'the words fit 第一百七十七条: no mismatch said');
    // It says the text of that year is not here and the number may have meant another provision then; here the words
    // (附带民事诉讼) do not fit 2018's 第一百零五条 (期间), and it says so.
    assert.match(r.citations[2]!.noteZh!, /文中引用的是该法 2012-03-14 修正的文本，法规库中没有.*条号和内容可能与当时不同/);
    assert.match(r.citations[2]!.noteZh!, /文中此处所述与该条内容不符/);
    // A brief of 2016 citing the number of its time, no year named: the same; today, 2018's 第一百七十三条 as before.
    const then = checkDraft(resolver, '依据刑事诉讼法第一百七十三条第二款，人民检察院可以作出不起诉决定。', '2016-03-01');
    assert.deepEqual(then.citations.map((c) => [c.finding, c.articleLabel]), [['check', '第一百七十七条']]);
    const now = checkDraft(resolver, '依据刑事诉讼法第一百七十三条，人民检察院审查案件，应当讯问犯罪嫌疑人。', '2026-11-27');
    assert.deepEqual(now.citations.map((c) => [c.finding, c.articleLabel]), [['ok', '第一百七十三条']]);
    assert.equal(unheldArticle(CPL, '第一百七十三条', { year: null, asOf: '2019-01-01' }), null, 'after 2018-10-26 the text held governs');
    // show and the app's lookup, which show no other version's article in its place, say where it is.
    const shown = lib.engine.lookup('2012年刑事诉讼法第一百七十三条');
    assert.ok(!shown.ok);
    assert.equal(shown.messageZh, '中华人民共和国刑事诉讼法没有与引用所写的年份（2012年）对应的版本；该年文本的第一百七十三条（不起诉）在 2018-10-26 版中为第一百七十七条；现有版本见下。');
  });

  test('2012 刑诉法解释 第九十五条 is 2021 第一百二十三条, with 第一百二十六条 beside it (its second 款 went there)', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const r = checkDraft(resolver, '根据《最高人民法院关于适用〈中华人民共和国刑事诉讼法〉的解释》（2012年）第九十五条，使用肉刑或者变相肉刑迫使被告人违背意愿供述的，属于刑讯逼供等非法方法。', '2026-11-27');
    assert.equal(r.citations[0]!.finding, 'check');
    assert.match(r.citations[0]!.noteZh!, /2021-01-26 版中第一百二十三条含其部分内容/);
    const old = lib.engine.lookup('刑诉法解释第九十五条', { version: '2012-12-20' });
    assert.ok(old.ok);
    const there = lib.engine.context(old.article).versions.find((v) => v.publishDate === '2021-01-26');
    assert.deepEqual([there?.label, there?.also.map((a) => a.label)], ['第一百二十三条', ['第一百二十六条']]);
    // Its second 款 cited alone is read by its text: 第一百二十六条.
    const second = checkDraft(resolver, '《最高人民法院关于适用〈中华人民共和国刑事诉讼法〉的解释》（2012年）第九十五条第二款', '2026-11-27');
    assert.match(second.citations[0]!.noteZh!, /2021-01-26 版中为第一百二十六条，内容有修改/);
  });
});
