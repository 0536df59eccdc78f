/**
 * Embeds the library's articles with one model, incrementally: `article_vectors`
 * records, per model, each article and the hash of the text its vector was
 * made from, so a run embeds only new or changed articles (an article whose
 * text, headings or law title changed, or an id SQLite reused after a
 * re-import) and removes vectors of articles that are gone. Every batch is
 * committed on its own: an abort or a crash loses at most one batch, and the
 * next run carries on from there.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/open.js';
import { ARTICLE_SELECT, getArticles, toStatuteArticle, type ArticleRow, type StatuteArticle } from '../../library/articles.js';
import type { TextEmbedder } from '../../models/types.js';
import { LexError } from '../../util/errors.js';
import {
  ensureModel, listModels, loadVectorExtension, quantizedParam, quantizedValue, vectorTables, type EmbeddingModelInfo,
  type Quantization,
} from './vecStore.js';

export interface EmbedLibraryOptions {
  /** Articles per embedder call and per commit (default 64). */
  batchSize?: number;
  signal?: AbortSignal;
  /** Articles embedded so far in this run, of those that need it. */
  onProgress?(done: number, total: number): void;
  /** The quantized table to keep besides the float vectors; default: what the model has ('none' when new). */
  quantization?: Quantization;
  /** The text a vector is made from (default articleEmbeddingText). */
  textOf?: (article: StatuteArticle) => string;
  /** Drop the model's stored vectors and embed everything again (needed after a dimension change). */
  rebuild?: boolean;
}

export interface EmbedLibrarySummary {
  modelId: string;
  dimension: number;
  quantization: Quantization;
  /** Articles embedded in this run. */
  embedded: number;
  /** Articles whose stored vector was already up to date. */
  skipped: number;
  /** Vectors removed because their article no longer exists. */
  removed: number;
  /** Articles in the library. */
  total: number;
  /** Articles of this run embedded from the beginning of their text, cut to the embedder's input limit (an HTTP endpoint's --http-max-chars). */
  shortened: number;
  /** Articles of this run the server refused as too long, embedded from a still shorter beginning. */
  shortenedAfterRefusal: number;
  seconds: number;
}

const DEFAULT_BATCH = 64;

/** Law title, headings path, article label and text: what a vector of an article is made from by default. */
export function articleEmbeddingText(article: Pick<StatuteArticle, 'lawTitle' | 'path' | 'label' | 'kind' | 'text'>): string {
  const label = article.kind === 'item' ? `${article.label}、` : article.label;
  return [article.lawTitle, article.path.join(' '), label, article.text].filter((part) => part.trim() !== '').join('\n');
}

/** What `article_vectors.hash` holds: the first 64 bits of the SHA-1 of the embedded text, in hex. */
export function embeddingTextHash(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 16);
}

/** Brings the vectors of `embedder` up to date with the library's articles. */
export async function embedLibrary(db: Db, embedder: TextEmbedder, opts: EmbedLibraryOptions = {}): Promise<EmbedLibrarySummary> {
  const started = performance.now();
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? DEFAULT_BATCH));
  const fullTextOf = opts.textOf ?? articleEmbeddingText;
  // What the model is given: an embedder that cuts long texts says how, and the stored hash is of that text.
  const textOf = embedder.fitDocument ? (a: StatuteArticle) => embedder.fitDocument!(fullTextOf(a)) : fullTextOf;
  throwIfAborted(opts.signal, 0);
  const model = ensureModel(db, embedder.id, embedder.dimension, { quantization: opts.quantization, rebuild: opts.rebuild });
  const writer = new VectorWriter(db, model);
  const removed = removeStale(db, writer);
  const plan = planWork(db, model.id, textOf);
  if (plan.pending.length > 0) setComplete(db, model.id, false);
  opts.onProgress?.(0, plan.pending.length);
  let embedded = 0;
  const counts = { shortened: 0, shortenedAfterRefusal: 0 };
  for (let i = 0; i < plan.pending.length; i += batchSize) {
    throwIfAborted(opts.signal, embedded);
    try {
      const ids = plan.pending.slice(i, i + batchSize);
      embedded += await embedBatch(db, embedder, writer, ids, { textOf, fullTextOf, signal: opts.signal, counts });
    } catch (err) {
      // The signal reaches the embedder too: a request in flight is abandoned, and that batch is not stored.
      throwIfAborted(opts.signal, embedded);
      throw err;
    }
    opts.onProgress?.(Math.min(i + batchSize, plan.pending.length), plan.pending.length);
  }
  db.transaction(() => {
    refreshCount(db, model.id);
    setComplete(db, model.id, true);
  })();
  return {
    modelId: model.id,
    dimension: model.dimension,
    quantization: model.quantization,
    embedded,
    skipped: plan.total - plan.pending.length,
    removed,
    total: plan.total,
    ...counts,
    seconds: (performance.now() - started) / 1000,
  };
}

