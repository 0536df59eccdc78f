/**
 * One measured step of `npm run bench`, run in its own process so that peak
 * RSS is per step. Prints one JSON object on stdout.
 *
 *   benchChild import --corpus DIR --db FILE [--packs all]
 *   benchChild embed  --db FILE --model DIR
 *   benchChild query  --db FILE --search FILE.jsonl --lookups FILE.jsonl --runs N [--provinces-all] [--dense [--model DIR]]
 */
import { parseArgs } from 'node:util';
import { createEngine, type Engine } from '../engine/index.js';
import type { RetrievalMode } from '../engine/retrieval.js';
import { loadEmbedder } from '../models/index.js';
import { embedLibrary } from '../search/vectors/embedLibrary.js';
import { GoldResolver, queryText, readEvalFile, type EvalRecord } from './dataset.js';
import { meanMetrics, scoreQuery, type MetricSet } from './metrics.js';
import { median, percentile } from './runEval.js';

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

export interface EmbedMeasure {
  modelId: string;
  dimension: number;
  provider: string;
  /** Loading the model (not part of `seconds`). */
  loadSeconds: number;
  /** embedLibrary over the whole library. */
  seconds: number;
  embedded: number;
  total: number;
  articlesPerSecond: number;
  peakRssMb: number;
}

/** Retrieval quality on the search eval set (k = 10), scored from the timed runs. */
export interface QualityMeasure extends MetricSet {
  k: number;
  /** Records with at least one gold label resolvable in the library (the others are not scored, as in runEval). */
  queries: number;
  /** False when some timed run ranked differently from the first (the figures are the first run's). */
  sameEveryRun: boolean;
}

export interface QueryMeasure {
  /** Lexical search (engine.retrieval.search in lexical mode: statute terms added, snippets made). */
  search: LatencyMeasure;
  /**
   * The same with the term statistics looked up afresh for every query, as a fresh `lexdesk search`
   * process does (`search` repeats the queries, so after the first pass their frequencies are cached).
   */
  searchColdStats: LatencyMeasure;
  /** engine.retrieval.rank in dense and hybrid mode (only when the library was embedded). */
  dense?: LatencyMeasure;
  hybrid?: LatencyMeasure;
  /**
   * Loading the copy of the vectors that dense search reads from memory, before
   * dense and hybrid are timed (once per process; until it is loaded they use sqlite-vec).
   */
  residentVectors?: { loaded: boolean; ms: number };
  /** Loading the full-text indexes into memory (national, and the packs' when installed; once per process, as the app and `lexdesk serve` do), after `search` was timed on FTS5. */
  residentIndex: { loaded: boolean; ms: number };
  /** Lexical search again, scored from the index held in memory (as in the app and `lexdesk serve`); dense and hybrid are timed after it. */
  searchInMemory: LatencyMeasure;
  /** Whether every query ranked the same from memory as from FTS5 (Recall@10 and MRR@10 of both). */
  searchInMemoryQuality: QualityMeasure;
  quality: Partial<Record<RetrievalMode, QualityMeasure>>;
  searchAllProvinces?: LatencyMeasure;
  /** The same, after the indexes were loaded into memory (national and province). */
  searchAllProvincesInMemory?: LatencyMeasure;
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

async function embedStep(dbPath: string, modelDir: string): Promise<EmbedMeasure> {
  const engine = createEngine({ dbPath });
  try {
    const t0 = performance.now();
    const embedder = await loadEmbedder({ kind: 'onnx', dir: modelDir });
    const loadSeconds = (performance.now() - t0) / 1000;
    try {
      const summary = await embedLibrary(engine.db, embedder);
      return {
        modelId: summary.modelId,
        dimension: summary.dimension,
        provider: embedder.provider,
        loadSeconds,
        seconds: summary.seconds,
        embedded: summary.embedded,
        total: summary.total,
        articlesPerSecond: summary.embedded / summary.seconds,
        peakRssMb: 0,
      };
    } finally {
      await embedder.close();
    }
  } finally {
    engine.close();
  }
}

/**
 * Times `fn` on every input: one untimed warm-up pass, then `runs` timed
 * passes. A synchronous `fn` is timed without an await in between.
 * `onResult` sees what each timed call returned (run index, input index).
 */
async function timeAll<T>(
  inputs: string[], runs: number, fn: (input: string) => T | Promise<T>, onResult?: (run: number, index: number, result: T) => void,
): Promise<LatencyMeasure> {
  const t0 = performance.now();
  if (inputs.length) {
    const out = fn(inputs[0] as string);
    if (out instanceof Promise) await out;
  }
  const firstCallMs = performance.now() - t0;
  for (const input of inputs) {
    const out = fn(input);
    if (out instanceof Promise) await out;
  }
  const p50s: number[] = [];
  const p95s: number[] = [];
  const all: number[] = [];
  for (let r = 0; r < runs; r += 1) {
    const times: number[] = [];
    for (let i = 0; i < inputs.length; i += 1) {
      const start = performance.now();
      const out = fn(inputs[i] as string);
      const result = out instanceof Promise ? await out : out;
      times.push(performance.now() - start);
      onResult?.(r, i, result);
    }
    p50s.push(percentile(times, 50));
    p95s.push(percentile(times, 95));
    all.push(...times);
  }
  return { queries: inputs.length, runs, p50: median(p50s), p95: median(p95s), p95AllSamples: percentile(all, 95), firstCallMs };
}

const K = 10;

/** Scores the ranked ids of every timed run against the records' gold (resolved as runEval does). */
class QualityRecorder {
  private readonly gold: Array<Set<number> | null>;
  private readonly first: Array<number[] | undefined> = [];
  private same = true;

