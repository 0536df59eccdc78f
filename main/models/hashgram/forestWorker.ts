/**
 * Worker thread for rerankerPool.ts: fits one boosted-tree forest on the
 * questions it is asked for and posts the forest back.
 */
import { workerData } from 'node:worker_threads';
import type { Forest } from '../../search/hybrid/gbdt.js';
import { fitQuestions, type ForestWorkerData } from './rerankerPool.js';
import { serveJobs } from './workerThread.js';

const data = workerData as ForestWorkerData;

serveJobs<Int32Array, Forest>((questions) => ({ result: fitQuestions(data.rows, questions, data.options) }));
