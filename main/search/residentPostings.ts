import Database from 'better-sqlite3';
import type { Db } from '../db/open.js';
import { FTS_TABLE, textRevision, type FtsScope } from './ftsTables.js';
import { ResidentCopy, ResidentSearcher } from './residentCopy.js';
import type { Bm25Weights } from './lexical.js';

/** Work done between two yields to the event loop while loading. */
const SLICE_MS = 10;
/** Article ids above this are not indexed by a direct lookup table (a library this sparse stays on FTS5). */
const MAX_ROWID = 1 << 25;

/** FTS5's own BM25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

export interface PooledRow {
  id: number;
  /** FTS5's bm25() value: lower is better. */
  rank: number;
}

export interface ResidentPostingsOptions {
  /** Milliseconds of reading between two yields to the event loop (default 10; one very common term can take longer). */
  sliceMs?: number;
}

interface Postings {
  /** Row positions (indexes into `rowids`), ascending. */
  rows: Int32Array;
  /** Occurrences per row and column: [title, headings, body] for each entry of `rows`. */
  counts: Uint8Array | Uint16Array;
}

interface Loaded {
  revision: string;
  rowCount: number;
  averageLength: number;
  rowids: Int32Array;
  lengths: Float64Array;
  terms: Map<string, Postings>;
  /** Scratch space for one search: scores and the search that last touched each row. */
  scores: Float64Array;
  stamp: Uint32Array;
  touched: Int32Array;
  generation: number;
}

/**
 * One full-text index (a scope's FTS5 table) held in memory as postings and
 * scored exactly as FTS5's bm25() scores it: same IDF, same document lengths
 * and average, same order of additions, so the ranks agree to the last bit or
 * two of a double. Where FTS5 spends about 1 µs per posting (it looks up each
 * matching row's size and instances), this spends a few nanoseconds.
 *
 * FTS5 stays the index. The copy is read in the background, in slices, through
 * a second read-only connection inside one read transaction, from FTS5's own
 * tables (instances through an fts5vocab table, row sizes and totals from its
 * shadow tables), and is used only while the library's text revision is the one
 * it was read at (`bumpTextRevision`, written with every change to the index).
 * Until then, and whenever it is out of date, `search` answers null and the
 * caller asks FTS5.
 */
export class ResidentPostings extends ResidentSearcher<Loaded> {
  protected readonly copy: ResidentCopy<Loaded>;

  constructor(db: Db, readonly scope: FtsScope, opts: ResidentPostingsOptions = {}) {
    super();
    this.copy = new ResidentCopy<Loaded>(
      {
        revision: () => textRevision(db),
        read: (stopped) => (db.memory ? Promise.resolve(null) : readSnapshot(db.name, FTS_TABLE[scope], new Slices(opts.sliceMs ?? SLICE_MS, stopped))),
      },
      { loadOnUse: false },
    );
  }

  /**
   * The best `pool` rows for an OR of `phrases` (in the order FTS5 is given them,
   * repeats included), lowest bm25 rank first and ties by rowid; null while no
   * up-to-date copy is loaded (one is then started, once `ready()` has asked for it).
   */
  search(phrases: string[], weights: Bm25Weights, pool: number): PooledRow[] | null {
    const loaded = this.copy.use();
    return loaded && bestRows(loaded, phrases, [weights.title, weights.headings, weights.body], pool);
  }
}

/** Splits a long load into slices of about `ms` of work, yielding to the event loop between them. */
class Slices {
  private since = performance.now();

  constructor(private readonly ms: number, private readonly stopped: () => boolean) {}

  get due(): boolean {
    return performance.now() - this.since >= this.ms;
  }

  /** Yields; false when the load was stopped meanwhile. */
  async next(): Promise<boolean> {
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
    return !this.stopped();
  }
}

/** Reads a scope's index in one read transaction; null when stopped, or when the index cannot be held this way. */
async function readSnapshot(file: string, table: string, slices: Slices): Promise<Loaded | null> {
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
    const terms = await readTerms(reader, table, rows.position, rows.rowids.length, slices);
    if (!terms) return null;
    const n = rows.rowids.length;
    return { revision, rowCount, averageLength, ...rows, terms, scores: new Float64Array(n), stamp: new Uint32Array(n), touched: new Int32Array(n), generation: 0 };
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
    lengths[n] = sum(varints(sz));
    position[id] = n;
    n += 1;
    if (slices.due && !(await slices.next())) {
      rows.return?.();
      return null;
    }
  }
  return n === count ? { rowids, lengths, position } : null;
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

/**
 * FTS5's bm25(): for each phrase in order, idf × f·(k1+1) / (f + k1·(1 − b + b·D/avgdl)),
 * where f adds the column weight once per instance (title, then headings, then
 * body) and idf = ln((N − n + 0.5)/(n + 0.5)), at least 1e-6. The rank is −score.
 */
function bestRows(index: Loaded, phrases: string[], weights: number[], pool: number): PooledRow[] {
  index.generation = (index.generation + 1) >>> 0 || 1;
  const { scores, stamp, generation, lengths, averageLength, rowCount, touched } = index;
  const [wTitle, wHeadings, wBody] = weights as [number, number, number];
  let count = 0;
  for (const phrase of phrases) {
    const postings = index.terms.get(phrase);
    if (!postings) continue;
    const { rows, counts } = postings;
    const hits = rows.length;
    const raw = Math.log((rowCount - hits + 0.5) / (hits + 0.5));
    const idf = raw <= 0 ? 1e-6 : raw;
    for (let i = 0; i < hits; i += 1) {
      const row = rows[i] as number;
      let f = 0;
      for (let k = counts[3 * i] as number; k > 0; k -= 1) f += wTitle;
      for (let k = counts[3 * i + 1] as number; k > 0; k -= 1) f += wHeadings;
      for (let k = counts[3 * i + 2] as number; k > 0; k -= 1) f += wBody;
      const part = idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * (lengths[row] as number)) / averageLength)));
      if (stamp[row] !== generation) {
        stamp[row] = generation;
        scores[row] = part;
        touched[count++] = row;
      } else scores[row] = (scores[row] as number) + part;
    }
  }
  return selectBest(touched.subarray(0, count), scores, pool).map((row) => ({ id: index.rowids[row] as number, rank: -1.0 * (scores[row] as number) }));
}

/** The `pool` rows with the highest scores, best first, ties by row (= rowid) order. */
function selectBest(rows: Int32Array, scores: Float64Array, pool: number): number[] {
  let kept: number[];
  if (rows.length > pool) {
    const values = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i += 1) values[i] = scores[rows[i] as number] as number;
    const threshold = kthLargest(values, pool);
    kept = [];
    for (const r of rows) if ((scores[r] as number) >= threshold) kept.push(r);
  } else kept = Array.from(rows);
  return kept.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b).slice(0, pool);
}

/** The k-th largest value (quickselect; reorders `values`). */
function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) > pivot) i += 1;
      while ((values[j] as number) < pivot) j -= 1;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target] as number;
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
