import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { driverManifestDirs, vulkanDriverListed, vulkanLoaderPresent } from '../../main/models/vulkanLoader.js';

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

test('a Vulkan driver is declared by a manifest in the loader\'s folders, or by the loader\'s variables', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-icd-'));
  try {
    const dirs = [path.join(root, 'etc', 'vulkan', 'icd.d'), path.join(root, 'share', 'vulkan', 'icd.d')];
    assert.equal(vulkanDriverListed({}, dirs), false, 'no folders');
    fs.mkdirSync(dirs[1] as string, { recursive: true });
    fs.writeFileSync(path.join(dirs[1] as string, 'README'), '');
    assert.equal(vulkanDriverListed({}, dirs), false, 'a folder without a manifest');
    assert.equal(vulkanDriverListed({ VK_DRIVER_FILES: '/opt/icd/nvidia_icd.json' }, dirs), true);
    assert.equal(vulkanDriverListed({ VK_ICD_FILENAMES: '/opt/icd/lvp_icd.x86_64.json' }, dirs), true);
    fs.writeFileSync(path.join(dirs[1] as string, 'nvidia_icd.json'), '{}');
    assert.equal(vulkanDriverListed({}, dirs), true);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the manifest folders follow the XDG variables, with the loader\'s defaults', () => {
  assert.deepEqual(driverManifestDirs({ HOME: '/home/u' }), [
    '/etc/xdg/vulkan/icd.d', '/usr/local/etc/vulkan/icd.d', '/etc/vulkan/icd.d', '/home/u/.local/share/vulkan/icd.d',
    '/usr/local/share/vulkan/icd.d', '/usr/share/vulkan/icd.d',
  ]);
  const custom = driverManifestDirs({ HOME: '/home/u', XDG_DATA_DIRS: '/opt/share', XDG_CONFIG_DIRS: '/opt/etc', XDG_DATA_HOME: '/data' });
  assert.deepEqual(custom, ['/opt/etc/vulkan/icd.d', '/usr/local/etc/vulkan/icd.d', '/etc/vulkan/icd.d', '/data/vulkan/icd.d', '/opt/share/vulkan/icd.d']);
});
