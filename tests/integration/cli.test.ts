/**
 * The real CLI as a child process: JSON output of every command, error lines
 * and exit codes, where the library file goes, and `import --download` against
 * a local HTTP server.
 */
import assert from 'node:assert/strict';
import type { LibraryCoverage } from '../../main/library/coverage.js';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../main/db/open.js';
import type { ImportSummary, LibraryCounts } from '../../main/library/import/index.js';
import { buildLawRefBookArchive, startArchiveServer, type ArchiveServer } from '../helpers/archiveServer.js';
import { parseJsonOutput, runCli, spawnCli, stackLines, waitUntil, type CliResult } from '../helpers/cli.js';
import { HashEmbedder } from '../helpers/hashEmbedder.js';
import { SHIPPED_MODEL_DIR } from '../helpers/library.js';
import { NEEDS_SHARED, SUBSET, libraryChecksum, makeCorpusSubset, type CorpusSubset } from '../helpers/corpusSubset.js';

if (NEEDS_SHARED) console.log(`# corpus-based CLI tests ${NEEDS_SHARED}`);

let work: string;
let corpus: CorpusSubset | undefined;
/** The subset imported by the first test; later tests read (copies of) it. */
let libraryDb: string;
let importResult: CliResult | undefined;

interface InfoJson extends LibraryCounts {
  db: string;
  bytes: number;
  coverage: LibraryCoverage;
  coverageNote: string | null;
  laterRevisionsLacking: Array<{ title: string }>;
}

interface SearchJson {
  query: string;
  mode: string;
  hits: Array<{ rank: number; score: number | null; matchedBy: string; lawTitle: string; label: string; snippet: unknown; id: number; status: string }>;
}

interface ShowJson {
  citation: string;
  article: { id: number; lawTitle: string; label: string; number: number; paragraphs: Array<{ text: string; items: unknown[] }> };
  neighbours: { previous: { label: string } | null; next: { label: string } | null };
  versions: Array<{ publishDate: string | null; status: string }>;
}

function dir(name: string): string {
  return mkdtempSync(path.join(work, `${name}-`));
}

/** The error part of stderr: non-empty lines. */
function errorLines(r: CliResult): string[] {
  return r.stderr.split('\n').filter((l) => l.trim() !== '');
}

function assertCleanError(r: CliResult, code: number, pattern: RegExp): void {
  assert.equal(r.code, code, `exit code; stderr:\n${r.stderr}`);
  assert.equal(r.signal, null);
  assert.deepEqual(stackLines(r.stderr), [], `no stack trace:\n${r.stderr}`);
  assert.deepEqual(stackLines(r.stdout), []);
  const first = errorLines(r)[0] ?? '';
  assert.match(first, /^lexdesk: /, r.stderr);
  assert.match(r.stderr, pattern);
}

before(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-cli-test-'));
  libraryDb = path.join(work, 'library.db');
  if (NEEDS_SHARED) return;
  corpus = makeCorpusSubset({
    files: ['宪法/宪法.md', '民法典/侵权责任编.md', SUBSET.laborContract, SUBSET.minorsOld, SUBSET.minorsNew, SUBSET.cases[0] ?? ''],
  });
});

