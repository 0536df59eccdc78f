/**
 * Worker thread for rerankerPool.ts: fits one listwise MLP on the questions
 * and seed it is asked for and posts the network back.
 */
import { workerData } from 'node:worker_threads';
import type { Mlp } from '../../search/hybrid/listwiseMlp.js';
import { fitMlpJob, type MlpJob, type MlpWorkerData } from './rerankerPool.js';
import { serveJobs } from './workerThread.js';

const data = workerData as MlpWorkerData;

serveJobs<MlpJob, Mlp>((job) => ({ result: fitMlpJob(data.rows, job, data.options) }));
