/**
 * `npm run bench:providers`: an embedding model's speed and agreement on each
 * execution provider. The same texts are embedded on CPU and on every GPU
 * provider asked for; the report says which provider actually ran (and why a
 * requested one fell back), texts per second (median of the timed runs), and
 * how far each provider's vectors are from CPU's — a GPU kernel that rounds
 * differently would otherwise change search results without a word.
 *
 *   npm run bench:providers -- (--model DIR | --cross-encoder DIR)… [--providers webgpu,cuda]
 *     (--texts FILE | --db LIBRARY) [--count 2000] [--runs 3] [--batch 16] [--queries 20] [--passages 20] [--json]
 *
 * A cross-encoder scores --queries queries (a stretch of an article's words) against
 * --passages texts each, as hybrid search rescores its leading results; the report
 * gives milliseconds per query and how far the scores (and their order) are from CPU's.
 * --texts reads one text per line; --db embeds the library's national articles
 * as `lexdesk embed` builds their text (an even spread of --count of them).
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/open.js';
import { ARTICLE_SELECT, toStatuteArticle, type ArticleRow } from '../library/articles.js';
import { loadEmbedder, loadReranker } from '../models/index.js';
import { parseProviders, type ProviderName } from '../models/providerNames.js';
import type { ProviderFallback } from '../models/providers.js';
import { articleEmbeddingText } from '../search/vectors/embedLibrary.js';
import { median, percentile } from './runEval.js';

export interface Agreement {
  /** Largest difference of any vector component. */
  maxAbsDiff: number;
  /** Lowest and mean cosine between the two vectors of a text. */
  minCosine: number;
  meanCosine: number;
}

export interface ProviderRun {
  requested: ProviderName;
  /** What actually ran (CPU when the requested provider could not start). */
  provider: string;
  fallbacks: readonly ProviderFallback[];
  textsPerSecond: number;
  runsMs: number[];
  /** Against the CPU run's vectors (absent for the CPU run itself). */
  agreement?: Agreement;
}

export interface ModelReport {
  model: string;
  id: string;
  dimension: number;
  texts: number;
  runs: ProviderRun[];
}

/** How closely two lists of vectors (same texts, same order) agree. */
export function compareVectors(reference: Float32Array[], other: Float32Array[]): Agreement {
  if (reference.length !== other.length) throw new Error(`${reference.length} reference vectors against ${other.length}`);
  let maxAbsDiff = 0;
  let minCosine = Infinity;
  let sumCosine = 0;
  reference.forEach((a, i) => {
    const b = other[i] as Float32Array;
    if (a.length !== b.length) throw new Error(`vector ${i}: ${a.length} against ${b.length} dimensions`);
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (let k = 0; k < a.length; k++) {
      const x = a[k] as number;
      const y = b[k] as number;
      maxAbsDiff = Math.max(maxAbsDiff, Math.abs(x - y));
      dot += x * y;
      na += x * x;
      nb += y * y;
    }
    const cosine = na && nb ? dot / Math.sqrt(na * nb) : na === nb ? 1 : 0;
    minCosine = Math.min(minCosine, cosine);
    sumCosine += cosine;
  });
  return { maxAbsDiff, minCosine: reference.length ? minCosine : 1, meanCosine: reference.length ? sumCosine / reference.length : 1 };
}

/** What a run on `requested` asks ONNX Runtime for: that provider, then CPU. */
const withFallback = (requested: ProviderName): ProviderName[] => (requested === 'cpu' ? ['cpu'] : [requested, 'cpu']);

/**
 * Measures on CPU, then on each GPU provider, and compares each GPU run's output with CPU's.
 * `measure` loads the model on the providers given and returns its run and its output.
 */
async function againstCpu<Agreed, Run extends { agreement?: Agreed }, Output>(
  gpus: ProviderName[],
  measure: (requested: ProviderName) => Promise<{ run: Run; output: Output }>,
  agree: (cpu: Output, other: Output) => Agreed,
): Promise<{ cpu: Output; runs: Run[] }> {
  const cpu = await measure('cpu');
  const runs: Run[] = [cpu.run];
  for (const gpu of gpus) {
    const other = await measure(gpu);
    runs.push({ ...other.run, agreement: agree(cpu.output, other.output) });
  }
  return { cpu: cpu.output, runs };
}

