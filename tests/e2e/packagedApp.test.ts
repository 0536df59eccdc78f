/**
 * Packaged-app smoke test: the Electron app opens a library, loads
 * sqlite-vec, embeds once with the shipped model and searches once, from
 * inside Electron (`--smoke-test`). Runs the packaged build in out/dist when
 * there is one, else the unpacked app with the electron binary. Skipped where
 * Electron's binary is not installed (this build machine cannot download it).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/library.js';

function electronBinary(): string | null {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

const packaged = ['linux-unpacked/lexdesk', 'linux-unpacked/LexDesk', 'win-unpacked/LexDesk.exe', 'mac/LexDesk.app/Contents/MacOS/LexDesk']
  .map((p) => path.join(REPO_ROOT, 'out', 'dist', p))
  .find((p) => fs.existsSync(p));
const electron = electronBinary();
const SKIP = packaged || electron ? false : 'skipped: Electron\'s binary is not installed here (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1; the download is not reachable). Run `npm run dist` and this test on a machine that can download Electron.';

test('the Electron app opens a library, loads sqlite-vec, embeds once, searches once and reads a Chinese PDF', { skip: SKIP, timeout: 180_000 }, () => {
  const [cmd, args] = packaged ? [packaged, ['--smoke-test']] : [electron!, [REPO_ROOT, '--smoke-test']];
  const out = execFileSync(cmd, [...args, '--no-sandbox'], { encoding: 'utf8', timeout: 170_000, env: { ...process.env, ELECTRON_ENABLE_LOGGING: '0' } });
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as { ok: boolean; detail: { articles: number; embedded: unknown; top: string | null; provider: string; pdf: string } };
  assert.equal(result.ok, true, out);
  assert.equal(result.detail.articles, 2);
  assert.equal(result.detail.top, '第三十八条');
  assert.equal(result.detail.pdf, '劳动合同法第三十八条', 'pdf.js, its CMaps and @napi-rs/canvas load from inside the package');
});
