/**
 * One measured step of `npm run bench`, run in its own process so that peak
 * RSS is per step. Prints one JSON object on stdout.
 *
 *   benchChild import --corpus DIR --db FILE [--packs all]
 *   benchChild query  --db FILE --search FILE.jsonl --lookups FILE.jsonl --runs N [--provinces-all]
 */
import { parseArgs } from 'node:util';
import { createEngine, type Engine } from '../engine/index.js';
import { GoldResolver, queryText, readEvalFile, type EvalRecord } from './dataset.js';
import { percentile } from './runEval.js';

export interface ImportMeasure {
  seconds: number;
  articles: number;
  documents: number;
  articlesPerSecond: number;
  peakRssMb: number;
}

export interface LatencyMeasure {
  queries: number;
  runs: number;
  /** Median over runs of each run's p50 / p95 (ms). */
  p50: number;
  p95: number;
  /** p95 over every timed sample of every run (ms). */
  p95AllSamples: number;
  /** The very first call, before any warm-up (includes lazy loading: citation resolver, segmenter, term stats). */
  firstCallMs: number;
}

export interface QueryMeasure {
  search: LatencyMeasure;
  searchAllProvinces?: LatencyMeasure;
  /** resolved: lookups that succeed; sameArticle: the gold law and article number (any version); sameVersion: the gold version too. */
  lookup: LatencyMeasure & { resolved: number; sameArticle: number; sameVersion: number; total: number };
  peakRssMb: number;
}

const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;

async function importStep(corpus: string, dbPath: string, packs: string | undefined): Promise<ImportMeasure> {
  const engine = createEngine({ dbPath });
  try {
    const t0 = performance.now();
    const summary = await engine.importPath(corpus, packs === 'all' ? { packs: 'all' } : {});
    const seconds = (performance.now() - t0) / 1000;
    const { articles, documents } = summary.library;
    return { seconds, articles, documents, articlesPerSecond: articles / seconds, peakRssMb: 0 };
  } finally {
    engine.close();
  }
}

/** Times `fn` on every input: one untimed warm-up pass, then `runs` timed passes. */
function timeAll(inputs: string[], runs: number, fn: (input: string) => void): LatencyMeasure {
  const t0 = performance.now();
  if (inputs.length) fn(inputs[0] as string);
  const firstCallMs = performance.now() - t0;
  for (const input of inputs) fn(input);
  const p50s: number[] = [];
  const p95s: number[] = [];
  const all: number[] = [];
  for (let r = 0; r < runs; r += 1) {
    const times = inputs.map((input) => {
      const start = performance.now();
      fn(input);
      return performance.now() - start;
    });
    p50s.push(percentile(times, 50));
    p95s.push(percentile(times, 95));
    all.push(...times);
  }
  return { queries: inputs.length, runs, p50: median(p50s), p95: median(p95s), p95AllSamples: percentile(all, 95), firstCallMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function lookupStep(engine: Engine, records: EvalRecord[], runs: number): QueryMeasure['lookup'] {
  const texts = records.map(queryText);
  const latency = timeAll(texts, runs, (t) => void engine.lookup(t));
  const gold = new GoldResolver(engine.db);
  let resolved = 0;
  let sameArticle = 0;
  let sameVersion = 0;
  for (const record of records) {
    const result = engine.lookup(queryText(record));
    if (!result.ok) continue;
    resolved += 1;
    const ids = record.relevant.map((l) => gold.resolve(l)).filter((id): id is number => id !== null);
    const golds = engine.articles(ids);
    const { lawId, number, subNumber } = result.article;
    if (golds.some((g) => g.lawId === lawId && g.number === number && g.subNumber === subNumber)) sameArticle += 1;
    if (ids.includes(result.article.id)) sameVersion += 1;
  }
  return { ...latency, resolved, sameArticle, sameVersion, total: records.length };
}

function queryStep(dbPath: string, searchFile: string, lookupFile: string, runs: number, allProvinces: boolean): QueryMeasure {
  const engine = createEngine({ dbPath, readonly: true });
  try {
    // Lookups first, so that their first call includes building the citation resolver.
    const lookup = lookupStep(engine, readEvalFile(lookupFile), runs);
    const queries = readEvalFile(searchFile).map(queryText);
    const search = timeAll(queries, runs, (q) => void engine.search(q, { limit: 10 }));
    const searchAllProvinces = allProvinces
      ? timeAll(queries, runs, (q) => void engine.search(q, { limit: 10, filters: { provinces: 'all' } }))
      : undefined;
    return { search, ...(searchAllProvinces ? { searchAllProvinces } : {}), lookup, peakRssMb: 0 };
  } finally {
    engine.close();
  }
}

async function childMain(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      corpus: { type: 'string' }, db: { type: 'string' }, packs: { type: 'string' },
      search: { type: 'string' }, lookups: { type: 'string' }, runs: { type: 'string' },
      'provinces-all': { type: 'boolean', default: false },
    },
  });
  const step = positionals[0];
  const need = (v: string | undefined, name: string): string => {
    if (!v) throw new Error(`benchChild ${step}: --${name} is required`);
    return v;
  };
  let result: ImportMeasure | QueryMeasure;
  if (step === 'import') {
    result = await importStep(need(values.corpus, 'corpus'), need(values.db, 'db'), values.packs);
  } else if (step === 'query') {
    const runs = Number(values.runs ?? 5);
    result = queryStep(need(values.db, 'db'), need(values.search, 'search'), need(values.lookups, 'lookups'), runs, values['provinces-all'] ?? false);
  } else {
    throw new Error(`benchChild: unknown step "${step ?? ''}" (import | query)`);
  }
  result.peakRssMb = peakRssMb();
  process.stdout.write(JSON.stringify(result) + '\n');
}

await childMain(process.argv.slice(2));