/** Embeds `texts` on one provider (falling back to CPU), once to warm up and then `runs` timed times. */
async function runProvider(dir: string, requested: ProviderName, texts: string[], runs: number, batchSize: number) {
  const embedder = await loadEmbedder({ kind: 'onnx', dir, providers: withFallback(requested), batchSize });
  try {
    await embedder.embed(texts.slice(0, batchSize), 'document');
    const runsMs: number[] = [];
    let vectors: Float32Array[] = [];
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      vectors = await embedder.embed(texts, 'document');
      runsMs.push(performance.now() - start);
    }
    const run: ProviderRun = {
      requested, provider: embedder.provider, fallbacks: embedder.fallbacks ?? [],
      textsPerSecond: texts.length / (median(runsMs) / 1000), runsMs,
    };
    return { run, output: { vectors, id: embedder.id, dimension: embedder.dimension } };
  } finally {
    await embedder.close();
  }
}

export async function benchModel(dir: string, gpus: ProviderName[], texts: string[], runs: number, batchSize: number): Promise<ModelReport> {
  const measured = await againstCpu(gpus, (p) => runProvider(dir, p, texts, runs, batchSize), (cpu, other) => compareVectors(cpu.vectors, other.vectors));
  return { model: dir, id: measured.cpu.id, dimension: measured.cpu.dimension, texts: texts.length, runs: measured.runs };
}

export interface ScorerRun {
  requested: ProviderName;
  provider: string;
  fallbacks: readonly ProviderFallback[];
  /** One query's passages scored, median and p95 over the queries of the timed runs. */
  queryMs: { p50: number; p95: number };
  pairsPerSecond: number;
  /** Against the CPU run's scores (absent for the CPU run itself). */
  agreement?: { maxAbsDiff: number; queriesOrderedDifferently: number };
}

export interface ScorerReport {
  model: string;
  id: string;
  queries: number;
  passagesPerQuery: number;
  runs: ScorerRun[];
}

/** Queries (a stretch of an article's words) and the passages each is scored against (the texts that follow it). */
export function rerankTasks(texts: string[], queries: number, passages: number): Array<{ query: string; passages: string[] }> {
  const stride = passages + 1;
  const tasks: Array<{ query: string; passages: string[] }> = [];
  for (let start = 0; tasks.length < queries && start + stride <= texts.length; start += stride) {
    const source = texts[start] as string;
    const body = source.slice(Math.min(source.length - 1, Math.floor(source.length / 3)));
    tasks.push({ query: body.slice(0, 40), passages: texts.slice(start + 1, start + stride) });
  }
  return tasks;
}

async function runScorer(dir: string, requested: ProviderName, tasks: Array<{ query: string; passages: string[] }>, runs: number) {
  const scorer = await loadReranker(dir, withFallback(requested));
  try {
    const first = tasks[0];
    if (first) await scorer.score(first.query, first.passages);
    const perQuery: number[] = [];
    let scores: number[][] = [];
    for (let r = 0; r < runs; r++) {
      scores = [];
      for (const task of tasks) {
        const start = performance.now();
        scores.push(await scorer.score(task.query, task.passages));
        perQuery.push(performance.now() - start);
      }
    }
    const pairs = tasks.reduce((n, t) => n + t.passages.length, 0) * runs;
    const run: ScorerRun = {
      requested, provider: scorer.provider, fallbacks: scorer.fallbacks ?? [],
      queryMs: { p50: median(perQuery), p95: percentile(perQuery, 95) },
      pairsPerSecond: pairs / (perQuery.reduce((a, b) => a + b, 0) / 1000),
    };
    return { run, output: { scores, id: scorer.id } };
  } finally {
    await scorer.close();
  }
}

const order = (scores: number[]) => scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).map(([, i]) => i).join(',');

/** Largest score difference, and how many queries rank their passages differently. */
function compareScores(reference: number[][], other: number[][]): NonNullable<ScorerRun['agreement']> {
  let maxAbsDiff = 0;
  other.forEach((row, q) => row.forEach((v, i) => (maxAbsDiff = Math.max(maxAbsDiff, Math.abs(v - (reference[q]?.[i] ?? NaN))))));
  const queriesOrderedDifferently = other.filter((row, q) => order(row) !== order(reference[q] ?? [])).length;
  return { maxAbsDiff, queriesOrderedDifferently };
}

export async function benchScorer(dir: string, gpus: ProviderName[], tasks: Array<{ query: string; passages: string[] }>, runs: number): Promise<ScorerReport> {
  const measured = await againstCpu(gpus, (p) => runScorer(dir, p, tasks, runs), (cpu, other) => compareScores(cpu.scores, other.scores));
  return { model: dir, id: measured.cpu.id, queries: tasks.length, passagesPerQuery: tasks[0]?.passages.length ?? 0, runs: measured.runs };
}

