import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { firstNativeWarning, probeWebgpu } from '../../main/models/webgpuProbe.js';
import { vulkanLoaderPresent } from '../../main/models/vulkanLoader.js';
import { runCli } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/corpusSubset.js';
import { tempDir, writeTinyEmbeddingModel } from '../helpers/tinyModels.js';

/** Debian's libvulkan1, unpacked here (not installed) by .ci/vulkan-loader, which .ci/run calls. */
const LOADER_DIR = path.join(REPO_ROOT, 'test-artifacts', 'vulkan');

// What the Vulkan loader and Dawn printed on a lent NVIDIA H100 whose Vulkan driver could not start.
const H100_STDERR = [
  "Warning: loader_scanned_icd_add: Could not get 'vkCreateInstance' via 'vk_icdGetInstanceProcAddr' for ICD libGLX_nvidia.so.0",
  'Warning: vkCreateInstance: Found no drivers!',
  'Warning: vkCreateInstance failed with VK_ERROR_INCOMPATIBLE_DRIVER',
  '    at CheckVkSuccessImpl (/build/Release/_deps/dawn-src/src/dawn/native/vulkan/VulkanError.cpp:106)',
].join('\n');

test('the first native warning is the loader\'s own line, without its prefix', () => {
  assert.equal(firstNativeWarning(H100_STDERR), "loader_scanned_icd_add: Could not get 'vkCreateInstance' via 'vk_icdGetInstanceProcAddr' for ICD libGLX_nvidia.so.0");
  assert.equal(firstNativeWarning('DRIVER: Searching for driver manifest files\nERROR:            loader_scanned_icd_add: failed\n'), 'loader_scanned_icd_add: failed');
  assert.equal(firstNativeWarning('    at CheckVkSuccessImpl (VulkanError.cpp:106)\n'), undefined);
  assert.equal(firstNativeWarning(''), undefined);
});

test('the probe runs its test model for real in a child process (here on CPU) and checks the answer', async () => {
  assert.deepEqual(await probeWebgpu({ provider: 'cpu' }), { ok: true });
  const wrong = await probeWebgpu({ provider: 'no-such-provider' });
  assert.equal(wrong.ok, false);
  assert.ok(wrong.error, 'ONNX Runtime\'s refusal is kept as the reason');
});

test('what the child prints to stderr is captured, not shown, and its first warning is kept', async () => {
  const script = `process.stderr.write(${JSON.stringify(`${H100_STDERR}\n`)});
    process.stdout.write(JSON.stringify({ ok: false, error: 'Failed to get a WebGPU adapter: No supported adapters' }));`;
  const probe = await probeWebgpu({ script });
  assert.deepEqual(probe, {
    ok: false,
    error: 'Failed to get a WebGPU adapter: No supported adapters',
    native: "loader_scanned_icd_add: Could not get 'vkCreateInstance' via 'vk_icdGetInstanceProcAddr' for ICD libGLX_nvidia.so.0",
  });
  const chatty = await probeWebgpu({ script: `process.stdout.write('adapter: NVIDIA H100 (Vulkan)\\n' + JSON.stringify({ ok: true }) + '\\n');` });
  assert.deepEqual(chatty, { ok: true }, 'what native code prints on stdout before the report is passed over');
});

test('a driver that ends the process, or never answers, costs the probe and nothing else', async () => {
  const crashed = await probeWebgpu({ script: "process.stderr.write('Warning: vkCreateInstance: Found no drivers!\\n'); process.kill(process.pid, 'SIGSEGV');" });
  assert.equal(crashed.ok, false);
  assert.equal(crashed.error, 'the WebGPU test run was ended by SIGSEGV before reporting');
  assert.equal(crashed.native, 'vkCreateInstance: Found no drivers!');
  const hung = await probeWebgpu({ script: 'setInterval(() => {}, 1000);', timeoutMs: 1500 });
  assert.deepEqual(hung, { ok: false, error: 'WebGPU did not start within 2 s', native: undefined });
});

test('without a Vulkan loader the real probe finds no WebGPU adapter', { skip: vulkanLoaderPresent() && 'this machine has a Vulkan loader, so it may have a GPU' }, async () => {
  const probe = await probeWebgpu();
  assert.equal(probe.ok, false);
  assert.match(probe.error ?? '', /adapter/i);
});

test('with a Vulkan loader and a driver that cannot start, the CLI says why and no native warning reaches the terminal', {
  skip: (process.platform !== 'linux' || !existsSync(path.join(LOADER_DIR, 'libvulkan.so.1'))) &&
    "needs Linux and Debian's libvulkan1 unpacked in test-artifacts/vulkan (bash .ci/vulkan-loader)",
}, async () => {
  const dir = tempDir('lexdesk-icd-');
  const manifest = path.join(dir, 'broken_icd.json');
  // A driver manifest naming a library that is not there: the loader and Dawn warn, as they did on the H100.
  writeFileSync(manifest, JSON.stringify({ file_format_version: '1.0.1', ICD: { library_path: 'libGLX_lexdesk_missing.so.0', api_version: '1.3.0' } }));
  const model = writeTinyEmbeddingModel(dir, 'tiny-probe');
  const result = await runCli(['doctor', '--model', model, '--providers', 'webgpu,cpu'], { LD_LIBRARY_PATH: LOADER_DIR, VK_DRIVER_FILES: manifest });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /→ running on cpu/);
  assert.match(result.stdout, /webgpu not used: no WebGPU adapter .*libvulkan1.*\(Vulkan said: libGLX_lexdesk_missing\.so\.0: cannot open shared object file/);
  assert.doesNotMatch(result.stderr, /Warning|vkCreateInstance|Vulkan/);
});
