/**
 * On the collection's own files (刑法, 公司法 of 2018 and 2023), through the CLI and the host API the app and the browser
 * host call: an article's own note (刑法 第四百五十二条's ①) wherever its text is read or written — `lexdesk read` in the
 * terminal, --json and --out (.md, .docx), `show`, the app's article and whole-law reading, its download, a citations
 * compilation and a saved folder's — always after the text and marked as the collection's note; and, for ☆ 收藏, what a
 * 款-level save keeps (savesPart) and, for 公司法第二十条第三款 with no version, the earlier 款 or where it stands now
 * instead of the 2023 article that lacks it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi, type HostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { ArticleDetailDto, CitedArticlesDto, LawTextDto, ReportFileDto, SavedArticleDto, SavedListDto } from '../../preload/contract/dto.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { docxParts } from '../helpers/docxText.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const NOTE = '① 刑法、历次刑法修正案、涉及修改刑法的决定的施行日期，分别依据各法律所规定的施行日期确定。';
const MARK = `注（汇编所附注释，非条文内容）：${NOTE}`;
const LAST_PARAGRAPH = '有关刑事责任的规定已纳入本法，自本法施行之日起，适用本法规定。';

let lib: TempLibrary;
let api: HostApi;
let dir: string;

async function call<T>(route: string, input: unknown): Promise<T> {
  const r = await api.call(route as never, input as never);
  assert.ok(r.ok, JSON.stringify(r));
  return r.data as T;
}

async function fileText(f: ReportFileDto): Promise<string> {
  const file = path.join(dir, f.fileName);
  fs.writeFileSync(file, Buffer.from(f.base64, 'base64'));
  return f.fileName.endsWith('.docx') ? (await docxParts(file))['document.xml']! : fs.readFileSync(file, 'utf8');
}

/** The note follows the article's last paragraph, and no quote (>) or statute paragraph holds it unmarked. */
function noteAfterText(text: string): void {
  const last = text.indexOf(LAST_PARAGRAPH);
  assert.ok(last > 0, 'the article is there');
  assert.ok(text.indexOf(MARK) > last, `the marked note after the text: ${text.slice(last, last + 200)}`);
  assert.equal(text.split(NOTE).length - 1, text.split(MARK).length - 1, 'every time the note is written, it is marked');
}

