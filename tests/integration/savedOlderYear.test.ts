/**
 * Saving a citation that names a version year older than the library's texts of its law (real library from the
 * collection's files: 著作权法 of 2020, 商标法 of 2019, 刑事诉讼法 of 2018, 公司法 of 2018 and 2023): nothing is saved
 * silently and nothing wrong is saved; the CLI prints the two precise commands (where the provision stands now, when the
 * library can tell, and the same number), each naming the version it saves, and exits non-zero; the host shows the text
 * held with the two to pick from; a year the law's history records no text of is refused, naming what there is.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi, type HostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { savedRows } from '../../main/library/saved/index.js';
import type { CitedArticlesDto, SavedArticleDto, SavedListDto } from '../../preload/contract/dto.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();

describe('saving a citation of a version year the library holds no text of', { skip: SKIP, timeout: 300_000 }, () => {
  let lib: TempLibrary;
  let api: HostApi;
  let dir: string;
  const cli = (...args: string[]) => runCli(['saved', ...args, '--db', lib.dbPath]);
  const rows = (folder: string) => savedRows(lib.engine.db, folder);
  /** The commands offered, as the shell would split them. */
  const offered = (stdout: string) => [...stdout.matchAll(/^ {4}lexdesk (saved add .*?) {3}\(/gm)].map((m) => [...m[1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((x) => x[1] ?? x[2]!));
  async function call<T>(route: string, input: unknown): Promise<T> {
    const r = await api.call(route as never, input as never);
    assert.ok(r.ok, JSON.stringify(r));
    return r.data as T;
  }

  before(async () => {
    lib = await buildLibrary({ files: ['民法商法/著作权法(2020-11-11).md', '民法商法/商标法(2019-04-23).md', '诉讼与非诉讼程序法/刑事诉讼法(2018-10-26).md', '民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-older-year-'));
    api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
  });
  after(async () => {
    await lib?.dispose();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('《著作权法》（2010年修正）第四十九条: nothing saved, the 2020 第四十九条 offered as the same number with its version; with the words cited, 第五十四条 too', async () => {
    const bare = await cli('add', '《著作权法》（2010年修正）第四十九条', '--folder', '版权 赔偿');
    assert.equal(bare.code, 1);
    assert.equal(rows('版权 赔偿').length, 0);
    assert.match(bare.stdout, /法规库中没有该法 2010-02-26 的文本（最早的是 2020-11-11 版）；法规库无法判断该条现在的位置/);
    assert.match(bare.stdout, /2020-11-11 版的第四十九条可能是另一条规定（「为保护著作权和与著作权有关的权利，权利人可以采取技术措施/);
    assert.deepEqual(offered(bare.stdout), [['saved', 'add', '中华人民共和国著作权法第四十九条', '--version', '2020-11-11', '--folder', '版权 赔偿']]);

    const worded = await cli('add', '《著作权法》（2010年修正）第四十九条', '--folder', '版权 赔偿', '--note', '侵犯著作权的赔偿数额按照权利人的实际损失计算');
    assert.equal(worded.code, 1);
    assert.match(worded.stdout, /该条规定在 2020-11-11 版中为第五十四条（据所附文字）/);
    const commands = offered(worded.stdout);
    assert.deepEqual(commands.map((c) => [c[2], c[4]]), [['中华人民共和国著作权法第五十四条', '2020-11-11'], ['中华人民共和国著作权法第四十九条', '2020-11-11']]);
    const run = await runCli([...commands[0]!, '--db', lib.dbPath]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(rows('版权 赔偿').map((r) => [r.article_label, r.publish_date, r.note]), [['第五十四条', '2020-11-11', '侵犯著作权的赔偿数额按照权利人的实际损失计算']]);
    assert.match(rows('版权 赔偿')[0]!.text, /^侵犯著作权或者与著作权有关的权利的，侵权人应当按照权利人因此受到的实际损失/);
    // The list names the version whose text the entry keeps.
    const list = await cli('list', '--folder', '版权 赔偿');
    assert.match(list.stdout, /\[\d+\] 《中华人民共和国著作权法》第五十四条（2020-11-11 版）/);
  });

  test('2012年刑事诉讼法第一百七十三条第二款: 2018 第一百七十七条第二款 (the verified table) or 2018 第一百七十三条第二款, each command saving its 款 of 2018', async () => {
    const r = await cli('add', '2012年刑事诉讼法第一百七十三条第二款', '--folder', '不起诉');
    assert.equal(r.code, 1);
    assert.equal(rows('不起诉').length, 0);
    assert.match(r.stdout, /该条规定在 2018-10-26 版中为第一百七十七条第二款（据新旧条文对照）/);
    const commands = offered(r.stdout);
    assert.deepEqual(commands.map((c) => c.slice(2, 5)), [['中华人民共和国刑事诉讼法第一百七十七条第二款', '--version', '2018-10-26'], ['中华人民共和国刑事诉讼法第一百七十三条第二款', '--version', '2018-10-26']]);
    for (const c of commands) assert.equal((await runCli([...c, '--db', lib.dbPath])).code, 0);
    const saved = rows('不起诉');
    assert.deepEqual(saved.map((s) => [s.article_label, s.part, s.publish_date]), [['第一百七十七条', '[{"paragraph":2,"items":[]}]', '2018-10-26'], ['第一百七十三条', '[{"paragraph":2,"items":[]}]', '2018-10-26']]);
    assert.match(saved[0]!.part_text!, /^对于犯罪情节轻微，依照刑法规定不需要判处刑罚或者免除刑罚的，人民检察院可以作出不起诉决定/);
    const json = parseJsonOutput<{ olderYear: Array<{ version: string; now: { label: string; how: string }; sameNumber: { label: string } }>; saved: unknown[] }>(await cli('add', '2012年刑事诉讼法第一百七十三条第二款', '--json'));
    assert.deepEqual(json.olderYear.map((o) => [o.version, o.now.label, o.now.how, o.sameNumber.label]), [['2018-10-26', '第一百七十七条第二款', 'table', '第一百七十三条第二款']]);
    assert.deepEqual(json.saved, []);
  });

  test('商标法（2013年修正）第六十三条 offers 2019 第六十三条 by its version; with another citation beside it, that one is saved and the exit is still non-zero', async () => {
    const r = await cli('add', '公司法第二十条、商标法（2013年修正）第六十三条', '--folder', '商标 赔偿');
    assert.equal(r.code, 1);
    assert.deepEqual(rows('商标 赔偿').map((s) => [s.law_title, s.article_label, s.publish_date]), [['中华人民共和国公司法', '第二十条', '2023-12-29']]);
    assert.match(r.stdout, /Saved: \[\d+\] 《中华人民共和国公司法》第二十条（2023-12-29 版）/);
    assert.match(r.stdout, /Not saved: 商标法（2013年修正）第六十三条：法规库中没有该法 2013-08-30 的文本（最早的是 2019-04-23 版）/);
    assert.deepEqual(offered(r.stdout).map((c) => c.slice(2, 5)), [['中华人民共和国商标法第六十三条', '--version', '2019-04-23']]);
    assert.doesNotMatch(r.stdout, /Not found/, 'the year is said by the offer, not as a citation not found');
    // A number past the end of the text held, with no table or words for it: said, and no command offered.
    const beyond = await cli('add', '商标法（2013年修正）第七十四条');
    assert.equal(beyond.code, 1);
    assert.match(beyond.stdout, /法规库无法判断该条现在的位置.*2019-04-23 版没有第七十四条/);
    assert.equal(offered(beyond.stdout).length, 0);
    assert.doesNotMatch(beyond.stdout, /Save one of them|To save it/);
    // --version names the version outright: saved, nothing offered.
    const pinned = await cli('add', '商标法（2013年修正）第六十三条', '--version', '2019-04-23', '--folder', '商标 赔偿');
    assert.equal(pinned.code, 0, pinned.stdout + pinned.stderr);
    assert.ok(rows('商标 赔偿').some((s) => s.article_label === '第六十三条' && s.publish_date === '2019-04-23'));
  });

  test('公司法（2016年修正）: a year the history records no text of is refused, naming the history\'s texts and the versions held', async () => {
    const r = await cli('add', '公司法（2016年修正）第二十条', '--folder', '公司');
    assert.equal(r.code, 1);
    assert.equal(rows('公司').length, 0);
    assert.match(r.stdout, /中华人民共和国公司法没有 2016 年的文本——该法沿革记载的文本为：1993-12-29 通过、.*2013-12-28 修正、2018-10-26 修正、2023-12-29 修订；法规库中有 2023-12-29（现行有效）、2018-10-26（已被修订）/);
    assert.equal(offered(r.stdout).length, 0);
    const json = parseJsonOutput<{ olderYear: Array<{ refused: boolean; en: string }> }>(await cli('add', '公司法（2016年修正）第二十条', '--json'));
    assert.equal(json.olderYear[0]!.refused, true);
    assert.match(json.olderYear[0]!.en, /has no text of 2016 — its history records texts of 1993-12-29, .*2023-12-29; the library holds 2023-12-29 \(current\), 2018-10-26 \(superseded\)/);
  });

  test('the host: the lookup shows the text held with the two to pick, each saving exactly its article and 款; the refused year stays not found with its reason', async () => {
    const cited = await call<CitedArticlesDto>('statute.citations', { citation: '2012年刑事诉讼法第一百七十三条第二款' });
    const d = cited.detail!;
    assert.deepEqual([d.article.label, d.article.publishDate], ['第一百七十七条', '2018-10-26'], 'shown: where the provision stands now');
    const o = d.olderYear!;
    assert.deepEqual([o.madeOn, o.held, o.now?.article.label, o.now?.part, o.now?.how, o.sameNumber?.article.label, o.sameNumber?.part], ['2012-03-14', '2018-10-26', '第一百七十七条', '第二款', 'table', '第一百七十三条', '第二款']);
    assert.equal(cited.notFound.length, 0);
    const expected = (a: typeof d.article) => ({ lawTitle: a.lawTitle, label: a.label, publishDate: a.publishDate, province: a.province });
    const same = await call<SavedArticleDto>('saved.add', { articleId: o.sameNumber!.article.id, folder: '王五', parts: o.sameNumber!.parts, expected: expected(o.sameNumber!.article) });
    assert.deepEqual([same.label, same.part, same.publishDate], ['第一百七十三条', '第二款', '2018-10-26']);
    const list = await call<SavedListDto>('saved.list', { folder: '王五' });
    assert.deepEqual(list.items.map((s) => [s.label, s.part, s.publishDate]), [['第一百七十三条', '第二款', '2018-10-26']], 'exactly the one picked');

    const copyright = (await call<CitedArticlesDto>('statute.citations', { citation: '《著作权法》（2010年修正）第四十九条' })).detail!;
    assert.equal(copyright.olderYear?.now, null);
    assert.deepEqual([copyright.article.label, copyright.olderYear?.sameNumber?.article.publishDate], ['第四十九条', '2020-11-11']);
    assert.match(copyright.olderYear!.zh, /法规库中没有该法 2010-02-26 的文本/);

    const refused = await call<CitedArticlesDto>('statute.citations', { citation: '公司法（2016年修正）第二十条' });
    assert.equal(refused.detail, null);
    assert.match(refused.notFound[0]!.messageZh, /没有 2016 年的文本.*法规库中有 2023-12-29（现行有效）、2018-10-26（已被修订）/);
  });
});
