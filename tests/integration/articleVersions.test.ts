/**
 * The same provision in another version of its law, found by its text: 公司法 of 2023 renumbered most of
 * the 2018 text, split articles and merged others, so the same number is often another provision.
 * Read from the real LawRefBook files of both versions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ResolveResult } from '../../main/library/citation/resolver.js';
import type { ArticleVersion } from '../../main/library/versions/counterparts.js';
import { compareVersions, type VersionComparison } from '../../main/library/versions/compareVersions.js';
import fs from 'node:fs';
import path from 'node:path';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { standingsOn } from '../../main/search/lawOnDate.js';
import { docxXml } from '../helpers/docxText.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
let lib: TempLibrary;

function versionsOf(citation: string, version?: string): ArticleVersion[] {
  const result = lib.engine.lookup(citation, version ? { version } : {}) as ResolveResult;
  assert.ok(result.ok, citation);
  return lib.engine.context(result.article).versions;
}

const in2018 = (versions: ArticleVersion[]) => versions.find((v) => v.publishDate === '2018-10-26')!;
const in2023 = (versions: ArticleVersion[]) => versions.find((v) => v.publishDate === '2023-12-29')!;
const removed = (v: ArticleVersion) => (v.diff ?? []).filter(([op]) => op === -1).map(([, t]) => t).join('');
const added = (v: ArticleVersion) => (v.diff ?? []).filter(([op]) => op === 1).map(([, t]) => t).join('');

describe('an article in the other versions of its law', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({
      files: ['民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md', '司法解释/最高人民法院关于适用《民事诉讼法》的解释(2020-12-29).md',
        '司法解释/最高人民法院关于适用《民事诉讼法》的解释(2022-04-01).md', '司法解释/最高人民法院关于适用《民事诉讼法》的解释(2022-04-02).md'],
    });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('a renumbered article is found under its new number, with what changed from the older text to the newer', () => {
    // 2018 第七十一条 (transfer of shares) is 2023 第八十四条; 2023 第七十一条 is on dismissing directors.
    const versions = versionsOf('公司法第七十一条', '2018-10-26');
    assert.deepEqual(versions.map((v) => [v.publishDate, v.match]), [['2023-12-29', 'amended'], ['2018-10-26', 'self']], 'newest first');
    const v2023 = in2023(versions);
    assert.equal(v2023.label, '第八十四条');
    assert.ok(v2023.similarity! >= 0.5 && v2023.similarity! < 1);
    assert.match(removed(v2023), /经其他股东过半数同意/, 'the consent rule the 2023 text dropped');
    assert.match(added(v2023), /数量、价格、支付方式和期限/);
    // Seen from the newer article, the same pair and the same change.
    const back = in2018(versionsOf('公司法第八十四条'));
    assert.deepEqual([back.label, back.articleId, back.similarity], ['第七十一条', versions.find((v) => v.match === 'self')!.articleId, v2023.similarity]);
    assert.deepEqual(back.diff, v2023.diff, 'always from the older text to the newer');
  });

  test('a formula repeated across a rewritten law does not make two provisions one', () => {
    // 2023 第五十三条 (抽逃出资) shares 「违反前款规定…给公司造成损失的…赔偿责任」 with 2018 第二十一条 (关联关系) more
    // than anything else, but 第二十一条 is 2023's 第二十二条; what 第五十三条 carries whole is 2018 第三十五条.
    const v53 = in2018(versionsOf('公司法第五十三条'));
    assert.equal(v53.label, '第三十五条');
    assert.equal(in2023(versionsOf('公司法第二十一条', '2018-10-26')).label, '第二十二条');
    assert.equal(in2023(versionsOf('公司法第三十五条', '2018-10-26')).label, '第五十三条');
    // The manager of a limited company (2018 第四十九条) is 2023 第七十四条, not the board's powers (第六十七条).
    assert.equal(in2023(versionsOf('公司法第四十九条', '2018-10-26')).label, '第七十四条');
    // Unlawful distributions (2023 第二百一十一条) came from a paragraph of 2018 第一百六十六条, not from 第一百四十九条.
    const v211 = in2018(versionsOf('公司法第二百一十一条'));
    assert.deepEqual([v211.label, v211.match], ['第一百六十六条', 'partly']);
    // Meetings by electronic means (2023 第二十四条) are new: nothing in 2018 holds them.
    assert.equal(in2018(versionsOf('公司法第二十四条')).match, 'none');
    // Recast in other words, less alike than the threshold, each the other's closest: filing to register a company
    // (2023 第三十条 ← 2018 第二十九条), and the registration authority's failings (2023 第二百五十八条 ← 2018 第二百零八条).
    assert.deepEqual([in2018(versionsOf('公司法第三十条')).label, in2018(versionsOf('公司法第三十条')).match], ['第二十九条', 'partly']);
    assert.equal(in2018(versionsOf('公司法第二百五十八条')).label, '第二百零八条');
  });

  test('an article split in two: the counterpart, and the other article that took a paragraph of it', () => {
    // 2018 第二十条 third paragraph (piercing the corporate veil) became 2023 第二十三条.
    const v2023 = in2023(versionsOf('公司法第二十条', '2018-10-26'));
    assert.equal(v2023.label, '第二十一条');
    assert.deepEqual(v2023.also.map((a) => a.label), ['第二十三条']);
    assert.match(removed(v2023), /逃避债务/);
    // 2023 第二十三条 itself: partly 2018 第二十条, and 第六十三条 (one-person companies) went into it too.
    const from2018 = in2018(versionsOf('公司法第二十三条'));
    assert.deepEqual([from2018.label, from2018.match], ['第二十条', 'partly']);
    assert.ok(from2018.also.some((a) => a.label === '第六十三条'), JSON.stringify(from2018.also));
  });

  test('the same text is "identical" with no diff, and a provision new in 2023 has no counterpart', () => {
    const reworded = in2018(versionsOf('公司法第二十二条'));
    assert.deepEqual([reworded.label, reworded.match], ['第二十一条', 'amended'], 'one word added (其) is an amendment');
    assert.deepEqual(reworded.also, [], 'the definitions article that repeats its list of roles (第二百一十六条) is not listed beside it');
    // A provision new in 2023 has none.
    const fresh = in2018(versionsOf('公司法第二十条'));
    assert.equal(fresh.match, 'none', `2023 第二十条 (corporate social responsibility) has no 2018 counterpart: ${JSON.stringify(fresh)}`);
    assert.equal(fresh.articleId, null);
    assert.equal(fresh.diff, null);
    // 2023 第五十八条 (the shareholders' meeting) is 2018 第三十六条 word for word.
    const identical = in2018(versionsOf('公司法第五十八条'));
    assert.deepEqual([identical.label, identical.match, identical.similarity, identical.diff], ['第三十六条', 'identical', 1, null]);
  });

  test('lexdesk show lists the versions by provision, --changes shows what changed, and --json carries it all', async () => {
    const text = await runCli(['show', '公司法第七十一条', '--version', '2018-10-26', '--changes', '--db', lib.dbPath]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /2023-12-29 current +第八十四条 — amended, \d+% alike/);
    assert.match(text.stdout, /Changes from this one to 2023-12-29 version \(第八十四条\):/);
    assert.match(text.stdout, /\[-[^\]]*经其他股东过半数同意[^\]]*-\]/, 'deletions marked [-…-] off a terminal');
    const current = await runCli(['show', '公司法第七十一条', '--db', lib.dbPath]);
    assert.match(current.stdout, /Older texts that cite 第七十一条 may mean that one, which this version has as 第八十四条: lexdesk show/, 'the note on the number says where the old provision went');
    const plain = await runCli(['show', '公司法第七十一条', '--version', '2018-10-26', '--db', lib.dbPath]);
    assert.doesNotMatch(plain.stdout, /Changes from/);
    assert.match(plain.stdout, /--changes shows what changed/);
    const json = await runCli(['show', '公司法第八十四条', '--json', '--db', lib.dbPath]);
    const shown = JSON.parse(json.stdout) as { versions: ArticleVersion[] };
    assert.deepEqual(shown.versions.map((v) => [v.publishDate, v.label, v.match]), [['2023-12-29', '第八十四条', 'self'], ['2018-10-26', '第七十一条', 'amended']]);
    assert.ok(Array.isArray(shown.versions[1]!.diff));
  });

  test('a whole law compared: every 2023 article with its 2018 counterpart or as new, and the 2018 articles merged or removed', () => {
    const first = lib.engine.lookup('公司法第一条');
    assert.ok(first.ok);
    const c = compareVersions(lib.engine.db, first.article.lawId, '2018-10-26', '2023-12-29');
    const newer = c.rows.filter((r) => !['merged', 'removed'].includes(r.match));
    assert.equal(newer.length, 266, 'one row per article of the 2023 version, in order');
    assert.deepEqual(newer.slice(0, 2).map((r) => r.newer!.label), ['第一条', '第二条']);
    assert.equal(c.counts.identical + c.counts.amended + c.counts.partly + c.counts.added, 266);
    const row = (label: string) => c.rows.find((r) => r.newer?.label === label && !['merged', 'removed'].includes(r.match))!;
    assert.deepEqual([row('第八十四条').older?.label, row('第八十四条').match], ['第七十一条', 'amended']);
    assert.deepEqual([row('第二十条').older, row('第二十条').match], [null, 'added']);
    assert.deepEqual([row('第五十八条').older?.label, row('第五十八条').match, row('第五十八条').diff], ['第三十六条', 'identical', null]);
    // 2018 第五十八条 (one natural person, one one-person company) is gone from the 2023 text.
    const gone = c.rows.find((r) => r.older?.label === '第五十八条' && r.match === 'removed');
    assert.ok(gone && gone.newer === null, JSON.stringify(c.rows.filter((r) => r.older?.label === '第五十八条')));
    for (const r of c.rows.filter((x) => x.match === 'merged')) assert.ok(r.newer && r.older && r.diff, 'a merged article names where most of it went, and what changed');
    assert.equal(c.counts.merged + c.counts.removed, c.rows.length - 266);
  });

  test('lexdesk compare: the table on the terminal, as JSON and as a Markdown 新旧对照表; a law or version it does not have is refused', async () => {
    const file = path.join(path.dirname(lib.dbPath), '公司法新旧对照.md');
    const json = await runCli(['compare', '公司法', '--out', file, '--json', '--db', lib.dbPath]);
    assert.equal(json.code, 0, json.stderr);
    const c = JSON.parse(json.stdout) as VersionComparison & { out: string };
    assert.deepEqual([c.lawTitle, c.older.publishDate, c.newer.publishDate, c.out], ['中华人民共和国公司法', '2018-10-26', '2023-12-29', file], 'the version in force against the one before it');
    const md = fs.readFileSync(file, 'utf8');
    assert.match(md, /^# 《中华人民共和国公司法》新旧对照（2018-10-26 版 → 2023-12-29 版）/);
    assert.match(md, /^\| 第八十四条 \| 第七十一条 \| 修改 \| \d+% \|/m);
    assert.match(md, /^### 第八十四条（原第七十一条）\n\n> 有限责任公司的股东之间可以相互转让/m);
    assert.match(md, /~~经其他股东过半数同意/);
    const text = await runCli(['compare', '中华人民共和国公司法', '--from', '2018-10-26', '--to', '2023-12-29', '--changes', '--db', lib.dbPath]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /266 articles in the 2023-12-29 version: \d+ same text, \d+ amended, \d+ partly carried over, \d+ new/);
    assert.match(text.stdout, /第八十四条\u3000*\s+← 第七十一条\u3000*\s+修改 \d+%\n\s+有限责任公司的股东之间/);
    // As a Word document: the table, and each deletion a struck-through run, each insertion an underlined one.
    const docx = path.join(path.dirname(lib.dbPath), '公司法新旧对照.docx');
    const word = await runCli(['compare', '公司法', '--out', docx, '--db', lib.dbPath]);
    assert.equal(word.code, 0, word.stderr);
    const xml = (await docxXml(docx))['document.xml']!;
    assert.match(xml, /<w:t xml:space="preserve">第八十四条<\/w:t>/);
    assert.match(xml, /<w:rPr><w:strike\/><w:color w:val="A61B1B"\/><\/w:rPr><w:t xml:space="preserve">经其他股东过半数同意/);
    assert.match(xml, /<w:u w:val="single"\/>[^]*?数量、价格、支付方式和期限/);
    for (const bad of [['--out', path.join(path.dirname(lib.dbPath), 'table.txt')], ['--out', '/nonexistent-folder/table.md']]) {
      const refused = await runCli(['compare', '公司法', ...bad, '--db', lib.dbPath]);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /--out must name a \.md or \.docx file|Cannot write to \/nonexistent-folder/);
    }
    // Saving 公司法第七十一条 says what 2018's 第七十一条 was and where it is now, as show does.
    const saved = await runCli(['saved', 'add', '公司法第71条', '--db', lib.dbPath]);
    assert.match(saved.stdout, /^Note: 《中华人民共和国公司法》第七十一条（2023-12-29 版）: 第七十一条 of the 2018-10-26 version reads otherwise \(「有限责任公司的股东之间可以相互转让.*; it is 第八十四条 in this version/m);
    const both = await runCli(['saved', 'add', '公司法第71条', '--as-of', '2020-01-01', '--version', '2018-10-26', '--db', lib.dbPath]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /Give --as-of \(the version in force on a date\) or --version \(a version by its publication date\), not both/);
    assert.match((await runCli(['show', '公司法第71条之1', '--db', lib.dbPath])).stderr, /has no 第71条之一/, 'an inserted article\'s number written as it is cited');
    // A number the version in force lacks but an earlier one had: where that provision is now.
    const dropped = await runCli(['show', '民诉法解释第五百五十一条', '--db', lib.dbPath]);
    assert.match(dropped.stderr, /has no 第551条\. The 2020-12-29 version had 第五百五十一条 \(「人民法院审理涉及香港、澳门特别行政区和台湾地区的民事诉讼案件…」\), which this version holds as 第五百四十九条 \(word for word\)\./);
    const wide = await runCli(['show', '公司法第1条至第100条', '--db', lib.dbPath]);
    assert.match(wide.stdout, /^2 articles cited\.\nNote: a range of 100 articles is shown by its two ends only/);
    // 民诉法解释 of 2022-04-01 and 04-02 differ in punctuation only: by default the revision before them is compared, and said.
    const republished = await runCli(['compare', '民诉法解释', '--json', '--db', lib.dbPath]);
    const r = parseJsonOutput<{ older: { publishDate: string }; newer: { publishDate: string }; republished?: string[] }>(republished);
    assert.deepEqual([r.older.publishDate, r.newer.publishDate, r.republished], ['2020-12-29', '2022-04-02', ['2022-04-01']]);
    // An article's versions say the same: 2022-04-01 is 2022-04-02's text published again, not a revision of its own.
    assert.deepEqual(versionsOf('民诉法解释第一条').map((v) => [v.publishDate, v.sameWordingAs]), [['2022-04-02', undefined], ['2022-04-01', '2022-04-02'], ['2020-12-29', undefined]]);
    assert.match((await runCli(['show', '民诉法解释第一条', '--db', lib.dbPath])).stdout, /2022-04-01 superseded 第一条 — same text \(the same words as the 2022-04-02 version, punctuation aside: published again\)/);
    const asked = parseJsonOutput<{ older: { publishDate: string }; republished?: string[]; rows: Array<{ match: string; punctuationOnly?: true }> }>(await runCli(['compare', '民诉法解释', '--from', '2022-04-01', '--json', '--db', lib.dbPath]));
    assert.deepEqual([asked.older.publishDate, asked.republished], ['2022-04-01', undefined], 'asked for: compared as asked');
    const amended = asked.rows.filter((row) => row.match === 'amended');
    assert.ok(amended.length > 0 && amended.every((row) => row.punctuationOnly), 'each of its changes is punctuation, and said so');
    assert.match((await runCli(['compare', '民诉法解释', '--from', '2022-04-01', '--db', lib.dbPath])).stdout, new RegExp(`${amended.length} amended \\(${amended.length} of them in punctuation only\\)`));
    const unknown = await runCli(['compare', '不存在的法', '--db', lib.dbPath]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No law named "不存在的法" in the library/);
    const badVersion = await runCli(['compare', '公司法', '--from', '2019-01-01', '--db', lib.dbPath]);
    assert.equal(badVersion.code, 1);
    assert.match(badVersion.stderr, /has no version published 2019-01-01 \(--from\); its versions: 2023-12-29, 2018-10-26/);
    const reversed = await runCli(['compare', '公司法', '--from', '2023-12-29', '--to', '2018-10-26', '--db', lib.dbPath]);
    assert.equal(reversed.code, 2);
  });

  test('a search citing a number an earlier version gave to another provision lists that provision too, first when the question reads like it', async () => {
    const id = (citation: string, version?: string) => {
      const r = lib.engine.lookup(citation, version ? { version } : {});
      assert.ok(r.ok, citation);
      return r.article.id;
    };
    const [directors, shares] = [id('公司法第七十一条'), id('公司法第八十四条')];
    const top2 = async (query: string, filters = {}) => (await lib.engine.retrieval.rank(query, { mode: 'lexical', limit: 5, filters })).slice(0, 2).map((r) => [r.id, r.matchedBy]);
    assert.deepEqual(await top2('公司法第七十一条规定股东向股东以外的人转让股权要经其他股东同意吗'), [[shares, 'citation'], [directors, 'citation']], 'asked about share transfers, the 2018 meaning first');
    assert.deepEqual(await top2('公司法第七十一条'), [[directors, 'citation'], [shares, 'citation']], 'the number as cited first when nothing else is said');
    // As of 2020 the citation is read in the 2018 text, which is what it meant: nothing to add.
    const asOf = await lib.engine.retrieval.rank('公司法第七十一条', { mode: 'lexical', limit: 5, filters: { asOf: '2020-06-01', currentOnly: false } });
    assert.equal(asOf[0]!.id, id('公司法第七十一条', '2018-10-26'));
    assert.ok(!asOf.some((r) => r.id === shares || r.id === directors));
    // How each version stood on a date, beside its status today: 2018's (已被修订) was in force in 2020, 2023's not yet,
    // and from 2024-07-01 the 2018 one was superseded; in 2018 before its effect the law was in force in a text the
    // library lacks, for which the first it holds is read (as search reads it), its text then perhaps another.
    const resolver = lib.engine.searchDeps().resolver;
    const of2018 = id('公司法第七十一条', '2018-10-26');
    const standing = (articleId: number, date: string) => standingsOn(lib.engine.db, lib.engine.articles([articleId]), date, (i) => resolver.textGap(i, date)).get(articleId);
    assert.deepEqual(
      [standing(of2018, '2020-06-01'), standing(shares, '2020-06-01'), standing(of2018, '2024-07-01'), standing(shares, '2024-07-01'), standing(of2018, '2018-01-01'), standing(shares, '2018-01-01')],
      ['in-force', 'version-not-yet', 'superseded', 'in-force', 'other-text', 'version-not-yet'],
    );
    const shown = await runCli(['show', '公司法第84条', '--version', '2023-12-29', '--as-of', '2020-06-01', '--db', lib.dbPath]);
    assert.match(shown.stdout, /\n法律 · 现行有效 · 2020-06-01 本版尚未施行 · 公布 2023-12-29 · 施行 2024-07-01\n/);
    const superseded = await runCli(['show', '公司法第71条', '--version', '2018-10-26', '--as-of', '2024-08-01', '--db', lib.dbPath]);
    assert.match(superseded.stdout, /\n法律 · 已被修订 · 2024-08-01 已被修订 · 公布 2018-10-26 · 施行 2018-10-26\n/);
    const cli = await runCli(['search', '公司法第七十一条 股东对外转让股权', '--mode', 'lexical', '--k', '3', '--db', lib.dbPath]);
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stdout, /^Note: 第七十一条 of the 2018-10-26 version \(「有限责任公司的股东之间可以相互转让/m);
    assert.match(cli.stdout, /is 第八十四条 in this one; both are listed as cited\./);
  });
});