after(() => {
  corpus?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe('lexdesk commands with --json', { skip: NEEDS_SHARED }, () => {
  test('import PATH --json prints one JSON summary', async () => {
    assert.ok(corpus);
    importResult = await runCli(['import', corpus.root, '--db', libraryDb, '--json']);
    assert.equal(importResult.code, 0, importResult.stderr);
    assert.equal(importResult.stderr, '', 'no progress noise when stderr is not a terminal');
    const summary = parseJsonOutput<ImportSummary>(importResult);
    assert.equal(summary.source, corpus.root);
    assert.deepEqual(summary.documents, { added: 5, updated: 0, unchanged: 0 });
    assert.deepEqual(summary.skipped, []);
    assert.ok(summary.notes.some((n) => n.includes('1 case files (案例) skipped')), summary.notes.join('\n'));
    assert.equal(summary.library.documents, 5);
    assert.equal(summary.library.laws, 4);
    assert.equal(summary.library.articles, summary.articlesWritten);
    assert.ok(summary.articlesWritten > 400, `articlesWritten = ${summary.articlesWritten}`);
    assert.ok(existsSync(libraryDb));
  });

  describe('reading the imported library', { concurrency: 2 }, () => {
    test('import PATH (text) prints a readable summary; a second run changes nothing', async () => {
      assert.ok(corpus);
      const db = path.join(dir('import-text'), 'library.db');
      copyFileSync(libraryDb, db);
      const r = await runCli(['import', corpus.root, '--db', db]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^Imported /);
      assert.match(r.stdout, /documents: 0 added, 0 updated, 5 unchanged; 0 articles written/);
      assert.match(r.stdout, /note: 1 case files \(案例\) skipped/);
    });

    test('info --json reports the library', async () => {
      const r = await runCli(['info', '--json', '--db', libraryDb]);
      assert.equal(r.code, 0, r.stderr);
      const info = parseJsonOutput<InfoJson>(r);
      assert.equal(info.db, libraryDb);
      assert.ok(info.bytes > 0);
      const summary = parseJsonOutput<ImportSummary>(importResult ?? assert.fail('import test did not run'));
      const { db: _db, bytes: _bytes, coverage, coverageNote: _note, laterRevisionsLacking, ...counts } = info;
      assert.deepEqual(counts, summary.library);
      // None of this library's laws was revised after its texts as far as the table knows (laterRevisions.ts).
      assert.deepEqual(laterRevisionsLacking, []);
      assert.match(coverage.newestText?.date ?? '', /^\d{4}-\d{2}-\d{2}$/, 'the newest text the library holds');
    });

    test('search --json parses and ranks a citation first', async () => {
      const words = await runCli(['search', '用人单位', '拖欠', '劳动报酬', '解除劳动合同', '--json', '--k', '5', '--db', libraryDb]);
      assert.equal(words.code, 0, words.stderr);
      const parsed = parseJsonOutput<SearchJson>(words);
      assert.equal(parsed.query, '用人单位 拖欠 劳动报酬 解除劳动合同');
      assert.equal(parsed.mode, 'lexical');
      assert.ok(parsed.hits.length > 0 && parsed.hits.length <= 5, `${parsed.hits.length} hits`);
      assert.deepEqual(parsed.hits.map((h) => h.rank), parsed.hits.map((_, i) => i + 1));
      assert.ok(parsed.hits.every((h) => h.matchedBy === 'lexical' && typeof h.score === 'number' && h.status === 'current'));
      assert.ok(parsed.hits.some((h) => h.lawTitle === '中华人民共和国劳动合同法'));

      const cited = await runCli(['search', '劳动合同法第38条', '--json', '--db', libraryDb]);
      assert.equal(cited.code, 0, cited.stderr);
      const first = parseJsonOutput<SearchJson>(cited).hits[0];
      assert.equal(first?.matchedBy, 'citation');
      assert.equal(first?.score, null, 'Infinity is printed as null');
      assert.equal(first?.label, '第三十八条');
    });

    test('show --json parses: the article, its neighbours and versions', async () => {
      const r = await runCli(['show', '劳动合同法', '38', '--json', '--db', libraryDb]);
      assert.equal(r.code, 0, r.stderr);
      const shown = parseJsonOutput<ShowJson>(r);
      assert.equal(shown.citation, '劳动合同法 38');
      assert.equal(shown.article.lawTitle, '中华人民共和国劳动合同法');
      assert.equal(shown.article.label, '第三十八条');
      assert.equal(shown.article.paragraphs.length, 2);
      assert.equal(shown.article.paragraphs[0]?.items.length, 6);
      assert.equal(shown.neighbours.previous?.label, '第三十七条');
      assert.equal(shown.neighbours.next?.label, '第三十九条');

      const minors = parseJsonOutput<ShowJson>(await runCli(['show', '未成年人保护法第1条', '--json', '--db', libraryDb]));
      assert.deepEqual(minors.versions.map((v) => [v.publishDate, v.status]), [['2024-04-26', 'current'], ['2020-10-17', 'superseded']]);
    });

    test('show marks each 款 and 项 a citation names, and says when one does not exist', async () => {
      const r = await runCli(['show', '民法典第1165条第一、二款', '--db', libraryDb]);
      assert.equal(r.code, 0, r.stderr);
      const marked = r.stdout.split('\n').filter((l) => l.startsWith('▶'));
      assert.equal(marked.length, 2, r.stdout);
      assert.match(marked[0] ?? '', /^▶ 第一千一百六十五条 行为人因过错侵害他人民事权益/);
      assert.match(marked[1] ?? '', /^▶ 依照法律规定推定行为人有过错/);
      const missing = await runCli(['show', '民法典第1165条第2款至第4款', '--db', libraryDb]);
      assert.match(missing.stdout, /\(note: 第一千一百六十五条 has only 2 款; 第3款 does not exist\.\)/);
      const items = await runCli(['show', '劳动合同法第38条第1款第一项至第三项、第九项', '--db', libraryDb]);
      assert.deepEqual(items.stdout.split('\n').filter((l) => l.startsWith('   ▶')).map((l) => l.trim().slice(0, 5)), ['▶ （一）', '▶ （二）', '▶ （三）']);
      assert.match(items.stdout, /\(note: 第三十八条第1款 has only 6 项; 第9项 does not exist\.\)/);
      type Shown = { paragraph: number; paragraphs: number[]; item: number | null; parts: Array<{ paragraph: number; items: number[] }>; warning: string | null };
      const json = parseJsonOutput<Shown>(await runCli(['show', '劳动合同法第38条第1款第一项至第三项', '--json', '--db', libraryDb]));
      assert.deepEqual([json.paragraph, json.paragraphs, json.item, json.parts], [1, [1], 1, [{ paragraph: 1, items: [1, 2, 3] }]]);
      const both = parseJsonOutput<Shown>(await runCli(['show', '民法典第1165条第一、二款', '--json', '--db', libraryDb]));
      assert.deepEqual([both.paragraphs, both.parts], [[1, 2], [{ paragraph: 1, items: [] }, { paragraph: 2, items: [] }]]);
      // 第四十一条 has 项 in two 款: each group's 项 are its own 款's, and the one that does not exist is told.
      const groups = await runCli(['show', '劳动合同法第四十一条第一款第二项、第二款第三项', '--db', libraryDb]);
      assert.deepEqual(groups.stdout.split('\n').filter((l) => l.startsWith('   ▶')).map((l) => l.trim().slice(0, 12)), ['▶ （二）生产经营发生严', '▶ （三）家庭无其他就业']);
      const absent = parseJsonOutput<Shown>(await runCli(['show', '劳动合同法第四十一条第一款、第二款第五项', '--json', '--db', libraryDb]));
      assert.deepEqual([absent.parts, absent.warning], [[{ paragraph: 1, items: [] }, { paragraph: 2, items: [5] }], '第四十一条第2款 has only 3 项; 第5项 does not exist.']);
    });

    test('show (text) prints the article with its 款 and 项', async () => {
      const r = await runCli(['show', '民法典第1165条', '--db', libraryDb]);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.split('\n');
      assert.equal(lines[0], '《中华人民共和国民法典》第一千一百六十五条');
      assert.match(r.stdout, /侵权责任编 › 第一章 一般规定/);
      assert.match(r.stdout, /第一千一百六十五条 行为人因过错侵害他人民事权益造成损害的/);
    });

    test('show says when the version before reads otherwise under the same number, and how to see it', async () => {
      const r = await runCli(['show', '未成年人保护法第9条', '--db', libraryDb]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /Note: 第九条 of the 2020-10-17 version reads otherwise: 「县级以上人民政府应当建立未成年人保护工作协调机制/);
      assert.match(r.stdout, /lexdesk show "未成年人保护法第九条" --version 2020-10-17/);
      assert.doesNotMatch(r.stdout, /which this version has as/, 'reworded in place, it has no other number to name');
      const same = parseJsonOutput<{ earlierNumbering: unknown }>(await runCli(['show', '未成年人保护法第1条', '--json', '--db', libraryDb]));
      assert.equal(same.earlierNumbering, null, 'a provision that reads the same says nothing');
    });

    test('show of several citations prints each article, the inside of a range included, and says which did not resolve', async () => {
      const r = await runCli(['show', '民法典第1165条至第1167条、第9999条', '--db', libraryDb]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout.split('\n')[0], '3 articles cited, 1 not found.');
      const titles = r.stdout.split('\n').filter((l) => l.startsWith('《'));
      assert.deepEqual(titles, ['一千一百六十五', '一千一百六十六', '一千一百六十七'].map((n) => `《中华人民共和国民法典》第${n}条`));
      assert.match(r.stdout, /Not found: 中华人民共和国民法典 \(2020-05-28 version\) has no 第9999条\./);

      const json = parseJsonOutput<{ citation: string; results: Array<{ article?: { label: string }; neighbours?: unknown; error?: { code: string } }> }>(
        await runCli(['show', '劳动合同法第三十八、四十六条', '--json', '--db', libraryDb]),
      );
      assert.equal(json.citation, '劳动合同法第三十八、四十六条');
      assert.deepEqual(json.results.map((x) => x.article?.label), ['第三十八条', '第四十六条']);
      assert.ok(json.results.every((x) => x.neighbours), 'each result carries what a single show does');
    });
  });
});

describe('errors and exit codes', { skip: NEEDS_SHARED, concurrency: 2 }, () => {
  test('show of an unknown law exits 1 with a message listing candidates and no stack', async () => {
    const r = await runCli(['show', '劳动合同发第38条', '--db', libraryDb]);
    assertCleanError(r, 1, /劳动合同发第38条/);
    assert.match(r.stderr, /Candidates: .*劳动合同法/);
    assert.equal(r.stdout, '');
  });

  test('show of a law with no near names exits 1 with one line', async () => {
    const r = await runCli(['show', '不存在法第3条', '--db', libraryDb]);
    assertCleanError(r, 1, /No law in the library matches "不存在法第3条"/);
    assert.equal(errorLines(r).length, 1, r.stderr);
  });

  test('show of several citations none of which resolves exits 1 with the first reason', async () => {
    const r = await runCli(['show', '民法典第9998条、第9999条', '--db', libraryDb]);
    assertCleanError(r, 1, /has no 第9998条/);
  });

  test('show --json of an unknown law prints a JSON error and exits 1', async () => {
    const r = await runCli(['show', '劳动合同发第38条', '--json', '--db', libraryDb]);
    assert.equal(r.code, 1);
    const { error } = parseJsonOutput<{ error: { code: string; message: string } }>(r);
    assert.equal(error.code, 'unknown-law');
    assert.match(error.message, /劳动合同法/);
    assert.deepEqual(stackLines(r.stderr), []);
  });

  test('an error is one message line plus at most one line of candidates', async () => {
    const r = await runCli(['show', '劳动合同发第38条', '--db', libraryDb]);
    const lines = errorLines(r);
    assert.equal(lines.length, 2, r.stderr);
    assert.match(lines[0] ?? '', /^lexdesk: No law in the library matches/);
    assert.match(lines[1] ?? '', /^Candidates: .*劳动合同法/);
  });

  test('a --law that names no law is said, with the nearest names; a short form citations know (劳合法) filters like the title', async () => {
    const evalFile = path.join(dir('law-filter'), 'q.jsonl');
    writeFileSync(evalFile, `${JSON.stringify({ id: 'q1', query: '拖欠工资', relevant: [{ law: '中华人民共和国劳动合同法', article_no: 38 }] })}\n`);
    const [typoSearch, typoEval, shortForm] = await Promise.all([
      runCli(['search', '解除', '--law', '劳动合同发', '--db', libraryDb]),
      runCli(['eval', evalFile, '--law', '劳动合同发', '--db', libraryDb]),
      runCli(['search', '解除 劳动合同', '--law', '劳合法', '--json', '--db', libraryDb]),
    ]);
    assert.equal(typoSearch.code, 0, typoSearch.stderr);
    assert.match(typoSearch.stdout, /^No matching articles\. No law in the library matches --law "劳动合同发"\. Did you mean 劳动合同法\?$/m);
    assertCleanError(typoEval, 1, /No law in the library matches --law "劳动合同发"\. Did you mean 劳动合同法\?/);
    const hits = parseJsonOutput<SearchJson>(shortForm).hits;
    assert.ok(hits.length > 0, 'the short form finds its law');
    for (const h of hits) assert.equal(h.lawTitle, '中华人民共和国劳动合同法');
  });

  test('a search that is a citation of a repealed law says what repealed it, in text and --json, and still searches', async () => {
    // A library of its own: a law whose closing clause repeals another (as 民法典 第一千二百六十条 repeals 合同法).
    const lib = path.join(dir('repealed'), 'library.db');
    const laws = path.join(dir('repealed'), 'laws.jsonl');
    writeFileSync(laws, [
      { law: '中华人民共和国新民事法', article: '第五十二条', text: '违反法律的民事法律行为无效。', effective: '2021-01-01' },
      { law: '中华人民共和国新民事法', article: '第九十条', text: '本法自2021年1月1日起施行。《中华人民共和国旧合同法》同时废止。', effective: '2021-01-01' },
    ].map((l) => JSON.stringify(l)).join('\n') + '\n');
    assert.equal((await runCli(['import', laws, '--db', lib])).code, 0);
    const [text, json, inForce] = await Promise.all([
      runCli(['search', '旧合同法第五十二条', '--db', lib]),
      runCli(['search', '旧合同法第五十二条', '--json', '--db', lib]),
      runCli(['search', '新民事法第五十二条', '--json', '--db', lib]),
    ]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stderr, /^lexdesk: "旧合同法第五十二条" cites 《中华人民共和国旧合同法》, which is not in the library: it was repealed by 《中华人民共和国新民事法》第九十条 \(in force 2021-01-01\)\. Look for the rule in 新民事法\.$/m);
    assert.match(text.stdout, /^1\. /m, 'the words are still searched');
    assert.match(parseJsonOutput<SearchJson & { repealNote?: string }>(json).repealNote ?? '', /repealed by 《中华人民共和国新民事法》第九十条/);
    assert.equal(parseJsonOutput<SearchJson & { repealNote?: string }>(inForce).repealNote, undefined, 'a citation of a law in the library has no note');
  });

  test('usage errors exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['search', '--bogus', '--db', libraryDb], /Unknown option '--bogus'/],
      [['frobnicate'], /Unknown command "frobnicate"/],
      [['show', '--db', libraryDb], /Give a citation/],
      [['search', '合同', '--k', '0', '--db', libraryDb], /--k must be a positive integer/],
      [['import', '--db', libraryDb], /Say what to import/],
      [['search', '合同', '--mode', 'semantic', '--db', libraryDb], /--mode must be lexical, dense, fused or hybrid \(got "semantic"\)/],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(args)));
    results.forEach((r, i) => assertCleanError(r, 2, cases[i]?.[1] ?? /./));
    const bare = await runCli([]);
    assert.equal(bare.code, 2, 'no command: help and exit 2');
    assert.match(bare.stdout, /Commands:/);
  });

  test('import of a missing path exits 1 naming it; the library is untouched', async () => {
    const db = path.join(dir('import-missing'), 'library.db');
    copyFileSync(libraryDb, db);
    const before = libraryChecksum(db);
    const missing = path.join(work, 'nowhere');
    const r = await runCli(['import', missing, '--db', db]);
    assertCleanError(r, 1, /the path does not exist/);
    assert.ok(r.stderr.includes(missing), r.stderr);
    assert.equal(errorLines(r).length, 1);
    assert.equal(libraryChecksum(db), before);
  });

  test('search in an empty library says it is empty and how to import, exit 0', async () => {
    const db = emptyLibrary(path.join(dir('empty'), 'library.db'));
    const r = await runCli(['search', '合同', '--db', db]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /No matching articles: the library .* is empty\. Import one: lexdesk import PATH/);
  });

  test('--model, --cross-encoder or --http-* named on search must be usable: no quiet lexical search instead', async () => {
    const missing = path.join(work, 'no-model');
    // The shipped model under another name: a model this library has no vectors for.
    const unembedded = path.join(dir('models'), 'other-model');
    symlinkSync(SHIPPED_MODEL_DIR, unembedded);
    const search = (...args: string[]) => runCli(['search', '拖欠工资', '--db', libraryDb, ...args]);
    const [noFolder, noVectors, noVectorsJson, noServer, crossEncoderDense, plain, plainText, lexicalText] = await Promise.all([
      search('--model', missing),
      search('--model', unembedded),
      search('--model', unembedded, '--json'),
      search('--http-base', 'http://127.0.0.1:9/v1', '--http-model', 'bge-m3'),
      search('--cross-encoder', SHIPPED_MODEL_DIR, '--mode', 'dense'),
      search('--json'),
      search(),
      search('--mode', 'lexical'),
    ]);
    assertCleanError(noFolder, 1, new RegExp(`--model: no model folder at ${missing}`));
    assertCleanError(noVectors, 1, new RegExp(`The library has no vectors for onnx:other-model@\\w+: run lexdesk embed --model ${unembedded} first`));
    assert.equal(parseJsonOutput<{ error: { code: string } }>(noVectorsJson).error.code, 'library-not-embedded', 'no lexical results in its place');
    assertCleanError(noServer, 1, /Cannot reach the embedding server at http:\/\/127\.0\.0\.1:9/);
    assertCleanError(crossEncoderDense, 2, /--cross-encoder rescores hybrid results only; it does nothing with --mode dense/);
    // Nothing named: the library is not embedded yet, so search is lexical, and the text output says how to change that.
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(parseJsonOutput<SearchJson>(plain).mode, 'lexical');
    assert.equal(plainText.code, 0, plainText.stderr);
    assert.match(plainText.stderr, /^lexdesk: the library has no vectors yet, so search is by words only; lexdesk embed builds them .* for hybrid search$/m);
    assert.match(plainText.stdout, /^1\. /m, 'the hits are still printed');
    assert.equal(lexicalText.code, 0, lexicalText.stderr);
    assert.doesNotMatch(lexicalText.stderr, /no vectors/, '--mode lexical asked for words only: no hint');
  });

  test('Ctrl+C (SIGINT) during embed stops it after the batch in hand: its message, exit 130, what was embedded is kept', { timeout: 120_000 }, async () => {
    const db = path.join(dir('embed-sigint'), 'library.db');
    copyFileSync(libraryDb, db);
    const server = await startSlowEmbeddingServer(100);
    try {
      const cli = spawnCli(['embed', '--db', db, '--batch', '1', '--http-base', server.baseURL, '--http-model', 'slow-model']);
      try {
        await waitUntil(() => server.requests() >= 4 || !cli.running(), 'a few embedding requests', 60_000);
        assert.ok(cli.running(), `embed ended before it could be interrupted:\n${cli.stderr()}`);
        cli.kill('SIGINT');
        const r = await cli.exited;
        assertCleanError(r, 130, /^lexdesk: Embedding cancelled after [1-9]\d* article\(s\) in this run; what was embedded is kept/m);
        assert.equal(r.signal, null, 'the CLI handles SIGINT itself');
      } finally {
        cli.kill('SIGKILL');
      }
    } finally {
      await server.close();
    }
  });
});

