import fs from 'node:fs';
import Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import * as sqliteVec from 'sqlite-vec';
import type { Engine } from '../../engine/index.js';
import { encodeModel } from '../../models/onnx/model.js';
import { OnnxEmbedder } from '../../models/onnxEmbedder.js';
import { OnnxReranker } from '../../models/onnxReranker.js';
import { createSession, parseProviders, platformProviders, supportedBackends, type ProviderFallback, type ProviderName } from '../../models/providers.js';
import { describeError } from '../../util/errors.js';
import { parseCommand } from '../args.js';
import { ONNX_MODEL_OPTIONS } from './modelOptions.js';
import type { Output } from '../output.js';

import { DEFAULT_EMBEDDING_MODEL, modelsDir } from '../../util/paths.js';

const USAGE = 'lexdesk doctor [--model DIR] [--cross-encoder DIR] [--providers cuda,cpu] [--json]';
const TEST_QUERY = '用人单位解除劳动合同应当支付经济补偿';
const TEST_BATCH = 16;
/** Article-like texts of four lengths for the timed test runs. */
const TEST_DOCUMENTS = Array.from({ length: TEST_BATCH }, (_, i) => `第${i + 1}条 ${TEST_QUERY.repeat(1 + (i % 4))}`);

interface ProviderReport {
  requested: ProviderName[];
  running: ProviderName | null;
  fallbacks: ProviderFallback[];
}

interface ModelReport {
  dir: string;
  id?: string;
  dimension?: number;
  pooling?: string;
  /** Set when the folder states no pooling: how the one used was guessed, and how to state it. */
  poolingGuess?: string;
  maxLength?: number;
  error?: string;
}

/** A cross-encoder folder (--cross-encoder): what runs it and a timed scoring of test pairs. */
interface CrossEncoderReport {
  dir: string;
  id?: string;
  provider?: string;
  fallbacks?: ProviderFallback[];
  maxLength?: number;
  pairs?: number;
  ms?: number;
  error?: string;
}

interface EmbeddingReport {
  queryMs: number;
  batchTexts: number;
  batchMs: number;
  norm: number;
}

export interface DoctorReport {
  node: string;
  platform: string;
  cpus: number;
  onnxruntime: { version: string; backends: string[] };
  sqliteVec: { ok: boolean; version?: string; error?: string };
  providers: ProviderReport;
  model: ModelReport | null;
  embedding: EmbeddingReport | null;
  crossEncoder: CrossEncoderReport | null;
  problems: string[];
}

function checkSqliteVec(): DoctorReport['sqliteVec'] {
  const db = new Database(':memory:');
  try {
    sqliteVec.load(db);
    const row = db.prepare('select vec_version() as version').get() as { version: string };
    return { ok: true, version: row.version };
  } catch (err) {
    return { ok: false, error: describeError(err) };
  } finally {
    db.close();
  }
}

/** Without a model folder: tries the providers on a one-node model. */
async function probeProviders(requested: ProviderName[]): Promise<ProviderReport> {
  const bytes = encodeModel({
    inputs: [{ name: 'x', dtype: 'float32', shape: ['n'] }],
    outputs: [{ name: 'y', dtype: 'float32', shape: ['n'] }],
    initializers: [],
    nodes: [{ op: 'Tanh', inputs: ['x'], outputs: ['y'] }],
  });
  const created = await createSession(bytes, requested, { threads: 1 });
  await created.session.release();
  return { requested, running: created.provider, fallbacks: created.fallbacks };
}

const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function timeEmbedding(embedder: OnnxEmbedder): Promise<EmbeddingReport> {
  await embedder.embed([TEST_QUERY], 'query'); // warm-up: first run allocates and optimises
  let start = process.hrtime.bigint();
  const [vector] = await embedder.embed([TEST_QUERY], 'query');
  const queryMs = elapsed(start);
  start = process.hrtime.bigint();
  await embedder.embed(TEST_DOCUMENTS, 'document');
  const batchMs = elapsed(start);
  const norm = Math.sqrt(Array.from(vector ?? []).reduce((s, x) => s + x * x, 0));
  return { queryMs: round(queryMs), batchTexts: TEST_BATCH, batchMs: round(batchMs), norm: round(norm, 4) };
}

const round = (x: number, digits = 1) => Number(x.toFixed(digits));

async function checkModel(dir: string, requested: ProviderName[], report: DoctorReport): Promise<void> {
  const abs = path.resolve(dir);
  let embedder: OnnxEmbedder;
  try {
    embedder = await OnnxEmbedder.load(abs, { providers: requested });
  } catch (err) {
    report.model = { dir: abs, error: describeError(err) };
    report.problems.push(`model: ${describeError(err)}`);
    report.providers = await probeProviders(requested);
    return;
  }
  try {
    report.providers = { requested, running: embedder.provider, fallbacks: embedder.fallbacks };
    report.model = {
      dir: abs, id: embedder.id, dimension: embedder.dimension, pooling: embedder.outputName === 'sentence_embedding' ? 'in-model (sentence_embedding)' : embedder.pooling,
      ...(embedder.poolingGuess ? { poolingGuess: embedder.poolingGuess } : {}), maxLength: embedder.maxLength,
    };
    report.embedding = await timeEmbedding(embedder);
  } catch (err) {
    report.problems.push(`test embedding: ${describeError(err)}`);
  } finally {
    await embedder.close();
  }
}

