/**
 * Article vectors in the library database itself (sqlite-vec vec0 tables).
 * Per embedding model: a float table (exact cosine) and optionally a smaller
 * int8 or binary table whose KNN candidates are rescored with exact float
 * cosine. `embedding_models` (migration 2) records each model's dimension and
 * quantization; table names derive from a hash of the model id, so any id
 * string is safe. Rowids are article ids and are always bound as BigInt.
 * The search over these tables is in vecKnn.ts.
 */
import { createHash } from 'node:crypto';
import * as sqliteVec from 'sqlite-vec';
import { cachedStatement, type Db } from '../../db/open.js';
import { LexError } from '../../util/errors.js';

export type Quantization = 'none' | 'int8' | 'binary';
export const QUANTIZATIONS: readonly Quantization[] = ['none', 'int8', 'binary'];

export interface EmbeddingModelInfo {
  id: string;
  dimension: number;
  quantization: Quantization;
  createdAt: string;
  articleCount: number;
  complete: boolean;
}

const CACHE_KIB = 262_144;
const MMAP_BYTES = 1_073_741_824;

interface ModelRow {
  id: string;
  dimension: number;
  quantization: Quantization;
  created_at: string;
  article_count: number;
  complete: number;
}

const prepared = new WeakSet<Db>();

/**
 * In a packaged app the extension sits in app.asar.unpacked (electron-builder
 * asarUnpack): SQLite's loader cannot read inside the asar archive.
 */
