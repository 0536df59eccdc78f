/**
 * Documents the library holds only as repealed — the civil interpretations repealed with 民法典 on 2021-01-01, and
 * regulations a later law repealed by name (契税暂行条例 by 契税法) — on a real library holding them and what replaced
 * them: what replaced each, the article that holds a repealed article's text now (found by text, none where the rule
 * was rewritten), the practitioners' names of those interpretations, and where lookups, search, the citation check,
 * its compilation and the app's article route say so. Real SQLite, real FTS5, the real LawRefBook texts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { compilationOfCheck } from '../../main/report/compilation.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { replacedInterpretations, replacementNote, replacementOf } from '../../main/library/versions/replacedBy.js';
import { knownRepeals } from '../../main/library/versions/repealTable.js';
import { saveArticle, savedRow } from '../../main/library/saved/savedArticles.js';
import { savedArticle } from '../../main/library/saved/savedState.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, CORPUS_DIR, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# replaced documents tests ${SKIP}`);

/** The interpretations of the table and those that replaced them, by words of their file names. */
const INTERPRETATION_FILES = /《(?:婚姻法|合同法|担保法|物权法)》若干问题的解释|夫妻债务|劳动争议案件适用法律|建设工程施工合同纠纷案件适用法律问题|《民法典》(?:合同编通则|婚姻家庭编|物权编|有关担保制度|总则编)|名誉权案件|诉讼时效制度/;

/** Interpretations whose rules 民法典 wrote anew: named for the repeal and where to look, with no article holding their text. */
const REWRITTEN = new Set(['最高人民法院关于适用《中华人民共和国民法总则》诉讼时效制度若干问题的解释', '最高人民法院关于审理名誉权案件若干问题的解答', '最高人民法院关于审理名誉权案件若干问题的解释']);

function interpretationFiles(): string[] {
  if (SKIP) return [];
  return fs.readdirSync(path.join(CORPUS_DIR, '司法解释')).filter((f) => INTERPRETATION_FILES.test(f)).map((f) => `司法解释/${f}`);
}

