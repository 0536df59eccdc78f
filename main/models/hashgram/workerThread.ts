import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/** What a training worker posts back: a job's result (by its position in the list) or a log line. */
export type WorkerReply<R> = { type: 'done'; index: number; result: R } | { type: 'log'; message: string };

interface WorkerJob<J> {
  index: number;
  job: J;
}

/**
 * A worker thread running `name` (a module beside this one): name.js when this runs compiled; run
 * from the TypeScript sources (`node --import tsx`, as `npm run train-model` does), a worker does
 * not inherit tsx's loader, so the thread registers it before importing name.ts.
 */
function trainingWorker(name: string, workerData: unknown): Worker {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const script = new URL(`./${name}${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(script, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Runs `jobs` on `threads` worker threads of module `name` (each started with `workerData`), in
 * order, and returns one promise per job that resolves with its result. One failure ends the run:
 * every job still to come is rejected with its error and the other workers stop now, not after
 * their current job. Log lines the workers post go to `log`.
 */
export function runOnWorkers<J, R>(
  name: string, workerData: unknown, jobs: J[], threads: number, log: (message: string) => void = () => {},
): Array<Promise<R>> {
  const settle: Array<{ resolve: (r: R) => void; reject: (e: Error) => void }> = [];
  const promises = jobs.map((_job, i) => new Promise<R>((resolve, reject) => (settle[i] = { resolve, reject })));
  const queue = jobs.map((job, index) => ({ index, job }));
  const workers: Worker[] = [];
  let failed = false;
  const failAll = (err: Error) => {
    if (failed) return;
    failed = true;
    queue.length = 0;
    for (const s of settle) s.reject(err);
    for (const w of workers) void w.terminate();
  };
  const startWorker = () => {
    const worker = trainingWorker(name, workerData);
    workers.push(worker);
    let current: number | undefined;
    const next = () => {
      const item = queue.shift();
      current = item?.index;
      if (item) worker.postMessage(item satisfies WorkerJob<J>);
      else void worker.terminate();
    };
    worker.on('message', (msg: WorkerReply<R>) => {
      if (msg.type === 'log') return log(msg.message);
      settle[msg.index]?.resolve(msg.result);
      next();
    });
    worker.on('error', failAll);
    worker.on('exit', () => {
      if (current !== undefined) failAll(new Error(`a ${name} thread stopped while working on job ${current}`));
    });
    next();
  };
  for (let i = 0; i < Math.max(1, Math.min(threads, jobs.length)); i += 1) startWorker();
  // A failure rejects every job still to come; the caller sees it on the one it awaits.
  for (const p of promises) p.catch(() => {});
  return promises;
}

/** In a worker module: answers each job runOnWorkers sends with `work`'s result (its buffers in `transfer` are moved, not copied). */
export function serveJobs<J, R>(work: (job: J, log: (message: string) => void) => { result: R; transfer?: ArrayBuffer[] }): void {
  const log = (message: string) => parentPort?.postMessage({ type: 'log', message } satisfies WorkerReply<R>);
  parentPort?.on('message', ({ index, job }: WorkerJob<J>) => {
    const { result, transfer } = work(job, log);
    parentPort?.postMessage({ type: 'done', index, result } satisfies WorkerReply<R>, transfer ?? []);
  });
}
