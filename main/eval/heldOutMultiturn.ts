/**
 * `npm run eval-multiturn -- --db LIBRARY.db`: the honest multi-turn figure.
 * multiturn-dev is a training file, so the shipped models are trained without
 * its held-out part (records lawyer-llama-mt-N with N a multiple of 5, see
 * isHeldOutMultiturn); this scores only those records (user turns joined as
 * the query), per retrieval mode, on an embedded library.
 *
 *   npm run eval-multiturn -- --db FILE [--eval DIR] [--k 10] [--modes lexical,dense,fused,hybrid]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../engine/index.js';
import type { RetrievalMode } from '../engine/retrieval.js';
import { isHeldOutMultiturn } from '../models/hashgram/trainingData.js';
import { readEvalFile } from './dataset.js';
import { runEval } from './runEval.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' }, eval: { type: 'string', default: '../shared/eval' }, k: { type: 'string', default: '10' },
      modes: { type: 'string', default: 'lexical,dense,fused,hybrid' },
    },
  });
  if (!values.db) throw new Error('give --db LIBRARY.db (an imported and embedded library)');
  const file = path.resolve(values.eval as string, 'multiturn-dev.jsonl');
  const records = readEvalFile(file).filter((r) => isHeldOutMultiturn(r.id));
  const engine = createEngine({ dbPath: values.db });
  try {
    for (const mode of (values.modes as string).split(',') as RetrievalMode[]) {
      const rank = async (q: string, limit: number) => (await engine.retrieval.rank(q, { mode, limit })).map((r) => r.id);
      const r = await runEval(engine.db, file, records, rank, { k: Number(values.k), mode });
      process.stdout.write(
        `multiturn-dev held out (${r.queries} records), ${mode}: Recall@${r.k} ${r.recall.toFixed(3)} MRR@${r.k} ${r.mrr.toFixed(3)} nDCG@${r.k} ${r.ndcg.toFixed(3)} Hit@${r.k} ${r.hit.toFixed(3)}\n`,
      );
    }
  } finally {
    engine.close();
  }
}

main().catch((err) => {
  process.stderr.write(`eval-multiturn failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
});
