import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/open.js';
import { articlesPassing, type SearchFilters } from '../search/filters.js';
import { GoldResolver, queryText, type EvalRecord } from './dataset.js';
import { meanMetrics, scoreQuery, type MetricSet } from './metrics.js';

export type Ranker = (query: string, limit: number) => number[] | Promise<number[]>;

export interface EvalResult extends MetricSet {
  file: string;
  /** Queries scored: records with at least one resolvable gold label. */
  queries: number;
  k: number;
  /** Gold labels that could not be resolved in the library. */
  unresolved: number;
  /**
   * Resolved gold labels that the search filters exclude (by default: a label pinned to a
   * superseded or repealed version, which only --all-versions or --as-of searches); they count as misses.
   */
  outsideFilters: number;
  mode: string;
  /** Median and p95 milliseconds per query. */
  latencyMs: { p50: number; p95: number };
}

export interface QueryRun {
  id: string;
  query: string;
  gold: number[];
  ranked: number[];
  metrics: MetricSet;
}

export interface EvalOptions {
  k?: number;
  mode?: string;
  /** Ranked lists to keep per query (for --runs); default k. */
  depth?: number;
  onQuery?: (run: QueryRun) => void;
  /** The filters the ranker searches with (default: current versions, national law), to count labels outside them. */
  filters?: SearchFilters;
}

export async function runEval(db: Db, file: string, records: EvalRecord[], rank: Ranker, opts: EvalOptions = {}): Promise<EvalResult> {
  const k = opts.k ?? 10;
  const resolver = new GoldResolver(db);
  const sets: MetricSet[] = [];
  const times: number[] = [];
  let unresolved = 0;
  let outsideFilters = 0;
  for (const record of records) {
    const gold = new Set<number>();
    for (const label of record.relevant ?? []) {
      const id = resolver.resolve(label);
      if (id === null) unresolved += 1;
      else gold.add(id);
    }
    if (gold.size === 0) continue;
    outsideFilters += gold.size - articlesPassing(db, opts.filters ?? {}, { among: [...gold] }).length;
    const query = queryText(record);
    const t0 = performance.now();
    const ranked = await rank(query, Math.max(k, opts.depth ?? k));
    times.push(performance.now() - t0);
    const metrics = scoreQuery(ranked, gold, k);
    sets.push(metrics);
    opts.onQuery?.({ id: record.id, query, gold: [...gold], ranked, metrics });
  }
  return {
    file: path.basename(file),
    queries: sets.length,
    k,
    ...meanMetrics(sets),
    unresolved,
    outsideFilters,
    mode: opts.mode ?? 'lexical',
    latencyMs: { p50: percentile(times, 50), p95: percentile(times, 95) },
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)] as number;
}

/** Writes one JSON line per query (ranked list, gold, metrics) for error analysis. */
export function runsWriter(file: string): { write: (run: QueryRun) => void; close: () => void } {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const fd = fs.openSync(file, 'w');
  return {
    write: (run) => fs.writeSync(fd, JSON.stringify(run) + '\n'),
    close: () => fs.closeSync(fd),
  };
}
