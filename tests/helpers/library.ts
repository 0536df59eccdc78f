/**
 * Temporary statute libraries for integration tests: a subset of
 * ../shared/corpus/lawrefbook is copied to a folder under os.tmpdir() (the
 * shared corpus stays read-only and never enters the repository) and imported
 * into a fresh SQLite file with createEngine.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../main/db/open.js';
import { createEngine, type Engine } from '../../main/engine/index.js';
import type { ImportSummary } from '../../main/library/import/index.js';
import { loadEmbedder } from '../../main/models/index.js';
import { embedLibrary, type EmbedLibrarySummary } from '../../main/search/vectors/embedLibrary.js';
import { DEFAULT_EMBEDDING_MODEL, modelsDir } from '../../main/util/paths.js';

/** The repository root (tests/helpers/../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHARED_DIR = path.resolve(REPO_ROOT, '..', 'shared');
export const CORPUS_DIR = path.join(SHARED_DIR, 'corpus', 'lawrefbook');
export const EVAL_DIR = path.join(SHARED_DIR, 'eval');
/** The model folder that ships in models/ (trained by npm run train-model). */
export const SHIPPED_MODEL_DIR = path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL);

/** Why tests that need the shipped embedding model are skipped, or false. */
export function shippedModelSkipReason(): string | false {
  return sharedSkipReason() || (existsSync(path.join(SHIPPED_MODEL_DIR, 'model.onnx')) ? false : `skipped: ${SHIPPED_MODEL_DIR} is missing`);
}

/** Embeds a library with the shipped model on the CPU (as `lexdesk embed` does), closing the model afterwards. */
export async function embedWithShippedModel(db: Db): Promise<EmbedLibrarySummary> {
  const embedder = await loadEmbedder({ kind: 'onnx', dir: SHIPPED_MODEL_DIR });
  try {
    return await embedLibrary(db, embedder);
  } finally {
    await embedder.close();
  }
}

/** Why corpus-based tests are skipped, or false when ../shared is there. */
export function sharedSkipReason(): string | false {
  if (existsSync(path.join(CORPUS_DIR, 'db.sqlite3')) && existsSync(EVAL_DIR)) return false;
  return `skipped: ${SHARED_DIR} (corpus and eval sets) is missing`;
}

/** 民法典 (all parts), 刑法, 劳动合同法 and two versions each of 公司法 and 未成年人保护法. */
export const CORE_SUBSET: readonly string[] = [
  '民法典',
  '刑法/刑法.md',
  '社会法/劳动合同法(2012-12-28).md',
  '民法商法/公司法(2018-10-26).md',
  '民法商法/公司法(2023-12-29).md',
  '社会法/未成年人保护法(2020-10-17).md',
  '社会法/未成年人保护法(2024-04-26).md',
];

export const BEIJING_PACK = 'DLC/北京地方法规';
const BEIJING_FILES = 'DLC/北京地方法规/地方性法规/北京';

export interface SubsetSpec {
  /** Files or folders relative to the corpus root (db.sqlite3 is always copied). */
  files: readonly string[];
  /** Files of the 北京 pack whose names contain one of these words (its db.sqlite3 comes along). */
  beijingFilesMatching?: readonly string[];
}

export interface TempLibrary {
  engine: Engine;
  dbPath: string;
  corpusRoot: string;
  summary: ImportSummary;
  /** Closes the engine and removes the temp folder. */
  dispose(): Promise<void>;
}

/** Copies the subset into `<dir>/corpus`, keeping corpus-relative paths (gold labels use them). */
export async function copySubset(dir: string, spec: SubsetSpec): Promise<string> {
  const root = path.join(dir, 'corpus');
  await mkdir(root, { recursive: true });
  await copyRel(root, 'db.sqlite3');
  for (const rel of spec.files) await copyRel(root, rel);
  if (spec.beijingFilesMatching?.length) await copyBeijing(root, spec.beijingFilesMatching);
  return root;
}

async function copyRel(root: string, rel: string): Promise<void> {
  const from = path.join(CORPUS_DIR, rel);
  if (!existsSync(from)) throw new Error(`corpus file missing: ${from}`);
  const to = path.join(root, rel);
  await mkdir(path.dirname(to), { recursive: true });
  await cp(from, to, { recursive: true });
}

async function copyBeijing(root: string, words: readonly string[]): Promise<void> {
  await copyRel(root, `${BEIJING_PACK}/db.sqlite3`);
  const names = await readdir(path.join(CORPUS_DIR, BEIJING_FILES));
  const chosen = names.filter((n) => n.endsWith('.md') && words.some((w) => n.includes(w)));
  if (chosen.length === 0) throw new Error(`no 北京 file matches ${words.join(', ')}`);
  for (const name of chosen) await copyRel(root, `${BEIJING_FILES}/${name}`);
}

/** Builds a library from a subset in a fresh temp folder; with packs, imports those province packs too. */
export async function buildLibrary(spec: SubsetSpec, packs?: string[]): Promise<TempLibrary> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lexdesk-test-'));
  const corpusRoot = await copySubset(dir, spec);
  const dbPath = path.join(dir, 'library.db');
  const engine = createEngine({ dbPath });
  let summary: ImportSummary;
  try {
    summary = await engine.importPath(corpusRoot, packs ? { packs } : {});
  } catch (err) {
    engine.close();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    engine,
    dbPath,
    corpusRoot,
    summary,
    async dispose() {
      if (engine.db.open) engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Is a corpus-relative file part of a subset (listed itself, or under a listed folder)? */
export function inSubset(rel: string, files: readonly string[]): boolean {
  return files.some((f) => rel === f || rel.startsWith(`${f}/`));
}
