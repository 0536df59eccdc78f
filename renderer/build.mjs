// Bundles the renderer (React) into dist/renderer: app.js, app.css, index.html.
// Served by the browser host (lexdesk serve) and loaded by the Electron window.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(root, '..', 'dist', 'renderer');
fs.mkdirSync(out, { recursive: true });
await build({
  entryPoints: { app: path.join(root, 'src', 'main.tsx') },
  bundle: true,
  outdir: out,
  format: 'esm',
  jsx: 'automatic',
  target: ['chrome120'],
  minify: process.env.LEXDESK_DEV !== '1',
  sourcemap: true,
  define: { 'process.env.NODE_ENV': JSON.stringify(process.env.LEXDESK_DEV === '1' ? 'development' : 'production') },
  logLevel: 'warning',
});
fs.copyFileSync(path.join(root, 'src', 'app.css'), path.join(out, 'app.css'));
fs.copyFileSync(path.join(root, 'index.html'), path.join(out, 'index.html'));
