import Database from 'better-sqlite3';
import type { Db } from '../db/open.js';
import { textRevision } from './ftsTables.js';
import type { Slices } from './residentCopy.js';

/** Article ids above this are not indexed by a direct lookup table (a library this sparse stays on FTS5). */
const MAX_ROWID = 1 << 25;

export interface Postings {
  /** Row positions (indexes into `rowids`), ascending. */
  rows: Int32Array;
  /** Occurrences per row and column: [title, headings, body] for each entry of `rows`. */
  counts: Uint8Array | Uint16Array;
}

/** A scope's index as read from FTS5, with the scratch space its searches use. */
export interface PostingsSnapshot {
  revision: string;
  rowCount: number;
  averageLength: number;
  rowids: Int32Array;
  lengths: Float64Array;
  /** The law version (document id) of each row, −1 for a row no article has; and the largest. */
  versions: Int32Array;
  maxVersion: number;
  terms: Map<string, Postings>;
  /** Scratch space for one search: scores and the search that last touched each row. */
  scores: Float64Array;
  stamp: Uint32Array;
  touched: Int32Array;
  generation: number;
}


/** Reads a scope's index in one read transaction; null when stopped, or when the index cannot be held this way. */
export async function readSnapshot(file: string, table: string, slices: Slices): Promise<PostingsSnapshot | null> {
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  try {
    reader.exec('BEGIN');
    const revision = textRevision(reader);
    // FTS5's totals (row count, then tokens per column), exactly as bm25() reads them. With contentless_delete
    // they are not lowered by deletes, so they can exceed what the index holds; bm25() uses them all the same.
    const totals = varints(reader.prepare(`SELECT block FROM ${table}_data WHERE id = 1`).pluck().get() as Buffer | undefined);
    const rowCount = totals[0] ?? 0;
    if (rowCount === 0) return null;
    const averageLength = sum(totals.slice(1)) / rowCount;
    const rows = await readRowSizes(reader, table, slices);
    if (!rows) return null;
    const versions = await readVersions(reader, rows.position, rows.rowids.length, slices);
    if (!versions) return null;
    const terms = await readTerms(reader, table, rows.position, rows.rowids.length, slices);
    if (!terms) return null;
    const n = rows.rowids.length;
    return { revision, rowCount, averageLength, rowids: rows.rowids, lengths: rows.lengths, ...versions, terms, scores: new Float64Array(n), stamp: new Uint32Array(n), touched: new Int32Array(n), generation: 0 };
  } finally {
    reader.close();
  }
}

/** Each indexed row's size in tokens (all columns), from FTS5's docsize table, and a rowid → position table. */
async function readRowSizes(reader: Db, table: string, slices: Slices) {
  const [count, maxRowid] = reader.prepare(`SELECT count(*), coalesce(max(id), 0) FROM ${table}_docsize`).raw().get() as [number, number];
  if (maxRowid > MAX_ROWID) return null;
  const rowids = new Int32Array(count);
  const lengths = new Float64Array(count);
  const position = new Int32Array(maxRowid + 1).fill(-1);
  const rows = reader.prepare(`SELECT id, sz FROM ${table}_docsize ORDER BY id`).raw().iterate() as IterableIterator<[number, Buffer]>;
  let n = 0;
  for (const [id, sz] of rows) {
    if (n === count || id < 1) {
      rows.return?.();
      return null;
    }
    rowids[n] = id;
    lengths[n] = rowSize(sz);
    position[id] = n;
    n += 1;
    if (slices.due && !(await slices.next())) {
      rows.return?.();
      return null;
    }
  }
  return n === count ? { rowids, lengths, position } : null;
}

/** The law version of each indexed row (the version statistics of versionTerms.ts count postings per version). */
async function readVersions(reader: Db, position: Int32Array, rowCount: number, slices: Slices) {
  const versions = new Int32Array(rowCount).fill(-1);
  let maxVersion = 0;
  const rows = reader.prepare('SELECT id, document_id FROM articles').raw().iterate() as IterableIterator<[number, number]>;
  for (const [id, version] of rows) {
    const row = id < position.length ? (position[id] as number) : -1;
    if (row >= 0) {
      versions[row] = version;
      if (version > maxVersion) maxVersion = version;
    }
    if (slices.due && !(await slices.next())) {
      rows.return?.();
      return null;
    }
  }
  return { versions, maxVersion };
}

/**
 * Every term's postings from an fts5vocab 'instance' table, one row per term
 * (FTS5 yields instances in term, row, column order, so the grouping streams).
 * Each instance arrives as rowid * 4 + column.
 */
async function readTerms(reader: Db, table: string, position: Int32Array, rowCount: number, slices: Slices): Promise<Map<string, Postings> | null> {
  reader.exec(`CREATE VIRTUAL TABLE temp.resident_instances USING fts5vocab(main, ${table}, 'instance')`);
  const rows = reader.prepare(
    `SELECT term, group_concat(doc * 4 + CASE col WHEN 'title' THEN 0 WHEN 'headings' THEN 1 ELSE 2 END)
       FROM temp.resident_instances GROUP BY term`,
  ).raw().iterate() as IterableIterator<[string, string]>;
  const terms = new Map<string, Postings>();
  const scratch = { rows: new Int32Array(rowCount), counts: new Uint16Array(3 * rowCount) };
  for (const [term, instances] of rows) {
    const postings = parsePostings(instances, position, scratch);
    if (!postings || (slices.due && !(await slices.next()))) {
      rows.return?.();
      return null;
    }
    terms.set(term, postings);
  }
  return terms;
}

/**
 * "rowid*4+column,…" → postings (counts in bytes unless one exceeds 255); null when a row is
 * unknown or a count overflows. `scratch` holds one entry per indexed row, reused for every term.
 */
function parsePostings(instances: string, position: Int32Array, scratch: { rows: Int32Array; counts: Uint16Array }): Postings | null {
  const { rows: scratchRows, counts: scratchCounts } = scratch;
  let n = 0;
  let lastRow = -1;
  let widest = 0;
  let value = 0;
  for (let i = 0; i <= instances.length; i += 1) {
    const c = i < instances.length ? instances.charCodeAt(i) : 44;
    if (c !== 44) {
      value = value * 10 + (c - 48);
      continue;
    }
    const rowid = Math.floor(value / 4);
    const row = rowid < position.length ? (position[rowid] as number) : -1;
    if (row < 0) return null;
    if (row !== lastRow) {
      if (n === scratchRows.length) return null;
      scratchRows[n] = row;
      scratchCounts.fill(0, 3 * n, 3 * n + 3);
      n += 1;
      lastRow = row;
    }
    const at = 3 * (n - 1) + (value % 4);
    const count = (scratchCounts[at] as number) + 1;
    if (count > 0xffff) return null;
    scratchCounts[at] = count;
    if (count > widest) widest = count;
    value = 0;
  }
  const counts = scratchCounts.subarray(0, 3 * n);
  return { rows: scratchRows.slice(0, n), counts: widest > 0xff ? counts.slice() : Uint8Array.from(counts) };
}
/** A row's size in tokens, all columns, from its FTS5 docsize blob. */
export function rowSize(sz: Buffer): number {
  return sum(varints(sz));
}

/** SQLite/FTS5 varints, one after another. */
function varints(blob: Buffer | undefined): number[] {
  const out: number[] = [];
  if (!blob) return out;
  let i = 0;
  while (i < blob.length) {
    let value = 0;
    for (let bytes = 0; i < blob.length; bytes += 1) {
      const byte = blob[i++] as number;
      if (bytes === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    out.push(value);
  }
  return out;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
