#!/usr/bin/env node
// Entry point of the `lexdesk` command: runs the compiled CLI (npm install builds it).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'dist', 'main', 'cli', 'main.js');
if (!existsSync(compiled)) {
  console.error('lexdesk is not built yet: run `npm run build` in ' + root);
  process.exit(1);
}
const { main } = await import(pathToFileURL(compiled).href);
process.exitCode = await main(process.argv.slice(2));
