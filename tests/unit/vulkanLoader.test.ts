import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { vulkanLoaderPresent } from '../../main/models/vulkanLoader.js';

const WITH = '\tlibvulkan.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libvulkan.so.1\n\tlibc.so.6 (libc6,x86-64) => /lib/x86_64-linux-gnu/libc.so.6\n';
const WITHOUT = '\tlibc.so.6 (libc6,x86-64) => /lib/x86_64-linux-gnu/libc.so.6\n';

test('the Vulkan loader is found in the linker cache, or in LD_LIBRARY_PATH', () => {
  assert.equal(vulkanLoaderPresent({}, () => WITH), true);
  assert.equal(vulkanLoaderPresent({}, () => WITHOUT), false);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-vulkan-'));
  try {
    assert.equal(vulkanLoaderPresent({ LD_LIBRARY_PATH: `/nowhere:${dir}` }, () => WITHOUT), false, 'a folder without it');
    fs.writeFileSync(path.join(dir, 'libvulkan.so.1'), '');
    assert.equal(vulkanLoaderPresent({ LD_LIBRARY_PATH: `/nowhere:${dir}` }, () => WITHOUT), true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('when the linker cache cannot be read, WebGPU is tried rather than ruled out', () => {
  assert.equal(vulkanLoaderPresent({}, () => null), true);
});