describe('an article\'s own notes and its saved 款, on the collection\'s files', { skip: SKIP, timeout: 300_000 }, () => {
  before(async () => {
    lib = await buildLibrary({ files: ['刑法/刑法.md', '民法商法/公司法(2018-10-26).md', '民法商法/公司法(2023-12-29).md'] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-notes-'));
    api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
  });
  after(async () => {
    await lib?.dispose();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('lexdesk read: the note under its article in the terminal, in --json beside the text, in --out .md and .docx', async () => {
    const md = path.join(dir, '附则.md');
    const docx = path.join(dir, '附则.docx');
    const [text, json, toMd, toDocx] = await Promise.all([
      runCli(['read', '刑法', '--chapter', '附则', '--db', lib.dbPath]),
      runCli(['read', '刑法', '--chapter', '附则', '--json', '--db', lib.dbPath]),
      runCli(['read', '刑法', '--chapter', '附则', '--out', md, '--db', lib.dbPath]),
      runCli(['read', '刑法', '--chapter', '附则', '--out', docx, '--db', lib.dbPath]),
    ]);
    for (const r of [text, json, toMd, toDocx]) assert.equal(r.code, 0, r.stderr);
    noteAfterText(text.stdout);
    assert.ok(text.stdout.includes(`${LAST_PARAGRAPH}\n　　${MARK}\n`), text.stdout);
    const read = parseJsonOutput<LawTextDto>(json);
    const article = read.sections.flatMap((s) => s.articles).find((a) => a.label === '第四百五十二条')!;
    assert.deepEqual(article.notes, [NOTE]);
    assert.ok(!article.text.includes('①'), 'the text is the statute\'s alone');
    const mdText = fs.readFileSync(md, 'utf8');
    noteAfterText(mdText);
    assert.ok(mdText.includes(`\n> *${MARK}*\n`), 'set apart in Markdown');
    noteAfterText((await docxParts(docx))['document.xml']!);
  });

  test('lexdesk show: the note under the article, marked', async () => {
    const shown = await runCli(['show', '刑法第四百五十二条', '--db', lib.dbPath]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.ok(shown.stdout.includes(`\n  ${MARK}\n`), shown.stdout);
  });

  test('the app: the article view\'s detail and the whole-law reading carry the note apart from the text; the download writes it marked', async () => {
    const cited = await call<CitedArticlesDto>('statute.citations', { citation: '刑法第四百五十二条' });
    const detail = cited.detail!;
    assert.deepEqual(detail.article.notes, [NOTE]);
    assert.ok(!detail.article.text.includes('①'));
    const opened = await call<ArticleDetailDto>('statute.article', { id: detail.article.id });
    assert.deepEqual(opened.article.notes, [NOTE]);
    const other = await call<ArticleDetailDto>('statute.article', { id: detail.previous!.id });
    assert.equal(other.article.notes, undefined, 'an article with no note has none');
    const whole = await call<LawTextDto>('statute.lawText', { id: detail.article.id });
    const articles = whole.sections.flatMap((s) => s.articles);
    assert.deepEqual(articles.filter((a) => a.notes).map((a) => [a.label, a.notes]), [['第四百五十二条', [NOTE]]]);
    for (const format of ['md', 'docx'] as const) noteAfterText(await fileText(await call<ReportFileDto>('statute.lawExport', { id: detail.article.id, format })));
  });

  test('compilations quote the text and then the note, marked: of citations, and of a saved folder', async () => {
    for (const format of ['md', 'docx'] as const) {
      const compiled = await fileText(await call<ReportFileDto>('statute.citationsExport', { citation: '刑法第四百五十二条、第四百五十一条', format }));
      noteAfterText(compiled);
      assert.equal(compiled.split(MARK).length - 1, 1, 'under its own article only');
    }
    const id = (await call<CitedArticlesDto>('statute.citations', { citation: '刑法第四百五十二条' })).detail!.article.id;
    await call<SavedArticleDto>('saved.add', { articleId: id, folder: '施行日期' });
    for (const format of ['md', 'docx'] as const) noteAfterText(await fileText(await call<ReportFileDto>('saved.export', { folder: '施行日期', format })));
  });

  test('☆ 收藏 of a 款 says what it keeps: 公司法第二十条第二款 keeps 第二款; the article opened alone, the whole of it', async () => {
    const detail = (await call<CitedArticlesDto>('statute.citations', { citation: '公司法第二十条第二款' })).detail!;
    assert.equal(detail.savesPart, '第二款');
    assert.equal(detail.olderPart, null);
    const saved = await call<SavedArticleDto>('saved.add', { articleId: detail.article.id, folder: '人格否认', parts: detail.citedParts });
    assert.equal(saved.part, detail.savesPart, 'what the view compares with is what the host stores');
    const again = await call<ArticleDetailDto>('statute.article', { id: detail.article.id });
    assert.equal(again.savesPart, undefined, 'opened as an article: the whole of it');
    assert.deepEqual(again.saved?.map((s) => s.part), ['第二款']);
  });

  test('公司法第二十条第三款 with no version: the app is offered 2018\'s 第三款 or 2023\'s 第二十三条第一款, as the CLI is, and either saves that 款', async () => {
    const detail = (await call<CitedArticlesDto>('statute.citations', { citation: '公司法第二十条第三款' })).detail!;
    assert.equal(detail.article.publishDate, '2023-12-29');
    assert.equal(detail.citedParts, undefined, 'the 2023 article has no 第三款 to save');
    const older = detail.olderPart!;
    assert.ok(older, 'the choice is offered');
    assert.deepEqual([older.earlier.article.publishDate, older.earlier.article.label, older.earlier.part, older.earlier.parts], ['2018-10-26', '第二十条', '第三款', [{ paragraph: 3, items: [] }]]);
    assert.match(older.earlier.text, /^公司股东滥用公司法人独立地位和股东有限责任，逃避债务，严重损害公司债权人利益的，应当对公司债务承担连带责任。$/);
    assert.deepEqual([older.now?.article.publishDate, older.now?.article.label, older.now?.part], ['2023-12-29', '第二十三条', '第一款']);
    // The CLI, given the same, names the same two.
    const cli = await runCli(['saved', 'add', '公司法第二十条第三款', '--db', lib.dbPath]);
    assert.notEqual(cli.code, 0);
    assert.match(cli.stderr, /--version 2018-10-26/);
    assert.match(cli.stderr, /中华人民共和国公司法第二十三条第一款/);
    // Either choice, as the view sends it, saves that 款 — never the 2023 第二十条.
    const expected = (a: typeof older.earlier.article) => ({ lawTitle: a.lawTitle, label: a.label, publishDate: a.publishDate, province: a.province });
    const earlier = await call<SavedArticleDto>('saved.add', { articleId: older.earlier.article.id, folder: '揭开面纱', parts: older.earlier.parts, expected: expected(older.earlier.article) });
    assert.deepEqual([earlier.publishDate, earlier.label, earlier.part], ['2018-10-26', '第二十条', '第三款']);
    const now = await call<SavedArticleDto>('saved.add', { articleId: older.now!.article.id, folder: '揭开面纱', parts: older.now!.parts, expected: expected(older.now!.article) });
    assert.deepEqual([now.publishDate, now.label, now.part], ['2023-12-29', '第二十三条', '第一款']);
    const list = await call<SavedListDto>('saved.list', { folder: '揭开面纱' });
    assert.ok(!list.items.some((s) => s.label === '第二十条' && s.publishDate === '2023-12-29'), 'the 2023 第二十条 was saved by nothing');
    // A version named: that version's 第三款, nothing to choose.
    const versioned = (await call<CitedArticlesDto>('statute.citations', { citation: '公司法（2018年修正）第二十条第三款' })).detail!;
    assert.equal(versioned.olderPart ?? null, null);
    assert.equal(versioned.savesPart, '第三款');
  });
});
