import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const LOADER = 'libvulkan.so.1';

/** The linker cache's listing (`ldconfig -p`), or null when it cannot be read. */
export function ldconfigListing(): string | null {
  for (const bin of ['/sbin/ldconfig', '/usr/sbin/ldconfig', 'ldconfig']) {
    const run = spawnSync(bin, ['-p'], { encoding: 'utf8', timeout: 2000 });
    if (run.status === 0 && run.stdout) return run.stdout;
  }
  return null;
}

/**
 * Whether the Vulkan loader can be found (on Linux, WebGPU runs on Vulkan). Without it, the WebGPU
 * provider's Dawn prints its own warnings to the terminal before failing, so LexDesk does not try it.
 * Looks in LD_LIBRARY_PATH, then in the linker cache; when the cache cannot be read, answers true,
 * so that WebGPU is tried as before rather than ruled out on a guess.
 */
export function vulkanLoaderPresent(env: NodeJS.ProcessEnv = process.env, listing: () => string | null = ldconfigListing): boolean {
  for (const dir of (env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean)) {
    if (fs.existsSync(path.join(dir, LOADER))) return true;
  }
  const cache = listing();
  return cache === null || cache.includes(LOADER);
}

let present: boolean | undefined;

/** vulkanLoaderPresent(), asked once per process. */
export function vulkanLoaderFound(): boolean {
  present ??= vulkanLoaderPresent();
  return present;
}
