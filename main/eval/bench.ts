/**
 * `npm run bench`: import and query timings on the real corpus (not a test).
 *
 * Scenarios: (1) the national corpus, (2) national + every province pack.
 * Each import runs in a fresh child process on a fresh temp DB (peak RSS is
 * per step). For the national corpus a second fresh child then embeds the
 * whole library with the default embedding model (models/lexdesk-hashgram-v1,
 * or --model DIR). Queries run in another fresh child on the built DB:
 * lexical search and citation lookup, and (when embedded) dense and hybrid
 * retrieval, with Recall@10 / MRR@10 of each mode on stard-dev scored from
 * the same timed runs.
 *
 *   npm run bench -- [--only national|packs] [--runs 5] [--corpus DIR] [--eval DIR] [--model DIR] [--skip-embed] [--keep]
 *
 * LEXDESK_MODELS moves the models folder (as for the app).
 *
 * Prints a table and writes bench-results/bench-<date>.json.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import type { RetrievalMode } from '../engine/retrieval.js';
import { readModelFolder } from '../models/modelFolder.js';
import { appRoot, DEFAULT_EMBEDDING_MODEL, modelsDir } from '../util/paths.js';
import type { EmbedMeasure, ImportMeasure, LatencyMeasure, QualityMeasure, QueryMeasure } from './benchChild.js';

const run = promisify(execFile);

const TARGETS = { nationalImportS: 90, nationalEmbedS: 300, searchP95Ms: 25, hybridP95Ms: 60, lookupP95Ms: 2 };

interface Scenario {
  name: 'national' | 'packs';
  label: string;
  packs: 'all' | undefined;
  /** Embed the library (unless --skip-embed) and time dense and hybrid retrieval. */
  embed: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'national', label: 'national corpus', packs: undefined, embed: true },
  { name: 'packs', label: 'national + all province packs', packs: 'all', embed: false },
];

interface ScenarioResult {
  scenario: string;
  import: ImportMeasure;
  /** After the import (db + wal, engine closed). */
  dbSizeMb: number;
  embed?: EmbedMeasure & { modelDir: string; dbSizeMb: number; dbGrowthMb: number };
  query: QueryMeasure;
}

interface BenchOptions {
  only: Scenario['name'] | null;
  runs: number;
  corpus: string;
  evalDir: string;
  /** Embedding model folder for the embed step and dense / hybrid queries. */
  modelDir: string;
  skipEmbed: boolean;
  keep: boolean;
}

function readOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' }, runs: { type: 'string' }, corpus: { type: 'string' },
      eval: { type: 'string' }, model: { type: 'string' }, 'skip-embed': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const only = values.only ?? null;
  if (only !== null && only !== 'national' && only !== 'packs') throw new Error(`--only must be national or packs (got "${only}")`);
  const runs = Number(values.runs ?? 5);
  if (!Number.isInteger(runs) || runs <= 0) throw new Error(`--runs must be a positive integer (got "${values.runs}")`);
  const shared = path.resolve(appRoot(), '..', 'shared');
  return {
    only,
    runs,
    corpus: path.resolve(values.corpus ?? path.join(shared, 'corpus', 'lawrefbook')),
    evalDir: path.resolve(values.eval ?? path.join(shared, 'eval')),
    modelDir: path.resolve(values.model ?? path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL)),
    skipEmbed: values['skip-embed'] ?? false,
    keep: values.keep ?? false,
  };
}

/** Runs benchChild with the same loader flags as this process (tsx in development). */
async function child<T>(args: string[]): Promise<T> {
  const self = fileURLToPath(import.meta.url);
  const childFile = path.join(path.dirname(self), `benchChild${path.extname(self)}`);
  const { stdout } = await run(process.execPath, [...process.execArgv, childFile, ...args], {
    cwd: appRoot(),
    maxBuffer: 64 << 20,
  });
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as T;
}

function fileSizeMb(dbPath: string): number {
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  return (size(dbPath) + size(`${dbPath}-wal`)) / (1024 * 1024);
}

