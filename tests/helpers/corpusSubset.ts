/**
 * Test helper: copies a small, chosen part of the shared LawRefBook corpus
 * (../shared/corpus/lawrefbook, read-only) into a temp folder, keeping the
 * relative paths, so tests can import, edit and break it freely. Also a
 * fingerprint of a library database for "nothing changed" assertions.
 */
import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestContext } from 'node:test';

/** The repository root (tests/helpers → ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHARED_CORPUS = path.resolve(REPO_ROOT, '..', 'shared', 'corpus', 'lawrefbook');

/** Files (or whole folders) of the default subset, relative to the corpus root. */
export const SUBSET = {
  minorsOld: '社会法/未成年人保护法(2020-10-17).md',
  minorsNew: '社会法/未成年人保护法(2024-04-26).md',
  laborContract: '社会法/劳动合同法(2012-12-28).md',
  labor: '社会法/劳动法(2018-12-29).md',
  criminal: '刑法/刑法.md',
  /** A 批复 numbered 一、二、三 (no 第X条). */
  itemNumbered: '司法解释/最高人民法院关于新民间借贷司法解释适用范围问题的批复.md',
  /** No numbering at all: a preamble and a table. */
  unnumbered: '司法解释/最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定(2002-03-15).md',
  cases: ['案例/劳动人事/加班费的仲裁时效应当如何认定.md', '案例/民法典/常某某诉许某网络服务合同案.md'],
} as const;

export const DEFAULT_SUBSET_FILES: string[] = [
  '民法典',
  '宪法',
  SUBSET.minorsOld,
  SUBSET.minorsNew,
  SUBSET.laborContract,
  SUBSET.labor,
  SUBSET.criminal,
  SUBSET.itemNumbered,
  SUBSET.unnumbered,
  ...SUBSET.cases,
];

export interface CorpusSubsetOptions {
  /** Files or folders relative to the corpus root (db.sqlite3 is always copied). */
  files?: string[];
  /**
   * Province packs: `{ 北京: ['地方性法规/北京/北京市中医药条例(2020-11-27).md'] }` copies
   * `DLC/北京地方法规/db.sqlite3` plus the files, given relative to the pack folder
   * (or to the corpus root when they start with "DLC/").
   */
  packs?: Record<string, string[]>;
  /** Leave out the national db.sqlite3. */
  withoutMetadata?: boolean;
}

export interface CorpusSubset {
  root: string;
  cleanup(): void;
}

export function sharedCorpusAvailable(): boolean {
  return existsSync(path.join(SHARED_CORPUS, 'db.sqlite3'));
}

/** For `test(name, { skip: NEEDS_SHARED }, …)`: false, or the reason to skip. */
export const NEEDS_SHARED: false | string = sharedCorpusAvailable()
  ? false
  : `skipped: the shared corpus is missing at ${SHARED_CORPUS}`;

/** Skips the running test when the shared corpus is missing; returns true when skipped. */
export function skipIfNoShared(t: TestContext): boolean {
  if (sharedCorpusAvailable()) return false;
  t.skip(`the shared corpus is missing at ${SHARED_CORPUS}`);
  return true;
}

/** Copies a subset of the shared corpus into a fresh temp folder. */
export function makeCorpusSubset(opts: CorpusSubsetOptions = {}): CorpusSubset {
  if (!sharedCorpusAvailable()) throw new Error(`the shared corpus is missing at ${SHARED_CORPUS}`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-corpus-'));
  const files = [...(opts.withoutMetadata ? [] : ['db.sqlite3']), ...(opts.files ?? DEFAULT_SUBSET_FILES)];
  for (const [province, packFiles] of Object.entries(opts.packs ?? {})) {
    const packDir = `DLC/${province}地方法规`;
    files.push(`${packDir}/db.sqlite3`);
    for (const f of packFiles) files.push(f.startsWith('DLC/') ? f : `${packDir}/${f}`);
  }
  for (const rel of files) copyInto(root, rel);
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Copies one corpus file or folder to the same relative path under `root` (writable copies). */
export function copyInto(root: string, rel: string): void {
  const from = path.join(SHARED_CORPUS, rel);
  const to = path.join(root, rel);
  if (statSync(from).isDirectory()) {
    for (const name of readdirSync(from)) copyInto(root, path.join(rel, name));
    return;
  }
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, to);
  chmodSync(to, 0o644);
}

/** Every Markdown file of a subset, relative to its root with "/" separators. */
export function markdownFiles(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...markdownFiles(root, child));
    else if (e.name.endsWith('.md')) out.push(child);
  }
  return out.sort();
}

/** Words whose full-text matches are part of a library fingerprint. */
export const FINGERPRINT_TERMS = ['侵权', '劳动合同', '未成年人', '宪法', '罪名', '解除'];

/**
 * A fingerprint of everything an import writes: every row of laws, documents,
 * articles, meta and import_log, the whole FTS vocabulary (term, rows,
 * occurrences) and the rowids a few MATCH queries return. Opens the file
 * itself (read-write, so a WAL left by a killed process is recovered).
 */
export function libraryChecksum(dbPath: string, opts: { importLog?: boolean } = {}): string {
  const db = new Database(dbPath);
  try {
    return libraryChecksumOf(db, opts);
  } finally {
    db.close();
  }
}

export function libraryChecksumOf(db: Database.Database, opts: { importLog?: boolean } = {}): string {
  const h = createHash('sha256');
  const dump = (label: string, sql: string, ...params: unknown[]): void => {
    h.update(`\u0001${label}\u0001`);
    for (const row of db.prepare(sql).raw().iterate(...params)) h.update(JSON.stringify(row) + '\n');
  };
  dump('laws', 'SELECT * FROM laws ORDER BY id');
  dump('documents', 'SELECT * FROM documents ORDER BY id');
  dump('articles', 'SELECT * FROM articles ORDER BY id');
  dump('meta', 'SELECT * FROM meta ORDER BY key');
  if (opts.importLog ?? true) dump('import_log', 'SELECT id, source FROM import_log ORDER BY id');
  dump('vocab', 'SELECT term, doc, cnt FROM articles_vocab ORDER BY term');
  for (const term of FINGERPRINT_TERMS) {
    dump(`match ${term}`, 'SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rowid', `"${term}"`);
  }
  return h.digest('hex');
}

/** Row counts straight from the tables. */
export function tableCounts(db: Database.Database): { laws: number; documents: number; articles: number; fts: number } {
  const one = (sql: string): number => db.prepare(sql).pluck().get() as number;
  return {
    laws: one('SELECT COUNT(*) FROM laws'),
    documents: one('SELECT COUNT(*) FROM documents'),
    articles: one('SELECT COUNT(*) FROM articles'),
    fts: one('SELECT COUNT(*) FROM articles_fts'),
  };
}