function throwIfAborted(signal: AbortSignal | undefined, embedded: number): void {
  if (!signal?.aborted) return;
  throw new LexError(
    'embed-cancelled',
    `Embedding cancelled after ${embedded} article(s) in this run; what was embedded is kept. Run it again to continue.`,
    { embedded },
  );
}

/** Deletes the vectors of articles that no longer exist; returns how many. */
function removeStale(db: Db, writer: VectorWriter): number {
  const stale = db
    .prepare('SELECT article_id FROM article_vectors WHERE model_id = ? AND article_id NOT IN (SELECT id FROM articles)')
    .pluck()
    .all(writer.model.id) as number[];
  if (stale.length === 0) return 0;
  db.transaction(() => {
    for (const id of stale) writer.remove(id);
    refreshCount(db, writer.model.id);
  })();
  return stale.length;
}

interface WorkPlan {
  /** Article ids to embed, ascending. */
  pending: number[];
  total: number;
}

/** Which articles have no vector, or one made from another text. */
function planWork(db: Db, modelId: string, textOf: (article: StatuteArticle) => string): WorkPlan {
  const stored = new Map(
    db.prepare('SELECT article_id, hash FROM article_vectors WHERE model_id = ?').raw().all(modelId) as Array<[number, string]>,
  );
  const pending: number[] = [];
  let total = 0;
  for (const row of db.prepare(`${ARTICLE_SELECT} ORDER BY a.id`).iterate() as IterableIterator<ArticleRow>) {
    total += 1;
    if (stored.get(row.id) !== embeddingTextHash(textOf(toStatuteArticle(row)))) pending.push(row.id);
  }
  return { pending, total };
}

interface BatchOptions {
  /** The text the model is given (cut to its input limit), and the article's whole text. */
  textOf(article: StatuteArticle): string;
  fullTextOf(article: StatuteArticle): string;
  signal: AbortSignal | undefined;
  counts: Pick<EmbedLibrarySummary, 'shortened' | 'shortenedAfterRefusal'>;
}

/** Embeds and stores one batch in its own transaction; returns how many articles it stored. */
async function embedBatch(db: Db, embedder: TextEmbedder, writer: VectorWriter, ids: number[], opts: BatchOptions): Promise<number> {
  const articles = getArticles(db, ids);
  if (articles.length === 0) return 0;
  const texts = articles.map(opts.textOf);
  const shortened = articles.filter((a, i) => texts[i] !== opts.fullTextOf(a)).length;
  let refused = 0;
  const vectors = await embedder.embed(texts, 'document', { signal: opts.signal, onShortened: () => (refused += 1) });
  opts.counts.shortened += shortened;
  opts.counts.shortenedAfterRefusal += refused;
  if (vectors.length !== articles.length) {
    throw new LexError('embedding-failed', `Model "${embedder.id}" returned ${vectors.length} vectors for ${articles.length} texts.`);
  }
  db.transaction(() => {
    let added = 0;
    articles.forEach((article, i) => {
      if (writer.put(article.id, vectors[i] as Float32Array, embeddingTextHash(texts[i] as string))) added += 1;
    });
    db.prepare('UPDATE embedding_models SET article_count = article_count + ? WHERE id = ?').run(added, writer.model.id);
  })();
  return articles.length;
}

