/**
 * `--providers` on the commands that search: a GPU provider asked for on this
 * machine (no GPU, no CUDA libraries) falls back to CPU, the output says where
 * the embedding model ran and why the GPU was not used, and the results are
 * those of a plain CPU run. Real library (core subset of ../shared), shipped
 * model, real CLI in a child process.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, embedWithShippedModel, EVAL_DIR, inSubset, shippedModelSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = shippedModelSkipReason();
const QUESTION = '用人单位拖欠工资，劳动者可以解除劳动合同吗';

interface Fallback { provider: string; reason: string }

describe('--providers on search, eval, embed and serve', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  let evalFile: string;

  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET });
    await embedWithShippedModel(lib.engine.db);
    // stard-train questions whose articles are all in the subset (a training file: this only checks plumbing).
    const lines = readFileSync(path.join(EVAL_DIR, 'stard-train.jsonl'), 'utf8').split('\n').filter(Boolean);
    const inLibrary = lines.filter((l) => {
      const r = JSON.parse(l) as { relevant: Array<{ file?: string }> };
      return r.relevant.length > 0 && r.relevant.every((x) => x.file !== undefined && inSubset(x.file, CORE_SUBSET));
    });
    evalFile = path.join(path.dirname(lib.dbPath), 'questions.jsonl');
    writeFileSync(evalFile, inLibrary.slice(0, 12).join('\n') + '\n');
  });

  after(async () => {
    await lib?.engine.retrieval.close();
    await lib?.dispose();
  });

  test('search --providers cuda,cpu runs on the CPU, says why CUDA was not used, and ranks as a CPU run does', async () => {
    const cpu = await runCli(['search', QUESTION, '--db', lib.dbPath, '--mode', 'hybrid', '--k', '5', '--json']);
    assert.equal(cpu.code, 0, cpu.stderr);
    const asked = await runCli(['search', QUESTION, '--db', lib.dbPath, '--mode', 'hybrid', '--k', '5', '--providers', 'cuda,cpu', '--json']);
    assert.equal(asked.code, 0, asked.stderr);
    const a = JSON.parse(asked.stdout) as { provider: string; providerFallbacks: Fallback[]; hits: Array<{ id: number }> };
    const c = JSON.parse(cpu.stdout) as { provider: string; providerFallbacks: Fallback[]; hits: Array<{ id: number }> };
    assert.equal(a.provider, 'cpu');
    assert.equal(a.providerFallbacks[0]?.provider, 'cuda');
    assert.ok((a.providerFallbacks[0]?.reason ?? '').length > 0, 'a reason is given');
    assert.deepEqual(c.providerFallbacks, [], 'CPU alone was asked for by default');
    assert.equal(a.hits.length, 5);
    assert.deepEqual(a.hits.map((h) => h.id), c.hits.map((h) => h.id));
    const text = await runCli(['search', QUESTION, '--db', lib.dbPath, '--mode', 'dense', '--k', '3', '--providers', 'cuda,cpu']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stderr, /embedding model on cpu; cuda not used: /);
  });

  test('lexical search needs no model, so it reports no provider', async () => {
    const lexical = await runCli(['search', QUESTION, '--db', lib.dbPath, '--mode', 'lexical', '--providers', 'cuda,cpu', '--json']);
    assert.equal(lexical.code, 0, lexical.stderr);
    assert.equal((JSON.parse(lexical.stdout) as { provider?: string }).provider, undefined);
  });

  test('eval --providers reports where the model ran, with the same figures as on the CPU', async () => {
    const cpu = await runCli(['eval', evalFile, '--db', lib.dbPath, '--mode', 'hybrid', '--json']);
    assert.equal(cpu.code, 0, cpu.stderr);
    const asked = await runCli(['eval', evalFile, '--db', lib.dbPath, '--mode', 'hybrid', '--providers', 'cuda,cpu', '--json']);
    assert.equal(asked.code, 0, asked.stderr);
    const a = JSON.parse(asked.stdout) as { queries: number; recall: number; mrr: number; provider: string; providerFallbacks: Fallback[] };
    const c = JSON.parse(cpu.stdout) as { queries: number; recall: number; mrr: number; provider: string };
    assert.equal(a.queries, 12);
    assert.equal(a.provider, 'cpu');
    assert.equal(c.provider, 'cpu');
    assert.equal(a.providerFallbacks[0]?.provider, 'cuda');
    assert.equal(a.recall, c.recall);
    assert.equal(a.mrr, c.mrr);
    const text = await runCli(['eval', evalFile, '--db', lib.dbPath, '--mode', 'dense', '--providers', 'cuda,cpu']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /mode dense/);
    assert.match(text.stdout, /\(embedding model on cpu; cuda not used: /);
  });

  test('embed --providers applies to the shipped model too; it is refused for a remote endpoint', async () => {
    const shipped = await runCli(['embed', '--db', lib.dbPath, '--providers', 'cuda,cpu', '--json']);
    assert.equal(shipped.code, 0, shipped.stderr);
    const summary = JSON.parse(shipped.stdout) as { provider: string; embedded: number };
    assert.equal(summary.provider, 'cpu');
    assert.equal(summary.embedded, 0, 'nothing changed since the library was embedded');
    const remote = await runCli(['embed', '--db', lib.dbPath, '--providers', 'cuda', '--http-base', 'http://127.0.0.1:9/v1', '--http-model', 'm']);
    assert.equal(remote.code, 2);
    assert.match(remote.stderr, /--providers applies to ONNX models/);
  });

  test('an unknown provider name is a usage error on every command that takes it, before any work', async () => {
    for (const args of [
      ['search', QUESTION, '--db', lib.dbPath],
      ['eval', evalFile, '--db', lib.dbPath],
      ['consult', '--ask', QUESTION, '--offline', '--db', lib.dbPath],
      ['serve', '--db', lib.dbPath],
      ['doctor'],
    ]) {
      const res = await runCli([...args, '--providers', 'tpu,cpu']);
      assert.equal(res.code, 2, `${args[0]}: ${res.stderr}`);
      assert.match(res.stderr, /Unknown execution provider "tpu": use cuda, dml, coreml, webgpu, cpu/, args[0]);
    }
  });
});
