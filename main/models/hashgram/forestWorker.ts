/**
 * Worker thread for forestPool.ts: fits one boosted-tree forest (trainGbdt) on
 * the questions it is asked for and posts the forest back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { trainGbdt, type GbdtOptions } from '../../search/hybrid/gbdt.js';
import { rowsOfQuestions, type ForestJob, type ForestResult, type RerankerRows } from './forestPool.js';

const data = workerData as { rows: RerankerRows; options: GbdtOptions };

parentPort?.on('message', (job: ForestJob) => {
  const { x, y, groups } = rowsOfQuestions(data.rows, job.questions);
  const result: ForestResult = { id: job.id, forest: trainGbdt(x, y, data.options, groups) };
  parentPort?.postMessage(result);
});
