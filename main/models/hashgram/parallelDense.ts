import type { DenseTrainingData, DenseTrainOptions } from './denseTrainer.js';
import { HashgramModel } from './model.js';
import type { TrainingSet } from './trainingSet.js';
import { runOnWorkers } from './workerThread.js';

export interface DenseWorkerData {
  set: DenseTrainingData;
  options: Omit<DenseTrainOptions, 'log' | 'init'>;
  init: { unigram: Float32Array; bigram: Float32Array } | null;
}

/** The fold a model leaves out (null: all data). */
export type DenseJob = number | null;

export interface DenseResult {
  unigram: Float32Array;
  bigram: Float32Array;
  steps: number;
}

/**
 * Starts training one hashgram model per entry of `folds` (a fold to leave out,
 * or null for all data) on `threads` worker threads, in that order, and returns
 * one promise per entry that resolves when its model is done. Each model is
 * exactly what trainDense gives on the main thread (its own seeded random, the
 * same code), so the result does not depend on the number of threads.
 */
export function startDenseTraining(
  set: TrainingSet,
  opts: DenseTrainOptions,
  folds: Array<number | null>,
  threads: number,
): Array<Promise<{ model: HashgramModel; steps: number }>> {
  const workerSet: DenseTrainingData = { shape: set.shape, docFeatures: set.docFeatures, queries: set.queries, queryFeatures: set.queryFeatures, negatives: set.negatives };
  const { log, init, ...options } = opts;
  const data: DenseWorkerData = { set: workerSet, options, init: init ? { unigram: init.unigram, bigram: init.bigram } : null };
  const models = runOnWorkers<DenseJob, DenseResult>('denseWorker', data, folds, threads, log).map((run) =>
    run.then((r) => ({ model: HashgramModel.fromTables(set.shape, r.unigram, r.bigram), steps: r.steps })),
  );
  // A failure rejects every model still to come; the caller sees it on the one it awaits.
  for (const m of models) m.catch(() => {});
  return models;
}
