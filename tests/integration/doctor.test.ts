import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { DoctorReport } from '../../main/cli/commands/doctor.js';
import { vulkanDriverListed, vulkanLoaderPresent } from '../../main/models/vulkanLoader.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { HIDDEN, tempDir, writeTinyEmbeddingModel, writeTinyReranker } from '../helpers/tinyModels.js';

const parent = tempDir();
const modelDir = writeTinyEmbeddingModel(parent, 'tiny-doctor');

test('doctor --json reports runtime, sqlite-vec, providers, the model and a timed embedding', async () => {
  const result = await runCli(['doctor', '--json', '--model', modelDir, '--providers', 'cuda,cpu']);
  const report = parseJsonOutput<DoctorReport>(result);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(report.node, process.version);
  assert.match(report.onnxruntime.version, /^\d+\.\d+\.\d+/);
  assert.ok(report.onnxruntime.backends.includes('cpu'));
  assert.equal(report.sqliteVec.ok, true);
  assert.match(report.sqliteVec.version ?? '', /^v\d/);
  assert.deepEqual(report.providers.requested, ['cuda', 'cpu']);
  assert.ok(report.providers.running === 'cpu' || report.providers.running === 'cuda');
  if (report.providers.running === 'cpu') assert.equal(report.providers.fallbacks[0]?.provider, 'cuda');
  assert.equal(report.model?.dimension, HIDDEN);
  assert.match(report.model?.id ?? '', /^onnx:tiny-doctor@[0-9a-f]{12}$/);
  assert.equal(report.model?.pooling, 'mean');
  assert.ok((report.embedding?.queryMs ?? -1) >= 0);
  assert.equal(report.embedding?.batchTexts, 16);
  assert.ok(Math.abs((report.embedding?.norm ?? 0) - 1) < 1e-3);
  assert.deepEqual(report.problems, []);
});

test('doctor tries the platform\'s GPU providers when none are named (Linux: CUDA, then the bundled WebGPU)', { skip: process.platform !== 'linux' && 'Linux defaults' }, async () => {
  const result = await runCli(['doctor', '--json', '--model', modelDir]);
  const report = parseJsonOutput<DoctorReport>(result);
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(report.providers.requested, ['cuda', 'webgpu', 'cpu']);
  if (report.providers.running === 'cpu') {
    assert.deepEqual(report.providers.fallbacks.map((f) => f.provider), ['cuda', 'webgpu'], 'both GPU providers were tried, in order');
  }
});

test('on Linux without the Vulkan loader, WebGPU is not tried: the reason says what to install, and no native warning reaches the terminal', {
  skip: (process.platform !== 'linux' || vulkanLoaderPresent()) && 'needs Linux without libvulkan.so.1',
}, async () => {
  const result = await runCli(['doctor', '--model', modelDir, '--providers', 'webgpu,cpu']);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /webgpu not used: the Vulkan loader \(libvulkan\.so\.1\) is not installed.*libvulkan1/);
  assert.doesNotMatch(result.stderr, /Vulkan/, 'Dawn was never started');
});

test('on Linux with a Vulkan loader but no Vulkan driver, WebGPU is not tried either', {
  skip: (process.platform !== 'linux' || vulkanDriverListed()) && 'needs Linux without Vulkan driver manifests',
}, async () => {
  const libs = tempDir('lexdesk-libs-');
  writeFileSync(path.join(libs, 'libvulkan.so.1'), ''); // found by the check; Dawn would fail to load it, loudly
  const result = await runCli(['doctor', '--model', modelDir, '--providers', 'webgpu,cpu'], { LD_LIBRARY_PATH: libs });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /webgpu not used: no Vulkan driver is installed \(no driver manifest in \/usr\/share\/vulkan\/icd\.d/);
  assert.doesNotMatch(result.stderr, /Vulkan/, 'Dawn was never started');
});

test('doctor checks the shipped model by default', async () => {
  const result = await runCli(['doctor', '--json', '--providers', 'cpu']);
  const report = parseJsonOutput<DoctorReport>(result);
  assert.equal(result.code, 0, result.stderr);
  assert.match(report.model?.id ?? '', /^onnx:lexdesk-hashgram-v1@/);
});

