/**
 * How the shipped models' speed depends on ONNX Runtime's intra-op threads (README, GPU providers,
 * session 29): the embedding model on articles (their text as `lexdesk embed` builds it) in batches of 16 and on one-line queries, the learned
 * reranker on 50 candidates' feature rows, for each thread count asked for ("default" leaves it unset,
 * as the reranker's session does).
 *   node --import tsx tests/bench/onnxThreads.ts --db LIBRARY [--threads 1,2,4,default] [--count 2000] [--runs 3]
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ort from 'onnxruntime-node';
import { OnnxEmbedder } from '../../main/models/onnxEmbedder.js';
import { FEATURE_COUNT } from '../../main/search/hybrid/features.js';
import { DEFAULT_EMBEDDING_MODEL, DEFAULT_RERANKER, modelsDir } from '../../main/util/paths.js';
import { median, percentile } from '../../main/eval/runEval.js';
import { libraryTexts } from '../../main/eval/providerBench.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string' }, threads: { type: 'string', default: `1,2,4,${os.availableParallelism()},default` },
    count: { type: 'string', default: '2000' }, runs: { type: 'string', default: '3' },
  },
});
if (!values.db) throw new Error('usage: node --import tsx tests/bench/onnxThreads.ts --db LIBRARY [--threads 1,2,4,default] [--count 2000] [--runs 3]');
const counts = values.threads.split(',');
const runs = Number(values.runs);
const texts = libraryTexts(values.db, Number(values.count));
const queries = texts.slice(0, 300).map((t) => t.slice(0, 40));

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const rows = new Float32Array(50 * FEATURE_COUNT).map((_, i) => ((i * 7919) % 1000) / 1000);
console.log(`${os.availableParallelism()} CPU threads; ${texts.length} articles, ${queries.length} queries`);
for (const c of counts) {
  const threads = c === 'default' ? undefined : Number(c);
  const embedder = await OnnxEmbedder.load(path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL), { threads });
  const embed = async () => {
    for (let i = 0; i < texts.length; i += 16) await embedder.embed(texts.slice(i, i + 16), 'document');
  };
  await embed();
  const docRuns: number[] = [];
  for (let r = 0; r < runs; r += 1) docRuns.push(await timed(embed));
  const query: number[] = [];
  for (const q of queries) query.push(await timed(() => embedder.embed([q], 'query')));
  await embedder.close();
  const reranker = await ort.InferenceSession.create(path.join(modelsDir(), DEFAULT_RERANKER, 'model.onnx'), {
    executionProviders: ['cpu'],
    ...(threads ? { intraOpNumThreads: threads } : {}),
  });
  const feed = { features: new ort.Tensor('float32', rows, [50, FEATURE_COUNT]) };
  for (let i = 0; i < 20; i += 1) await reranker.run(feed);
  const rerank: number[] = [];
  for (let i = 0; i < 300; i += 1) rerank.push(await timed(() => reranker.run(feed)));
  await reranker.release();
  const rate = (texts.length / median(docRuns)) * 1000;
  console.log(
    `threads ${c.padEnd(7)} articles ${rate.toFixed(0).padStart(6)}/s (runs ${docRuns.map((x) => x.toFixed(0)).join(', ')} ms)` +
      ` · query p50/p95 ${median(query).toFixed(2)}/${percentile(query, 95).toFixed(2)} ms` +
      ` · rerank 50 p50/p95 ${median(rerank).toFixed(2)}/${percentile(rerank, 95).toFixed(2)} ms`,
  );
}
