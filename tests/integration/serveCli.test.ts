import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { spawnCli, waitUntil } from '../helpers/cli.js';
import { ensureRendererBuild } from '../helpers/browserBench.js';

test('lexdesk serve prints a loopback URL with the token in its fragment, serves the UI, answers the API with the token only, stops on SIGINT', { timeout: 120_000 }, async () => {
  ensureRendererBuild();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-serve-'));
  const cli = spawnCli(['serve', '--db', path.join(home, 'library.db'), '--json'], { LEXDESK_HOME: home });
  try {
    await waitUntil(() => cli.stdout().includes('"url"') || !cli.running(), 'the URL', 60_000);
    const { url, port } = JSON.parse(cli.stdout()) as { url: string; port: number };
    const match = new RegExp(`^http://127\\.0\\.0\\.1:${port}/#token=([\\w-]{20,})$`).exec(url);
    assert.ok(match, url);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    const call = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/api/app.info`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    assert.equal((await call({})).status, 401);
    const info = await call({ 'x-lexdesk-token': match[1]! });
    assert.equal(((await info.json()) as { data: { host: string } }).data.host, 'browser');
    cli.kill('SIGINT');
    const done = await cli.exited;
    assert.equal(done.code, 0, done.stderr);
  } finally {
    cli.kill('SIGKILL');
    fs.rmSync(home, { recursive: true, force: true });
  }
});

test('lexdesk serve refuses a missing --db other than the per-user default (which it creates, as the app does), and creates nothing', { timeout: 60_000 }, async () => {
  ensureRendererBuild();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-serve-'));
  const typo = path.join(home, 'typo', 'library.db');
  const cli = spawnCli(['serve', '--db', typo], { LEXDESK_HOME: home });
  try {
    await waitUntil(() => !cli.running() || cli.stdout().includes('http://'), 'serve to stop or serve', 30_000);
    cli.kill('SIGINT');
    const done = await cli.exited;
    assert.equal(done.code, 1, done.stdout);
    assert.match(done.stderr, new RegExp(`^lexdesk: No library at ${typo}; check --db, or run lexdesk import PATH`));
    assert.ok(!fs.existsSync(path.dirname(typo)));
  } finally {
    cli.kill('SIGKILL');
    fs.rmSync(home, { recursive: true, force: true });
  }
});