async function checkCrossEncoder(dir: string, requested: ProviderName[], report: DoctorReport): Promise<void> {
  const abs = path.resolve(dir);
  let scorer: OnnxReranker;
  try {
    scorer = await OnnxReranker.load(abs, { providers: requested });
  } catch (err) {
    report.crossEncoder = { dir: abs, error: describeError(err) };
    report.problems.push(`cross-encoder: ${describeError(err)}`);
    return;
  }
  try {
    report.crossEncoder = { dir: abs, id: scorer.id, provider: scorer.provider, fallbacks: scorer.fallbacks, maxLength: scorer.maxLength };
    await scorer.score(TEST_QUERY, TEST_DOCUMENTS.slice(0, 1)); // warm-up
    const start = process.hrtime.bigint();
    const scores = await scorer.score(TEST_QUERY, TEST_DOCUMENTS);
    if (!scores.every(Number.isFinite)) throw new Error('the cross-encoder returned scores that are not finite numbers');
    Object.assign(report.crossEncoder, { pairs: TEST_DOCUMENTS.length, ms: round(elapsed(start)) });
  } catch (err) {
    report.problems.push(`cross-encoder test scoring: ${describeError(err)}`);
  } finally {
    await scorer.close();
  }
}

export async function buildDoctorReport(modelDir: string | undefined, requested: ProviderName[], crossEncoderDir?: string): Promise<DoctorReport> {
  const report: DoctorReport = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: os.availableParallelism(),
    onnxruntime: { version: ort.env.versions.node ?? ort.env.versions.common, backends: supportedBackends() },
    sqliteVec: checkSqliteVec(),
    providers: { requested, running: null, fallbacks: [] },
    model: null,
    embedding: null,
    crossEncoder: null,
    problems: [],
  };
  if (!report.sqliteVec.ok) report.problems.push(`sqlite-vec: ${report.sqliteVec.error}`);
  if (modelDir) await checkModel(modelDir, requested, report);
  else report.providers = await probeProviders(requested);
  if (crossEncoderDir) await checkCrossEncoder(crossEncoderDir, requested, report);
  return report;
}

function printReport(r: DoctorReport, out: Output): void {
  out.print('LexDesk doctor');
  out.print(`  Node ${r.node} on ${r.platform}, ${r.cpus} CPU threads`);
  out.print(`  ONNX Runtime ${r.onnxruntime.version} (backends in this build: ${r.onnxruntime.backends.join(', ')})`);
  out.print(r.sqliteVec.ok ? `  sqlite-vec ${r.sqliteVec.version}: loads` : `  sqlite-vec: FAILED — ${r.sqliteVec.error}`);
  out.print(`  Providers requested: ${r.providers.requested.join(', ')} → running on ${r.providers.running ?? 'none'}`);
  for (const f of r.providers.fallbacks) out.print(`    ${f.provider} not used: ${f.reason}`);
  if (r.model?.error) out.print(`  Model ${r.model.dir}: FAILED — ${r.model.error}`);
  else if (r.model) {
    out.print(`  Model ${r.model.id}: ${r.model.dimension} dimensions, ${r.model.pooling} pooling${r.model.poolingGuess ? ' (guessed)' : ''}, up to ${r.model.maxLength} tokens`);
    if (r.model.poolingGuess) out.print(`    ${r.model.poolingGuess}`);
  } else out.print('  Model: none given and the shipped model is missing (--model DIR to test one)');
  if (r.embedding) {
    const e = r.embedding;
    out.print(`  Test embedding: 1 query in ${e.queryMs} ms, ${e.batchTexts} documents in ${e.batchMs} ms (norm ${e.norm})`);
  }
  const c = r.crossEncoder;
  if (c?.error) out.print(`  Cross-encoder ${c.dir}: FAILED — ${c.error}`);
  else if (c) out.print(`  Cross-encoder ${c.id} on ${c.provider}, up to ${c.maxLength} tokens${c.ms === undefined ? '' : `: ${c.pairs} pairs in ${c.ms} ms`}`);
  out.print(r.problems.length ? `${r.problems.length} problem(s):\n${r.problems.map((p) => `  - ${p}`).join('\n')}` : 'All checks passed.');
}

export async function doctorCommand(args: string[], _open: (db?: string) => Engine, out: Output): Promise<number> {
  const { values } = parseCommand(args, ONNX_MODEL_OPTIONS, USAGE);
  const requested = values.providers === undefined ? platformProviders() : parseProviders(String(values.providers));
  const shipped = path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL);
  const modelDir = (values.model as string | undefined) ?? (fs.existsSync(shipped) ? shipped : undefined);
  const report = await buildDoctorReport(modelDir, requested, values['cross-encoder'] as string | undefined);
  if (out.json) out.printJson(report);
  else printReport(report, out);
  return report.problems.length ? 1 : 0;
}
