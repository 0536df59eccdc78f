/**
 * Saved articles (收藏) on real SQLite libraries: saved by law, version and label with the text they had, and
 * found again after later imports revise, renumber, amend, drop, correct or repeal them — through the engine,
 * the host's routes and the CLI. A JSONL collection written here gives every case; a second test uses the real
 * corpus (公司法 2018 → 2023, a law removed by a re-import).
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
import { removeSaved, saveArticle, savedArticles, savedFolders, savedRows, updateSaved, type SavedArticle } from '../../main/library/saved/index.js';
import { compilationMarkdown, compilationOfSaved } from '../../main/report/compilation.js';
import type { StatuteArticle } from '../../main/library/articles.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { docxParts } from '../helpers/docxText.js';
import { buildLibrary, copySubset, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const LAW = '测试收藏法';
const line = (publish: string, article: string, text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ law: LAW, article, text, publish, ...extra });
const A = [
  line('2020-01-01', '第一条', '为了规范测试收藏活动，制定本法。'),
  line('2020-01-01', '第二条', '收藏人应当在收藏时写明用途，并妥善保存收藏记录。'),
  line('2020-01-01', '第三条', '收藏记录的保存期限为三年，自收藏之日起计算。'),
  line('2020-01-01', '第四条', '违反本法规定的，由主管部门责令改正，处以罚款。'),
];
// The 2022 revision: 第一条 kept, a new 第二条, so 2020's 第二条 is now 第三条 word for word, 第三条 amended as 第四条, 第四条 dropped.
const B = [
  line('2022-01-01', '第一条', '为了规范测试收藏活动，制定本法。'),
  line('2022-01-01', '第二条', '收藏平台应当公开平台规则，接受社会监督。'),
  line('2022-01-01', '第三条', '收藏人应当在收藏时写明用途，并妥善保存收藏记录。'),
  line('2022-01-01', '第四条', '收藏记录的保存期限为五年，自收藏之日起计算。'),
];
// A later revision published and not yet in force.
const C = [line('2026-10-01', '第一条', '为了规范测试收藏活动，保护收藏人的合法权益，制定本法。', { effective: '2099-01-01' })];
const REPEALED = JSON.stringify({ law: '测试废止收藏法', article: '第一条', text: '本法已经废止的测试条文。', publish: '2015-01-01', expired: true });

describe('saved articles through later imports (a JSONL collection)', () => {
  let dir: string;
  let engine: Engine;
  const write = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const article = (label: string, publish: string, law = LAW): StatuteArticle => {
    const r = engine.db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND d.publish_date = ? AND a.label = ?`).get(law, publish, label) as { id: number } | undefined;
    assert.ok(r, `${law} ${publish} ${label}`);
    return engine.articles([r.id])[0]!;
  };
  const all = () => new Map(savedArticles(engine.db, savedRows(engine.db)).map((s) => [`${s.folder}|${s.publishDate}|${s.label}`, s]));
  const get = (key: string): SavedArticle => {
    const s = all().get(key);
    assert.ok(s, key);
    return s;
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-saved-'));
    engine = createEngine({ dbPath: path.join(dir, 'library.db') });
    await engine.importPath(write('a.jsonl', [...A, REPEALED]));
  });
  after(() => {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('saved in force as saved; saving again adds its note below the one there, another folder keeps its own copy', () => {
    for (const label of ['第一条', '第二条', '第三条', '第四条']) saveArticle(engine.db, article(label, '2020-01-01'), { folder: '  王五  案 ', note: `${label}备注` });
    const again = saveArticle(engine.db, article('第一条', '2020-01-01'), { folder: '王五 案', note: '改过的备注' });
    assert.deepEqual([again.created, again.noteAdded], [false, true]);
    assert.equal(saveArticle(engine.db, article('第一条', '2020-01-01'), { folder: '王五 案', note: '改过的备注' }).noteAdded, false, 'the same note twice is kept once');
    assert.equal(saveArticle(engine.db, article('第一条', '2020-01-01'), { folder: '王五 案' }).noteAdded, false, 'no note given: the one there stays');
    const other = saveArticle(engine.db, article('第一条', '2020-01-01'), {});
    assert.equal(other.created, true);
    saveArticle(engine.db, article('第一条', '2015-01-01', '测试废止收藏法'), { folder: '王五 案' });
    assert.deepEqual(savedFolders(engine.db), [{ name: '', count: 1 }, { name: '王五 案', count: 5 }]);
    const first = get('王五 案|2020-01-01|第一条');
    assert.equal(first.note, '第一条备注\n改过的备注', 'what was written first is not lost');
    assert.equal(first.state, 'in_force');
    assert.equal(first.messageZh, '现行有效，与收藏时一致。');
    assert.equal(first.attention, false);
    assert.equal(get('王五 案|2015-01-01|第一条').state, 'repealed');
    assert.throws(() => saveArticle(engine.db, article('第二条', '2020-01-01'), { folder: '案'.repeat(61) }), /at most 60/);
    assert.throws(() => updateSaved(engine.db, other.id, { folder: '王五 案' }), /already holds/);
  });

  test('after the revision: kept as is, renumbered, amended with its changes, dropped', async () => {
    const ids = savedRows(engine.db).map((r) => r.id);
    const summary = await engine.importPath(write('b.jsonl', B));
    // The import says which saved articles it changed: the four of 2020 in 王五 案 and the unfiled 第一条; not the repealed law's.
    assert.deepEqual(summary.savedChanged?.map((c) => [c.folder, c.citation, c.state]), [
      ['王五 案', '《测试收藏法》第一条（2020-01-01 版）', 'carried'],
      ['王五 案', '《测试收藏法》第二条（2020-01-01 版）', 'renumbered'],
      ['王五 案', '《测试收藏法》第三条（2020-01-01 版）', 'amended'],
      ['王五 案', '《测试收藏法》第四条（2020-01-01 版）', 'dropped'],
      ['', '《测试收藏法》第一条（2020-01-01 版）', 'carried'],
    ]);
    assert.deepEqual(savedRows(engine.db).map((r) => r.id), ids, 'an import keeps every saved article');
    const carried = get('王五 案|2020-01-01|第一条');
    assert.equal(carried.state, 'carried');
    assert.equal(carried.now?.label, '第一条');
    assert.equal(carried.now?.articleId, article('第一条', '2022-01-01').id);
    const renumbered = get('王五 案|2020-01-01|第二条');
    assert.equal(renumbered.state, 'renumbered');
    assert.equal(renumbered.now?.label, '第三条');
    assert.match(renumbered.messageZh, /现行 2022-01-01 版中内容相同，条文序号改为第三条/);
    const amended = get('王五 案|2020-01-01|第三条');
    assert.equal(amended.state, 'amended');
    assert.equal(amended.now?.label, '第四条');
    assert.deepEqual(amended.diff?.filter(([op]) => op !== 0), [[-1, '三'], [1, '五']]);
    const dropped = get('王五 案|2020-01-01|第四条');
    assert.equal(dropped.state, 'dropped');
    assert.equal(dropped.now, null);
    assert.equal(dropped.text, '违反本法规定的，由主管部门责令改正，处以罚款。', 'the text saved is kept');
    assert.equal(dropped.articleId, article('第四条', '2020-01-01').id, 'the saved version is still in the library');
  });

  test('a version published and not yet in force: said beside the one in force, and a saved pending version points to the one in force', async () => {
    const summary = await engine.importPath(write('c.jsonl', C));
    assert.deepEqual(summary.savedChanged, [], 'a version not yet in force changes no saved article of a version superseded already');
    saveArticle(engine.db, article('第一条', '2022-01-01'), { folder: '新版' });
    saveArticle(engine.db, article('第一条', '2026-10-01'), { folder: '新版' });
    const current = get('新版|2022-01-01|第一条');
    assert.equal(current.state, 'in_force');
    assert.equal(current.upcoming?.label, '第一条');
    assert.equal(current.upcoming?.match, 'amended');
    assert.match(current.messageZh, /已公布的 2026-10-01 版将于 2099-01-01 施行，该条在新版为第一条，内容有修改/);
    assert.match(current.message, /^In force, as saved\. The 2026-10-01 version, in force from 2099-01-01, has it as 第一条, amended\.$/);
    assert.equal(current.attention, true, 'in force, but a published revision amends it');
    const pending = get('新版|2026-10-01|第一条');
    assert.equal(pending.state, 'not_yet_in_force');
    assert.equal(pending.now?.articleId, article('第一条', '2022-01-01').id);
    assert.match(pending.message, /^The 2026-10-01 version takes effect on 2099-01-01\./);
  });

  test('a corrected text of the same version is told apart from the text saved', async () => {
    saveArticle(engine.db, article('第四条', '2022-01-01'), { folder: '新版' });
    await engine.importPath(write('b.jsonl', [...B.slice(0, 3), line('2022-01-01', '第四条', '收藏记录的保存期限为五年，自收藏之日起算。')]));
    const corrected = get('新版|2022-01-01|第四条');
    assert.equal(corrected.state, 'corrected');
    assert.ok(corrected.diff?.some(([op, text]) => op === -1 && text.includes('计')), JSON.stringify(corrected.diff));
    assert.equal(corrected.text, '收藏记录的保存期限为五年，自收藏之日起计算。');
  });

  test('a folder as a compilation: each article in the version saved, its note and what became of it', () => {
    const items = savedArticles(engine.db, savedRows(engine.db, '王五 案'));
    const md = compilationMarkdown(compilationOfSaved(engine, items, '王五 案', '2026-11-27T10:00:00.000Z'));
    assert.match(md, /^# 法条汇编\n\n引用：收藏夹「王五 案」 · 共 5 条 · 各条为收藏时的版本/);
    assert.match(md, /## 《测试收藏法》第三条\n\n\*测试收藏法 · 2020-01-01 版 · .*已被修订\*/);
    assert.match(md, /> \*\*注意\*\*：收藏的 ?2020-01-01 版已被修订；现行 2022-01-01 版中对应第四条，内容有修改/);
    assert.match(md, /> \*\*备注\*\*：第三条备注/);
    assert.ok(md.indexOf('第一条') < md.indexOf('第四条'), 'in the order saved');
    assert.doesNotMatch(md, /文件夹：/, 'one folder: no folder named on each article');
    const everything = compilationMarkdown(compilationOfSaved(engine, savedArticles(engine.db, savedRows(engine.db)), null, '2026-11-27T10:00:00.000Z'));
    assert.match(everything, /引用：全部收藏的法条 · 共 9 条/);
    assert.match(everything, /> \*\*备注\*\*：文件夹：王五 案  \n> 第三条备注/, 'all folders: each article names its folder, then its note');
    assert.match(everything, /> \*\*备注\*\*：文件夹：未分类\n/);
  });

  test('the host routes: add, list, update, remove, export, and the article view says where it is saved', async () => {
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const id = article('第二条', '2022-01-01').id;
    const added = await api.call('saved.add', { articleId: id, folder: '平台', note: '第一行\n第二行' });
    assert.ok(added.ok, JSON.stringify(added));
    const saved = added.data as SavedArticle;
    assert.equal(saved.state, 'in_force');
    const view = await api.call('statute.article', { id });
    assert.ok(view.ok);
    assert.deepEqual((view.data as { saved: unknown }).saved, [{ id: saved.id, folder: '平台', note: '第一行\n第二行', part: null }]);
    assert.deepEqual(await api.call('saved.ofArticle', { articleId: id }), { ok: true, data: [{ id: saved.id, folder: '平台', note: '第一行\n第二行', part: null }] });
    assert.deepEqual(await api.call('saved.ofArticle', { articleId: 999_999 }), { ok: true, data: [] });
    // A consultation's evidence asks by what its turn stored (law, label, version), not by id: another version is another article.
    const a = article('第二条', '2022-01-01');
    const asShown = (publishDate: string | null) => ({ lawTitle: a.lawTitle, label: a.label, publishDate, province: a.province });
    assert.deepEqual(await api.call('saved.ofEvidence', { articles: [asShown('2022-01-01'), asShown('2020-01-01'), { ...asShown('2022-01-01'), province: '北京' }] }), { ok: true, data: [[{ folder: '平台', part: null }], [{ folder: '王五 案', part: null }], []] }, 'the 2020 text was saved to 王五 案 above');
    const tooMany = await api.call('saved.ofEvidence', { articles: Array.from({ length: 101 }, () => asShown(null)) });
    assert.equal(tooMany.ok ? '' : tooMany.error.code, 'bad_input');
    const list = await api.call('saved.list', { folder: '平台' });
    assert.ok(list.ok);
    assert.deepEqual((list.data as { items: SavedArticle[] }).items.map((s) => s.id), [saved.id]);
    const moved = await api.call('saved.update', { id: saved.id, folder: '平台规则' });
    assert.ok(moved.ok && (moved.data as SavedArticle).folder === '平台规则' && (moved.data as SavedArticle).note === '第一行\n第二行');
    const file = await api.call('saved.export', { folder: '平台规则', format: 'docx' });
    assert.ok(file.ok, JSON.stringify(file));
    const out = path.join(dir, 'export.docx');
    fs.writeFileSync(out, Buffer.from((file.data as { base64: string }).base64, 'base64'));
    const docx = await docxParts(out);
    assert.match(docx['document.xml'] ?? '', /收藏平台应当公开平台规则/);
    assert.match(docx['document.xml'] ?? '', /备注：第一行\n第二行/);
    assert.match((file.data as { fileName: string }).fileName, /^收藏法条-平台规则-\d{4}-\d{2}-\d{2}\.docx$/);
    const tooLong = await api.call('saved.add', { articleId: id, note: 'x'.repeat(4001) });
    assert.equal(tooLong.ok, false);
    assert.equal(!tooLong.ok && tooLong.error.code, 'bad_input');
    // A consultation's evidence names the article it stored; an id an import has since given to another article saves nothing.
    const stale = await api.call('saved.add', { articleId: id, folder: '旧咨询', expected: { lawTitle: LAW, label: '第三条', publishDate: '2022-01-01' } });
    assert.equal(!stale.ok && stale.error.code, 'not_found');
    assert.match(!stale.ok ? stale.error.message : '', /《测试收藏法》第三条（2022-01-01 版） is no longer article \d+ of the library/);
    assert.equal(savedRows(engine.db, '旧咨询').length, 0);
    const same = await api.call('saved.add', { articleId: id, folder: '旧咨询', expected: { lawTitle: LAW, label: '第二条', publishDate: '2022-01-01' } });
    assert.ok(same.ok, JSON.stringify(same));
    const elsewhere = await api.call('saved.add', { articleId: id, expected: { lawTitle: LAW, label: '第二条', publishDate: '2022-01-01', province: '北京' } });
    assert.equal(!elsewhere.ok && elsewhere.error.code, 'not_found', 'a regulation of the same title in another province is another article');
    const folders = await api.call('saved.folders', {});
    assert.ok(folders.ok);
    assert.ok((folders.data as Array<{ name: string; count: number }>).some((f) => f.name === '旧咨询' && f.count === 1));
    const gone = await api.call('saved.add', { articleId: 999_999 });
    assert.equal(!gone.ok && gone.error.code, 'not_found');
    assert.deepEqual((await api.call('saved.remove', { id: saved.id })), { ok: true, data: { removed: true } });
    const empty = await api.call('saved.export', { folder: '平台规则', format: 'md' });
    assert.equal(!empty.ok && empty.error.code, 'not_found');
    assert.equal(removeSaved(engine.db, saved.id), false);
  });

  test('a revision is compared with the text the user saved, not with a correction the library made since', async () => {
    // The 2022 第四条 was saved reading 「自收藏之日起计算」 and corrected in the library to 「…起算」 (above); a 2024
    // revision keeps the corrected words, which differ from the ones saved.
    await engine.importPath(write('d.jsonl', [line('2024-01-01', '第一条', '为了规范测试收藏活动，制定本法。'), line('2024-01-01', '第四条', '收藏记录的保存期限为五年，自收藏之日起算。')]));
    const saved = get('新版|2022-01-01|第四条');
    assert.equal(saved.state, 'amended', saved.messageZh);
    assert.equal(saved.now?.label, '第四条');
    assert.ok(saved.diff?.some(([op, text]) => op === -1 && text.includes('计')), JSON.stringify(saved.diff));
  });
});

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# saved-article corpus tests ${SKIP}`);

