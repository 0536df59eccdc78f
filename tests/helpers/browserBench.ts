/**
 * End-to-end bench: an empty library behind the real browser host (HTTP on
 * 127.0.0.1 with its token), the scripted OpenAI-compatible server as the
 * LLM, and Debian's Chromium driven by playwright-core.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { createHostApi, type HostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { startBrowserHost, type BrowserHost } from '../../main/server/browserHost.js';
import { LABOUR_INTERPRETATION } from './consultFixture.js';

/** 合同法解释（二）, repealed with 民法典: its article view says what replaced it (replacedBy.ts). */
const REPEALED_CONTRACT_INTERPRETATION = '司法解释/最高人民法院关于适用《合同法》若干问题的解释（二）(2009-04-24).md';
import { copySubset, CORE_SUBSET, REPO_ROOT } from './library.js';
import { startScriptedLlm, type ScriptedLlm } from './scriptedLlm.js';

export const CHROMIUM = '/usr/bin/chromium';
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');
export const RENDERER_DIR = path.join(REPO_ROOT, 'dist', 'renderer');

export function browserSkipReason(): string | false {
  if (!fs.existsSync(CHROMIUM)) return `skipped: ${CHROMIUM} is missing (apt install chromium fonts-wqy-microhei; .ci/run installs them)`;
  return false;
}

/** Sources the renderer bundle is built from: a change to any of them makes the bundle stale. */
const RENDERER_SOURCES = ['renderer', 'preload/contract'].map((d) => path.join(REPO_ROOT, d));

/**
 * Builds the renderer bundle when it is missing (npm ci builds it through prepare) or older
 * than any of its sources, so browser tests never run against a page from before an edit.
 */
export function ensureRendererBuild(): void {
  const bundle = path.join(RENDERER_DIR, 'app.js');
  const builtAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : -1;
  if (builtAt < 0 || RENDERER_SOURCES.some((d) => newestMtime(d) > builtAt)) execFileSync(process.execPath, [path.join(REPO_ROOT, 'renderer', 'build.mjs')], { stdio: 'inherit' });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export interface BrowserBench {
  dir: string;
  corpusRoot: string;
  engine: Engine;
  api: HostApi;
  host: BrowserHost;
  llm: ScriptedLlm;
  browser: Browser;
  page: Page;
  screenshot(name: string): Promise<string>;
  dispose(): Promise<void>;
}

/** 刑法's twelve amendments, which date its articles one by one (amendmentTrail.ts). */
const CRIMINAL_LAW_AMENDMENTS = ['刑法修正案.md', '刑法修正案（二）.md', '刑法修正案（三）.md', '刑法修正案（四）.md', '刑法修正案（五）.md', '刑法修正案（六）.md', '刑法修正案（七）.md',
  '刑法修正案（八）.md', '刑法修正案（九）.md', '刑法修正案（十）.md', '刑法修正案（十一）.md', '刑法修正案（十二）(2023-12-29).md'].map((f) => `刑法/${f}`);

export async function startBrowserBench(): Promise<BrowserBench> {
  ensureRendererBuild();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-e2e-'));
  const corpusRoot = await copySubset(dir, { files: [...CORE_SUBSET, LABOUR_INTERPRETATION, REPEALED_CONTRACT_INTERPRETATION, ...CRIMINAL_LAW_AMENDMENTS] });
  const llm = await startScriptedLlm();
  const settings = new SettingsStore(path.join(dir, 'home'));
  settings.write({ llm: { baseURL: llm.baseURL, model: 'scripted-model', maxRetries: 0, timeoutMs: 10_000 } });
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  const api = createHostApi({ engine, settings, keys: new FileKeyStore(path.join(dir, 'home')), host: 'browser', version: 'test' });
  const host = await startBrowserHost({ api, staticDir: RENDERER_DIR });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return {
    dir, corpusRoot, engine, api, host, llm, browser, page,
    async screenshot(name) {
      const file = path.join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async dispose() {
      await browser.close().catch(() => undefined);
      await host.close();
      await llm.close();
      engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
