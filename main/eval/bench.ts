/**
 * `npm run bench`: import and query timings on the real corpus (not a test).
 *
 * Scenarios: (1) the national corpus, (2) national + every province pack.
 * Each import runs in a fresh child process on a fresh temp DB (peak RSS is
 * per step); queries run in another fresh child on the built DB.
 *
 *   npm run bench -- [--only national|packs] [--runs 5] [--corpus DIR] [--eval DIR] [--keep]
 *
 * Prints a table and writes bench-results/bench-<date>.json.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { appRoot } from '../util/paths.js';
import type { ImportMeasure, LatencyMeasure, QueryMeasure } from './benchChild.js';

const run = promisify(execFile);

const TARGETS = { nationalImportS: 90, searchP95Ms: 25, lookupP95Ms: 2 };

interface Scenario {
  name: 'national' | 'packs';
  label: string;
  packs: 'all' | undefined;
}

const SCENARIOS: Scenario[] = [
  { name: 'national', label: 'national corpus', packs: undefined },
  { name: 'packs', label: 'national + all province packs', packs: 'all' },
];

interface ScenarioResult {
  scenario: string;
  import: ImportMeasure;
  dbSizeMb: number;
  query: QueryMeasure;
}

interface BenchOptions {
  only: Scenario['name'] | null;
  runs: number;
  corpus: string;
  evalDir: string;
  keep: boolean;
}

function readOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' }, runs: { type: 'string' }, corpus: { type: 'string' },
      eval: { type: 'string' }, keep: { type: 'boolean', default: false },
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
  log(`[${s.name}] ${imported.articles} articles in ${imported.seconds.toFixed(1)} s; querying (${opts.runs} runs) …`);
  const dbSizeMb = fileSizeMb(dbPath);
  const query = await child<QueryMeasure>([
    'query', '--db', dbPath, '--runs', String(opts.runs),
    '--search', path.join(opts.evalDir, 'stard-dev.jsonl'),
    '--lookups', path.join(opts.evalDir, 'lawbench-citation-lookup.jsonl'),
    ...(s.packs ? ['--provinces-all'] : []),
  ]);
  return { scenario: s.name, import: imported, dbSizeMb, query };
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

// ---- report ----

const ms = (x: number): string => `${x.toFixed(2)} ms`;
const mark = (value: number, target: number): string => (value <= target ? 'ok' : 'MISSED');

function latencyRows(name: string, l: LatencyMeasure, targetP95: number): string[][] {
  return [
    [`${name} p50 (median of runs)`, ms(l.p50), ''],
    [`${name} p95 (median of runs)`, ms(l.p95), `≤ ${targetP95} ms ${mark(l.p95, targetP95)}`],
    [`${name} p95 (all samples)`, ms(l.p95AllSamples), `≤ ${targetP95} ms ${mark(l.p95AllSamples, targetP95)}`],
    [`${name} first call (lazy init)`, ms(l.firstCallMs), ''],
  ];
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
    ...latencyRows(`search, ${q.search.queries} stard-dev`, q.search, TARGETS.searchP95Ms),
    ...(q.searchAllProvinces ? latencyRows('search, provinces all', q.searchAllProvinces, TARGETS.searchP95Ms) : []),
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
  const payload = { date: new Date().toISOString(), machine, runs: opts.runs, corpus: opts.corpus, targets: TARGETS, results };
  fs.writeFileSync(file, JSON.stringify(payload, null, 2) + '\n');
  return file;
}

async function main(): Promise<void> {
  const opts = readOptions(process.argv.slice(2));
  for (const need of [opts.corpus, path.join(opts.evalDir, 'stard-dev.jsonl')]) {
    if (!fs.existsSync(need)) throw new Error(`${need} is missing: the bench needs ../shared (or --corpus / --eval)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-bench-'));
  const results: ScenarioResult[] = [];
  try {
    for (const s of SCENARIOS.filter((x) => !opts.only || x.name === opts.only)) results.push(await runScenario(s, opts, dir));
  } finally {
    if (opts.keep) log(`databases kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  const out = [`LexDesk bench — ${new Date().toISOString()} — node ${process.version}, ${os.cpus().length} CPUs, ${opts.runs} runs`];
  for (const r of results) out.push('', table(SCENARIOS.find((s) => s.name === r.scenario)?.label ?? r.scenario, scenarioRows(r)));
  out.push('', `results written to ${path.relative(process.cwd(), writeResults(results, opts))}`);
  process.stdout.write(out.join('\n') + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
