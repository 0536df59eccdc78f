/**
 * `npm run bench:report`: time to build and render a cited report of a
 * two-turn consultation (corpus subset, scripted endpoint), per format, 5 runs.
 */
import { buildReport, renderReport, type ReportFormat } from '../../main/report/index.js';
import { percentile } from '../../main/eval/runEval.js';
import { startBench, WAGES } from '../helpers/consultFixture.js';

const bench = await startBench();
const c = bench.consultations();
const t1 = await c.ask({ text: WAGES, title: 'bench' });
await c.ask({ consultationId: t1.consultationId, text: '我工作了五年，补偿怎么算？' });
const result: Record<string, unknown> = {};
for (const format of ['md', 'docx', 'pdf'] as ReportFormat[]) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const model = buildReport(bench.lib.engine, c, t1.consultationId, 'bench');
    bytes = (await renderReport(model, format)).length;
    times.push(performance.now() - start);
  }
  result[format] = { medianMs: Math.round(percentile(times, 50)), p95Ms: Math.round(percentile(times, 95)), bytes };
}
console.log(JSON.stringify(result, null, 2));
await bench.dispose();