/**
 * For an import, inside its transaction, after it wrote the library: the vectors of the
 * articles it deleted go at once, since SQLite may already have given their ids to new
 * articles (an updated document's articles are deleted and inserted again), and an old
 * vector must never stand for a new text; and every model is marked incomplete, as the
 * new articles have no vectors until the next `lexdesk embed`.
 */
export function forgetChangedArticles(db: Db, removedArticleIds: readonly number[]): void {
  const models = listModels(db);
  if (models.length === 0) return;
  for (const model of models) {
    if (removedArticleIds.length > 0) {
      const writer = new VectorWriter(db, model);
      for (const id of removedArticleIds) writer.remove(id);
      refreshCount(db, model.id);
    }
    setComplete(db, model.id, false);
  }
}

function refreshCount(db: Db, modelId: string): void {
  db.prepare('UPDATE embedding_models SET article_count = (SELECT COUNT(*) FROM article_vectors WHERE model_id = ?) WHERE id = ?')
    .run(modelId, modelId);
}

function setComplete(db: Db, modelId: string, complete: boolean): void {
  db.prepare('UPDATE embedding_models SET complete = ? WHERE id = ?').run(complete ? 1 : 0, modelId);
}

/** Writes and deletes one model's vectors and their state rows (callers wrap batches in a transaction). */
export class VectorWriter {
  private readonly stmts;

  constructor(db: Db, readonly model: EmbeddingModelInfo) {
    loadVectorExtension(db);
    const t = vectorTables(model.id);
    const quantized = model.quantization !== 'none';
    this.stmts = {
      deleteFloat: db.prepare(`DELETE FROM ${t.float} WHERE rowid = ?`),
      insertFloat: db.prepare(`INSERT INTO ${t.float} (rowid, embedding) VALUES (?, ?)`),
      deleteQuantized: quantized ? db.prepare(`DELETE FROM ${t.quantized} WHERE rowid = ?`) : null,
      insertQuantized: quantized
        ? db.prepare(`INSERT INTO ${t.quantized} (rowid, embedding) VALUES (?, ${quantizedParam(model.quantization)})`)
        : null,
      upsertState: db.prepare(
        `INSERT INTO article_vectors (article_id, model_id, hash) VALUES (?, ?, ?)
           ON CONFLICT(model_id, article_id) DO UPDATE SET hash = excluded.hash`,
      ),
      deleteState: db.prepare('DELETE FROM article_vectors WHERE model_id = ? AND article_id = ?'),
      hasState: db.prepare('SELECT 1 FROM article_vectors WHERE model_id = ? AND article_id = ?').pluck(),
    };
  }

  /** Stores (or replaces) an article's vector and the hash of the text it was made from; true when it is new. */
  put(articleId: number, vector: Float32Array, hash: string): boolean {
    if (vector.length !== this.model.dimension) {
      throw new LexError('embedding-dimension', `Model "${this.model.id}" returned a ${vector.length}-dimensional vector; expected ${this.model.dimension}.`);
    }
    const rowid = BigInt(articleId);
    const isNew = this.stmts.hasState.get(this.model.id, articleId) === undefined;
    this.stmts.deleteFloat.run(rowid);
    this.stmts.deleteQuantized?.run(rowid);
    this.stmts.insertFloat.run(rowid, vector);
    this.stmts.insertQuantized?.run(rowid, quantizedValue(this.model.quantization, vector));
    this.stmts.upsertState.run(articleId, this.model.id, hash);
    return isNew;
  }

  /** Deletes an article's vector and state; true when it had one. */
  remove(articleId: number): boolean {
    const rowid = BigInt(articleId);
    this.stmts.deleteFloat.run(rowid);
    this.stmts.deleteQuantized?.run(rowid);
    return this.stmts.deleteState.run(this.model.id, articleId).changes > 0;
  }
}
