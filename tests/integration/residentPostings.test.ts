/**
 * The national full-text index held in memory (residentPostings.ts) on a real
 * temp library: it ranks exactly as FTS5's bm25() does (any column weights,
 * repeated terms, filters, the province packs' index), is read in the background while FTS5 serves, is
 * dropped as soon as the index changes (an import through this engine, or a
 * write from another connection), and stops cleanly when closed mid-load.
 */
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { rebuildFullTextIndex } from '../../main/library/import/reindex.js';
import { textRevision } from '../../main/search/ftsTables.js';
import { rankArticles, type SearchOptions } from '../../main/search/index.js';
import { DEFAULT_WEIGHTS, type Bm25Weights } from '../../main/search/lexical.js';
import type { PooledRow } from '../../main/search/bm25Postings.js';
import { ResidentPostings } from '../../main/search/residentPostings.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# resident full-text index tests ${SKIP}`);

const QUERIES = [
  '用人单位未及时足额支付劳动报酬，劳动者可以解除劳动合同吗',
  '夫妻一方婚前的债务，离婚时由谁偿还',
  '机动车发生交通事故造成损害的赔偿责任',
  '公司股东滥用股东权利损害公司债权人利益',
  '未成年人的监护人不履行监护职责',
  '盗窃 盗窃 盗窃 数额较大', // a repeated term is scored once per occurrence, as FTS5 scores each phrase
  '物业服务企业不履行物业服务合同，业主可以怎么办',
  '养犬登记和犬只免疫',
];

let lib: TempLibrary;

/** What FTS5 itself ranks first for an OR of the phrases. */
function fts5Pool(db: Database.Database, phrases: string[], weights: Bm25Weights, pool: number): PooledRow[] {
  const match = phrases.map((p) => `"${p.replace(/"/g, '""')}"`).join(' OR ');
  return db.prepare(
    `SELECT rowid AS id, bm25(articles_fts, ?, ?, ?) AS rank FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rank, rowid LIMIT ?`,
  ).all(weights.title, weights.headings, weights.body, match, pool) as PooledRow[];
}

function assertSamePool(actual: PooledRow[] | null, expected: PooledRow[], what: string): void {
  assert.ok(actual, `${what}: answered from memory`);
  assert.deepEqual(actual.map((r) => r.id), expected.map((r) => r.id), `${what}: same rows in the same order`);
  actual.forEach((r, i) => {
    const want = (expected[i] as PooledRow).rank;
    assert.ok(Math.abs(r.rank - want) <= 1e-12 * Math.abs(want), `${what}: rank ${r.rank} against FTS5's ${want}`);
  });
}

/** Phrases as lexical search would send them (segmented, stop words out, common terms out). */
function phrasesOf(engine: Engine, text: string): string[] {
  const stats = engine.searchDeps().stats('national');
  return stats.selectTerms(text.split(/\s+/).flatMap((w) => (w ? [w] : [])), 1);
}

function ranked(engine: Engine, text: string, opts: SearchOptions) {
  const deps = engine.searchDeps();
  return rankArticles(deps.db, deps.resolver, deps.stats, text, opts);
}

