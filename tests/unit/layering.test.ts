import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/** The engine must never import Electron: the CLI, tests and browser host compose the same code. */
/** Every folder of main/ except app/, the Electron host. */
const ENGINE_DIRS = fs.readdirSync('main', { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'app').map((e) => e.name);
const ELECTRON_IMPORT = /(?:from\s+['"]electron['"]|require\(\s*['"]electron['"]\s*\)|import\(\s*['"]electron['"]\s*\))/;

function tsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

test('engine folders under main/ never import electron', () => {
  const files = ENGINE_DIRS.flatMap((d) => tsFiles(path.join('main', d)));
  assert.ok(files.length > 20, 'expected engine sources to scan');
  for (const d of ['consult', 'llm', 'models', 'search', 'library']) assert.ok(ENGINE_DIRS.includes(d), `${d} is scanned`);
  const offenders = files.filter((f) => ELECTRON_IMPORT.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});

test('the electron import detector recognises the import forms', () => {
  assert.ok(ELECTRON_IMPORT.test("import { app } from 'electron';"));
  assert.ok(ELECTRON_IMPORT.test('const { ipcMain } = require("electron")'));
  assert.ok(!ELECTRON_IMPORT.test("import x from 'electron-builder';"));
});