describe('where the library lives', () => {
  test('--db wins over LEXDESK_DB, which wins over LEXDESK_HOME and XDG_CONFIG_HOME', async () => {
    const root = dir('paths');
    const home = path.join(root, 'home');
    const xdg = path.join(root, 'xdg');
    const lexHome = path.join(root, 'lexhome');
    const envDb = path.join(root, 'env', 'library.db');
    const flagDb = path.join(root, 'flag', 'library.db');
    mkdirSync(home);
    mkdirSync(xdg);
    const xdgDefault = path.join(xdg, 'LexDesk', 'library.db');
    const homeDefault = path.join(home, '.config', 'LexDesk', 'library.db');
    for (const db of [xdgDefault, homeDefault, path.join(lexHome, 'library.db'), envDb, flagDb]) emptyLibrary(db);
    const dbOf = async (args: string[], env: Record<string, string | undefined>): Promise<string> => {
      const r = await runCli(['info', '--json', ...args], { HOME: home, XDG_CONFIG_HOME: undefined, LEXDESK_HOME: undefined, LEXDESK_DB: undefined, ...env });
      assert.equal(r.code, 0, r.stderr);
      return parseJsonOutput<InfoJson>(r).db;
    };

    assert.equal(await dbOf([], { XDG_CONFIG_HOME: xdg }), xdgDefault, 'the default library is under XDG_CONFIG_HOME/LexDesk');
    assert.equal(await dbOf([], {}), homeDefault, 'without XDG_CONFIG_HOME: ~/.config/LexDesk');
    assert.equal(await dbOf([], { XDG_CONFIG_HOME: xdg, LEXDESK_HOME: lexHome }), path.join(lexHome, 'library.db'));
    assert.equal(await dbOf([], { XDG_CONFIG_HOME: xdg, LEXDESK_HOME: lexHome, LEXDESK_DB: envDb }), envDb);

    rmSync(path.dirname(envDb), { recursive: true });
    assert.equal(await dbOf(['--db', flagDb], { XDG_CONFIG_HOME: xdg, LEXDESK_HOME: lexHome, LEXDESK_DB: envDb }), flagDb, 'LEXDESK_DB is not even looked at when --db is given');

    const relative = await runCli(['info', '--json', '--db', path.relative(process.cwd(), flagDb)], { HOME: home });
    assert.equal(parseJsonOutput<InfoJson>(relative).db, path.resolve(flagDb), 'a relative --db is resolved');
  });

  test('every command but import refuses a missing library, naming it and how to fix it, and creates no file or folder', async () => {
    const root = dir('missing-library');
    const typo = path.join(root, 'no such dir', 'typo.db');
    const commands = [
      ['search', '拖欠工资'], ['show', '民法典第1165条'], ['info'], ['eval', path.join(root, 'q.jsonl')], ['embed'],
      ['export', '1', '--format', 'md', '--out', path.join(root, 'r.md')], ['consult', '--list'], ['consult', '--ask', '拖欠工资', '--offline'], ['rules', 'list'],
    ];
    const results = await Promise.all(commands.map((args) => runCli([...args, '--db', typo])));
    results.forEach((r) => assertCleanError(r, 1, new RegExp(`^lexdesk: No library at ${typo}; check --db, or run lexdesk import PATH \\(or lexdesk import --download\\) first\\.$`, 'm')));
    assert.ok(!existsSync(path.dirname(typo)), 'neither the file nor its folder was created');

    const fromEnv = await runCli(['search', '拖欠工资'], { LEXDESK_DB: typo });
    assertCleanError(fromEnv, 1, /check LEXDESK_DB, or run lexdesk import/);

    // The per-user default is no different: a read command says to import rather than making an empty library there.
    const xdg = path.join(root, 'xdg');
    const byDefault = await runCli(['info', '--json'], { XDG_CONFIG_HOME: xdg, LEXDESK_HOME: undefined, LEXDESK_DB: undefined });
    assert.equal(byDefault.code, 1);
    const { error } = parseJsonOutput<{ error: { code: string; message: string } }>(byDefault);
    assert.equal(error.code, 'library-missing');
    assert.equal(error.message, `No library at ${path.join(xdg, 'LexDesk', 'library.db')}; name one with --db or LEXDESK_DB, or run lexdesk import PATH (or lexdesk import --download) first.`);
    assert.ok(!existsSync(xdg));
  });
});

