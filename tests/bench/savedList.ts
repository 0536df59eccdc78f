/**
 * `npm run bench:saved -- --db LIBRARY.db`: how long reading the saved articles takes, each found again and classed
 * against the library (main/library/saved). Works on a copy of the library: 500 articles are saved there — 350 of
 * versions in force and 150 of superseded versions, picked at a fixed stride among national articles, in ten folders —
 * then all of them and one folder of 50 are read 7 times each. Prints the states found and per-read milliseconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../../main/engine/index.js';
import { percentile } from '../../main/eval/runEval.js';
import { saveArticle, savedArticles, savedRows } from '../../main/library/saved/index.js';

const { values } = parseArgs({ options: { db: { type: 'string' }, reads: { type: 'string', default: '7' } } });
if (!values.db || !fs.existsSync(values.db)) throw new Error('Give an embedded-or-not national library: npm run bench:saved -- --db LIBRARY.db');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-bench-saved-'));
const copy = path.join(dir, 'library.db');
fs.copyFileSync(values.db, copy);
const engine = createEngine({ dbPath: copy });
try {
  const db = engine.db;
  db.exec('DELETE FROM saved_articles');
  const pick = (status: string, n: number) => {
    const ids = (db.prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.province = '' AND d.status = ? ORDER BY a.id`).all(status) as Array<{ id: number }>).map((r) => r.id);
    const stride = Math.max(1, Math.floor(ids.length / n));
    return Array.from({ length: Math.min(n, ids.length) }, (_, i) => ids[i * stride]!);
  };
  const ids = [...pick('current', 350), ...pick('superseded', 150)];
  db.transaction(() => engine.articles(ids).forEach((a, i) => saveArticle(db, a, { folder: `案件${i % 10}`, note: '备注' })))();
  const time = (folder?: string) => {
    const start = performance.now();
    const items = savedArticles(db, savedRows(db, folder));
    return { ms: performance.now() - start, items };
  };
  const reads = Number(values.reads);
  const all = Array.from({ length: reads }, () => time());
  const folder = Array.from({ length: reads }, () => time('案件3'));
  const states: Record<string, number> = {};
  for (const s of all[0]!.items) states[s.state] = (states[s.state] ?? 0) + 1;
  const ms = (runs: Array<{ ms: number }>) => runs.map((r) => Math.round(r.ms));
  console.log(JSON.stringify({
    saved: ids.length, states,
    all: { ms: ms(all), p50: Math.round(percentile(all.map((r) => r.ms), 50)), p95: Math.round(percentile(all.map((r) => r.ms), 95)) },
    folderOf50: { ms: ms(folder), first: Math.round(folder[0]!.ms), p50: Math.round(percentile(folder.slice(1).map((r) => r.ms), 50)) },
  }));
} finally {
  engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
