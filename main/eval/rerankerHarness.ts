/**
 * `npm run reranker-harness`: tries extra reranker features on the out-of-fold candidates that
 * `npm run train-model` writes when LEXDESK_DUMP_CANDIDATES names a file, fitting the same bagged
 * forests and MLPs per fold with the same seeds as the training run (README, Experiment log), so
 * a run with no extra columns reads the training run's own cross-validated figures.
 *
 *   npm run reranker-harness -- --dump FILE [--extra a.json,b.json] [--out RESULT.json] [--scores SCORES.json] [--baseline RESULT.json] [--threads 2]
 *
 * Each extra file holds one array per dumped question, one row of numbers per candidate, in the
 * dump's order. An extra column built from other questions' labels must leave out the scored
 * question's fold; one built from other questions' candidate pools must use only a stage no label
 * shapes (BM25's ranks): the pools of one fold were gathered by the label memory and dense model of
 * the other folds, so they already carry the scored fold's labels (README, thirty-sixth round).
 * `--out` keeps each question's figures; `--baseline` compares with such a file
 * by a paired bootstrap over the questions. `--scores` keeps each candidate's out-of-fold tree and
 * MLP scores, so that parts of different runs can be blended afterwards without refitting:
 *
 *   npm run reranker-harness -- --dump FILE --trees-from A.json --mlp-from B.json [--weight 0.75] [--baseline RESULT.json]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { meanMetrics, type MetricSet } from './metrics.js';
import { pairedBootstrap } from './pairedBootstrap.js';
import { figuresFromScores, fitFolds, outOfFoldScores, RERANKER_BLEND, type CandidateScores, type QueryRows } from '../models/hashgram/rerankerTraining.js';
import { readCandidateDump } from '../models/hashgram/candidateDump.js';
import { readJsonFile } from '../util/jsonFile.js';

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

/** Each question's out-of-fold figures under its fold's trees, MLP and their blend, and the scores they came from. */
export async function crossValidateRows(all: QueryRows[], threads: number): Promise<{ figures: StageFigures; scores: CandidateScores[] }> {
  const { byFold, mlpByFold } = await fitFolds(all, threads);
  const scores = outOfFoldScores(all, byFold, mlpByFold);
  return { figures: figuresFromScores(all, scores), scores };
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

/**
 * The trees' scores of one run blended with the MLP's of another (files written with --scores),
 * without refitting: e.g. trees given new columns beside the network without them.
 */
export function blendKeptScores(all: QueryRows[], treesFrom: { file: string; scores: CandidateScores[] }, mlpFrom: { file: string; scores: CandidateScores[] }, weight: number): StageFigures {
  for (const { file, scores } of [treesFrom, mlpFrom]) {
    const bad = !Array.isArray(scores) || scores.length !== all.length
      || scores.some((s, i) => s?.trees?.length !== (all[i] as QueryRows).candidates.length || s?.mlp?.length !== (all[i] as QueryRows).candidates.length);
    if (bad) throw new Error(`scores ${file} must hold the trees' and the MLP's score of every candidate of the dump's ${all.length} questions (write it with --scores on the same dump)`);
  }
  return figuresFromScores(all, all.map((_q, i) => ({ trees: (treesFrom.scores[i] as CandidateScores).trees, mlp: (mlpFrom.scores[i] as CandidateScores).mlp })), weight);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dump: { type: 'string' }, extra: { type: 'string' }, out: { type: 'string' }, scores: { type: 'string' }, baseline: { type: 'string' }, threads: { type: 'string' },
      'trees-from': { type: 'string' }, 'mlp-from': { type: 'string' }, weight: { type: 'string', default: String(RERANKER_BLEND) },
    },
  });
  if (!values.dump) throw new Error('give --dump FILE (written by LEXDESK_DUMP_CANDIDATES=FILE npm run train-model)');
  const blending = Boolean(values['trees-from'] || values['mlp-from']);
  const fittingOnly = (['extra', 'scores', 'threads'] as const).filter((name) => values[name] !== undefined);
  if (blending && fittingOnly.length) {
    throw new Error(`--${fittingOnly.join(', --')} belong${fittingOnly.length > 1 ? '' : 's'} to a fitting run; blending kept scores (--trees-from, --mlp-from) fits nothing, so leave ${fittingOnly.length > 1 ? 'them' : 'it'} out`);
  }
  const extraFiles = (values.extra ?? '').split(',').filter(Boolean);
  const all = withExtraColumns(readCandidateDump(values.dump), extraFiles.map((file) => ({ file, values: readJsonFile(file, (problem) => new Error(`extra columns ${problem}`)) as number[][][] })));
  const baseline = values.baseline ? (readJsonFile(values.baseline, (problem) => new Error(`baseline ${problem}`)) as StageFigures) : undefined;
  if (baseline && baseline.reranked?.length !== all.length) throw new Error(`baseline ${values.baseline} scores ${baseline.reranked?.length ?? 0} questions, the dump ${all.length}`);
  const kept = (file: string) => ({ file, scores: readJsonFile(file, (problem) => new Error(`scores ${problem}`)) as CandidateScores[] });
  if (blending) {
    const weight = Number(values.weight);
    if (!values['trees-from'] || !values['mlp-from'] || !Number.isFinite(weight)) throw new Error('blending kept scores needs --trees-from SCORES.json, --mlp-from SCORES.json and a numeric --weight');
    const figures = blendKeptScores(all, kept(values['trees-from']), kept(values['mlp-from']), weight);
    if (values.out) fs.writeFileSync(values.out, JSON.stringify(figures));
    process.stdout.write(`${all.length} questions, trees of ${values['trees-from']}, MLP of ${values['mlp-from']}, weight ${weight}\n${describe(figures, baseline).join('\n')}\n`);
    return;
  }
  const started = Date.now();
  const { figures, scores } = await crossValidateRows(all, Math.max(1, Number(values.threads ?? 2)));
  if (values.out) fs.writeFileSync(values.out, JSON.stringify(figures));
  if (values.scores) fs.writeFileSync(values.scores, JSON.stringify(scores));
  process.stdout.write(`${all.length} questions, ${all[0]?.rows[0]?.length} features, ${((Date.now() - started) / 60000).toFixed(1)} min\n${describe(figures, baseline).join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: Error) => {
    process.stderr.write(`reranker-harness: ${err.message}\n`);
    process.exitCode = 1;
  });
}