/** An empty library (as `lexdesk import` leaves one before its first document), folder and all. */
function emptyLibrary(file: string): string {
  openDatabase(file).close();
  return file;
}

/** An OpenAI-compatible /v1/embeddings server that answers each request after `delayMs`, counting them. */
async function startSlowEmbeddingServer(delayMs: number): Promise<{ baseURL: string; requests(): number; close(): Promise<void> }> {
  const hash = new HashEmbedder();
  let requests = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (c: string) => (raw += c));
    req.on('end', () => {
      requests++;
      const body = JSON.parse(raw) as { model: string; input: string[] };
      const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(hash.vectorOf(text)) }));
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', model: body.model, data })), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('import --download', { skip: NEEDS_SHARED, concurrency: true }, () => {
  let server: ArchiveServer;
  let archive: string;

  before(async () => {
    if (NEEDS_SHARED) return;
    archive = path.join(dir('archive'), 'laws.tar.gz');
    await buildLawRefBookArchive('tar.gz', archive);
    server = await startArchiveServer({
      '/laws.tar.gz': { kind: 'file', file: archive },
      '/reset.tar.gz': { kind: 'reset', file: archive },
    });
  });

  after(async () => {
    await server?.close();
  });

  /** A private TMPDIR for the CLI, so leftovers of *this* run can be seen. */
  function tmpDir(): string {
    return dir('tmpdir');
  }

  function leftovers(tmp: string): string[] {
    return readdirSync(tmp).filter((n) => n.startsWith('lexdesk-download-'));
  }

  test('imports a tar.gz served over http and cleans up its temp folder', async () => {
    const db = path.join(dir('download'), 'library.db');
    const tmp = tmpDir();
    const r = await runCli(['import', '--download', server.url('/laws.tar.gz'), '--db', db, '--json'], { TMPDIR: tmp });
    assert.equal(r.code, 0, r.stderr);
    const summary = parseJsonOutput<ImportSummary>(r);
    assert.ok(summary.source.startsWith(path.join(tmp, 'lexdesk-download-')), summary.source);
    assert.ok(summary.documents.added >= 10, JSON.stringify(summary.documents));
    assert.deepEqual(summary.skipped, []);
    assert.ok(summary.library.articles > 1000, `articles = ${summary.library.articles}`);
    assert.deepEqual(leftovers(tmp), []);
    const shown = await runCli(['show', '民法典第1165条', '--json', '--db', db]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(parseJsonOutput<ShowJson>(shown).article.label, '第一千一百六十五条');
  });

  test('a download cut off mid-body exits 1 with a message; the library and TMPDIR are left clean', async () => {
    const db = path.join(dir('download-reset'), 'library.db');
    copyFileSync(libraryDb, db);
    const before = libraryChecksum(db);
    const tmp = tmpDir();
    const url = server.url('/reset.tar.gz');
    const r = await runCli(['import', '--download', url, '--db', db], { TMPDIR: tmp });
    assertCleanError(r, 1, /Download of .* broke off after \d+ of \d+ bytes/);
    assert.equal(errorLines(r).length, 1, r.stderr);
    assert.ok(r.stderr.includes(url), `the message names the address:\n${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.equal(libraryChecksum(db), before);
    assert.deepEqual(leftovers(tmp), [], 'no lexdesk-download-* folder is left behind');
  });
});
