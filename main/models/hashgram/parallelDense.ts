import type { Worker } from 'node:worker_threads';
import type { DenseTrainingData, DenseTrainOptions } from './denseTrainer.js';
import { HashgramModel } from './model.js';
import type { TrainingSet } from './trainingSet.js';
import { trainingWorker } from './workerThread.js';

export interface DenseWorkerData {
  set: DenseTrainingData;
  options: Omit<DenseTrainOptions, 'log' | 'init'>;
  init: { unigram: Float32Array; bigram: Float32Array } | null;
}

export interface DenseJob {
  excludeFold: number | null;
}

export interface DenseResult {
  type: 'done';
  excludeFold: number | null;
  unigram: Float32Array;
  bigram: Float32Array;
  steps: number;
}

type WorkerMessage = DenseResult | { type: 'log'; message: string };

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
  const settle = new Map<number | null, { resolve: (r: { model: HashgramModel; steps: number }) => void; reject: (e: Error) => void }>();
  const promises = folds.map((fold) => new Promise<{ model: HashgramModel; steps: number }>((resolve, reject) => settle.set(fold, { resolve, reject })));
  const queue = [...folds];

  const workers: Worker[] = [];
  let failed = false;
  // One failure ends the run: every model still to come is rejected and the other workers stop now, not after their current model.
  const failAll = (err: Error) => {
    if (failed) return;
    failed = true;
    queue.length = 0;
    for (const s of settle.values()) s.reject(err);
    for (const w of workers) void w.terminate();
  };
  const startWorker = () => {
    const worker = trainingWorker('denseWorker', data);
    workers.push(worker);
    let current: number | null | undefined;
    const next = () => {
      current = queue.shift();
      if (current === undefined) void worker.terminate();
      else worker.postMessage({ excludeFold: current } satisfies DenseJob);
    };
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'log') return log(msg.message);
      const model = HashgramModel.fromTables(set.shape, msg.unigram, msg.bigram);
      settle.get(msg.excludeFold)?.resolve({ model, steps: msg.steps });
      next();
    });
    worker.on('error', failAll);
    worker.on('exit', () => {
      if (current !== undefined) failAll(new Error(`a training worker stopped while training fold ${current ?? 'all'}`));
    });
    next();
  };
  for (let i = 0; i < Math.max(1, Math.min(threads, folds.length)); i += 1) startWorker();
  // A failure rejects every model still to come; the caller sees it on the one it awaits.
  for (const p of promises) p.catch(() => {});
  return promises;
}
