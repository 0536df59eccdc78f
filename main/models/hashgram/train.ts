/**
 * `npm run train-model`: trains the default retrieval models from the statute
 * corpus and the TRAINING files only (stard-train, lecoqa-answers,
 * multiturn-dev; never stard-dev or lecoqa-dev-answers), deterministically
 * (fixed seed), and exports them to ONNX under models/:
 *   1. five fold models (each without one fifth of stard-train) give
 *      out-of-fold candidates and features for every stard-train question;
 *   2. the learned reranker (boosted trees and a listwise MLP over retrieval,
 *      popularity, label-memory and lawyer-answer features, blended per query) is
 *      cross-validated and fitted on them;
 *   3. the final embedding model is trained on everything.
 *
 *   npm run train-model -- [--corpus DIR] [--eval DIR] [--db FILE] [--steps N] [--minutes M] [--seed N] [--threads N]
 *
 * The embedding models train on --threads worker threads (default 2, this machine's cores); each is the
 * same whatever the number of threads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixToday } from '../../db/today.js';
import { createEngine, type Engine } from '../../engine/index.js';
import { appRoot } from '../../util/paths.js';
import type { DenseTrainOptions } from './denseTrainer.js';
import { exportModelFolder } from './exportOnnx.js';
import { JsDenseRetriever, roundToFloat16 } from './jsDense.js';
import type { HashgramModel } from './model.js';
import { startDenseTraining } from './parallelDense.js';
import { pretrainInverseCloze } from './pretrain.js';
import { crossFitReranker, type FoldRows } from './rerankerTraining.js';
import { FOLDS, MAX_LENGTH, prepareTrainingSet } from './trainingSet.js';

export const MODEL_NAME = 'lexdesk-hashgram-v1';
export const RERANKER_NAME = 'lexdesk-reranker-v1';
const TRAINED_ON = [
  'LawRefBook national corpus (article texts)', 'stard-train.jsonl', 'lecoqa-answers.jsonl (answers)', 'multiturn-dev.jsonl (user turns, without the held-out fifth)',
];
const RERANKER_TRAINED_ON = [
  'stard-train.jsonl (out-of-fold candidates; popularity and label memory)', 'multiturn-dev.jsonl without the held-out fifth (popularity and label memory)',
  'lecoqa-answers.jsonl (each stard-train question\'s answer and keywords, hashed, in the label memory)',
];

function log(msg: string): void {
  process.stderr.write(`[train-model ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

function options() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: '../shared/corpus/lawrefbook' }, eval: { type: 'string', default: '../shared/eval' },
      db: { type: 'string' }, out: { type: 'string', default: path.join(appRoot(), 'models') },
      steps: { type: 'string', default: '1500' }, minutes: { type: 'string', default: '28' }, seed: { type: 'string', default: '20261122' },
      dim: { type: 'string', default: '128' }, threads: { type: 'string', default: '2' }, 'pretrain-steps': { type: 'string', default: '0' }, buckets: { type: 'string', default: '131072' },
    },
  });
  return {
    corpus: path.resolve(values.corpus as string), evalDir: path.resolve(values.eval as string), db: values.db as string | undefined,
    out: path.resolve(values.out as string), steps: count(values.steps, 'steps', 1), minutes: positive(values.minutes, 'minutes'), seed: count(values.seed, 'seed', 0),
    dimension: count(values.dim, 'dim', 1), buckets: count(values.buckets, 'buckets', 1), pretrainSteps: count(values['pretrain-steps'], 'pretrain-steps', 0),
    threads: count(values.threads, 'threads', 1),
  };
}

function positive(value: unknown, name: string): number {
  const n = Number(value);
  if (!(n > 0) || !Number.isFinite(n)) throw new Error(`--${name} must be a positive number (got "${String(value)}")`);
  return n;
}

/** A whole-number option of at least `min`; anything else stops the run before it starts. */
function count(value: unknown, name: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min} (got "${String(value)}")`);
  return n;
}

async function openLibrary(corpus: string, db: string | undefined): Promise<{ engine: Engine; cleanup: () => void }> {
  if (db) {
    const engine = createEngine({ dbPath: db });
    asOfLibraryDate(engine);
    return { engine, cleanup: () => engine.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-train-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  log(`importing ${corpus} …`);
  await engine.importPath(corpus);
  asOfLibraryDate(engine);
  return { engine, cleanup: () => { engine.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

/**
 * Statuses during training read as of the library's own latest date, not the clock's: every
 * version the corpus holds counts as taken effect, and the same corpus gives the same models
 * on any day.
 */
function asOfLibraryDate(engine: Engine): void {
  const latest = engine.db.prepare('SELECT MAX(COALESCE(effective_date, publish_date)) FROM documents').pluck().get() as string | null;
  if (latest) fixToday(engine.db, latest);
  log(`statuses as of ${latest ?? 'today (empty library)'}`);
}

async function main(): Promise<void> {
  const opts = options();
  const started = Date.now();
  const { engine, cleanup } = await openLibrary(opts.corpus, opts.db);
  try {
    const set = prepareTrainingSet(engine, opts.evalDir, { buckets: opts.buckets, dimension: opts.dimension }, log);
    const deadline = started + opts.minutes * 60_000;
    const init = opts.pretrainSteps > 0
      ? pretrainInverseCloze(set, { steps: opts.pretrainSteps, batch: 64, lr: 0.05, temperature: 0.05, seed: opts.seed, deadline, log })
      : undefined;
    const dense: DenseTrainOptions = {
      steps: opts.steps, batch: 64, lr: 0.05, temperature: 0.05, seed: opts.seed, hardNegatives: 1, deadline, log, init,
    };
    // The five fold models, then the final one, on `threads` worker threads; the reranker's cross-fitting
    // runs here while the final model trains.
    const folds = Array.from({ length: FOLDS }, (_, fold) => fold);
    const runs = startDenseTraining(set, dense, [...folds, null], opts.threads);
    const foldRows: FoldRows[] = [];
    for (const fold of folds) {
      const { model } = await (runs[fold] as Promise<{ model: HashgramModel }>);
      roundToFloat16(model);
      foldRows.push({ fold, retriever: new JsDenseRetriever(`fold-${fold}`, model, set.docFeatures, set.tokenize) });
    }
    const reranker = await crossFitReranker(engine, set, foldRows, log, opts.threads);
    const final = await (runs[FOLDS] as Promise<{ model: HashgramModel; steps: number }>);
    exportModelFolder(path.join(opts.out, MODEL_NAME), final.model, set.vocab, {
      name: MODEL_NAME, maxLength: MAX_LENGTH, seed: opts.seed, steps: final.steps, trainedOn: TRAINED_ON, metrics: reranker.denseCv,
    });
    reranker.write(path.join(opts.out, RERANKER_NAME), { name: RERANKER_NAME, trainedOn: RERANKER_TRAINED_ON });
    log(`models written to ${opts.out}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  } finally {
    cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    process.stderr.write(`train-model failed: ${(err as Error).stack}\n`);
    process.exitCode = 1;
  });
}