describe('documents repealed and replaced: where their articles stand now', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({
      files: ['民法典', ...interpretationFiles(), '经济法/契税法(2020-08-11).md', '行政法规/契税暂行条例(2019-03-02).md', '行政法规/公司登记管理条例(2016-02-06).md', '行政法规/市场主体登记管理条例(2021-07-27).md',
        '行政法规/外资企业法实施细则(2014-02-19).md', '行政法规/外商投资法实施条例(2019-12-26).md', '行政法规/印花税暂行条例(2011-01-08).md'],
    });
  });
  after(async () => {
    await lib?.dispose();
  });

  const lookup = (citation: string) => {
    const r = lib.engine.lookup(citation);
    assert.ok(r.ok, `${citation}: ${r.ok ? '' : r.message}`);
    return r.article;
  };

  test('each interpretation of the table is repealed in the library, its replacements in force, and their texts carry some of its articles', () => {
    const table = replacedInterpretations();
    assert.equal(table.length, 18);
    const laws = lib.engine.db.prepare(`SELECT l.title, d.status, a.id AS firstArticle FROM laws l JOIN documents d ON d.law_id = l.id JOIN articles a ON a.document_id = d.id AND a.ordinal = (SELECT MIN(ordinal) FROM articles WHERE document_id = d.id)`).all() as Array<{ title: string; status: string; firstArticle: number }>;
    const byTitle = new Map(laws.map((l) => [l.title, l]));
    for (const entry of table) {
      assert.equal(byTitle.get(entry.title)?.status, 'repealed', entry.title);
      for (const by of entry.by) assert.equal(byTitle.get(by)?.status, 'current', `${entry.title} → ${by}`);
      // Read every article of the repealed document: its replacements hold the text of at least one of them.
      const articles = lib.engine.db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND a.kind = 'article'`).all(entry.title) as Array<{ id: number }>;
      const carried = lib.engine.articles(articles.map((a) => a.id)).map((a) => replacementOf(lib.engine.db, a)).filter((r) => r?.counterpart);
      if (!REWRITTEN.has(entry.title)) assert.ok(carried.length >= 1, `${entry.title}: no article carried into ${entry.by.join('、')}`);
      assert.ok(carried.every((r) => entry.by.includes(r!.counterpart!.lawTitle)), entry.title);
    }
  });

  test('an article whose text went into 民法典, one carried word for word, and one whose rule was rewritten', async () => {
    const changed = replacementOf(lib.engine.db, lookup('合同法解释（二）第26条'));
    assert.equal(changed?.repealedOn, '2021-01-01');
    assert.deepEqual(changed?.repealedBy, { law: '最高人民法院关于废止部分司法解释及相关规范性文件的决定', article: null, number: '法释〔2020〕16号' });
    assert.deepEqual(changed?.by.map((b) => [b.title, b.effectiveDate]), [
      ['最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释', '2023-12-05'],
      ['最高人民法院关于适用《中华人民共和国民法典》总则编若干问题的解释', '2022-03-01'],
      ['中华人民共和国民法典', '2021-01-01'],
    ]);
    assert.deepEqual([changed?.counterpart?.lawTitle, changed?.counterpart?.label, changed?.counterpart?.match], ['中华人民共和国民法典', '第五百三十三条', 'amended']);
    assert.ok(changed?.counterpart?.diff?.some(([op, text]) => op === 1 && text.includes('重新协商')), 'the change shows 民法典 adding renegotiation');
    // 违约金过高 (30%): into 合同编通则解释, which took effect in 2023, and the note says when.
    const penalty = parseJsonOutput<{ replacedBy: { counterpart: { lawTitle: string; label: string } } }>(await runCli(['show', '合同法解释（二）第二十九条', '--json', '--db', lib.dbPath]));
    assert.deepEqual([penalty.replacedBy.counterpart.lawTitle, penalty.replacedBy.counterpart.label], ['最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释', '第六十五条']);
    const same = replacementOf(lib.engine.db, lookup('建工解释（二）第1条'));
    assert.deepEqual([same?.counterpart?.label, same?.counterpart?.match, same?.counterpart?.diff], ['第二条', 'identical', null]);
    // 婚姻法解释（三）第七条 (a house bought by one side's parents) was not carried over: no article is guessed.
    const dropped = replacementOf(lib.engine.db, lookup('婚姻法解释（三）第七条'));
    assert.equal(dropped?.counterpart, null);
    const text = await runCli(['show', '婚姻法解释三第7条', '--db', lib.dbPath]);
    assert.match(text.stdout, /\nThis document was repealed with effect from 2021-01-01 by 《最高人民法院关于废止部分司法解释及相关规范性文件的决定》 \(法释〔2020〕16号\); related rules are now in 《最高人民法院关于适用〈中华人民共和国民法典〉婚姻家庭编的解释（一）》, 《最高人民法院关于适用〈中华人民共和国民法典〉婚姻家庭编的解释（二）》 \(in force from 2025-02-01\), 《中华人民共和国民法典》; none of them holds this article's text \(its rule may have been rewritten or dropped\); look for it in them\.\n/);
    const then = await runCli(['show', '合同法解释（二）第26条', '--as-of', '2020-06-01', '--db', lib.dbPath]);
    assert.match(then.stdout, /\nThis document still applied on 2020-06-01; it was repealed with effect from 2021-01-01 by /);
    const moved = await runCli(['show', '合同法解释（二）第26条', '--changes', '--db', lib.dbPath]);
    assert.match(moved.stdout, /this article's text is now 第五百三十三条 of 《中华人民共和国民法典》 \(amended\)\.\nNow: lexdesk show "中华人民共和国民法典第五百三十三条"\n\nChanges from this article to 第五百三十三条:\n.*\{\+/);
    // An article in force, or of a law with a version in force, has none.
    assert.equal(replacementOf(lib.engine.db, lookup('民法典第533条')), null);
    assert.equal(parseJsonOutput<{ replacedBy: unknown }>(await runCli(['show', '契税法第3条', '--json', '--db', lib.dbPath])).replacedBy, null);
  });

  test('a regulation repealed by name in a later law\'s closing clause, not by its own clause repealing an earlier one', () => {
    // 契税暂行条例 of 1997 itself repealed an earlier text of that name; what repealed it is 契税法's clause.
    const deed = replacementOf(lib.engine.db, lookup('契税暂行条例第三条'));
    assert.deepEqual(deed?.repealedBy, { law: '中华人民共和国契税法', article: '第十六条' });
    assert.equal(deed?.repealedOn, '2021-09-01');
    assert.deepEqual([deed?.counterpart?.lawTitle, deed?.counterpart?.label], ['中华人民共和国契税法', '第三条']);
    // Its commencement clause, which also repeals the earlier text, is carried over by no article of 契税法.
    assert.equal(replacementOf(lib.engine.db, lookup('契税暂行条例第十五条'))?.counterpart, null);
    // An enacting clause reads like every other law's: it names what replaced the document, and no article of it.
    const enacting = replacementOf(lib.engine.db, lookup('外资企业法实施细则第一条'));
    assert.deepEqual([enacting?.repealedBy.law, enacting?.counterpart], ['中华人民共和国外商投资法实施条例', null]);
    assert.equal(replacementOf(lib.engine.db, lookup('外资企业法实施细则第二条'))?.by[0]?.title, '中华人民共和国外商投资法实施条例');
    const company = replacementOf(lib.engine.db, lookup('公司登记管理条例第二条'));
    assert.deepEqual([company?.repealedBy.law, company?.repealedOn, company?.by.map((b) => b.title)], ['中华人民共和国市场主体登记管理条例', '2022-03-01', ['中华人民共和国市场主体登记管理条例']]);
  });

  test('the practitioners\' names of those interpretations resolve, and a number listed after one is read as its', () => {
    assert.equal(lookup('婚姻法解释（二）第二十四条').lawTitle, '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）');
    assert.equal(lookup('婚姻法司法解释三第7条').lawTitle, '最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（三）');
    assert.equal(lookup('担保法解释第44条').lawTitle, '最高人民法院关于适用《中华人民共和国担保法》若干问题的解释');
    assert.equal(lookup('夫妻债务解释第三条').lawTitle, '最高人民法院关于审理涉及夫妻债务纠纷案件适用法律有关问题的解释');
    assert.equal(lookup('物权法解释（一）第15条').lawTitle, '最高人民法院关于适用《中华人民共和国物权法》若干问题的解释（一）');
    // 婚姻法 alone is still the repealed law, answered with 民法典.
    const law = lib.engine.lookup('婚姻法第32条');
    assert.ok(!law.ok && law.code === 'unknown-law' && law.successor?.articles[0]?.label === '第一千零七十九条');
  });

  test('the citation check says what replaced the document and where the article is now; as of a date before the repeal, that it applied then', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const text = '依照合同法解释（二）第二十六条、第二十九条，请求变更合同。\n根据婚姻法解释（二）第二十四条，该债务为夫妻共同债务。';
    const now = checkDraft(resolver, text, '2026-01-01');
    assert.deepEqual(now.citations.map((c) => [c.articleLabel, c.finding]), [['第二十六条', 'check'], ['第二十九条', 'check'], ['第二十四条', 'check']]);
    assert.equal(now.citations[0]!.noteZh, '该文件已由《最高人民法院关于废止部分司法解释及相关规范性文件的决定》（法释〔2020〕16号）废止（2021-01-01起施行）；相关规定现见于《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》（2023-12-05起施行）、《最高人民法院关于适用〈中华人民共和国民法典〉总则编若干问题的解释》（2022-03-01起施行）、《中华人民共和国民法典》；本条内容现见于《中华人民共和国民法典》第五百三十三条（内容有修改）。');
    assert.deepEqual(now.citations[0]!.successor, { topic: '内容有修改', changed: false, articles: [{ articleId: lookup('民法典第533条').id, lawTitle: '中华人民共和国民法典', label: '第五百三十三条' }], replacedDocument: true });
    // 婚姻法解释（二）第二十四条 (a debt in one spouse's name is presumed joint) shares no article's text whole, but the
    // paragraph of 民法典 第一千零六十四条 on debts in one spouse's name matches it best of all: partly carried over.
    assert.match(now.citations[2]!.noteZh!, /；本条内容现见于《中华人民共和国民法典》第一千零六十四条（部分对应）。$/);
    assert.deepEqual(now.citations[2]!.successor?.articles.map((a) => a.label), ['第一千零六十四条']);
    const compiled = compilationOfCheck(lib.engine, now, 'brief.txt');
    assert.deepEqual(compiled.articles.map((a) => a.citation.replace(/（[^（）]*）$/, '')), [
      '《最高人民法院关于适用〈中华人民共和国合同法〉若干问题的解释（二）》第二十六条',
      '《中华人民共和国民法典》第五百三十三条',
      '《最高人民法院关于适用〈中华人民共和国合同法〉若干问题的解释（二）》第二十九条',
      '《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》第六十五条',
      '《最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）》第二十四条',
      '《中华人民共和国民法典》第一千零六十四条',
    ]);
    assert.deepEqual(compiled.articles[1]!.notes, ['文中“合同法解释（二）第二十六条”所引的文件已废止，其条文现见于此条（内容有修改）。']);
    // A matter of 2020: the interpretation applied then; nothing is compiled in the name of what replaced it.
    const then = checkDraft(resolver, text, '2020-06-01');
    assert.match(then.citations[0]!.noteZh!, /^该文件在 2020-06-01 仍然有效，其后已由《最高人民法院关于废止部分司法解释及相关规范性文件的决定》（法释〔2020〕16号）废止（2021-01-01起施行）；相关规定现见于/);
    // In 2022 合同编通则解释 (2023) was no law yet: 第二十九条's article in it is not named, nor compiled.
    const between = checkDraft(resolver, text, '2022-06-01');
    assert.doesNotMatch(between.citations[1]!.noteZh!, /合同编通则/);
    assert.ok(!compilationOfCheck(lib.engine, between, 'brief.txt').articles.some((a) => a.citation.includes('合同编通则')));
    // Before the interpretation existed (it is of 2009), nothing is said of its repeal.
    const before = checkDraft(resolver, text, '1995-01-01');
    assert.ok(before.citations.every((c) => !c.noteZh?.includes('废止部分司法解释') && !c.successor && !c.inForceThen), JSON.stringify(before.citations.map((c) => c.noteZh)));
    assert.ok(then.citations.every((c) => c.inForceThen));
    assert.equal(compilationOfCheck(lib.engine, then, 'brief.txt').articles.length, 3);
  });

  test('search cites the article holding the text now; the app\'s article view says what replaced the document', async () => {
    const cited = lib.engine.search('合同法解释（二）第26条', { limit: 3 });
    assert.deepEqual(cited.slice(0, 2).map((h) => [h.article.label, h.matchedBy]), [['第二十六条', 'citation'], ['第五百三十三条', 'citation']]);
    const before2021 = lib.engine.search('合同法解释（二）第26条', { limit: 3, filters: { asOf: '2020-06-01' } });
    assert.ok(!before2021.some((h) => h.article.label === '第五百三十三条' && h.matchedBy === 'citation'), '民法典 was no law in 2020');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-replaced-'));
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const shown = await api.call('statute.article', { id: lookup('契税暂行条例第三条').id });
    assert.ok(shown.ok, JSON.stringify(shown));
    const detail = shown.data as { replacedBy: { note: { zh: string }; counterpart: { label: string; lawTitle: string } } | null };
    assert.equal(detail.replacedBy?.note.zh, '该文件已由《中华人民共和国契税法》第十六条废止（2021-09-01起施行）；相关规定现见于《中华人民共和国契税法》；本条内容现见于《中华人民共和国契税法》第三条（部分对应）。');
    assert.deepEqual(detail.replacedBy?.counterpart && [detail.replacedBy.counterpart.lawTitle, detail.replacedBy.counterpart.label], ['中华人民共和国契税法', '第三条']);
    const current = await api.call('statute.article', { id: lookup('契税法第3条').id });
    assert.equal(current.ok ? (current.data as { replacedBy: unknown }).replacedBy : 'failed', null);
    // Dated: in force until its repeal took effect, repealed after; the date filter alone would keep it in force.
    const dated = async (id: number, asOf: string) => {
      const opened = await api.call('statute.article', { id, asOf });
      assert.ok(opened.ok, JSON.stringify(opened));
      return (opened.data as { onDate?: { standing: string } }).onDate?.standing;
    };
    const deed = lookup('契税暂行条例第三条').id;
    const marriage = lookup('婚姻法解释（三）第七条').id;
    assert.deepEqual([await dated(deed, '2021-08-31'), await dated(deed, '2021-09-01'), await dated(marriage, '2020-12-31'), await dated(marriage, '2021-01-01')], ['in-force', 'repealed', 'in-force', 'repealed']);
    // A dated search leaves a document out from its repeal on, as it leaves out a version not yet in force.
    const found = (asOf: string) => lib.engine.search('契税 纳税义务发生时间', { filters: { asOf }, limit: 20 }).map((h) => h.article.lawTitle);
    assert.ok(found('2021-08-31').includes('中华人民共和国契税暂行条例'));
    assert.ok(!found('2021-09-01').includes('中华人民共和国契税暂行条例'));
    assert.ok(found('2021-09-01').includes('中华人民共和国契税法'));
    const show = await runCli(['show', '契税暂行条例第三条', '--as-of', '2022-01-01', '--db', lib.dbPath]);
    assert.match(show.stdout, /\n行政法规 · 已废止 · 2022-01-01 已废止 · 公布 2019-03-02/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a document LawRefBook files as in force that a law the library holds repealed: repealed from that day, on every path', async () => {
    // 印花税法 第二十条 repealed 印花税暂行条例 from 2022-07-01; LawRefBook files the regulation as in force.
    const filed = lib.engine.db.prepare(`SELECT d.status FROM documents d JOIN laws l ON l.id = d.law_id WHERE l.title = '中华人民共和国印花税暂行条例'`).pluck().get();
    assert.equal(filed, 'current', 'as the source files it');
    const before = lib.engine.search('印花税 应纳税额 计算 凭证', { limit: 10 });
    assert.ok(before.some((h) => h.article.lawTitle === '中华人民共和国印花税暂行条例'), 'without the repealing law, nothing says otherwise');
    // The repealing law imported: the regulation reads 已废止, with what repealed it, and searches leave it out.
    const extra = await buildLibrary({ files: ['行政法规/印花税暂行条例(2011-01-08).md', '经济法/印花税法(2021-06-10).md'] });
    try {
      const reg = extra.engine.lookup('印花税暂行条例第三条');
      assert.ok(reg.ok);
      assert.equal(reg.article.status, 'repealed');
      assert.deepEqual([...knownRepeals(extra.engine.db).values()], ['2022-07-01']);
      assert.match(replacementNote(replacementOf(extra.engine.db, reg.article)!)?.zh ?? '', /^该文件已由《中华人民共和国印花税法》第二十条废止（2022-07-01起施行）/);
      const titles = (filters = {}) => extra.engine.search('印花税 应纳税额 计算 凭证', { limit: 10, filters }).map((h) => h.article.lawTitle);
      assert.ok(!titles().includes('中华人民共和国印花税暂行条例'), 'not in force today');
      assert.ok(titles({ asOf: '2022-06-30' }).includes('中华人民共和国印花税暂行条例'), 'in force the day before');
      assert.ok(!titles({ asOf: '2022-07-01' }).includes('中华人民共和国印花税暂行条例'));
      const shown = await runCli(['show', '印花税暂行条例第三条', '--db', extra.dbPath]);
      assert.match(shown.stdout, /\n行政法规 · 已废止 · 公布 2011-01-08/);
      assert.match(shown.stdout, /This document was repealed by 《中华人民共和国印花税法》第二十条 with effect from 2022-07-01/);
      // Saved, it says what repealed it and from when.
      const { id } = saveArticle(extra.engine.db, reg.article);
      const saved = savedArticle(extra.engine.db, savedRow(extra.engine.db, id));
      assert.equal(saved.state, 'repealed');
      assert.match(saved.messageZh, /^该文件已由《中华人民共和国印花税法》第二十条废止（2022-07-01起施行）/);
      // The library's counts leave its articles out of those in force.
      const inForce = extra.engine.db.prepare(`SELECT COUNT(*) FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = '中华人民共和国印花税法'`).pluck().get() as number;
      assert.equal(extra.engine.counts().currentArticles, inForce);
    } finally {
      await extra.dispose();
    }
  });
});
