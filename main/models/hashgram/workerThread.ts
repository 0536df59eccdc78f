import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `name` (a module beside this one): name.js when this runs compiled; run
 * from the TypeScript sources (`node --import tsx`, as `npm run train-model` does), a worker does
 * not inherit tsx's loader, so the thread registers it before importing name.ts.
 */
export function trainingWorker(name: string, workerData: unknown): Worker {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const script = new URL(`./${name}${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(script, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
