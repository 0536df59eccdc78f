import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Whether WebGPU can start on Linux, where it runs on Vulkan. Without the Vulkan loader, or with no
 * Vulkan driver for it to load, the WebGPU provider's Dawn backend prints its own warnings to the
 * terminal before failing, so LexDesk does not try it and says what is missing instead.
 */
const LOADER = 'libvulkan.so.1';

/** The linker cache's listing (`ldconfig -p`), or null when it cannot be read. */
function ldconfigListing(): string | null {
  for (const bin of ['/sbin/ldconfig', '/usr/sbin/ldconfig', 'ldconfig']) {
    const run = spawnSync(bin, ['-p'], { encoding: 'utf8', timeout: 2000 });
    if (run.status === 0 && run.stdout) return run.stdout;
  }
  return null;
}

/**
 * Whether the Vulkan loader can be found: in LD_LIBRARY_PATH, then in the linker cache. When the
 * cache cannot be read, true, so that WebGPU is tried rather than ruled out on a guess.
 */
export function vulkanLoaderPresent(env: NodeJS.ProcessEnv = process.env, listing: () => string | null = ldconfigListing): boolean {
  for (const dir of (env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean)) {
    if (fs.existsSync(path.join(dir, LOADER))) return true;
  }
  const cache = listing();
  return cache === null || cache.includes(LOADER);
}

/** The folders where the Vulkan loader looks for driver manifests (ICD JSON files) on Linux. */
export function driverManifestDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const list = (value: string | undefined, fallback: string) => (value || fallback).split(':').filter(Boolean);
  const dataHome = env.XDG_DATA_HOME || path.join(env.HOME || os.homedir(), '.local', 'share');
  return [
    ...list(env.XDG_CONFIG_DIRS, '/etc/xdg'), '/usr/local/etc', '/etc', dataHome, ...list(env.XDG_DATA_DIRS, '/usr/local/share:/usr/share'),
  ].map((dir) => path.join(dir, 'vulkan', 'icd.d'));
}

/**
 * Whether any Vulkan driver is declared: the loader's own variables naming driver files, or a
 * manifest in one of its folders (NVIDIA's container runtime puts nvidia_icd.json in /usr/share/vulkan/icd.d).
 */
export function vulkanDriverListed(env: NodeJS.ProcessEnv = process.env, dirs: string[] = driverManifestDirs(env)): boolean {
  if (env.VK_DRIVER_FILES || env.VK_ICD_FILENAMES || env.VK_ADD_DRIVER_FILES) return true;
  return dirs.some((dir) => {
    try {
      return fs.readdirSync(dir).some((name) => name.endsWith('.json'));
    } catch {
      return false;
    }
  });
}

let blocker: string | null | undefined;

/** Why WebGPU cannot start on this Linux machine, or null when it may (asked once per process). */
export function webgpuBlocker(): string | null {
  if (blocker === undefined) {
    blocker = !vulkanLoaderPresent()
      ? 'the Vulkan loader (libvulkan.so.1) is not installed'
      : !vulkanDriverListed()
        ? 'no Vulkan driver is installed (no driver manifest in /usr/share/vulkan/icd.d, /etc/vulkan/icd.d or the other folders the loader reads)'
        : null;
  }
  return blocker;
}
