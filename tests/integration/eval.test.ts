import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { readEvalFile, type EvalRecord } from '../../main/eval/dataset.js';
import { hitAtK, meanMetrics, mrrAtK, ndcgAtK, recallAtK, scoreQuery } from '../../main/eval/metrics.js';
import { buildLibrary, CORE_SUBSET, EVAL_DIR, inSubset, REPO_ROOT, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# eval CLI tests ${SKIP}`);

const run = promisify(execFile);
const K = 10;
const TOLERANCE = 1e-9;
const REAL_RECORDS = 30;

type Label = EvalRecord['relevant'][number];
interface Metrics { recall: number; mrr: number; ndcg: number; hit: number }
interface RunLine { id: string; query: string; gold: number[]; ranked: number[]; metrics: Metrics }
interface CliResult extends Metrics { file: string; queries: number; k: number; unresolved: number; outsideFilters: number; mode: string }

describe('metric functions (hand-computed)', () => {
  // ranked [5, 3, 9, 1], gold {3, 1, 7}: relevant at ranks 2 and 4.
  const ranked = [5, 3, 9, 1];
  const gold = new Set([3, 1, 7]);
  const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);

  test('k = 3', () => {
    close(recallAtK(ranked, gold, 3), 1 / 3); // only 3 in the top 3, of 3 gold
    close(mrrAtK(ranked, gold, 3), 1 / 2); // first relevant at rank 2
    // DCG = 1/log2(3) = 0.6309; IDCG (3 gold) = 1 + 1/log2(3) + 1/log2(4) = 2.1309; nDCG = 0.2961
    close(ndcgAtK(ranked, gold, 3), 1 / Math.log2(3) / (1 + 1 / Math.log2(3) + 0.5));
    close(hitAtK(ranked, gold, 3), 1);
  });

  test('k = 4 and k = 1', () => {
    close(recallAtK(ranked, gold, 4), 2 / 3);
    // DCG = 1/log2(3) + 1/log2(5) = 0.6309 + 0.4307 = 1.0616; IDCG over min(3, 4) = 3 items = 2.1309; nDCG = 0.4982
    close(ndcgAtK(ranked, gold, 4), (1 / Math.log2(3) + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3) + 0.5));
    close(recallAtK(ranked, gold, 1), 0);
    close(mrrAtK(ranked, gold, 1), 0);
    close(ndcgAtK(ranked, gold, 1), 0);
    close(hitAtK(ranked, gold, 1), 0);
  });

  test('ideal DCG is over min(|gold|, k); a perfect list scores 1', () => {
    // gold {5, 3}, k = 1: DCG = 1 (5 at rank 1), IDCG over min(2, 1) = 1 item = 1.
    close(ndcgAtK(ranked, new Set([5, 3]), 1), 1);
    close(ndcgAtK([3, 1, 7], gold, 10), 1);
    close(recallAtK([3, 1, 7], gold, 10), 1);
  });

  test('an article listed twice is found once: recall never passes 1', () => {
    close(recallAtK([3, 3, 3], gold, 10), 1 / 3);
    close(recallAtK([7, 7, 8], new Set([7, 8]), 10), 1);
  });

  test('empty gold and empty rankings score 0', () => {
    assert.deepEqual(scoreQuery(ranked, new Set(), K), { recall: 0, mrr: 0, ndcg: 0, hit: 0 });
    assert.deepEqual(scoreQuery([], gold, K), { recall: 0, mrr: 0, ndcg: 0, hit: 0 });
  });

  test('meanMetrics averages per query', () => {
    const mean = meanMetrics([{ recall: 1, mrr: 0.5, ndcg: 0.25, hit: 1 }, { recall: 0, mrr: 0, ndcg: 0, hit: 0 }]);
    assert.deepEqual(mean, { recall: 0.5, mrr: 0.25, ndcg: 0.125, hit: 0.5 });
  });
});

// ---- independent re-implementation of ../shared/README.md's definitions ----

function myMetrics(ranked: number[], goldIds: number[], k: number): Metrics {
  const gold = new Set(goldIds);
  const ranks = ranked.slice(0, k).flatMap((id, i) => (gold.has(id) ? [i + 1] : []));
  const dcg = ranks.reduce((acc, r) => acc + 1 / Math.log2(r + 1), 0);
  let idcg = 0;
  for (let r = 1; r <= Math.min(gold.size, k); r += 1) idcg += 1 / Math.log2(r + 1);
  return {
    recall: ranks.length / gold.size,
    mrr: ranks.length ? 1 / (ranks[0] as number) : 0,
    ndcg: dcg / idcg,
    hit: ranks.length ? 1 : 0,
  };
}