test('doctor without any model still checks the providers', async () => {
  const result = await runCli(['doctor', '--json', '--providers', 'webgpu,cpu'], { LEXDESK_MODELS: parent });
  const report = parseJsonOutput<DoctorReport>(result);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(report.model, null);
  assert.ok(report.providers.running === 'cpu' || report.providers.running === 'webgpu');
  if (report.providers.running === 'cpu') assert.ok(report.providers.fallbacks[0]?.reason);
});

test('doctor reports a broken model folder as a problem (exit 1) and a bad provider as usage (exit 2)', async () => {
  const missing = path.join(parent, 'no-such-model');
  const broken = await runCli(['doctor', '--json', '--model', missing, '--providers', 'cpu']);
  assert.equal(broken.code, 1);
  const report = parseJsonOutput<DoctorReport>(broken);
  assert.match(report.model?.error ?? '', /not found/);
  assert.equal(report.providers.running, 'cpu');
  const usage = await runCli(['doctor', '--providers', 'gpu']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /Unknown execution provider "gpu"/);
});

test('doctor prints a readable summary', async () => {
  const result = await runCli(['doctor', '--model', modelDir, '--providers', 'cpu']);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /sqlite-vec v[\d.]+: loads/);
  assert.match(result.stdout, /running on cpu/);
  assert.match(result.stdout, /8 dimensions, mean pooling/);
  assert.doesNotMatch(result.stdout, /none given/, 'a loaded model is not reported missing');
  assert.match(result.stdout, /All checks passed/);
});

test('doctor without any model says so in its summary', async () => {
  const result = await runCli(['doctor', '--providers', 'cpu'], { LEXDESK_MODELS: parent });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /Model: none given and the shipped model is missing/);
});

test('doctor --cross-encoder loads the folder, reports its provider and times a scoring; a missing one is a problem (exit 1)', async () => {
  const crossEncoder = writeTinyReranker(parent, 'tiny-doctor-rerank');
  const result = await runCli(['doctor', '--json', '--model', modelDir, '--cross-encoder', crossEncoder, '--providers', 'cuda,cpu']);
  assert.equal(result.code, 0, result.stderr);
  const report = parseJsonOutput<DoctorReport>(result);
  assert.match(report.crossEncoder?.id ?? '', /^onnx:tiny-doctor-rerank@[0-9a-f]{12}$/);
  assert.equal(report.crossEncoder?.provider, report.providers.running);
  assert.equal(report.crossEncoder?.pairs, 16);
  assert.ok((report.crossEncoder?.ms ?? -1) >= 0);
  assert.deepEqual(report.problems, []);

  const missing = await runCli(['doctor', '--json', '--model', modelDir, '--cross-encoder', path.join(parent, 'absent')]);
  assert.equal(missing.code, 1);
  const bad = parseJsonOutput<DoctorReport>(missing);
  assert.match(bad.crossEncoder?.error ?? '', /Model folder not found/);
  assert.equal(bad.problems.length, 1);
  assert.match(bad.problems[0] ?? '', /^cross-encoder: /);
  assert.equal(bad.model?.dimension, HIDDEN, 'the embedding model is still checked');
});

test('doctor says when a folder states no pooling and which was guessed', async () => {
  const dir = writeTinyEmbeddingModel(parent, 'tiny-doctor-decoder');
  rmSync(path.join(dir, '1_Pooling'), { recursive: true });
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ ...JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')), model_type: 'qwen3' }));
  const json = await runCli(['doctor', '--json', '--model', dir, '--providers', 'cpu']);
  assert.equal(json.code, 0, json.stderr);
  const report = parseJsonOutput<DoctorReport>(json);
  assert.equal(report.model?.pooling, 'last');
  assert.match(report.model?.poolingGuess ?? '', /decoder model \(qwen3\)/);
  const text = await runCli(['doctor', '--model', dir, '--providers', 'cpu']);
  assert.match(text.stdout, /8 dimensions, last pooling \(guessed\)/);
  assert.match(text.stdout, /pooling guessed: last token.*"pooling" in lexdesk\.json/);
  const stated = parseJsonOutput<DoctorReport>(await runCli(['doctor', '--json', '--model', modelDir, '--providers', 'cpu']));
  assert.equal(stated.model?.poolingGuess, undefined);
});
