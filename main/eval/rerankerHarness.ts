/**
 * `npm run reranker-harness`: tries extra reranker features on the out-of-fold candidates that
 * `npm run train-model` writes when LEXDESK_DUMP_CANDIDATES names a file, fitting the same bagged
 * forests and MLPs per fold with the same seeds as the training run (README, Experiment log), so
 * a run with no extra columns reads the training run's own cross-validated figures.
 *
 *   npm run reranker-harness -- --dump FILE [--extra a.json,b.json] [--out RESULT.json] [--baseline RESULT.json] [--threads 2]
 *
 * Each extra file holds one array per dumped question, one row of numbers per candidate, in the
 * dump's order. `--out` keeps each question's figures; `--baseline` compares with such a file
 * by a paired bootstrap over the questions.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { meanMetrics, type MetricSet } from './metrics.js';
import { pairedBootstrap } from './pairedBootstrap.js';
import { fitFolds, rerankedByQuestion, type QueryRows } from '../models/hashgram/rerankerTraining.js';
import { readCandidateDump, readJsonFile } from '../models/hashgram/candidateDump.js';

export type StageFigures = Record<'trees' | 'mlp' | 'reranked', MetricSet[]>;

/** The questions with each extra file's columns appended to every candidate's row. */
export function withExtraColumns(all: QueryRows[], extras: { file: string; values: number[][][] }[]): QueryRows[] {
  for (const { file, values } of extras) {
    const width = values[0]?.[0]?.length;
    const bad = !Array.isArray(values) || values.length !== all.length || !width
      || values.some((q, i) => !Array.isArray(q) || q.length !== (all[i] as QueryRows).candidates.length || q.some((row) => row.length !== width || row.some((v) => !Number.isFinite(v))));
    if (bad) throw new Error(`extra columns ${file} must hold, for each of the dump's ${all.length} questions, one row of finite numbers (all of one width) per candidate`);
  }
  return all.map((q, qi) => ({
    ...q,
    rows: q.rows.map((row, ci) => Float32Array.from([...row, ...extras.flatMap(({ values }) => values[qi]?.[ci] as number[])])),
  }));
}

/** Each question's out-of-fold figures under its fold's trees, MLP and their blend. */
export async function crossValidateRows(all: QueryRows[], threads: number): Promise<StageFigures> {
  const { byFold, mlpByFold } = await fitFolds(all, threads);
  return rerankedByQuestion(all, byFold, mlpByFold);
}

/** One line per stage: the mean figures, and with a baseline the paired differences and their 95% intervals. */
export function describe(figures: StageFigures, baseline?: StageFigures): string[] {
  const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(4)}`;
  return (Object.keys(figures) as (keyof StageFigures)[]).map((stage) => {
    const m = meanMetrics(figures[stage]);
    let line = `${stage}: Recall@10 ${m.recall.toFixed(4)} MRR@10 ${m.mrr.toFixed(4)}`;
    const base = baseline?.[stage];
    if (base) {
      const d = (key: 'recall' | 'mrr') => pairedBootstrap(base.map((x) => x[key]), figures[stage].map((x) => x[key]));
      const [r, p] = [d('recall'), d('mrr')];
      line += `; against the baseline Recall@10 ${signed(r.mean)} [${signed(r.low)}, ${signed(r.high)}], MRR@10 ${signed(p.mean)} [${signed(p.low)}, ${signed(p.high)}]`;
    }
    return line;
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { dump: { type: 'string' }, extra: { type: 'string' }, out: { type: 'string' }, baseline: { type: 'string' }, threads: { type: 'string', default: '2' } },
  });
  if (!values.dump) throw new Error('give --dump FILE (written by LEXDESK_DUMP_CANDIDATES=FILE npm run train-model)');
  const extraFiles = (values.extra ?? '').split(',').filter(Boolean);
  const all = withExtraColumns(readCandidateDump(values.dump), extraFiles.map((file) => ({ file, values: readJsonFile(file, 'extra columns') as number[][][] })));
  const baseline = values.baseline ? (readJsonFile(values.baseline, 'baseline') as StageFigures) : undefined;
  if (baseline && baseline.reranked?.length !== all.length) throw new Error(`baseline ${values.baseline} scores ${baseline.reranked?.length ?? 0} questions, the dump ${all.length}`);
  const started = Date.now();
  const figures = await crossValidateRows(all, Math.max(1, Number(values.threads)));
  if (values.out) fs.writeFileSync(values.out, JSON.stringify(figures));
  process.stdout.write(`${all.length} questions, ${all[0]?.rows[0]?.length} features, ${((Date.now() - started) / 60000).toFixed(1)} min\n${describe(figures, baseline).join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: Error) => {
    process.stderr.write(`reranker-harness: ${err.message}\n`);
    process.exitCode = 1;
  });
}