function myMean(all: Metrics[]): Metrics {
  const avg = (key: keyof Metrics) => all.reduce((acc, m) => acc + m[key], 0) / all.length;
  return { recall: avg('recall'), mrr: avg('mrr'), ndcg: avg('ndcg'), hit: avg('hit') };
}

function assertClose(actual: Metrics, expected: Metrics, what: string): void {
  for (const key of ['recall', 'mrr', 'ndcg', 'hit'] as const) {
    assert.ok(Math.abs(actual[key] - expected[key]) <= TOLERANCE, `${what} ${key}: ${actual[key]} vs ${expected[key]}`);
  }
}

// ---- the eval set: real records whose gold files are in the subset, plus made-up edge cases ----

function readJsonl(name: string): EvalRecord[] {
  return readFileSync(path.join(EVAL_DIR, name), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as EvalRecord);
}

const coveredBySubset = (r: EvalRecord): boolean =>
  r.relevant.length > 0 && r.relevant.every((l) => l.file !== undefined && inSubset(l.file, CORE_SUBSET));

/** REAL_RECORDS records spread over the eligible part of stard-train. */
function pickStardRecords(): EvalRecord[] {
  const eligible = readJsonl('stard-train.jsonl').filter(coveredBySubset);
  const step = Math.max(1, Math.floor(eligible.length / REAL_RECORDS));
  return eligible.filter((_, i) => i % step === 0).slice(0, REAL_RECORDS);
}

const UNKNOWN_LAW: Label = { law: '中华人民共和国不存在法', article: '第一条', article_no: 1, file: '其他/不存在法.md' };
const MISSING_ARTICLE: Label = { law: '中华人民共和国民法典', article: '第九千九百九十九条', article_no: 9999, file: '民法典/总则.md' };
const FAULT_LIABILITY: Label = { law: '中华人民共和国民法典', article: '第一千一百六十五条', article_no: 1165, file: '民法典/侵权责任编.md' };

const SYNTHETIC: EvalRecord[] = [
  { id: 'synthetic-partly-unresolvable', query: '因过错侵害他人民事权益造成损害的，要承担什么责任？', relevant: [FAULT_LIABILITY, UNKNOWN_LAW] },
  { id: 'synthetic-unresolvable', query: '这部法律的第一条写了什么？', relevant: [UNKNOWN_LAW, MISSING_ARTICLE] },
];
const SYNTHETIC_UNRESOLVED = 3;
const SYNTHETIC_SCORED = 1;

