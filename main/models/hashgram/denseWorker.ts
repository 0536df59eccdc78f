/**
 * Worker thread for parallelDense.ts: trains one hashgram model (trainDense)
 * on the training set it is sent and posts back its weight tables.
 */
import { workerData } from 'node:worker_threads';
import { trainDense } from './denseTrainer.js';
import { HashgramModel } from './model.js';
import type { DenseJob, DenseResult, DenseWorkerData } from './parallelDense.js';
import { serveJobs } from './workerThread.js';

const data = workerData as DenseWorkerData;
const set = data.set;

serveJobs<DenseJob, DenseResult>((excludeFold, log) => {
  const init = data.init ? HashgramModel.fromTables(set.shape, data.init.unigram, data.init.bigram) : undefined;
  const { model, steps } = trainDense(set, { ...data.options, init, log }, excludeFold);
  return { result: { unigram: model.unigram, bigram: model.bigram, steps }, transfer: [model.unigram.buffer as ArrayBuffer, model.bigram.buffer as ArrayBuffer] };
});
