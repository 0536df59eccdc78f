/**
 * The reranker harness (main/eval/rerankerHarness.ts) reads a candidate dump written as
 * `npm run train-model` writes it (candidateDump.ts), appends extra feature columns, and cross-validates
 * the shipped reranker's learners on them: an informative extra column must raise the
 * out-of-fold figures, and the paired comparison must say so.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { blendKeptScores, crossValidateRows, describe, withExtraColumns } from '../../main/eval/rerankerHarness.js';
import { RERANKER_BLEND } from '../../main/models/hashgram/rerankerTraining.js';
import { readCandidateDump, writeCandidateDump } from '../../main/models/hashgram/candidateDump.js';
import { meanMetrics } from '../../main/eval/metrics.js';
import { seededRandom } from '../../main/util/numeric.js';

const QUESTIONS = 40;
const CANDIDATES = 30;

/** A dump of 40 questions (8 per fold) with 30 candidates each, one or two of them gold; the dumped rows are noise. */
function writeDump(dir: string) {
  const random = seededRandom(17);
  const dump = Array.from({ length: QUESTIONS }, (_, q) => {
    const candidates = Array.from({ length: CANDIDATES }, (_c, i) => ({ articleId: q * 100 + i, lexicalRank: i + 1, lexicalScore: 1, denseRank: null, denseSim: null, cited: false }));
    const gold = [q * 100 + Math.floor(random() * CANDIDATES)];
    if (q % 3 === 0) gold.push(q * 100 + ((gold[0] as number) % 100 + 7) % CANDIDATES);
    return { fold: q % 5, gold: new Set(gold), candidates, rows: candidates.map(() => Float32Array.of(1, random(), random())) };
  });
  const file = path.join(dir, 'dump.json');
  writeCandidateDump(file, dump, dump.map((_q, i) => `问题${i}`));
  // The extra column tells the gold articles apart (with noise): what a useful feature looks like.
  const extra = dump.map((q) => q.candidates.map((c) => [(q.gold.has(c.articleId) ? 0.6 : 0) + random()]));
  return { file, extra };
}

test('an informative extra column lifts the cross-validated figures, and the paired comparison shows it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-harness-'));
  try {
    const { file, extra } = writeDump(dir);
    const all = readCandidateDump(file);
    assert.equal(all.length, QUESTIONS);
    assert.equal(all[0]?.rows[0]?.length, 3);
    const { figures: base, scores: baseScores } = await crossValidateRows(all, 1);
    const widened = withExtraColumns(all, [{ file: 'extra.json', values: extra }]);
    assert.equal(widened[0]?.rows[0]?.length, 4);
    const { figures: better, scores } = await crossValidateRows(widened, 2);
    // The kept scores are the ones the figures came from: ranking by the trees' scores gives the trees' Recall@10.
    assert.equal(scores.length, QUESTIONS);
    const treeRecall = scores.map(({ trees, mlp }, qi) => {
      const q = widened[qi] as (typeof widened)[number];
      assert.equal(trees.length, CANDIDATES);
      assert.equal(mlp.length, CANDIDATES);
      const top = q.candidates.map((c, i) => ({ id: c.articleId, s: trees[i] as number })).sort((a, b) => b.s - a.s).slice(0, 10);
      return top.filter((c) => q.gold.has(c.id)).length / q.gold.size;
    });
    assert.ok(Math.abs(treeRecall.reduce((a, b) => a + b, 0) / QUESTIONS - meanMetrics(better.trees).recall) < 1e-9);
    const [b, w] = [meanMetrics(base.reranked), meanMetrics(better.reranked)];
    assert.equal(base.reranked.length, QUESTIONS);
    // Noise alone finds about a third of the gold articles in the top 10 of 30; the extra column most of them.
    assert.ok(b.recall < 0.6, `noise alone: ${b.recall}`);
    assert.ok(w.recall > b.recall + 0.25, `${w.recall} against ${b.recall}`);
    // Kept scores blend again to the same figures, and parts of two runs blend without refitting.
    assert.deepEqual(blendKeptScores(widened, { file: 'w', scores }, { file: 'w', scores }, RERANKER_BLEND), better);
    const mixed = blendKeptScores(widened, { file: 'w', scores }, { file: 'b', scores: baseScores }, RERANKER_BLEND);
    assert.deepEqual(mixed.trees, better.trees);
    assert.deepEqual(mixed.mlp, base.mlp);
    assert.throws(() => blendKeptScores(widened, { file: 'short.json', scores: scores.slice(1) }, { file: 'b', scores: baseScores }, 1), /short\.json must hold the trees' and the MLP's score of every candidate/);
    const lines = describe(better, base);
    assert.equal(lines.length, 3);
    const reranked = lines.find((l) => l.startsWith('reranked:')) as string;
    const interval = /against the baseline Recall@10 \+(\d\.\d+) \[([+−])(\d\.\d+),/.exec(reranked);
    assert.ok(interval, reranked);
    assert.ok(Math.abs(Number(interval[1]) - (w.recall - b.recall)) < 1e-4, reranked);
    assert.equal(interval[2], '+', `the gain's interval lies above zero: ${reranked}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing dump or extra columns of the wrong shape are refused with what to do', () => {
  assert.throws(() => readCandidateDump('/nonexistent/dump.json'), /does not exist/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-harness-'));
  try {
    const { file, extra } = writeDump(dir);
    const all = readCandidateDump(file);
    assert.throws(() => withExtraColumns(all, [{ file: 'short.json', values: extra.slice(1) }]), /short\.json must hold, for each of the dump's 40 questions/);
    const ragged = extra.map((q, i) => (i === 5 ? q.map((row, j) => (j === 2 ? [...row, 1] : row)) : q));
    assert.throws(() => withExtraColumns(all, [{ file: 'ragged.json', values: ragged }]), /all of one width/);
    fs.writeFileSync(path.join(dir, 'empty.json'), '[]');
    assert.throws(() => readCandidateDump(path.join(dir, 'empty.json')), /LEXDESK_DUMP_CANDIDATES=FILE npm run train-model/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('blending kept scores refuses the options that only a fitting run uses, before reading anything', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'main/eval/rerankerHarness.ts', '--dump', '/nonexistent/dump.json', ...args], { encoding: 'utf8' });
  const one = run(['--trees-from', 'a.json', '--mlp-from', 'b.json', '--threads', '4']);
  assert.equal(one.status, 1);
  assert.match(one.stderr, /--threads belongs to a fitting run; blending kept scores \(--trees-from, --mlp-from\) fits nothing, so leave it out/);
  const two = run(['--trees-from', 'a.json', '--extra', 'x.json', '--scores', 's.json']);
  assert.match(two.stderr, /--extra, --scores belong to a fitting run/);
  const fitting = run(['--threads', '4']);
  assert.match(fitting.stderr, /dump\.json does not exist/, 'a fitting run takes --threads and goes on to read the dump');
});
