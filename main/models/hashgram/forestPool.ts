import type { Worker } from 'node:worker_threads';
import { trainGbdt, type Forest, type GbdtOptions } from '../../search/hybrid/gbdt.js';
import { trainingWorker } from './workerThread.js';

/** Every candidate's feature row and label, question by question (each question's rows together). */
export interface RerankerRows {
  /** Rows one after another, `featureCount` values each. */
  x: Float32Array;
  featureCount: number;
  labels: Uint8Array;
  /** Where each question's rows start and end (row indexes; question q has rows start[q] to start[q + 1] − 1). */
  start: Int32Array;
}

export interface ForestJob {
  id: number;
  /** The questions to fit on, in order. */
  questions: Int32Array;
}

export interface ForestResult {
  id: number;
  forest: Forest;
}

/** The rows, labels and groups (position in `questions`) of those questions, as trainGbdt takes them. */
export function rowsOfQuestions(rows: RerankerRows, questions: ArrayLike<number>) {
  const x: Float32Array[] = [];
  const y: number[] = [];
  const groups: number[] = [];
  const f = rows.featureCount;
  for (let g = 0; g < questions.length; g += 1) {
    const q = questions[g] as number;
    for (let r = rows.start[q] as number; r < (rows.start[q + 1] as number); r += 1) {
      x.push(rows.x.subarray(r * f, (r + 1) * f));
      y.push(rows.labels[r] as number);
      groups.push(g);
    }
  }
  return { x, y, groups };
}

/**
 * One forest per entry of `jobs` (the questions each is fitted on), fitted on
 * `threads` worker threads; each is exactly what trainGbdt gives on the main
 * thread, so the forests do not depend on the number of threads. With one
 * thread they are fitted here.
 */
export async function fitForests(rows: RerankerRows, jobs: Int32Array[], options: GbdtOptions, threads: number): Promise<Forest[]> {
  if (threads <= 1 || jobs.length <= 1) {
    return jobs.map((questions) => {
      const { x, y, groups } = rowsOfQuestions(rows, questions);
      return trainGbdt(x, y, options, groups);
    });
  }
  const forests: Forest[] = new Array(jobs.length);
  const queue = jobs.map((questions, id) => ({ id, questions }));
  const workers: Worker[] = [];
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(err);
    };
    const start = () => {
      const worker = trainingWorker('forestWorker', { rows, options });
      workers.push(worker);
      running += 1;
      let busy = false;
      const next = () => {
        const job = queue.shift();
        busy = job !== undefined;
        if (job) worker.postMessage(job satisfies ForestJob);
        else void worker.terminate();
      };
      worker.on('message', (msg: ForestResult) => {
        forests[msg.id] = msg.forest;
        next();
      });
      worker.on('error', fail);
      worker.on('exit', () => {
        if (busy) return fail(new Error('a reranker training worker stopped before its forest was done'));
        running -= 1;
        if (running === 0 && !failed) resolve();
      });
      next();
    };
    for (let i = 0; i < Math.min(threads, jobs.length); i += 1) start();
  });
  return forests;
}
