/**
 * Saved articles kept for a 款 (收藏 of 公司法第二十条第三款) on a real SQLite library: the part is stored, named in every
 * list, export and route, and followed by its own words through a revision that splits the article (2018 第二十条第三款
 * is 2023's 第二十三条第一款, the rest of 第二十条 its 第二十一条). A JSONL collection written here gives the two versions.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { saveArticle, savedArticles, savedFoldersOf, savedRows, type SavedArticle } from '../../main/library/saved/index.js';
import { compilationMarkdown, compilationOfSaved } from '../../main/report/compilation.js';
import type { StatuteArticle } from '../../main/library/articles.js';
import type { ArticleDetailDto, CitedArticlesDto } from '../../preload/contract/index.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';

const LAW = '测试款项法';
const line = (publish: string, article: string, paragraphs: string[]) => JSON.stringify({ law: LAW, article, text: paragraphs.join('\n'), publish });
const VEIL = '股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任。';
const A = [
  line('2020-01-01', '第一条', ['为了规范测试款项活动，制定本法。']),
  line('2020-01-01', '第二条', [
    '股东应当遵守法律和公司章程，依法行使股东权利，不得滥用股东权利损害公司或者其他股东的利益。',
    '股东滥用股东权利给公司或者其他股东造成损失的，应当依法承担赔偿责任。',
    VEIL,
  ]),
  line('2020-01-01', '第三条', ['测试登记机关应当公开登记事项，方便公众查询。', '违反前款规定拒不公开的，由上级机关通报批评。']),
];
// The 2022 revision: 第二条's first two 款 stay 第二条, amended; its 第三款 opens a new 第三条 word for word; 2020's 第三条 is
// 第四条, its second 款 gone.
const B = [
  line('2022-01-01', '第一条', ['为了规范测试款项活动，制定本法。']),
  line('2022-01-01', '第二条', ['股东应当遵守法律和公司章程，依法行使股东权利，不得滥用股东权利损害公司或者其他股东的利益。', '股东滥用股东权利给公司或者其他股东造成损失的，应当承担赔偿责任。']),
  line('2022-01-01', '第三条', [VEIL, '只有一个股东的公司，股东不能证明公司财产独立于股东自己的财产的，应当对公司债务承担连带责任。']),
  line('2022-01-01', '第四条', ['测试登记机关应当公开登记事项，方便公众查询。']),
];

describe('saved articles kept for a 款 (a JSONL collection, two versions)', () => {
  let dir: string;
  let dbPath: string;
  let engine: Engine;
  const write = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const article = (label: string, publish: string): StatuteArticle => {
    const r = engine.db.prepare('SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND d.publish_date = ? AND a.label = ?').get(LAW, publish, label) as { id: number } | undefined;
    assert.ok(r, `${publish} ${label}`);
    return engine.articles([r.id])[0]!;
  };
  const folder = (name: string) => new Map(savedArticles(engine.db, savedRows(engine.db, name)).map((s) => [`${s.label}${s.part ?? ''}`, s]));
  const get = (name: string, key: string): SavedArticle => {
    const s = folder(name).get(key);
    assert.ok(s, `${name} ${key}`);
    return s;
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-saved-parts-'));
    dbPath = path.join(dir, 'library.db');
    engine = createEngine({ dbPath });
    await engine.importPath(write('a.jsonl', A));
  });
  after(() => {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('saved add keeps the 款 cited; another 款 of the article is another entry, the same 款 again adds its note; a 款 the article lacks saves the whole article', async () => {
    const cli = (...args: string[]) => runCli(['saved', ...args, '--db', dbPath]);
    const veil = await cli('add', `${LAW}第二条第三款`, '--folder', '人格否认', '--note', '逃避债务');
    assert.equal(veil.code, 0, veil.stderr);
    assert.match(veil.stdout, /^Saved: \[1\] 《测试款项法》第二条第三款（2020-01-01 版）→ 人格否认$/m);
    assert.match((await cli('add', `${LAW}第2条第1款`, '--folder', '人格否认')).stdout, /^Saved: \[2\] 《测试款项法》第二条第一款（2020-01-01 版）→ 人格否认$/m);
    assert.match((await cli('add', `${LAW}第二条`, '--folder', '人格否认')).stdout, /^Saved: \[3\] 《测试款项法》第二条（2020-01-01 版）→ 人格否认$/m);
    const again = await cli('add', `${LAW}第二条第三款`, '--folder', '人格否认', '--note', '一人公司另见');
    assert.match(again.stdout, /^Already saved; the note was added below the one there: \[1\] 《测试款项法》第二条第三款（2020-01-01 版）→ 人格否认$/m);
    const missing = await cli('add', `${LAW}第三条第三款`, '--folder', '登记');
    assert.match(missing.stdout, /^Note: 《测试款项法》第三条（2020-01-01 版）: 第三条 has only 2 款; 第3款 does not exist\. The whole article is saved\.$/m);
    assert.match(missing.stdout, /^Saved: \[4\] 《测试款项法》第三条（2020-01-01 版）→ 登记$/m);
    assert.match((await cli('add', `${LAW}第三条第二款`, '--folder', '登记')).stdout, /Saved: \[5\] 《测试款项法》第三条第二款（2020-01-01 版）/);

    const rows = savedRows(engine.db, '人格否认');
    assert.deepEqual(rows.map((r) => [r.id, r.article_label, r.part]), [[1, '第二条', '[{"paragraph":3,"items":[]}]'], [2, '第二条', '[{"paragraph":1,"items":[]}]'], [3, '第二条', null]]);
    const veilSaved = get('人格否认', '第二条第三款');
    assert.deepEqual([veilSaved.part, veilSaved.partText, veilSaved.note], ['第三款', VEIL, '逃避债务\n一人公司另见']);
    assert.equal(veilSaved.citation, '《测试款项法》第二条第三款（2020-01-01 版）');
    assert.equal(veilSaved.text, article('第二条', '2020-01-01').text, 'the whole article is kept beside the part');
    assert.deepEqual([veilSaved.state, veilSaved.messageZh], ['in_force', '现行有效，与收藏时一致。']);
    // ★ beside a consultation's evidence: each folder holding the article, whole or a 款 of it, the 款 named.
    const a = article('第三条', '2020-01-01');
    assert.deepEqual(savedFoldersOf(engine.db, [{ lawTitle: LAW, label: '第三条', publishDate: '2020-01-01', province: '' }]), [[{ folder: '登记', part: null }, { folder: '登记', part: '第二款' }]]);
    engine.db.prepare('DELETE FROM saved_articles WHERE id = 4').run();
    assert.deepEqual(savedFoldersOf(engine.db, [{ lawTitle: LAW, label: a.label, publishDate: a.publishDate, province: '' }]), [[{ folder: '登记', part: '第二款' }]], 'only 第三条第二款 is left in 登记');
    assert.throws(() => saveArticle(engine.db, a, { folder: '登记', parts: [{ paragraph: 3, items: [] }] }), /第三条 has no 第三款/);
    assert.throws(() => saveArticle(engine.db, a, { folder: '登记', parts: [{ paragraph: 1, items: [2] }] }), /第三条 has no 第一款第二项/);
    // 第一款 of an article of one 款 is the article.
    const one = saveArticle(engine.db, article('第一条', '2020-01-01'), { folder: '登记', parts: [{ paragraph: 1, items: [] }] });
    assert.equal(savedRows(engine.db, '登记').find((r) => r.id === one.id)?.part, null);
  });

  test('after the revision: the 款 saved is found by its words at 款 level, its diff is of the 款; the whole article pairs as before', async () => {
    const summary = await engine.importPath(write('b.jsonl', B));
    assert.deepEqual(summary.savedChanged?.map((c) => [c.id, c.citation, c.state]), [
      [1, '《测试款项法》第二条第三款（2020-01-01 版）', 'renumbered'],
      [2, '《测试款项法》第二条第一款（2020-01-01 版）', 'carried'],
      [3, '《测试款项法》第二条（2020-01-01 版）', 'amended'],
      [5, '《测试款项法》第三条第二款（2020-01-01 版）', 'dropped'],
      [6, '《测试款项法》第一条（2020-01-01 版）', 'carried'],
    ]);
    const veil = get('人格否认', '第二条第三款');
    assert.equal(veil.state, 'renumbered');
    assert.deepEqual([veil.now?.label, veil.now?.articleId, veil.now?.match], ['第三条第一款', article('第三条', '2022-01-01').id, 'identical']);
    assert.equal(veil.messageZh, '收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中对应第三条第一款，内容相同。');
    assert.equal(veil.message, 'The saved 2020-01-01 version has been revised; the 2022-01-01 version, in force, has it word for word as 第三条第一款.');
    assert.equal(veil.diff, null);
    const first = get('人格否认', '第二条第一款');
    assert.deepEqual([first.state, first.now?.label], ['carried', '第二条第一款'], 'the same 款 of the same article, word for word');
    const whole = get('人格否认', '第二条');
    assert.deepEqual([whole.state, whole.now?.label], ['amended', '第二条'], 'the whole article goes with its first two 款');
    assert.ok(whole.diff?.some(([op, text]) => op === -1 && text.includes('逃避债务')), 'its diff loses the 款 that moved');
    const dropped = get('登记', '第三条第二款');
    assert.deepEqual([dropped.state, dropped.now], ['dropped', null]);
    assert.equal(dropped.messageZh, '收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中没有对应条文。');
  });

  test('a 款 amended: named at 款 level, with the changes of that 款 alone', () => {
    saveArticle(engine.db, article('第二条', '2020-01-01'), { folder: '赔偿', parts: [{ paragraph: 2, items: [] }] });
    const amended = get('赔偿', '第二条第二款');
    assert.equal(amended.state, 'amended');
    assert.equal(amended.now?.label, '第二条第二款');
    assert.equal(amended.messageZh, '收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中对应第二条第二款，内容有修改（见差异）。');
    assert.deepEqual(amended.diff?.filter(([op]) => op !== 0), [[-1, '依法']]);
    assert.ok(!amended.diff?.some(([, text]) => text.includes('遵守法律')), 'nothing of the first 款');
  });

  test('several 款 saved as one entry are followed each on its own: one amended in place, one moved word for word', async () => {
    const cli = (...args: string[]) => runCli(['saved', ...args, '--db', dbPath]);
    const added = await cli('add', `${LAW}第二条第二、三款`, '--version', '2020-01-01', '--folder', '两款', '--note', '赔偿与人格否认');
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /Saved: \[\d+\] 《测试款项法》第二条第二款、第三款（2020-01-01 版）→ 两款$/m);
    // 第二款至第三款 is the same two 款: the same entry, its note kept once.
    assert.match((await cli('add', `${LAW}第二条第二款至第三款`, '--version', '2020-01-01', '--folder', '两款')).stdout, /^Already saved: /m);
    assert.equal(savedRows(engine.db, '两款').length, 1, 'one entry, not one per 款');
    const both = get('两款', '第二条第二款、第三款');
    assert.equal(both.state, 'amended');
    assert.deepEqual(both.partsNow?.map((p) => [p.part, p.now?.label, p.now?.match]), [['第二款', '第二条第二款', 'amended'], ['第三款', '第三条第一款', 'identical']]);
    assert.deepEqual(both.partsNow?.map((p) => p.now?.articleId), [article('第二条', '2022-01-01').id, article('第三条', '2022-01-01').id]);
    assert.deepEqual(both.partsNow?.[0]?.diff?.filter(([op]) => op !== 0), [[-1, '依法']]);
    assert.equal(both.partsNow?.[1]?.diff, null);
    assert.equal(both.messageZh, '收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中，第二款对应第二条第二款，内容有修改；第三款对应第三条第一款，内容相同（见差异）。');
    assert.equal(both.now?.label, '第二条第二款', 'now: the first 款 found');
    // The list printed names each 款's changes; the JSON carries each; the export says where each went, both 款 in bold.
    const listed = await cli('list', '--folder', '两款', '--changes');
    assert.match(listed.stdout, /^ {2}! \[\d+\] 《测试款项法》第二条第二款、第三款（2020-01-01 版） {2}收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中，第二款对应第二条第二款/m);
    assert.match(listed.stdout, /^ {6}第二款：股东滥用股东权利给公司或者其他股东造成损失的，应当\[-依法-\]承担赔偿责任。$/m);
    const json = parseJsonOutput<{ items: SavedArticle[] }>(await cli('list', '--json', '--folder', '两款'));
    assert.deepEqual(json.items[0]?.partsNow?.map((p) => [p.part, p.text, p.now?.label]), [['第二款', '股东滥用股东权利给公司或者其他股东造成损失的，应当依法承担赔偿责任。', '第二条第二款'], ['第三款', VEIL, '第三条第一款']]);
    const md = compilationMarkdown(compilationOfSaved(engine, savedArticles(engine.db, savedRows(engine.db, '两款')), '两款', '2026-11-27T10:00:00.000Z'));
    assert.match(md, /## 《测试款项法》第二条第二款、第三款\n/);
    assert.match(md, /第二款对应第二条第二款，内容有修改；第三款对应第三条第一款，内容相同/);
    assert.match(md, /\*\*股东滥用股东权利给公司或者其他股东造成损失的，应当依法承担赔偿责任。\*\*/);
    assert.match(md, new RegExp(`\\*\\*${VEIL}\\*\\*`));
  });

  test('several 款 each word for word, one of them moved, read as renumbered; both 款 of a two-款 article are the article', () => {
    const s = saveArticle(engine.db, article('第三条', '2020-01-01'), { folder: '登记两款', parts: [{ paragraph: 1, items: [] }, { paragraph: 2, items: [] }] });
    assert.equal(s.created, true);
    assert.equal(savedRows(engine.db, '登记两款')[0]?.part, null, 'both 款 of a two-款 article are the article');
    saveArticle(engine.db, article('第二条', '2020-01-01'), { folder: '首款', parts: [{ paragraph: 1, items: [] }, { paragraph: 3, items: [] }] });
    const firstAndThird = get('首款', '第二条第一款、第三款');
    assert.equal(firstAndThird.state, 'renumbered');
    assert.equal(firstAndThird.messageZh, '收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中，第一款对应第二条第一款，内容相同；第三款对应第三条第一款，内容相同。');
  });

  test('a 款 whose version the library no longer holds is found by the words saved, at 款 level', () => {
    // As a re-import that removed the 2019 version would leave it: the row, its words, no such version in the library.
    engine.db.prepare(`INSERT INTO saved_articles (id, folder, saved_at, law_title, kind, article_label, publish_date, text, status, part, part_text)
      VALUES (100, '旧版', '2026-11-01', ?, 'article', '第五条', '2019-01-01', ?, 'superseded', '[{"paragraph":2,"items":[]}]', ?)`).run(LAW, `股东应当诚实守信。\n${VEIL}`, VEIL);
    const gone = get('旧版', '第五条第二款');
    assert.equal(gone.state, 'missing');
    assert.equal(gone.now?.label, '第三条第一款');
    assert.match(gone.messageZh, /现行 2022-01-01 版中对应第三条第一款，内容相同。$/);
  });

  test('named with the 款 in the export, the JSON list and the list printed; removed by that name', async () => {
    const md = compilationMarkdown(compilationOfSaved(engine, savedArticles(engine.db, savedRows(engine.db, '人格否认')), '人格否认', '2026-11-27T10:00:00.000Z'));
    assert.match(md, /## 《测试款项法》第二条第三款\n\n\*测试款项法 · 2020-01-01 版 · .*已被修订 · 加粗为所引用的款、项\*/);
    assert.match(md, /> \*\*注意\*\*：收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中对应第三条第一款，内容相同。/);
    assert.match(md, new RegExp(`\\*\\*${VEIL}\\*\\*`), 'the 款 saved in bold');
    assert.match(md, /## 《测试款项法》第二条\n\n\*测试款项法 · 2020-01-01 版 · [^*]*已被修订\*\n/, 'the whole article: no 款 named, none bold');
    const cli = (...args: string[]) => runCli(['saved', ...args, '--db', dbPath]);
    const listed = await cli('list', '--folder', '人格否认');
    assert.match(listed.stdout, /^ {2}↻ \[1\] 《测试款项法》第二条第三款（2020-01-01 版） {2}收藏的 2020-01-01 版已被修订；现行 2022-01-01 版中对应第三条第一款，内容相同。$/m);
    const json = parseJsonOutput<{ items: SavedArticle[] }>(await cli('list', '--json', '--folder', '人格否认'));
    assert.deepEqual(json.items.map((s) => [s.citation, s.part, s.now?.label]), [
      ['《测试款项法》第二条第三款（2020-01-01 版）', '第三款', '第三条第一款'],
      ['《测试款项法》第二条第一款（2020-01-01 版）', '第一款', '第二条第一款'],
      ['《测试款项法》第二条（2020-01-01 版）', null, '第二条'],
    ]);
    assert.match((await cli('remove', '2')).stdout, /^Removed \[2\] 《测试款项法》第二条第一款 from 人格否认\.$/m);
  });

  test('the host routes: a lookup gives the 款 cited, saved.add takes it validated, the article view lists each 款 saved', async () => {
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const id = article('第三条', '2022-01-01').id;
    // The article view looked up for a 款 holds it as numbers, for ☆ to send; not a 款 the article lacks.
    const lookup = async (citation: string) => {
      const r = await api.call('statute.citations', { citation });
      assert.ok(r.ok, JSON.stringify(r));
      const { detail } = r.data as CitedArticlesDto;
      return [detail?.article.id, detail?.citedParts];
    };
    assert.deepEqual(await lookup(`${LAW}第三条第二款`), [id, [{ paragraph: 2, items: [] }]]);
    assert.deepEqual(await lookup(`${LAW}第三条第五款`), [id, undefined]);
    const added = await api.call('saved.add', { articleId: id, folder: '一人公司', parts: [{ paragraph: 2, items: [] }] });
    assert.ok(added.ok, JSON.stringify(added));
    const saved = added.data as SavedArticle;
    assert.deepEqual([saved.part, saved.citation, saved.state], ['第二款', '《测试款项法》第三条第二款（2022-01-01 版）', 'in_force']);
    await api.call('saved.add', { articleId: id, folder: '一人公司' });
    const view = await api.call('saved.ofArticle', { articleId: id });
    assert.deepEqual(view.ok && (view.data as NonNullable<ArticleDetailDto['saved']>).map((s) => [s.folder, s.part]), [['一人公司', '第二款'], ['一人公司', null]]);
    // Refused before the handler (no 款 0, no list of them too long, nothing but numbers), and by it (a 款 the article lacks).
    for (const parts of [[{ paragraph: 0, items: [] }], [], [{ paragraph: 1, items: [], note: 'x' }], [{ paragraph: '二', items: [] }], Array.from({ length: 11 }, () => ({ paragraph: 1, items: [] }))]) {
      const refused = await api.call('saved.add', { articleId: id, folder: '一人公司', parts } as never);
      assert.equal(!refused.ok && refused.error.code, 'bad_input', JSON.stringify(parts));
    }
    const lacking = await api.call('saved.add', { articleId: id, folder: '一人公司', parts: [{ paragraph: 3, items: [] }] });
    assert.equal(!lacking.ok && lacking.error.code, 'bad_input');
    assert.match(!lacking.ok ? lacking.error.message : '', /第三条 has no 第三款/);
    assert.equal(savedRows(engine.db, '一人公司').length, 2, 'nothing saved by a refusal');
  });
});
