/**
 * `npm run bench:consult -- --db LIBRARY [--file stard-train.jsonl] [--limit 40]`
 *
 * What a consultation turn costs on this machine apart from the model's own
 * thinking: every stage (state, planner rounds, hybrid retrieval of each
 * rewrite, graph expansion, rerank, audit, judge, answer, citation audit)
 * against the scripted loopback endpoint answering instantly. Reports
 * seconds per turn (median, p95) and the evidence Recall@10 of that pipeline
 * (rewrites echo the question, so recall equals what retrieval alone gives).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Consultations } from '../../main/consult/index.js';
import { evalConsultations } from '../../main/consult/evalConsult.js';
import { createEngine } from '../../main/engine/index.js';
import { ensureStatuteGraph } from '../../main/library/graph/statuteGraph.js';
import { labelledRecords } from '../../main/eval/labelled.js';
import { EVAL_DIR } from '../helpers/library.js';
import { startScriptedLlm } from '../helpers/scriptedLlm.js';

const { values } = parseArgs({ options: { db: { type: 'string' }, file: { type: 'string', default: 'stard-train.jsonl' }, limit: { type: 'string', default: '40' } } });
if (!values.db) throw new Error('--db LIBRARY is required (a library with the national corpus, embedded)');
// Work on a copy: consultations and the graph are written into the library.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-bench-consult-'));
const db = path.join(dir, 'library.db');
fs.copyFileSync(values.db, db);
const engine = createEngine({ dbPath: db });
const graphStart = performance.now();
const graph = ensureStatuteGraph(engine.db, engine.searchDeps().resolver);
const graphMs = performance.now() - graphStart;
const kinds = engine.db.prepare('SELECT kind, count(*) AS n FROM article_links GROUP BY kind').all();
const llm = await startScriptedLlm();
llm.setScript((req) => {
  if (req.role !== 'planner') return undefined;
  const question = /用户本轮原话：(.*)/.exec(req.prompt)?.[1] ?? '';
  return { json: { historyQuery: question, role: 'terminology', queries: [`${question} 法律规定`], covered: true, reason: '' } };
});
const consultations = new Consultations({ engine, llm: { endpoint: { baseURL: llm.baseURL, model: 'scripted' }, redact: false, redactNames: [], local: true } });
const records = labelledRecords(engine.db, path.join(EVAL_DIR, values.file), Number(values.limit));
// One warm-up turn loads the models; then what the app holds in memory is loaded, as it is at the app's start.
await consultations.ask({ text: records[0]!.query });
const warmed = { index: await engine.warmIndex(), vectors: await engine.retrieval.warmVectors() };
if (!warmed.index || !warmed.vectors) throw new Error(`could not load into memory: ${JSON.stringify(warmed)}`);
const report = await evalConsultations(consultations, records, { k: 10 });
console.log(JSON.stringify({ file: values.file, graph: { ms: Math.round(graphMs), links: graph.links, kinds }, ...report }, null, 2));
await llm.close();
engine.close();
fs.rmSync(dir, { recursive: true, force: true });
