/**
 * Fits the reranker's parts on worker threads: the bagged boosted-tree forests and the listwise
 * MLPs, each exactly what one thread would fit (tests/unit/rerankerPool.test.ts, listwiseMlp.test.ts).
 */
import { trainGbdt, type Forest, type GbdtOptions } from '../../search/hybrid/gbdt.js';
import { trainListwiseMlp, type Mlp, type MlpOptions, type RankedList } from '../../search/hybrid/listwiseMlp.js';
import { runOnWorkers } from './workerThread.js';

/** Every candidate's feature row and label, question by question (each question's rows together). */
export interface RerankerRows {
  /** Rows one after another, `featureCount` values each. */
  x: Float32Array;
  featureCount: number;
  labels: Uint8Array;
  /** Where each question's rows start and end (row indexes; question q has rows start[q] to start[q + 1] − 1). */
  start: Int32Array;
}

/** What each forest worker is started with. */
export interface ForestWorkerData {
  rows: RerankerRows;
  options: GbdtOptions;
}

/** What each MLP worker is started with, and one of its jobs. */
export interface MlpWorkerData {
  rows: RerankerRows;
  options: MlpOptions;
}
export interface MlpJob {
  questions: Int32Array;
  seed: number;
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

/** The forest of those questions (what each worker fits, and what one thread fits here). */
export function fitQuestions(rows: RerankerRows, questions: ArrayLike<number>, options: GbdtOptions): Forest {
  const { x, y, groups } = rowsOfQuestions(rows, questions);
  return trainGbdt(x, y, options, groups);
}

/**
 * One forest per entry of `jobs` (the questions each is fitted on), fitted on
 * `threads` worker threads; each is exactly what trainGbdt gives on the main
 * thread, so the forests do not depend on the number of threads. With one
 * thread they are fitted here.
 */
export async function fitForests(rows: RerankerRows, jobs: Int32Array[], options: GbdtOptions, threads: number): Promise<Forest[]> {
  if (threads <= 1 || jobs.length <= 1) return jobs.map((questions) => fitQuestions(rows, questions, options));
  return Promise.all(runOnWorkers<Int32Array, Forest>('forestWorker', { rows, options } satisfies ForestWorkerData, jobs, threads));
}

/** Those questions as candidate lists for trainListwiseMlp. */
function listsOfQuestions(rows: RerankerRows, questions: ArrayLike<number>): RankedList[] {
  const f = rows.featureCount;
  return Array.from(questions, (q) => {
    const from = rows.start[q] as number;
    const to = rows.start[q + 1] as number;
    return {
      rows: Array.from({ length: to - from }, (_, i) => rows.x.subarray((from + i) * f, (from + i + 1) * f)),
      gold: rows.labels.subarray(from, to),
    };
  });
}

/** The listwise MLP of those questions (what each MLP worker fits, and what one thread fits here). */
export function fitMlpJob(rows: RerankerRows, job: MlpJob, options: MlpOptions): Mlp {
  return trainListwiseMlp(listsOfQuestions(rows, job.questions), rows.featureCount, options, job.seed);
}

/** One MLP per job, on `threads` worker threads; each is exactly what fitMlpJob gives on the main thread. */
export async function fitMlps(rows: RerankerRows, jobs: MlpJob[], options: MlpOptions, threads: number): Promise<Mlp[]> {
  if (threads <= 1 || jobs.length <= 1) return jobs.map((job) => fitMlpJob(rows, job, options));
  return Promise.all(runOnWorkers<MlpJob, Mlp>('mlpWorker', { rows, options } satisfies MlpWorkerData, jobs, threads));
}