/** Every `step`-th national article, as `lexdesk embed` builds its text. */
export function libraryTexts(file: string, count: number): string[] {
  const db = openDatabase(file, { readonly: true });
  try {
    const rows = db.prepare(`${ARTICLE_SELECT} WHERE d.province = '' ORDER BY a.id`).all() as ArticleRow[];
    const step = Math.max(1, Math.floor(rows.length / count));
    return rows.filter((_, i) => i % step === 0).slice(0, count).map((r) => articleEmbeddingText(toStatuteArticle(r)));
  } finally {
    db.close();
  }
}

function readTexts(file: string, count: number): string[] {
  return fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, count);
}

/** Prints one provider's line (what ran, then `figures`) and why a requested provider was not used. */
function printRun(run: { requested: ProviderName; provider: string; fallbacks: readonly ProviderFallback[] }, figures: string): void {
  const ran = run.provider === run.requested ? run.provider : `${run.provider} (asked for ${run.requested})`;
  console.log(`  ${ran.padEnd(24)} ${figures}`);
  for (const f of run.fallbacks) console.log(`    ${f.provider} not used: ${f.reason}`);
}

function printScorerReport(r: ScorerReport): void {
  console.log(`${r.id} (cross-encoder), ${r.queries} queries × ${r.passagesPerQuery} passages`);
  for (const run of r.runs) {
    const agree = run.agreement
      ? `  max |Δ score| ${run.agreement.maxAbsDiff.toExponential(2)}, ${run.agreement.queriesOrderedDifferently} queries ordered differently`
      : '';
    printRun(run, `${run.queryMs.p50.toFixed(1).padStart(9)} ms per query (p95 ${run.queryMs.p95.toFixed(1)}), ${run.pairsPerSecond.toFixed(1)} pairs/s${agree}`);
  }
}

function printReport(r: ModelReport): void {
  console.log(`${r.id} (${r.dimension} dimensions), ${r.texts} texts`);
  for (const run of r.runs) {
    const agree = run.agreement
      ? `  max |Δ| ${run.agreement.maxAbsDiff.toExponential(2)}, cosine min ${run.agreement.minCosine.toFixed(6)} mean ${run.agreement.meanCosine.toFixed(6)}`
      : '';
    printRun(run, `${run.textsPerSecond.toFixed(1).padStart(9)} texts/s (runs ${run.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms)${agree}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: 'string', multiple: true },
      'cross-encoder': { type: 'string', multiple: true },
      queries: { type: 'string', default: '20' },
      passages: { type: 'string', default: '20' },
      providers: { type: 'string', default: 'webgpu,cuda' },
      texts: { type: 'string' },
      db: { type: 'string' },
      count: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '3' },
      batch: { type: 'string', default: '16' },
      json: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const runs = Number(values.runs);
  const batch = Number(values.batch);
  const queries = Number(values.queries);
  const passages = Number(values.passages);
  const models = values.model ?? [];
  const scorers = values['cross-encoder'] ?? [];
  if (!(models.length + scorers.length) || (!values.texts && !values.db) || ![count, runs, batch, queries, passages].every((n) => Number.isInteger(n) && n > 0)) {
    console.error(
      'usage: npm run bench:providers -- (--model DIR | --cross-encoder DIR)… [--providers webgpu,cuda] (--texts FILE | --db LIBRARY) ' +
        '[--count N] [--runs N] [--batch N] [--queries N] [--passages N] [--json]',
    );
    process.exitCode = 2;
    return;
  }
  const gpus = parseProviders(values.providers).filter((p) => p !== 'cpu');
  const texts = values.texts ? readTexts(values.texts, count) : libraryTexts(values.db as string, count);
  const reports: Array<ModelReport | ScorerReport> = [];
  for (const dir of models) {
    const report = await benchModel(dir, gpus, texts, runs, batch);
    reports.push(report);
    if (!values.json) printReport(report);
  }
  const tasks = rerankTasks(texts, queries, passages);
  for (const dir of scorers) {
    const report = await benchScorer(dir, gpus, tasks, runs);
    reports.push(report);
    if (!values.json) printScorerReport(report);
  }
  if (values.json) console.log(JSON.stringify(reports, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error((err as Error).message ?? String(err));
    process.exitCode = 1;
  });
}