describe('full-text index held in memory', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET, beijingFilesMatching: ['物业管理条例', '养犬管理'] }, ['北京']);
  });
  after(async () => {
    await lib?.dispose();
  });

  test('answers null until asked to load, then ranks exactly as FTS5 bm25() does', async () => {
    const db = lib.engine.db;
    // No work between yields, so the load yields to the event loop after every row and term.
    const postings = new ResidentPostings(db, 'national', { sliceMs: 0 });
    const common = db.prepare(`SELECT term FROM articles_vocab ORDER BY doc DESC LIMIT 40`).pluck().all() as string[];
    assert.equal(postings.search(common.slice(0, 3), DEFAULT_WEIGHTS, 50), null, 'not loaded: the caller asks FTS5');
    assert.equal(postings.isReady, false, 'a search alone does not start a load before ready() is called');
    assert.equal(await postings.ready(), true);
    const rare = db.prepare(`SELECT term FROM articles_vocab WHERE doc BETWEEN 2 AND 30 ORDER BY term LIMIT 40`).pluck().all() as string[];
    const weightings: Bm25Weights[] = [DEFAULT_WEIGHTS, { title: 2.5, headings: 0.7, body: 1.3 }, { title: 0, headings: 0, body: 1 }];
    const phraseSets = [common.slice(0, 12), rare.slice(0, 8), [...rare.slice(10, 14), ...common.slice(5, 9), rare[10] as string], [common[0] as string]];
    for (const weights of weightings) {
      for (const phrases of phraseSets) {
        for (const pool of [1, 37, 400, 100_000]) {
          assertSamePool(postings.search(phrases, weights, pool), fts5Pool(db, phrases, weights, pool), `${phrases.length} phrases, weights ${JSON.stringify(weights)}, pool ${pool}`);
        }
      }
    }
    assert.deepEqual(postings.search(['不在索引里的词'], DEFAULT_WEIGHTS, 10), [], 'a term the index lacks matches nothing');
    await postings.close();
    assert.equal(postings.search(common.slice(0, 3), DEFAULT_WEIGHTS, 10), null, 'closed: no answers');
  });

  test('lexical search gives the same ranking and scores from memory as from FTS5, with and without filters', async () => {
    const fromFts5 = createEngine({ dbPath: lib.dbPath });
    const fromMemory = createEngine({ dbPath: lib.dbPath });
    try {
      assert.equal(await fromMemory.warmIndex(), true);
      assert.ok(fromMemory.searchDeps().stats('national').postings?.isReady);
      assert.ok(fromMemory.searchDeps().stats('local').postings?.isReady, 'the province pack index is held too');
      const filters: Array<SearchOptions['filters']> = [
        {}, { law: '劳动合同法' }, { levels: ['法律'] }, { currentOnly: false }, { provinces: 'all' }, { provinces: ['北京'] }, { provinces: ['北京'], levels: ['地方性法规'] },
      ];
      for (const text of QUERIES) {
        for (const f of filters) {
          const want = ranked(fromFts5, text, { limit: 50, filters: f });
          const got = ranked(fromMemory, text, { limit: 50, filters: f });
          assert.ok(want.length > 0, `${text}: FTS5 finds something`);
          assert.deepEqual(got.map((h) => h.id), want.map((h) => h.id), `${text} ${JSON.stringify(f)}: same order`);
          got.forEach((h, i) => {
            const score = (want[i] as { score: number }).score;
            assert.ok(h.score === score || Math.abs(h.score - score) <= 1e-12 * Math.abs(score), `${text}: score ${h.score} against ${score}`);
          });
        }
      }
    } finally {
      fromFts5.close();
      fromMemory.close();
    }
  });

  test('holdInMemory starts loading both indexes in the background, without waiting, on a library without vectors', async () => {
    const engine = createEngine({ dbPath: lib.dbPath });
    try {
      const held = (scope: 'national' | 'local') => engine.searchDeps().stats(scope).postings?.isReady === true;
      engine.holdInMemory();
      assert.equal(held('national'), false, 'the call returns before the index is read');
      const start = Date.now();
      while (!(held('national') && held('local')) && Date.now() - start < 60_000) await new Promise((r) => setTimeout(r, 20));
      assert.ok(held('national') && held('local'), 'both copies load without anyone awaiting them');
      assert.deepEqual(
        ranked(engine, QUERIES[0]!, { limit: 20 }).map((h) => h.id),
        ranked(lib.engine, QUERIES[0]!, { limit: 20 }).map((h) => h.id),
        'and search from them as before',
      );
    } finally {
      engine.close();
    }
  });

  test('an import that edits an article makes the copy stale; the reload finds the new words and drops the old rows', async () => {
    const engine = lib.engine;
    assert.equal(await engine.warmIndex(), true);
    const postings = engine.searchDeps().stats('national').postings as ResidentPostings;
    const revision = textRevision(engine.db);
    const file = path.join(lib.corpusRoot, '社会法/劳动合同法(2012-12-28).md');
    const text = readFileSync(file, 'utf8');
    const oldPhrase = '劳动者可以立即解除劳动合同';
    assert.equal(text.split(oldPhrase).length, 2, 'the edited phrase occurs once in the file');
    const stale = engine.db.prepare('SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?').pluck().all('"立即"') as number[];
    writeFileSync(file, text.replace(oldPhrase, '劳动者可以鲸鱼式解除劳动合同'));
    const summary = await engine.importPath(lib.corpusRoot);
    assert.equal(summary.documents.updated, 1);
    assert.notEqual(textRevision(engine.db), revision, 'the import bumped the text revision');
    assert.equal(postings.isReady, false, 'the copy no longer matches the library');
    assert.equal(postings.search(['鲸鱼'], DEFAULT_WEIGHTS, 10), null, 'a stale copy is never used');
    assert.equal(await postings.ready(), true);
    const whale = postings.search(['鲸鱼'], DEFAULT_WEIGHTS, 10);
    assert.deepEqual(whale, fts5Pool(engine.db, ['鲸鱼'], DEFAULT_WEIGHTS, 10));
    assert.equal(whale?.length, 1, 'the new word finds the edited article');
    const old = postings.search(['立即'], DEFAULT_WEIGHTS, 1000) ?? [];
    assert.equal(old.length, stale.length - 1, 'the old word matches one article fewer');
    assert.ok(!old.some((r) => r.id === whale?.[0]?.id), 'the edited article no longer matches the old word');
    const live = new Set(engine.db.prepare('SELECT id FROM articles').pluck().all() as number[]);
    assert.ok(old.every((r) => live.has(r.id)), 'rows deleted from FTS5 are gone from the copy');
    assertSamePool(old, fts5Pool(engine.db, ['立即'], DEFAULT_WEIGHTS, 1000), 'after the edit');
  });

  test('a rebuild of the index from another connection makes the copy stale too', async () => {
    const postings = new ResidentPostings(lib.engine.db, 'national');
    assert.equal(await postings.ready(), true);
    const other = new Database(lib.dbPath);
    try {
      other.transaction(() => rebuildFullTextIndex(other))();
    } finally {
      other.close();
    }
    assert.equal(postings.isReady, false);
    assert.equal(await postings.ready(), true);
    const phrases = phrasesOf(lib.engine, '劳动 合同 解除 赔偿');
    assert.ok(phrases.length >= 3);
    assertSamePool(postings.search(phrases, DEFAULT_WEIGHTS, 400), fts5Pool(lib.engine.db, phrases, DEFAULT_WEIGHTS, 400), 'after the rebuild');
    await postings.close();
  });

  test('close during the load stops it; an in-memory library is never copied', async () => {
    const postings = new ResidentPostings(lib.engine.db, 'national', { sliceMs: 0 });
    const loading = postings.ready();
    await postings.close();
    assert.equal(await loading, false);
    assert.equal(postings.isReady, false);
    const memory = createEngine({ dbPath: ':memory:' });
    try {
      assert.equal(await memory.warmIndex(), false);
    } finally {
      memory.close();
    }
  });
});