export function unpackedPath(file: string): string {
  return file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/** Loads sqlite-vec into the connection (once) and raises the page cache and mmap size for vector scans. */
export function loadVectorExtension(db: Db): void {
  if (prepared.has(db)) return;
  if (!hasVec(db)) {
    try {
      db.loadExtension(unpackedPath(sqliteVec.getLoadablePath()));
    } catch (err) {
      throw new LexError('vectors-unavailable', `Cannot load the sqlite-vec extension: ${(err as Error).message}`);
    }
  }
  raiseCaches(db);
  prepared.add(db);
}

function hasVec(db: Db): boolean {
  try {
    db.prepare('SELECT vec_version()').get();
    return true;
  } catch {
    return false;
  }
}

function raiseCaches(db: Db): void {
  const cache = db.pragma('cache_size', { simple: true }) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const cacheKib = cache < 0 ? -cache : (cache * pageSize) / 1024;
  if (cacheKib < CACHE_KIB) db.pragma(`cache_size = -${CACHE_KIB}`);
  const mmap = (db.pragma('mmap_size', { simple: true }) as number | undefined) ?? 0;
  if (mmap < MMAP_BYTES) db.pragma(`mmap_size = ${MMAP_BYTES}`);
}

/** The vec0 table names of a model: `vec_<sha1 prefix>` (float) and `vec_<sha1 prefix>_q` (quantized). */
export function vectorTables(modelId: string): { float: string; quantized: string } {
  const key = createHash('sha1').update(modelId, 'utf8').digest('hex').slice(0, 16);
  return { float: `vec_${key}`, quantized: `vec_${key}_q` };
}

export function getModel(db: Db, id: string): EmbeddingModelInfo | null {
  const row = db.prepare('SELECT * FROM embedding_models WHERE id = ?').get(id) as ModelRow | undefined;
  return row ? toInfo(row) : null;
}

/**
 * Changes whenever vectors in the library change (embedded, re-embedded or removed, for any
 * model; a counter kept by migration 5's triggers, which only grows); null when the library
 * does not have the model.
 */
export function vectorRevision(db: Db, id: string): string | null {
  const row = cachedStatement(
    db,
    `SELECT (SELECT value FROM meta WHERE key = 'vector_revision') FROM embedding_models WHERE id = ?`,
  ).raw().get(id) as [string | null] | undefined;
  return row ? String(row[0] ?? 0) : null;
}

export function listModels(db: Db): EmbeddingModelInfo[] {
  return (db.prepare('SELECT * FROM embedding_models ORDER BY created_at, id').all() as ModelRow[]).map(toInfo);
}

function toInfo(row: ModelRow): EmbeddingModelInfo {
  return {
    id: row.id,
    dimension: row.dimension,
    quantization: row.quantization,
    createdAt: row.created_at,
    articleCount: row.article_count,
    complete: row.complete === 1,
  };
}

export interface EnsureModelOptions {
  /** Wanted quantized table; undefined keeps what the model has ('none' for a new model). */
  quantization?: Quantization;
  /** Drop the model's stored vectors first (needed when its dimension changed). */
  rebuild?: boolean;
}

/**
 * Registers a model and creates its tables when missing. A known id with
 * another dimension is refused unless `rebuild`; a changed quantization
 * rebuilds the quantized table from the stored float vectors.
 */
export function ensureModel(db: Db, id: string, dimension: number, opts: EnsureModelOptions = {}): EmbeddingModelInfo {
  loadVectorExtension(db);
  checkShape(id, dimension, opts.quantization ?? 'none');
  let model = getModel(db, id);
  if (model && (opts.rebuild || model.dimension !== dimension)) {
    if (!opts.rebuild) throw dimensionChanged(model, dimension);
    dropModel(db, id);
    model = null;
  }
  if (!model) return createModel(db, id, dimension, opts.quantization ?? 'none');
  restoreMissingTables(db, model);
  if (opts.quantization && opts.quantization !== model.quantization) setQuantization(db, id, opts.quantization);
  return getModel(db, id) as EmbeddingModelInfo;
}

function checkShape(id: string, dimension: number, quantization: Quantization): void {
  if (!id) throw new LexError('embedding-model', 'The embedding model has no id.');
  if (!Number.isInteger(dimension) || dimension <= 0 || dimension > 8192) {
    throw new LexError('embedding-dimension', `Model "${id}" reports an unusable dimension (${dimension}).`);
  }
  if (!QUANTIZATIONS.includes(quantization)) {
    throw new LexError('usage', `Unknown quantization "${quantization}" (use none, int8 or binary).`);
  }
  if (quantization === 'binary' && dimension % 8 !== 0) {
    throw new LexError('embedding-dimension', `Binary quantization needs a dimension divisible by 8; model "${id}" has ${dimension}.`);
  }
}

function dimensionChanged(model: EmbeddingModelInfo, dimension: number): LexError {
  return new LexError(
    'embedding-dimension',
    `The library holds ${model.dimension}-dimensional vectors for model "${model.id}", but the model now gives ` +
      `${dimension} dimensions. Rebuild them (lexdesk embed --rebuild) or use a model with a new id.`,
    { modelId: model.id, stored: model.dimension, given: dimension },
  );
}

function createModel(db: Db, id: string, dimension: number, quantization: Quantization): EmbeddingModelInfo {
  const tables = vectorTables(id);
  db.transaction(() => {
    db.prepare('INSERT INTO embedding_models (id, dimension, quantization, created_at) VALUES (?, ?, ?, ?)')
      .run(id, dimension, quantization, new Date().toISOString());
    db.exec(`DROP TABLE IF EXISTS ${tables.float}; DROP TABLE IF EXISTS ${tables.quantized};`);
    db.exec(floatTableSql(tables.float, dimension));
    if (quantization !== 'none') db.exec(quantizedTableSql(tables.quantized, dimension, quantization));
  })();
  return getModel(db, id) as EmbeddingModelInfo;
}

function floatTableSql(table: string, dimension: number): string {
  return `CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING vec0(embedding float[${dimension}] distance_metric=cosine)`;
}

function quantizedTableSql(table: string, dimension: number, quantization: Quantization): string {
  const column = quantization === 'int8' ? `int8[${dimension}] distance_metric=cosine` : `bit[${dimension}]`;
  return `CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING vec0(embedding ${column})`;
}

function tableExists(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** A registered model whose float table is gone has lost its vectors: forget them so they are embedded again. */
function restoreMissingTables(db: Db, model: EmbeddingModelInfo): void {
  const tables = vectorTables(model.id);
  if (tableExists(db, tables.float)) {
    if (model.quantization !== 'none' && !tableExists(db, tables.quantized)) fillQuantized(db, model.id, model.dimension, model.quantization);
    return;
  }
  db.transaction(() => {
    db.exec(floatTableSql(tables.float, model.dimension));
    db.exec(`DROP TABLE IF EXISTS ${tables.quantized}`);
    if (model.quantization !== 'none') db.exec(quantizedTableSql(tables.quantized, model.dimension, model.quantization));
    db.prepare('DELETE FROM article_vectors WHERE model_id = ?').run(model.id);
    db.prepare('UPDATE embedding_models SET article_count = 0, complete = 0 WHERE id = ?').run(model.id);
  })();
}

/** Replaces a model's quantized table (built from its float vectors; no re-embedding). */
export function setQuantization(db: Db, id: string, quantization: Quantization): void {
  loadVectorExtension(db);
  const model = requireModel(db, id);
  checkShape(id, model.dimension, quantization);
  fillQuantized(db, id, model.dimension, quantization);
}

function fillQuantized(db: Db, id: string, dimension: number, quantization: Quantization): void {
  const tables = vectorTables(id);
  db.transaction(() => {
    db.exec(`DROP TABLE IF EXISTS ${tables.quantized}`);
    db.prepare('UPDATE embedding_models SET quantization = ? WHERE id = ?').run(quantization, id);
    if (quantization === 'none') return;
    db.exec(quantizedTableSql(tables.quantized, dimension, quantization));
    const insert = db.prepare(`INSERT INTO ${tables.quantized} (rowid, embedding) VALUES (?, ${quantizedParam(quantization)})`);
    const read = db.prepare(`SELECT embedding FROM ${tables.float} WHERE rowid = ?`).pluck();
    const ids = db.prepare('SELECT article_id FROM article_vectors WHERE model_id = ? ORDER BY article_id').pluck().all(id) as number[];
    for (const articleId of ids) {
      const rowid = BigInt(articleId);
      const blob = read.get(rowid) as Buffer | undefined;
      if (blob) insert.run(rowid, quantizedValue(quantization, toFloat32(blob)));
    }
  })();
}

/** Removes a model's vectors, tables and registry row; false when it was not there. */
export function dropModel(db: Db, id: string): boolean {
  loadVectorExtension(db);
  const tables = vectorTables(id);
  let found = false;
  db.transaction(() => {
    db.exec(`DROP TABLE IF EXISTS ${tables.quantized}; DROP TABLE IF EXISTS ${tables.float};`);
    db.prepare('DELETE FROM article_vectors WHERE model_id = ?').run(id);
    found = db.prepare('DELETE FROM embedding_models WHERE id = ?').run(id).changes > 0;
  })();
  return found;
}

export function requireModel(db: Db, id: string): EmbeddingModelInfo {
  const model = getModel(db, id);
  if (!model) throw new LexError('embedding-missing', `The library has no vectors for model "${id}". Run lexdesk embed first.`);
  return model;
}

/** The SQL placeholder that turns a bound value into the quantized column's type. */
export function quantizedParam(quantization: Quantization): string {
  return quantization === 'int8' ? 'vec_int8(?)' : 'vec_quantize_binary(?)';
}

/** int8 scaled per vector (cosine ignores the scale, so every vector uses the full -127…127 range). */
export function quantizeInt8(v: Float32Array): Int8Array {
  let max = 0;
  for (const x of v) max = Math.max(max, Math.abs(x));
  const out = new Int8Array(v.length);
  if (max === 0) return out;
  const scale = 127 / max;
  for (let i = 0; i < v.length; i++) out[i] = Math.round((v[i] as number) * scale);
  return out;
}

/** What to bind for quantizedParam: per-vector-scaled int8, or the float vector (binary quantizes in SQL). */
export function quantizedValue(quantization: Quantization, v: Float32Array): Int8Array | Float32Array {
  return quantization === 'int8' ? quantizeInt8(v) : v;
}

function toFloat32(blob: Buffer): Float32Array {
  const copy = new Uint8Array(blob);
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}