describe('saved articles on the real corpus', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md', '民法商法/公司法(2018-10-26).md'] });
  });
  after(async () => lib?.dispose());

  test('公司法 2018 第七十一条 saved, then the 2023 revision imported: now 第八十四条, and 第二十条第三款 now 第二十三条第一款; a law the re-import removed keeps its text', async () => {
    const cli = (...args: string[]) => runCli(['saved', ...args, '--db', lib.dbPath]);
    const add = await cli('add', '公司法第71条', '--folder', '股权转让', '--note', '对外转让须通知');
    assert.equal(add.code, 0, add.stderr);
    assert.match(add.stdout, /Saved: \[1\] 《中华人民共和国公司法》第七十一条（2018-10-26 版）→ 股权转让/);
    const labour = await cli('add', '劳动合同法第38条第1款第7项、第46条', '--folder', '张三');
    assert.equal(labour.code, 0);
    assert.match(labour.stdout, /^Note: 《中华人民共和国劳动合同法》第三十八条（2012-12-28 版）: 第三十八条第1款 has only 6 项; 第7项 does not exist\. The whole article is saved\.$/m, 'the part cited is none of it, as show says');
    // Piercing the corporate veil, 2018's 第二十条第三款: its first 款 goes to 2023's 第二十一条, this one to 第二十三条.
    const veil = await cli('add', '公司法第20条第3款', '--folder', '人格否认');
    assert.match(veil.stdout, /^Saved: \[4\] 《中华人民共和国公司法》第二十条第三款（2018-10-26 版）→ 人格否认$/m);
    const repealed = await cli('add', '合同法第52条');
    assert.equal(repealed.code, 1);
    assert.match(repealed.stderr, /Nothing saved/);
    // The 2023 revision joins the collection, 劳动合同法 leaves it; the library is re-imported from it.
    lib.engine.close();
    await copySubset(path.dirname(lib.corpusRoot), { files: ['民法商法/公司法(2023-12-29).md'] });
    fs.rmSync(path.join(lib.corpusRoot, '社会法'), { recursive: true });
    const reimport = await runCli(['import', lib.corpusRoot, '--db', lib.dbPath]);
    assert.equal(reimport.code, 0, reimport.stderr);
    assert.match(reimport.stdout, /saved articles this import changed \(4; lexdesk saved --changes shows what changed\):/);
    assert.match(reimport.stdout, /\[1\] 《中华人民共和国公司法》第七十一条（2018-10-26 版）（股权转让）：收藏的 2018-10-26 版已被修订；现行 2023-12-29 版中对应第八十四条/);
    const listed = await cli('list', '--changes');
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /! \[1\] 《中华人民共和国公司法》第七十一条（2018-10-26 版）  收藏的 2018-10-26 版已被修订；现行 2023-12-29 版中对应第八十四条，内容有修改/);
    assert.match(listed.stdout, /备注：对外转让须通知/);
    assert.match(listed.stdout, /↻ \[4\] 《中华人民共和国公司法》第二十条第三款（2018-10-26 版）  收藏的 2018-10-26 版已被修订；现行 2023-12-29 版中对应第二十三条第一款，内容相同。/);
    assert.match(listed.stdout, /\[-经其他股东过半数同意。/, 'the changes, marked');
    assert.match(listed.stdout, /\? \[2\] 《中华人民共和国劳动合同法》第三十八条.*法规库中已没有收藏的 2012-12-28 版/);
    const json = parseJsonOutput<{ items: SavedArticle[] }>(await cli('list', '--json', '--folder', '张三'));
    assert.deepEqual(json.items.map((s) => [s.label, s.state, s.articleId]), [['第三十八条', 'missing', null], ['第四十六条', 'missing', null]]);
    assert.match(json.items[0]!.text, /未及时足额支付劳动报酬的/, 'the text saved');
    const out = path.join(path.dirname(lib.corpusRoot), '张三.md');
    const exported = await cli('export', '--folder', '张三', '--out', out);
    assert.equal(exported.code, 0, exported.stderr);
    const md = fs.readFileSync(out, 'utf8');
    assert.match(md, /## 《中华人民共和国劳动合同法》第三十八条/);
    assert.match(md, /（二）未及时足额支付劳动报酬的；/);
    assert.match(md, /法规库中已没有收藏的 2012-12-28 版/);
    assert.match(md, /\*中华人民共和国劳动合同法 › 第四章 劳动合同的解除和终止 · 2012-12-28 版 · 施行日期不详 · 已不在法规库中（收藏时的文本）\*/);
    const removed = await cli('remove', '2');
    assert.match(removed.stdout, /Removed \[2\] 《中华人民共和国劳动合同法》第三十八条 from 张三/);
    assert.equal((await cli('remove', '2')).code, 1);
  });
});
