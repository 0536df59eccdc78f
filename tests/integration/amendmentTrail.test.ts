/**
 * 刑法 dated article by article by the 刑法修正案 the library holds: LawRefBook's one 刑法 is dated 2020-12-26 (in force
 * 2021-03-01) though its text holds the 2023 amendment. Real LawRefBook texts (刑法 and its twelve amendments), the real
 * CLI, host routes, compilation and citation audit.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { buildCompilation } from '../../main/report/compilation.js';
import { auditCitations } from '../../main/consult/citationAudit.js';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { loadTrail } from '../../main/library/versions/amendmentTrail.js';
import type { ArticleDetailDto, CitedArticlesDto, StatuteSearchDto } from '../../preload/contract/dto.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# amendment trail tests ${SKIP}`);

const resolver0 = (l: TempLibrary) => l.engine.searchDeps().resolver;

type Gap = { zh: string; en: string; confirmed?: boolean; amendedSince?: string; then?: { text: string; source: string; effective: string } };

describe('刑法 dated article by article by its amendments', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  before(async () => {
    lib = await buildLibrary({ files: ['刑法', '宪法'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-trail-'));
  });
  after(async () => {
    await lib?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the trail read from the twelve amendments agrees with the consolidated text', () => {
    const law = lib.engine.db.prepare("SELECT id FROM laws WHERE title = '中华人民共和国刑法'").pluck().get() as number;
    const trail = loadTrail(lib.engine.db, law)!;
    // The 1997 revision took effect on 1997-10-01 (第四百五十二条); the decisions of 1998 and 2009 are not in the library.
    assert.equal(trail.from, '1997-10-01');
    assert.deepEqual(trail.unaccounted, ['1998-12-29', '2009-08-27']);
    const kinds = new Map<string, number>();
    for (const c of trail.changes) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(kinds), { added: 53, rewritten: 99, changed: 69, deleted: 1 });
    // Every article whose last change gave its whole text reads as that text in the library (punctuation aside).
    const bare = (s: string) => s.replace(/[\s“”:：,，。；;]/g, '');
    const rows = lib.engine.db.prepare(`SELECT a.number, a.sub_number AS subNumber, a.text FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.law_id = ? AND a.kind = 'article'`).all(law) as Array<{ number: number; subNumber: number; text: string }>;
    let whole = 0;
    for (const r of rows) {
      const last = [...trail.changes].reverse().find((c) => c.key.number === r.number && c.key.subNumber === r.subNumber);
      if (!last?.text) continue;
      whole++;
      assert.equal(bare(r.text), bare(last.text), `${r.number}之${r.subNumber} ${last.source}`);
    }
    assert.equal(whole, 126);
    // An older consolidated text beside a later amendment would make 「此为其后的文本」 false: such a trail is not used.
    const bribe = lib.engine.db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.law_id = ? AND a.number = 390 AND a.sub_number = 0`).pluck().get(law) as number;
    lib.engine.db.exec('SAVEPOINT older');
    try {
      lib.engine.db.prepare('UPDATE articles SET text = ? WHERE id = ?').run(trail.changes.find((c) => c.key.number === 390 && c.effective === '2015-11-01')!.text, bribe);
      assert.equal(loadTrail(lib.engine.db, law), null);
    } finally {
      lib.engine.db.exec('ROLLBACK TO older; RELEASE older');
    }
    assert.notEqual(loadTrail(lib.engine.db, law), null);
    // 宪法修正案（2018年） inserts and renumbers articles, which the reading cannot follow: 宪法 is dated from then only.
    const constitution = lib.engine.db.prepare("SELECT id FROM laws WHERE title = '中华人民共和国宪法'").pluck().get() as number;
    assert.equal(loadTrail(lib.engine.db, constitution)?.from, '2018-03-11');
  });

  test('lexdesk show: the text of the date, an article not yet added, one unchanged since, one deleted, and the amendment a text is of', async () => {
    const show = async (...args: string[]) => runCli(['show', ...args, '--db', lib.dbPath]);
    // 2022: 第三百九十条 read as 刑法修正案（九） 四十五、 gave it; the text shown is 刑法修正案（十二）'s of 2024.
    const bribe = await show('刑法第390条', '--as-of', '2022-06-01');
    assert.equal(bribe.code, 0, bribe.stderr);
    assert.match(bribe.stdout, /^Note: After 2022-06-01 this article was amended by 《刑法修正案（十二）》第五条 \(in force 2024-03-01\); the text in force on 2022-06-01 is the one 《刑法修正案（九）》第四十五条 gave it \(in force 2015-11-01\); shown here is the later text\.\n/);
    assert.match(bribe.stdout, /\nText in force on 2022-06-01, as 《刑法修正案（九）》第四十五条 gave it \(in force 2015-11-01\):\n {2}对犯行贿罪的，处五年以下有期徒刑或者拘役，并处罚金；/);
    const json = parseJsonOutput<{ gap: Gap }>(await show('刑法第390条', '--as-of', '2022-06-01', '--json'));
    assert.equal(json.gap.amendedSince, 'amended');
    assert.equal(json.gap.then?.source, '《刑法修正案（九）》第四十五条');
    assert.match(json.gap.zh, /^本条此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改；2022-06-01 施行的是此前的条文，即《刑法修正案（九）》第四十五条（2015-11-01 起施行）所定的文本；此为其后的文本$/);
    // Saved for a matter of 2022: the text saved is today's, and the text of the date is said.
    const saved = await runCli(['saved', 'add', '刑法第390条', '--as-of', '2022-06-01', '--db', lib.dbPath]);
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(saved.stdout, /^Note: 《中华人民共和国刑法》第三百九十条（2020-12-26 版）: After 2022-06-01 this article was amended by 《刑法修正案（十二）》第五条 .* The text saved is the one in force now; the list and `saved export` keep the date 2022-06-01 and say so, with the text of that date where the library has it\.$/m);
    // Today: the text is 2024's, though its document says 2021-03-01.
    const now = await show('刑法第390条');
    assert.match(now.stdout, /\n\(This is the text as amended by 《刑法修正案（十二）》第五条 \(in force 2024-03-01\)\.\)\n/);
    assert.doesNotMatch((await show('刑法第264条')).stdout, /as amended by/, 'an article last amended before its document took effect needs no such note');
    assert.equal(parseJsonOutput<{ amended: { zh: string } | null }>(await show('刑法第390条', '--json')).amended?.zh, '本条为《刑法修正案（十二）》第五条（2024-03-01 起施行）修改后的条文');
    // 2019: 第一百三十三条之二 (2021) did not exist; 第二百六十四条 had read the same since 2011.
    const notYet = await show('刑法第133条之二', '--as-of', '2019-06-01');
    assert.equal(notYet.code, 1);
    assert.match(notYet.stderr, /中华人民共和国刑法 had no 第一百三十三条之二 on 2019-06-01\. This article was added by 《刑法修正案（十一）》第二条 \(in force 2021-03-01\): it did not exist on 2019-06-01\./);
    const theft = parseJsonOutput<{ gap: Gap }>(await show('刑法第264条', '--as-of', '2019-06-01', '--json'));
    assert.equal(theft.gap.confirmed, true);
    assert.equal(theft.gap.zh, '本条自 2011-05-01 起未经修改（《刑法修正案（八）》第三十九条）（法规库收有该法此后的各次修正案），此即 2019-06-01 施行的条文');
    // 第二百六十三条, which no held amendment changed: after 2019 certainly, since 1997 not (a 2009 decision the library lacks).
    const robbery = parseJsonOutput<{ gap: Gap }>(await show('刑法第263条', '--as-of', '2019-06-01', '--json'));
    assert.equal(robbery.gap.zh, '本条在 2019-06-01 之后未经修改（法规库收有该法此后的各次修正案），此即 2019-06-01 施行的条文');
    // 2005: before that decision, only what the held amendments changed is said; the rest keeps the first-text note.
    const early = parseJsonOutput<{ gap: Gap }>(await show('刑法第264条', '--as-of', '2005-06-01', '--json'));
    assert.match(early.gap.zh, /^本条此后经《刑法修正案（八）》第三十九条（2011-05-01 起施行）修改；2005-06-01 施行的是此前的条文，法规库中没有其全文/);
    // That note names the amendment the 2020-12-26 text holds though adopted later (刑法修正案（十二）, 2023-12-29).
    const robbery2005 = parseJsonOutput<{ gap: Gap }>(await show('刑法第263条', '--as-of', '2005-06-01', '--json')).gap;
    assert.match(robbery2005.zh, /^法规库中没有该法在 2005-06-01 施行的版本（最早的是 2020-12-26 版，2021-03-01 施行）；该法此后经 2006-06-29、.*、2020-12-26、2023-12-29 修改；此为 2020-12-26 版（已含《刑法修正案（十二）》的修改），当时施行的文本可能与此不同/);
    assert.match(robbery2005.en, /; read in the 2020-12-26 version, with the changes of 《刑法修正案（十二）》, which may differ/);
    // Between an amendment's adoption and its effect (刑法修正案（十一）: 2020-12-26, 2021-03-01) the article was not yet law.
    assert.equal((await show('刑法第133条之二', '--as-of', '2021-01-15')).code, 1);
    assert.equal(parseJsonOutput<{ gap: Gap }>(await show('刑法第264条', '--as-of', '2021-01-15', '--json')).gap.confirmed, true);
    // A decision of 2009-08-27 the library lacks, its date of effect unknown: for a year after it nothing is vouched for.
    assert.match(parseJsonOutput<{ gap: Gap }>(await show('刑法第381条', '--as-of', '2010-01-01', '--json')).gap.zh, /^法规库中没有该法在 2010-01-01 施行的版本/);
    assert.equal(parseJsonOutput<{ gap: Gap }>(await show('刑法第381条', '--as-of', '2010-09-01', '--json')).gap.confirmed, true);
    // A version or year named still shows the 2024 text: said so.
    for (const args of [['刑法第390条', '--version', '2020-12-26'], ['2020年刑法第390条']]) {
      assert.match((await show(...args)).stdout, /\(This is the text as amended by 《刑法修正案（十二）》第五条 \(in force 2024-03-01\)\.\)/, args.join(' '));
    }
    // 第一百九十九条, kept as 「（删去）」: by which amendment, and where its last text is.
    assert.match((await show('刑法第199条')).stdout, /\n\(It was deleted by 《刑法修正案（九）》第十二条 \(in force 2015-11-01\); its text before that is in 《刑法修正案（八）》第三十条\.\)\n/);
    const then = await show('刑法第199条', '--as-of', '2013-01-01');
    assert.match(then.stdout, /^Note: After 2013-01-01 this article was deleted by 《刑法修正案（九）》第十二条 \(in force 2015-11-01\); the text in force on 2013-01-01 is the one 《刑法修正案（八）》第三十条 gave it \(in force 2011-05-01\); it is now deleted\.\n/);
    assert.match(then.stdout, /\nText in force on 2013-01-01, as 《刑法修正案（八）》第三十条 gave it \(in force 2011-05-01\):\n {2}犯本节第一百九十二条规定之罪，数额特别巨大并且给国家和人民利益造成特别重大损失的/);
    const gone = await show('刑法第199条', '--as-of', '2016-01-01');
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /had no 第一百九十九条 on 2016-01-01\. It was deleted by 《刑法修正案（九）》第十二条 \(in force 2015-11-01\); its text before that is in 《刑法修正案（八）》第三十条\./);
    // The year of an amendment the consolidated text holds names that text (《刑法》（2023年修正）); with a date, still dated.
    const cited2023 = await show('《刑法》（2023年修正）第三百九十条');
    assert.equal(cited2023.code, 0, cited2023.stderr);
    assert.match(cited2023.stdout, /^Note: The citation names 2023: this is the text as amended by 《刑法修正案（十二）》 of that year/);
    assert.match((await show('刑法第390条', '--version', '2020-12-26', '--as-of', '2022-06-01')).stdout, /^Note: After 2022-06-01 this article was amended by 《刑法修正案（十二）》第五条/);
    // Before the 1997 revision, where the amendments vouch for nothing, they still say an article one of them added did
    // not exist yet.
    assert.match((await show('刑法第133条之二', '--as-of', '1995-06-01')).stderr, /had no 第一百三十三条之二 on 1995-06-01\. This article was added by 《刑法修正案（十一）》第二条 \(in force 2021-03-01\)/);
    // Before the 1997 revision: the note says a number of the time may be another article now.
    assert.match(parseJsonOutput<{ gap: Gap }>(await show('刑法第264条', '--as-of', '1995-06-01', '--json')).gap.zh, /；其中 1997-03-14 的修订可能重新编排了条文，当时的条号可能指现在的另一条；/);
  });

  test('search as of a date leaves out articles added later and marks those amended since', async () => {
    const query = '对行驶中的公共交通工具的驾驶人员使用暴力，干扰公共交通工具正常行驶';
    const labels = (asOf?: string) => lib.engine.search(query, { filters: asOf ? { asOf } : {}, limit: 10 }).map((h) => h.article.label);
    assert.equal(labels()[0], '第一百三十三条之二');
    assert.ok(!labels('2019-06-01').includes('第一百三十三条之二'), 'not yet law in 2019');
    assert.ok(!labels('1995-06-01').includes('第一百三十三条之二'), 'nor before the 1997 revision, where the amendments vouch for nothing else');
    assert.equal(labels('2021-03-01')[0], '第一百三十三条之二');
    const r = parseJsonOutput<{ hits: Array<{ label: string; amendedSince?: string; onDate?: { standing: string } }>; readInPlace?: Array<{ note: { zh: string } }> }>(
      await runCli(['search', '行贿 谋取不正当利益 从重处罚', '--as-of', '2022-06-01', '--mode', 'lexical', '--json', '--db', lib.dbPath]),
    );
    const bribe = r.hits.find((h) => h.label === '第三百九十条');
    assert.match(bribe?.amendedSince ?? '', /^此后经《刑法修正案（十二）》第五条/);
    // Marked exactly when 刑法修正案（十二） (2024) changed the article: 第一百六十五、一百六十六、一百六十九、三百八十七、三百九十、三百九十一、三百九十三条.
    const changed2024 = new Set(['第一百六十五条', '第一百六十六条', '第一百六十九条', '第三百八十七条', '第三百九十条', '第三百九十一条', '第三百九十三条']);
    assert.ok(r.hits.filter((h) => changed2024.has(h.label)).length >= 2, JSON.stringify(r.hits.map((h) => h.label)));
    for (const h of r.hits) assert.equal(h.amendedSince !== undefined, changed2024.has(h.label), `${h.label} ${h.amendedSince ?? ''}`);
    // Each hit's standing on the date: in force, amended since where 刑法修正案（十二） changed it.
    for (const h of r.hits) assert.equal(h.onDate?.standing, changed2024.has(h.label) ? 'amended-since' : 'in-force', h.label);
    assert.match(r.readInPlace![0]!.note.zh, /^各条已按法规库所收该法的修正案核对：2022-06-01 之后修改过的条文另有注明，其余条文即当时施行的文本$/);
    // Before the amendments can vouch for the rest (2005), the law's notice says so whichever of its hits comes first.
    for (const q of ['以暴力、胁迫方法抢劫公私财物', '盗窃公私财物，数额较大，或者多次盗窃']) {
      const early = parseJsonOutput<{ readInPlace?: Array<{ lawTitle: string; note: { zh: string } }> }>(await runCli(['search', q, '--as-of', '2005-06-01', '--mode', 'lexical', '--json', '--db', lib.dbPath]));
      assert.match(early.readInPlace?.find((x) => x.lawTitle === '中华人民共和国刑法')?.note.zh ?? '', /^其中在 2005-06-01 之后经法规库所收修正案修改的条文另有注明；该法还经法规库未收的文件修改/, q);
    }
    const text = await runCli(['search', '行贿 谋取不正当利益 从重处罚', '--as-of', '2022-06-01', '--mode', 'lexical', '--db', lib.dbPath]);
    assert.match(text.stdout, /^\d+\. 《中华人民共和国刑法》第三百九十条 \[amended after 2022-06-01\]$/m);
  });

  test('a 修正案 item cited for what another article of 刑法 provides is marked with that article; the item that added it is not', () => {
    const words = '以转移财产、逃匿等方法逃避支付劳动者的劳动报酬，数额较大，经政府有关部门责令支付仍不支付的，处三年以下有期徒刑或者拘役。';
    const resolver = lib.engine.searchDeps().resolver;
    const [wrong] = checkDraft(resolver, `依据《刑法修正案（十一）》第八条，${words}`, '2026-11-27').citations;
    assert.equal(wrong!.finding, 'check');
    assert.match(wrong!.noteZh ?? '', /该条为「将刑法第一百六十条修改为.*与《中华人民共和国刑法》第二百七十六条之一相符.*请核对所引法条/);
    assert.equal(wrong!.closer?.lawTitle, '中华人民共和国刑法');
    assert.deepEqual(checkDraft(resolver, `依据《刑法修正案（八）》第四十一条，${words}`, '2026-11-27').citations.map((c) => c.finding), ['ok']);
    assert.deepEqual(checkDraft(resolver, '依据《刑法修正案（十一）》第八条，在招股说明书、认股书等发行文件中隐瞒重要事实或者编造重大虚假内容，发行股票的，应当处罚。', '2026-11-27').citations.map((c) => c.finding), ['ok']);
  });

  test('an article saved for a date keeps it: the list, the route and the saved compilation carry the text of that date', async () => {
    const saved = await runCli(['saved', 'add', '刑法第390条', '--folder', '赵六行贿案', '--as-of', '2022-06-01', '--note', '行贿时间2022年', '--db', lib.dbPath]);
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(saved.stdout, /keep the date 2022-06-01/);
    const list = await runCli(['saved', 'list', '--folder', '赵六行贿案', '--db', lib.dbPath]);
    assert.match(list.stdout, /^  ! \[\d+\] 《中华人民共和国刑法》第三百九十条/m, 'worth a look: the text of the date differs');
    assert.match(list.stdout, /时点：2022-06-01；本条此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改/);
    assert.match(list.stdout, /2022-06-01 施行的文本（《刑法修正案（九）》第四十五条，2015-11-01 起施行）：对犯行贿罪的，处五年以下有期徒刑/);
    const md = path.join(dir, '赵六.md');
    assert.equal((await runCli(['saved', 'export', '--folder', '赵六行贿案', '--out', md, '--db', lib.dbPath])).code, 0);
    const text = fs.readFileSync(md, 'utf8');
    assert.match(text, /\*\*注意\*\*：2022-06-01 施行的文本（《刑法修正案（九）》第四十五条，2015-11-01 起施行）：对犯行贿罪的，处五年以下有期徒刑/);
    assert.match(text, /\*\*备注\*\*：时点：2022-06-01/);
    // Saved without a date, the compilation still says whose text it is: 2024's, though its document is of 2020.
    assert.equal((await runCli(['saved', 'add', '刑法第390条', '--folder', '今日', '--db', lib.dbPath])).code, 0);
    const today = path.join(dir, '今日.md');
    assert.equal((await runCli(['saved', 'export', '--folder', '今日', '--out', today, '--db', lib.dbPath])).code, 0);
    assert.match(fs.readFileSync(today, 'utf8'), /\*\*注意\*\*：本条为《刑法修正案（十二）》第五条（2024-03-01 起施行）修改后的条文。/);
    assert.doesNotMatch(text, /本条为《刑法修正案（十二）》第五条（2024-03-01 起施行）修改后的条文/, 'for 2022, the dated note says it already');
    // The app saves from an article looked up with a 时点 the same way; one saved without a date says nothing of one.
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const found = resolver0(lib).lookup('刑法第264条');
    assert.ok(found.ok);
    const dated = await api.call('saved.add', { articleId: found.article.id, folder: '赵六行贿案', asOf: '2019-06-01' });
    assert.ok(dated.ok, JSON.stringify(dated));
    const item = dated.data as { asOf: string | null; dated: { differs: boolean } | null; attention: boolean };
    assert.equal(item.asOf, '2019-06-01');
    assert.equal(item.dated?.differs, false, '第二百六十四条 read in 2019 as it reads now, vouched for by the amendments');
    assert.equal(item.attention, false);
    const plain = await api.call('saved.add', { articleId: found.article.id, folder: '另案' });
    assert.ok(plain.ok && (plain.data as { asOf: string | null }).asOf === null && (plain.data as { dated: unknown }).dated === null);
    const refused = await api.call('saved.add', { articleId: found.article.id, folder: '另案', asOf: '2019-13-01' });
    assert.ok(!refused.ok, 'a date that is none is refused by the route');
  });

  test('the app\'s routes, the compilation and the citation audit read the same', async () => {
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const cited = await api.call('statute.citations', { citation: '刑法第390条', asOf: '2022-06-01' });
    assert.ok(cited.ok, JSON.stringify(cited));
    const detail = (cited.data as CitedArticlesDto).detail as ArticleDetailDto;
    assert.equal(detail.textThen?.source, '《刑法修正案（九）》第四十五条');
    assert.equal(detail.textThen?.asOf, '2022-06-01');
    assert.match(detail.versionGap!.zh, /^本条此后经《刑法修正案（十二）》第五条/);
    assert.match(detail.amendedText!.zh, /^本条为《刑法修正案（十二）》第五条（2024-03-01 起施行）修改后的条文$/);
    const opened = await api.call('statute.article', { id: detail.article.id, asOf: '2022-06-01' });
    assert.ok(opened.ok && (opened.data as ArticleDetailDto).textThen?.text.startsWith('对犯行贿罪的，处五年以下有期徒刑'));
    // An article not yet added on the date, opened in the app (from a neighbour, say), says so.
    const added = resolver0(lib).lookup('刑法第133条之二');
    assert.ok(added.ok);
    const early = await api.call('statute.article', { id: added.article.id, asOf: '2019-06-01' });
    assert.ok(early.ok && /^本条由《刑法修正案（十一）》第二条（2021-03-01 起施行）增加，在 2019-06-01 尚无此条/.test((early.data as ArticleDetailDto).versionGap?.zh ?? ''), JSON.stringify(early));
    // Its badge for the date says it did not exist yet; 第三百九十条, amended since, was in force then in another text;
    // 第二百六十四条, vouched for, simply in force; 第一百九十九条 in force in 2013 and deleted since, deleted by 2016.
    assert.deepEqual((early.data as ArticleDetailDto).onDate, { date: '2019-06-01', standing: 'not-added' });
    assert.deepEqual(detail.onDate, { date: '2022-06-01', standing: 'amended-since' });
    const standing = async (citation: string, asOf: string) => {
      const found = resolver0(lib).lookup(citation);
      assert.ok(found.ok, citation);
      const opened = await api.call('statute.article', { id: found.article.id, asOf });
      assert.ok(opened.ok);
      return (opened.data as ArticleDetailDto).onDate?.standing;
    };
    assert.deepEqual([await standing('刑法第264条', '2019-06-01'), await standing('刑法第199条', '2016-01-01'), await standing('刑法第199条', '2013-01-01'), await standing('刑法第263条', '2005-06-01')], ['in-force', 'deleted', 'deleted-since', 'other-text']);
    const today = await api.call('statute.article', { id: detail.article.id });
    assert.ok(today.ok && !(today.data as ArticleDetailDto).textThen && !(today.data as ArticleDetailDto).versionGap && !(today.data as ArticleDetailDto).onDate);
    const search = await api.call('statute.search', { query: '行贿 谋取不正当利益 从重处罚', filters: { asOf: '2022-06-01' } });
    assert.ok(search.ok);
    assert.match((search.data as StatuteSearchDto).hits.find((h) => h.article.label === '第三百九十条')?.amendedSince ?? '', /^此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改，2022-06-01 施行的是此前的条文（见《刑法修正案（九）》第四十五条）$/);
    // The compilation as of 2022 carries the text of the date beside the amended one.
    const compiled = buildCompilation(lib.engine, '刑法第390条', { asOf: '2022-06-01' });
    assert.ok(compiled.articles[0]!.notes.some((n) => /^2022-06-01 施行的文本（《刑法修正案（九）》第四十五条，2015-11-01 起施行）：对犯行贿罪的，处五年以下有期徒刑/.test(n)), compiled.articles[0]!.notes.join('\n'));
    // An answer for a bribe of 2022 quoting the text of the time from [1] is right, not a misquotation; today's words are right too.
    const resolver = lib.engine.searchDeps().resolver;
    const a = resolver.lookup('刑法第390条');
    assert.ok(a.ok);
    const evidence = [{ articleId: a.article.id, lawTitle: a.article.lawTitle, articleLabel: a.article.label, level: '法律', province: '', status: 'current', publishDate: '2020-12-26', effectiveDate: '2021-03-01', path: [], text: a.article.text, score: 1, foundBy: [], excluded: null, excerpt: null }];
    const old = auditCitations('依照《刑法》第三百九十条，“对犯行贿罪的，处五年以下有期徒刑或者拘役，并处罚金”[1]。', evidence, resolver, '2022-06-01');
    assert.deepEqual(old.map((c) => [c.marker, c.label]), [['《刑法》第三百九十条', 'verified'], ['[1]', 'verified']], JSON.stringify(old));
    assert.match(old[0]!.noteZh ?? '', /即《刑法修正案（九）》第四十五条（2015-11-01 起施行）所定的文本/);
    const wrong = auditCitations('依照《刑法》第三百九十条，“对犯行贿罪的，处七年以下有期徒刑”[1]。', evidence, resolver, '2022-06-01');
    assert.deepEqual(wrong.map((c) => [c.marker, c.label]), [['《刑法》第三百九十条', 'verified'], ['[1]', 'quote_mismatch']], 'words of neither text are still a misquotation');
    // A brief on facts of 2019 citing 第一百三十三条之二: no such article then (before, ✓ in today's text).
    const brief = '被告人的行为构成妨害安全驾驶罪，依照《刑法》第一百三十三条之二处罚。';
    const check = checkDraft(resolver, brief, '2019-06-01');
    assert.deepEqual(check.citations.map((c) => [c.marker, c.finding]), [['《刑法》第一百三十三条之二', 'unresolvable']]);
    assert.match(check.citations[0]!.noteZh ?? '', /在 2019-06-01 没有第一百三十三条之二。本条由《刑法修正案（十一）》第二条（2021-03-01 起施行）增加，在 2019-06-01 尚无此条/);
    assert.deepEqual(checkDraft(resolver, brief, '2022-06-01').citations.map((c) => c.finding), ['ok']);
    // A bare number read in the law named before it says why it was none then; 第一百九十九条 in 2016 was none any more.
    const bare = checkDraft(resolver, '依照《刑法》第一百三十三条之一处理，另依照第一百三十三条之二处理。', '2019-06-01').citations;
    assert.deepEqual(bare.map((c) => c.finding), ['ok', 'unresolvable']);
    assert.match(bare[1]!.noteZh ?? '', /^第一百三十三条之二没有写明法律，按前面提到的法律读：中华人民共和国刑法在 2019-06-01 没有第一百三十三条之二。本条由《刑法修正案（十一）》第二条/);
    assert.deepEqual(checkDraft(resolver, '依照《刑法》第一百九十九条处理。', '2016-01-01').citations.map((c) => c.finding), ['unresolvable']);
    // The usual citation of the current text, and a year named with a date of the facts.
    assert.deepEqual(checkDraft(resolver, '依照《刑法》（2023年修正）第三百九十条处理。', '2026-01-01').citations.map((c) => c.finding), ['ok']);
    const pinned = checkDraft(resolver, '依照2020年刑法第三百九十条处理。', '2022-06-01').citations[0]!;
    assert.equal(pinned.finding, 'check');
    assert.match(pinned.noteZh ?? '', /本条此后经《刑法修正案（十二）》第五条（2024-03-01 起施行）修改/);
  });
});