async function runScenario(s: Scenario, opts: BenchOptions, dir: string): Promise<ScenarioResult> {
  const dbPath = path.join(dir, `${s.name}.db`);
  log(`[${s.name}] importing ${s.label} …`);
  const imported = await child<ImportMeasure>(['import', '--corpus', opts.corpus, '--db', dbPath, ...(s.packs ? ['--packs', s.packs] : [])]);
  log(`[${s.name}] ${imported.articles} articles in ${imported.seconds.toFixed(1)} s`);
  const dbSizeMb = fileSizeMb(dbPath);
  let embed: ScenarioResult['embed'];
  if (s.embed && !opts.skipEmbed) {
    log(`[${s.name}] embedding with ${opts.modelDir} …`);
    const measured = await child<EmbedMeasure>(['embed', '--db', dbPath, '--model', opts.modelDir]);
    const after = fileSizeMb(dbPath);
    embed = { ...measured, modelDir: opts.modelDir, dbSizeMb: after, dbGrowthMb: after - dbSizeMb };
    log(`[${s.name}] ${measured.embedded} articles embedded in ${measured.seconds.toFixed(1)} s`);
  }
  log(`[${s.name}] querying (${opts.runs} runs${embed ? ', lexical, dense and hybrid' : ''}) …`);
  const query = await child<QueryMeasure>([
    'query', '--db', dbPath, '--runs', String(opts.runs),
    '--search', path.join(opts.evalDir, 'stard-dev.jsonl'),
    '--lookups', path.join(opts.evalDir, 'lawbench-citation-lookup.jsonl'),
    ...(s.packs ? ['--provinces-all'] : []),
    ...(embed ? ['--dense', '--model', opts.modelDir] : []),
  ]);
  return { scenario: s.name, import: imported, dbSizeMb, ...(embed ? { embed } : {}), query };
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

// ---- report ----

const ms = (x: number): string => `${x.toFixed(2)} ms`;
const mark = (value: number, target: number): string => (value <= target ? 'ok' : 'MISSED');

function latencyRows(name: string, l: LatencyMeasure, targetP95?: number): string[][] {
  const target = (v: number) => (targetP95 === undefined ? '' : `≤ ${targetP95} ms ${mark(v, targetP95)}`);
  return [
    [`${name} p50 (median of runs)`, ms(l.p50), ''],
    [`${name} p95 (median of runs)`, ms(l.p95), target(l.p95)],
    [`${name} p95 (all samples)`, ms(l.p95AllSamples), target(l.p95AllSamples)],
    [`${name} first call (lazy init)`, ms(l.firstCallMs), ''],
  ];
}

function embedRows(e: NonNullable<ScenarioResult['embed']>): string[][] {
  return [
    ['embed model', `${e.modelId} (${e.dimension} dims, ${e.provider})`, ''],
    ['embed time (whole library)', `${e.seconds.toFixed(1)} s`, `≤ ${TARGETS.nationalEmbedS} s ${mark(e.seconds, TARGETS.nationalEmbedS)}`],
    ['  model load (not included)', `${e.loadSeconds.toFixed(2)} s`, ''],
    ['articles embedded', `${e.embedded} of ${e.total}`, ''],
    ['articles per second, embed', e.articlesPerSecond.toFixed(0), ''],
    ['DB size growth, embed', `+${e.dbGrowthMb.toFixed(1)} MB (now ${e.dbSizeMb.toFixed(1)} MB)`, ''],
    ['peak RSS, embed', `${e.peakRssMb.toFixed(0)} MB`, ''],
  ];
}

function qualityRows(quality: QueryMeasure['quality']): string[][] {
  const modes = (['lexical', 'dense', 'hybrid'] as RetrievalMode[]).filter((m) => quality[m]);
  return modes.map((m) => {
    const q = quality[m] as QualityMeasure;
    const note = `${q.queries} queries${q.sameEveryRun ? '' : ', rankings varied between runs (first run shown)'}`;
    return [`stard-dev ${m} Recall@${q.k} / MRR@${q.k}`, `${q.recall.toFixed(3)} / ${q.mrr.toFixed(3)}`, note];
  });
}

function sameQuality(fts5: QualityMeasure | undefined, memory: QualityMeasure): string {
  const same = fts5 !== undefined && fts5.recall === memory.recall && fts5.mrr === memory.mrr;
  return `${same ? 'yes' : 'NO'} (Recall@${memory.k} / MRR@${memory.k} ${memory.recall.toFixed(3)} / ${memory.mrr.toFixed(3)})`;
}

function scenarioRows(r: ScenarioResult): string[][] {
  const { import: imp, query: q } = r;
  const importTarget = r.scenario === 'national' ? `≤ ${TARGETS.nationalImportS} s ${mark(imp.seconds, TARGETS.nationalImportS)}` : '';
  return [
    ['import time', `${imp.seconds.toFixed(1)} s`, importTarget],
    ['articles / documents', `${imp.articles} / ${imp.documents}`, ''],
    ['articles per second', imp.articlesPerSecond.toFixed(0), ''],
    ['DB size (db + wal, closed)', `${r.dbSizeMb.toFixed(1)} MB`, ''],
    ['peak RSS, import', `${imp.peakRssMb.toFixed(0)} MB`, ''],
    ...(r.embed ? embedRows(r.embed) : []),
    ...latencyRows(`search, ${q.search.queries} stard-dev`, q.search, TARGETS.searchP95Ms),
    ...latencyRows('search, term statistics looked up afresh (a fresh lexdesk search)', q.searchColdStats, TARGETS.searchP95Ms),
    ...(q.searchAllProvinces ? latencyRows('search, provinces all', q.searchAllProvinces, TARGETS.searchP95Ms) : []),
    ['full-text index loaded into memory (once per process)', q.residentIndex.loaded ? `${q.residentIndex.ms.toFixed(0)} ms` : 'no (FTS5 scored)', ''],
    ...latencyRows('search, index in memory', q.searchInMemory, TARGETS.searchP95Ms),
    ['  same results as FTS5', sameQuality(q.quality.lexical, q.searchInMemoryQuality), ''],
    ...(q.searchAllProvincesInMemory ? latencyRows('search, provinces all, index in memory', q.searchAllProvincesInMemory, TARGETS.searchP95Ms) : []),
    ...(q.residentVectors ? [['vectors loaded into memory (once per process)', q.residentVectors.loaded ? `${q.residentVectors.ms.toFixed(0)} ms` : 'no (sqlite-vec searched)', '']] : []),
    ...(q.dense ? latencyRows('dense rank', q.dense) : []),
    ...(q.hybrid ? latencyRows('hybrid rank', q.hybrid, TARGETS.hybridP95Ms) : []),
    ...qualityRows(q.quality),
    ...latencyRows(`lookup, ${q.lookup.total} lawbench`, q.lookup, TARGETS.lookupP95Ms),
    ['lookups resolved', `${q.lookup.resolved} of ${q.lookup.total}`, ''],
    ['  gold law + article (any version)', String(q.lookup.sameArticle), ''],
    ['  gold version too (label pins a file)', String(q.lookup.sameVersion), ''],
    ['peak RSS, queries', `${q.peakRssMb.toFixed(0)} MB`, ''],
  ];
}

function table(title: string, rows: string[][]): string {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] as number)).join('  ').trimEnd();
  return [title, '-'.repeat(title.length), ...rows.map(line)].join('\n');
}

