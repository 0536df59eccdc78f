/**
 * Worker thread for parallelDense.ts: trains one hashgram model (trainDense)
 * on the training set it is sent and posts back its weight tables.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { trainDense } from './denseTrainer.js';
import { HashgramModel } from './model.js';
import type { DenseJob, DenseResult, DenseWorkerData } from './parallelDense.js';

const data = workerData as DenseWorkerData;
const set = data.set;
const log = (message: string) => parentPort?.postMessage({ type: 'log', message });

parentPort?.on('message', (job: DenseJob) => {
  const init = data.init ? HashgramModel.fromTables(set.shape, data.init.unigram, data.init.bigram) : undefined;
  const { model, steps } = trainDense(set, { ...data.options, init, log }, job.excludeFold);
  const result: DenseResult = { type: 'done', excludeFold: job.excludeFold, unigram: model.unigram, bigram: model.bigram, steps };
  parentPort?.postMessage(result, [model.unigram.buffer as ArrayBuffer, model.bigram.buffer as ArrayBuffer]);
});
