/**
 * Nearest-neighbour search over a model's vec0 tables: exact float cosine, or
 * the int8/binary table's candidates rescored with float cosine.
 */
import type { Db } from '../../db/open.js';
import { LexError } from '../../util/errors.js';
import { loadVectorExtension, quantizedParam, quantizedValue, requireModel, vectorTables } from './vecStore.js';

export interface KnnOptions {
  /** Search the int8/binary table and rescore with float cosine (default: when the model has one). */
  quantized?: boolean;
  /** Quantized candidates fetched per wanted hit (default 4 for int8, 10 for binary). */
  oversample?: number;
  /** Only these articles may be returned. */
  allowedIds?: ReadonlySet<number>;
}

export interface KnnHit {
  articleId: number;
  /** Cosine similarity with the query (1 = same direction). */
  similarity: number;
}

/** sqlite-vec's largest k for one KNN query. */
const MAX_K = 4096;

/** Nearest articles to a query vector by cosine similarity, best first. */
export function knn(db: Db, modelId: string, queryVector: Float32Array, k: number, opts: KnnOptions = {}): KnnHit[] {
  loadVectorExtension(db);
  const model = requireModel(db, modelId);
  if (queryVector.length !== model.dimension) {
    throw new LexError('embedding-dimension', `The query vector has ${queryVector.length} dimensions; model "${modelId}" stores ${model.dimension}.`);
  }
  const want = Math.min(Math.floor(k), MAX_K);
  if (!(want > 0) || opts.allowedIds?.size === 0) return [];
  const allowed = opts.allowedIds ? JSON.stringify([...opts.allowedIds]) : null;
  const tables = vectorTables(modelId);
  const useQuantized = (opts.quantized ?? true) && model.quantization !== 'none';
  if (!useQuantized) return toHits(matchRows(db, tables.float, '?', queryVector, want, allowed));
  const oversample = Math.max(1, opts.oversample ?? (model.quantization === 'int8' ? 4 : 10));
  const pool = Math.min(MAX_K, Math.max(want, Math.ceil(want * oversample)));
  const query = quantizedValue(model.quantization, queryVector);
  const candidates = matchRows(db, tables.quantized, quantizedParam(model.quantization), query, pool, allowed);
  return rescore(db, tables.float, queryVector, candidates.map((c) => c.rowid)).slice(0, want);
}

interface DistanceRow {
  rowid: number;
  distance: number;
}

function matchRows(db: Db, table: string, param: string, query: ArrayBufferView, k: number, allowed: string | null): DistanceRow[] {
  const filter = allowed ? ' AND rowid IN (SELECT value FROM json_each(?))' : '';
  const sql = `SELECT rowid, distance FROM ${table} WHERE embedding MATCH ${param} AND k = ?${filter} ORDER BY distance`;
  const params: unknown[] = allowed ? [query, k, allowed] : [query, k];
  return db.prepare(sql).all(...params) as DistanceRow[];
}

/** Exact float cosine for the candidates, best first (point lookups: `rowid IN (…)` would scan a vec0 table). */
function rescore(db: Db, floatTable: string, query: Float32Array, ids: number[]): KnnHit[] {
  const lookup = db.prepare(`SELECT vec_distance_cosine(embedding, ?) FROM ${floatTable} WHERE rowid = ?`).pluck();
  const rows: DistanceRow[] = [];
  for (const rowid of ids) {
    const distance = lookup.get(query, BigInt(rowid)) as number | undefined;
    if (distance !== undefined) rows.push({ rowid, distance });
  }
  return toHits(rows.sort((a, b) => a.distance - b.distance || a.rowid - b.rowid));
}

/** sqlite-vec gives no distance (NULL) when either vector has zero length: such a row is no neighbour at all. */
function toHits(rows: DistanceRow[]): KnnHit[] {
  return rows.filter((r) => Number.isFinite(r.distance)).map((r) => ({ articleId: Number(r.rowid), similarity: 1 - r.distance }));
}
