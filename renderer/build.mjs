// Bundles the desktop UI into dist/: the renderer (React) as dist/renderer/{app.js,app.css,index.html}
// — served by the browser host and loaded by the Electron window — and the Electron preload
// as dist/preload/index.cjs (sandboxed preloads must be one CommonJS file).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, '..', 'dist');
const out = path.join(dist, 'renderer');
const dev = process.env.LEXDESK_DEV === '1';
fs.mkdirSync(out, { recursive: true });
await build({
  entryPoints: { app: path.join(root, 'src', 'main.tsx') },
  bundle: true,
  outdir: out,
  format: 'esm',
  jsx: 'automatic',
  target: ['chrome120'],
  minify: !dev,
  sourcemap: true,
  define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
  logLevel: 'warning',
});
fs.copyFileSync(path.join(root, 'src', 'app.css'), path.join(out, 'app.css'));
fs.copyFileSync(path.join(root, 'index.html'), path.join(out, 'index.html'));
await build({
  entryPoints: [path.join(root, '..', 'preload', 'index.ts')],
  bundle: true,
  outfile: path.join(dist, 'preload', 'index.cjs'),
  format: 'cjs',
  platform: 'node',
  target: ['node20'],
  external: ['electron'],
  logLevel: 'warning',
});
