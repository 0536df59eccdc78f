/**
 * `npm run bench:providers`: the agreement arithmetic by hand, and the real
 * script in a child process on a generated tiny model — on this machine the
 * GPU provider asked for falls back to CPU, which the report must say (with
 * the reason), and the fallback's vectors then equal CPU's exactly. The
 * library's texts come from a real library built from ../shared.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compareVectors, libraryTexts, rerankTasks, type ModelReport, type ScorerReport } from '../../main/eval/providerBench.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';
import { REPO_ROOT } from '../helpers/corpusSubset.js';
import { tempDir, writeTinyEmbeddingModel, writeTinyReranker } from '../helpers/tinyModels.js';

const f32 = (...xs: number[]) => Float32Array.from(xs);

test('compareVectors: largest component difference, lowest and mean cosine', () => {
  const a = [f32(1, 0), f32(0, 1), f32(0.6, 0.8)];
  const b = [f32(0.6, 0.8), f32(0, 1), f32(0.6, 0.8)];
  const agreement = compareVectors(a, b);
  assert.ok(Math.abs(agreement.maxAbsDiff - 0.8) < 1e-6);
  assert.ok(Math.abs(agreement.minCosine - 0.6) < 1e-6);
  assert.ok(Math.abs(agreement.meanCosine - (0.6 + 1 + 1) / 3) < 1e-6);
  assert.deepEqual(compareVectors(a, a), { maxAbsDiff: 0, minCosine: 1, meanCosine: 1 });
  assert.throws(() => compareVectors(a, b.slice(1)), /3 reference vectors against 2/);
  assert.throws(() => compareVectors([f32(1, 0)], [f32(1, 0, 0)]), /vector 0: 2 against 3 dimensions/);
});

function runBench(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join('main', 'eval', 'providerBench.ts'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
}

test('the script times CPU and the GPU provider asked for, and says when it fell back', () => {
  const dir = tempDir();
  const model = writeTinyEmbeddingModel(dir, 'tiny-bench');
  const textsFile = path.join(dir, 'texts.txt');
  writeFileSync(textsFile, ['劳动合同', '工资 拖欠', '', '合同 违约 赔偿', '借款 利息', '房屋 租赁', '第六行不读'].join('\n'));
  const result = runBench(['--model', model, '--providers', 'webgpu', '--texts', textsFile, '--count', '5', '--runs', '2', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const [report] = JSON.parse(result.stdout) as ModelReport[];
  assert.ok(report);
  assert.match(report.id, /^onnx:tiny-bench@/);
  assert.equal(report.texts, 5, 'empty lines are skipped and --count caps the texts');
  assert.deepEqual(report.runs.map((r) => r.requested), ['cpu', 'webgpu']);
  const [cpu, gpu] = report.runs;
  assert.equal(cpu?.provider, 'cpu');
  assert.equal(cpu?.agreement, undefined);
  for (const run of report.runs) {
    assert.equal(run.runsMs.length, 2);
    assert.ok(run.textsPerSecond > 0);
  }
  if (gpu?.provider === 'cpu') {
    assert.equal(gpu.fallbacks[0]?.provider, 'webgpu');
    assert.ok(gpu.fallbacks[0]?.reason);
    assert.equal(gpu.agreement?.maxAbsDiff, 0, 'the fallback runs the same CPU kernels');
  } else {
    assert.equal(gpu?.provider, 'webgpu');
    assert.ok((gpu?.agreement?.minCosine ?? 0) > 0.999);
  }
});

test('rerankTasks: each query is a stretch of one text, scored against the texts after it', () => {
  const texts = Array.from({ length: 10 }, (_, i) => `第${i}条文本`.repeat(3));
  const tasks = rerankTasks(texts, 5, 2);
  assert.equal(tasks.length, 3, 'as many as the texts allow: 3 texts per task, 10 texts');
  assert.deepEqual(tasks.map((t) => t.passages), [[texts[1], texts[2]], [texts[4], texts[5]], [texts[7], texts[8]]]);
  tasks.forEach((t, i) => assert.ok((texts[i * 3] as string).includes(t.query) && t.query.length > 0));
  assert.equal(rerankTasks(texts, 2, 2).length, 2);
});

test('the script times a cross-encoder per query on CPU and the GPU provider asked for', () => {
  const dir = tempDir();
  const scorer = writeTinyReranker(dir, 'tiny-bench-rerank');
  const textsFile = path.join(dir, 'texts.txt');
  writeFileSync(textsFile, Array.from({ length: 9 }, (_, i) => ['劳动合同 解除', '工资 拖欠 劳动', '合同 违约'][i % 3]).join('\n'));
  const result = runBench(['--cross-encoder', scorer, '--providers', 'webgpu', '--texts', textsFile, '--queries', '3', '--passages', '2', '--runs', '2', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const [report] = JSON.parse(result.stdout) as ScorerReport[];
  assert.ok(report);
  assert.match(report.id, /tiny-bench-rerank/);
  assert.equal(report.queries, 3);
  assert.equal(report.passagesPerQuery, 2);
  const [cpu, gpu] = report.runs;
  assert.equal(cpu?.provider, 'cpu');
  for (const run of report.runs) {
    assert.ok(run.queryMs.p50 > 0 && run.queryMs.p95 >= run.queryMs.p50);
    assert.ok(run.pairsPerSecond > 0);
  }
  if (gpu?.provider === 'cpu') {
    assert.equal(gpu.fallbacks[0]?.provider, 'webgpu');
    assert.deepEqual(gpu.agreement, { maxAbsDiff: 0, queriesOrderedDifferently: 0 });
  } else {
    assert.equal(gpu?.agreement?.queriesOrderedDifferently, 0);
  }
});

test('the script refuses to run without a model or texts (usage, exit 2)', () => {
  const result = runBench(['--providers', 'webgpu']);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /usage: npm run bench:providers/);
});

describe('texts from a library', { skip: sharedSkipReason() }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['民法典'] });
  });
  after(async () => lib?.dispose());

  test('libraryTexts spreads over the national articles and builds their text as `lexdesk embed` does', () => {
    const rows = lib.engine.db.prepare(
      `SELECT a.path, a.label, a.text FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.province = '' ORDER BY a.id`,
    ).all() as { path: string; label: string; text: string }[];
    assert.ok(rows.length > 1000);
    const texts = libraryTexts(lib.dbPath, 100);
    assert.equal(texts.length, 100);
    const step = Math.floor(rows.length / 100);
    // Law title, headings, label and text on their own lines, as embedLibrary.ts builds them.
    const expected = (r: (typeof rows)[number]) => ['中华人民共和国民法典', (JSON.parse(r.path) as string[]).join(' '), r.label, r.text].filter(Boolean).join('\n');
    assert.equal(texts[0], expected(rows[0]!));
    assert.equal(texts[99], expected(rows[99 * step]!), 'every step-th article, through the whole library');
    assert.equal(new Set(texts).size, 100);
  });
});