  constructor(engine: Engine, records: EvalRecord[]) {
    const resolver = new GoldResolver(engine.db);
    this.gold = records.map((record) => {
      const ids = (record.relevant ?? []).map((l) => resolver.resolve(l)).filter((id): id is number => id !== null);
      return ids.length ? new Set(ids) : null;
    });
  }

  readonly record = (run: number, index: number, ranked: number[]): void => {
    if (run === 0) this.first[index] = ranked;
    else if (this.same) {
      const a = this.first[index] ?? [];
      this.same = a.length === ranked.length && a.every((id, j) => id === ranked[j]);
    }
  };

  result(): QualityMeasure {
    const sets: MetricSet[] = [];
    this.gold.forEach((gold, i) => {
      if (gold) sets.push(scoreQuery(this.first[i] ?? [], gold, K));
    });
    return { k: K, queries: sets.length, ...meanMetrics(sets), sameEveryRun: this.same };
  }
}

async function lookupStep(engine: Engine, records: EvalRecord[], runs: number): Promise<QueryMeasure['lookup']> {
  const texts = records.map(queryText);
  const latency = await timeAll(texts, runs, (t) => void engine.lookup(t));
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

interface QueryStepOptions {
  runs: number;
  allProvinces: boolean;
  /** Also time and score dense and hybrid retrieval (the library must be embedded). */
  dense: boolean;
  /** Embedding model folder (default: the shipped one). */
  modelDir?: string;
}

async function queryStep(dbPath: string, searchFile: string, lookupFile: string, opts: QueryStepOptions): Promise<QueryMeasure> {
  const { runs } = opts;
  const engine = createEngine({ dbPath, readonly: true, ...(opts.modelDir ? { models: { modelDir: opts.modelDir } } : {}) });
  try {
    // Lookups first, so that their first call includes building the citation resolver.
    const lookup = await lookupStep(engine, readEvalFile(lookupFile), runs);
    const records = readEvalFile(searchFile);
    const queries = records.map(queryText);
    const quality: QueryMeasure['quality'] = {};
    const lexical = new QualityRecorder(engine, records);
    // As `lexdesk search --mode lexical` and the statute search run it: statute terms for everyday words added, snippets made.
    const lexicalSearch = async (q: string, filters?: { provinces: 'all' }) => (await engine.retrieval.search(q, { mode: 'lexical', limit: K, filters })).map((h) => h.article.id);
    const search = await timeAll(queries, runs, (q) => lexicalSearch(q), lexical.record);
    quality.lexical = lexical.result();
    const stats = engine.searchDeps().stats('national');
    const searchColdStats = await timeAll(queries, runs, (q) => {
      stats.forget();
      return lexicalSearch(q);
    });
    const searchAllProvinces = opts.allProvinces
      ? await timeAll(queries, runs, async (q) => void (await lexicalSearch(q, { provinces: 'all' })))
      : undefined;
    const t1 = performance.now();
    const residentIndex = { loaded: await engine.warmIndex(), ms: performance.now() - t1 };
    const inMemory = new QualityRecorder(engine, records);
    const searchInMemory = await timeAll(queries, runs, (q) => lexicalSearch(q), inMemory.record);
    const searchInMemoryQuality = inMemory.result();
    const searchAllProvincesInMemory = opts.allProvinces
      ? await timeAll(queries, runs, async (q) => void (await lexicalSearch(q, { provinces: 'all' })))
      : undefined;
    const measured: Partial<Record<'dense' | 'hybrid', LatencyMeasure>> = {};
    let residentVectors: QueryMeasure['residentVectors'];
    if (opts.dense) {
      await engine.retrieval.loadEmbedder();
      const t0 = performance.now();
      residentVectors = { loaded: await engine.retrieval.warmVectors(), ms: performance.now() - t0 };
      // The embedding model is loaded above; hybrid's first call includes loading the reranker.
      for (const mode of ['dense', 'hybrid'] as const) {
        const recorder = new QualityRecorder(engine, records);
        const rank = async (q: string) => (await engine.retrieval.rank(q, { mode, limit: K })).map((r) => r.id);
        measured[mode] = await timeAll(queries, runs, rank, recorder.record);
        quality[mode] = recorder.result();
      }
    }
    return { search, searchColdStats, residentIndex, searchInMemory, searchInMemoryQuality, ...(searchAllProvinces ? { searchAllProvinces } : {}), ...(searchAllProvincesInMemory ? { searchAllProvincesInMemory } : {}), ...measured, ...(residentVectors ? { residentVectors } : {}), quality, lookup, peakRssMb: 0 };
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
      'provinces-all': { type: 'boolean', default: false }, dense: { type: 'boolean', default: false }, model: { type: 'string' },
    },
  });
  const step = positionals[0];
  const need = (v: string | undefined, name: string): string => {
    if (!v) throw new Error(`benchChild ${step}: --${name} is required`);
    return v;
  };
  let result: ImportMeasure | EmbedMeasure | QueryMeasure;
  if (step === 'import') {
    result = await importStep(need(values.corpus, 'corpus'), need(values.db, 'db'), values.packs);
  } else if (step === 'embed') {
    result = await embedStep(need(values.db, 'db'), need(values.model, 'model'));
  } else if (step === 'query') {
    result = await queryStep(need(values.db, 'db'), need(values.search, 'search'), need(values.lookups, 'lookups'), {
      runs: Number(values.runs ?? 5),
      allProvinces: values['provinces-all'] ?? false,
      dense: values.dense ?? false,
      ...(values.model ? { modelDir: values.model } : {}),
    });
  } else {
    throw new Error(`benchChild: unknown step "${step ?? ''}" (import | embed | query)`);
  }
  result.peakRssMb = peakRssMb();
  process.stdout.write(JSON.stringify(result) + '\n');
}

await childMain(process.argv.slice(2));