function writeResults(results: ScenarioResult[], opts: BenchOptions): string {
  const dir = path.join(appRoot(), 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(dir, `bench-${date}${opts.only ? `-${opts.only}` : ''}.json`);
  const machine = { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memoryGb: os.totalmem() / 2 ** 30 };
  const payload = {
    date: new Date().toISOString(), machine, runs: opts.runs, corpus: opts.corpus,
    model: opts.skipEmbed ? null : opts.modelDir, targets: TARGETS, results,
  };
  fs.writeFileSync(file, JSON.stringify(payload, null, 2) + '\n');
  return file;
}

async function main(): Promise<void> {
  const opts = readOptions(process.argv.slice(2));
  for (const need of [opts.corpus, path.join(opts.evalDir, 'stard-dev.jsonl')]) {
    if (!fs.existsSync(need)) throw new Error(`${need} is missing: the bench needs ../shared (or --corpus / --eval)`);
  }
  const embeds = SCENARIOS.some((s) => s.embed && (!opts.only || s.name === opts.only));
  if (embeds && !opts.skipEmbed) {
    try {
      readModelFolder(opts.modelDir);
    } catch (err) {
      throw new Error(`the embedding model ${opts.modelDir} cannot be used (${(err as Error).message}): give --model DIR (or LEXDESK_MODELS), or --skip-embed`);
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-bench-'));
  const results: ScenarioResult[] = [];
  try {
    for (const s of SCENARIOS.filter((x) => !opts.only || x.name === opts.only)) results.push(await runScenario(s, opts, dir));
  } finally {
    if (opts.keep) log(`databases kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  const out = [`LexDesk bench — ${new Date().toISOString()} — node ${process.version}, ${os.cpus().length} CPUs, ${opts.runs} runs${opts.skipEmbed ? ', embedding skipped' : ''}`];
  for (const r of results) out.push('', table(SCENARIOS.find((s) => s.name === r.scenario)?.label ?? r.scenario, scenarioRows(r)));
  out.push('', `results written to ${path.relative(process.cwd(), writeResults(results, opts))}`);
  process.stdout.write(out.join('\n') + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