describe('lexdesk eval on a corpus subset', { skip: SKIP }, () => {
  let lib: TempLibrary;
  let dir: string;
  let records: EvalRecord[];
  let multiTurn: EvalRecord;
  let cli: CliResult;
  let runs: RunLine[];

  before(async () => {
    const stard = pickStardRecords();
    multiTurn = readJsonl('multiturn-dev.jsonl').find(coveredBySubset) as EvalRecord;
    assert.ok(multiTurn?.turns, 'a multi-turn record covered by the subset');
    records = [...stard, multiTurn, ...SYNTHETIC];
    lib = await buildLibrary({ files: CORE_SUBSET });
    lib.engine.close();
    dir = await mkdtemp(path.join(os.tmpdir(), 'lexdesk-eval-'));
    const evalFile = path.join(dir, 'set.jsonl');
    const runsFile = path.join(dir, 'runs.jsonl');
    await writeFile(evalFile, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const args = ['--import', 'tsx', 'main/cli/run.ts', 'eval', evalFile, '--db', lib.dbPath, '--json', '--k', String(K), '--runs', runsFile];
    const { stdout } = await run(process.execPath, args, { cwd: REPO_ROOT, timeout: 120_000, maxBuffer: 16 << 20 });
    cli = JSON.parse(stdout) as CliResult;
    runs = (await readFile(runsFile, 'utf8')).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as RunLine);
  });
  after(async () => {
    await lib?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the set holds the chosen records', () => {
    assert.equal(records.length, REAL_RECORDS + 1 + SYNTHETIC.length);
    assert.equal(cli.file, 'set.jsonl');
    assert.equal(cli.k, K);
    assert.equal(cli.mode, 'lexical');
  });

  test('gold ids in the runs file are the labelled articles (by file and label)', () => {
    const expected = expectedGold(lib.dbPath, records);
    for (const r of runs) assert.deepEqual([...r.gold].sort((a, b) => a - b), expected.get(r.id), r.id);
  });

  test('query count: one run per record with a resolvable label', () => {
    assert.equal(runs.length, REAL_RECORDS + 1 + SYNTHETIC_SCORED);
    assert.equal(cli.queries, runs.length);
    assert.ok(!runs.some((r) => r.id === 'synthetic-unresolvable'));
  });

  test('unresolved counts the labels that resolve to nothing', () => {
    assert.equal(cli.unresolved, SYNTHETIC_UNRESOLVED);
  });

  test('Recall, MRR, nDCG and Hit @10 recomputed from the runs file match the CLI', () => {
    const mine = runs.map((r) => {
      assert.ok(r.ranked.length <= K);
      const m = myMetrics(r.ranked, r.gold, K);
      assertClose(r.metrics, m, r.id);
      return m;
    });
    assertClose(cli, myMean(mine), 'mean');
    assert.ok(cli.recall > 0 && cli.hit > 0, 'the lexical ranker finds some gold articles');
  });

  test('labels pinned to a version the search does not show are counted; --all-versions shows it', async () => {
    // 公司法 (2018) is superseded by the 2023 version in the subset.
    const pinned = { id: 'pinned', query: '股东会的职权', relevant: [{ law: '中华人民共和国公司法', article: '第三十七条', file: '民法商法/公司法(2018-10-26).md' }] };
    const file = path.join(dir, 'pinned.jsonl');
    await writeFile(file, `${JSON.stringify(pinned)}\n`);
    const evalWith = async (...extra: string[]) => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'main/cli/run.ts', 'eval', file, '--db', lib.dbPath, '--json', ...extra], { cwd: REPO_ROOT, timeout: 120_000 });
      return JSON.parse(stdout) as CliResult & { outsideFilters: number };
    };
    const current = await evalWith();
    assert.deepEqual([current.queries, current.outsideFilters, current.recall], [1, 1, 0]);
    const all = await evalWith('--all-versions');
    assert.equal(all.outsideFilters, 0);
    assert.equal(cli.outsideFilters, 0, 'the subset set has none');
  });

  test('a multi-turn record is queried with its user turns only', () => {
    const line = runs.find((r) => r.id === multiTurn.id);
    assert.ok(line);
    const turns = multiTurn.turns ?? [];
    for (const t of turns.filter((t) => t.role === 'user')) assert.ok(line.query.includes(t.text), `user turn "${t.text}" is in the query`);
    for (const t of turns.filter((t) => t.role === 'assistant')) {
      assert.ok(!line.query.includes(t.text.slice(0, 20)), 'no assistant text in the query');
    }
  });
});

test('an eval file with a malformed record is refused with its line and what a record needs', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lexdesk-evalfile-'));
  try {
    const good = JSON.stringify({ id: 'a', query: '盗窃', relevant: [{ law: '中华人民共和国刑法', article_no: 264 }] });
    const cases: Array<[string, RegExp]> = [
      [JSON.stringify({ id: 'b', query: '盗窃', relevant: [{ law: '中华人民共和国刑法' }] }), /:2: a "relevant" entry without "law" and "article" or "article_no"/],
      [JSON.stringify({ id: 'b', relevant: [] }), /:2: no "query" text or "turns" list/],
      [JSON.stringify({ id: 'b', query: '盗窃' }), /:2: no "relevant" list/],
      ['[1, 2]', /:2: not a JSON object/],
      ['{"id": "b", ', /:2 is not valid JSON/],
    ];
    for (const [line, message] of cases) {
      const file = path.join(dir, 'bad.jsonl');
      await writeFile(file, `${good}\n${line}\n`);
      assert.throws(() => readEvalFile(file), (err: Error & { code?: string }) => err.code === 'eval-file-invalid' && message.test(err.message) && /each line needs "query"/.test(err.message) === !/not valid JSON/.test(err.message));
    }
    await writeFile(path.join(dir, 'ok.jsonl'), `${good}\n`);
    assert.equal(readEvalFile(path.join(dir, 'ok.jsonl'))[0]?.relevant[0]?.article_no, 264);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** Gold ids found directly in the database: articles of the labelled file with the labelled label. */
function expectedGold(dbPath: string, records: EvalRecord[]): Map<string, number[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const stmt = db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.path = ? AND a.label = ?`).pluck();
    const out = new Map<string, number[]>();
    for (const r of records) {
      const ids = new Set(r.relevant.flatMap((l) => stmt.all(l.file, l.article) as number[]));
      out.set(r.id, [...ids].sort((a, b) => a - b));
    }
    return out;
  } finally {
    db.close();
  }
}
