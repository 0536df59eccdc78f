import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/open.js';
import { getArticles } from '../library/articles.js';
import type { CitationResolver } from '../library/citation/resolver.js';
import type { HttpEmbedderOptions } from '../models/httpEmbedder.js';
import { displayURL, httpModelId } from '../models/httpEndpoint.js';
import { loadEmbedder, loadReranker } from '../models/index.js';
import type { ProviderName } from '../models/providers.js';
import type { PairScorer, TextEmbedder } from '../models/types.js';
import type { FtsScope } from '../search/ftsTables.js';
import { CROSS_ENCODER_DEPTH, crossEncode } from '../search/hybrid/crossEncoderStage.js';
import { hybridRank, type RankedCandidate } from '../search/hybrid/hybridRank.js';
import { LearnedReranker } from '../search/hybrid/learnedReranker.js';
import { VecDenseRetriever } from '../search/hybrid/vecDense.js';
import { rankArticles, type SearchFilters, type SearchHit } from '../search/index.js';
import { scopeLaws, scopeLawsFirst } from '../search/namedScope.js';
import { featureTermExpansion, layTermExpansion, withTerms } from '../search/layTerms.js';
import { queryTerms } from '../search/lexical.js';
import { makeSnippet } from '../search/snippet.js';
import type { TermStats } from '../search/termStats.js';
import { ResidentVectors } from '../search/vectors/residentVectors.js';
import { getModel, listModels } from '../search/vectors/vecStore.js';
import { isLexError, LexError } from '../util/errors.js';
import { DEFAULT_EMBEDDING_MODEL, DEFAULT_RERANKER, modelsDir } from '../util/paths.js';
import { RetryingLoad } from './retryingLoad.js';

/**
 * lexical: BM25 with citations first; dense: the embedding's neighbours; fused: RRF of both
 * (no label memory, no reranker); hybrid: both plus the label memory, learned reranker
 * and, when configured, a cross-encoder over the leading results.
 */
export type RetrievalMode = 'lexical' | 'dense' | 'fused' | 'hybrid';

export interface RetrievalOptions {
  /** Default: hybrid when the library has vectors for the embedding model, else lexical. */
  mode?: RetrievalMode;
  limit?: number;
  filters?: SearchFilters;
  /**
   * Search the words exactly as typed. By default the retrievers also search
   * the statute terms for everyday words in the query (工资 → 劳动报酬; layTerms.ts).
   */
  literal?: boolean;
}

export interface ModelOptions {
  /** Embedding model folder (default: the shipped lexdesk-hashgram-v1). */
  modelDir?: string;
  /** Learned reranker folder (default: the shipped lexdesk-reranker-v1; used with the default model only). */
  rerankerDir?: string | null;
  /**
   * A cross-encoder folder (e.g. bge-reranker-v2-m3 exported to ONNX): when
   * given, it rescores the top CROSS_ENCODER_DEPTH hybrid results last.
   */
  crossEncoderDir?: string;
  providers?: ProviderName[];
  /**
   * An embedding model behind an OpenAI-compatible /v1/embeddings endpoint, instead of
   * the model folder (for a GPU on another machine). Its vectors come from `lexdesk embed`
   * with the same endpoint, model and prefixes; hybrid search then fuses without the
   * shipped reranker, whose features were learned with the shipped model.
   */
  httpEmbedding?: HttpEmbedderOptions;
  /**
   * Hold the library's vectors in memory for dense search (loaded in the
   * background on first use; residentVectors.ts). Default true; a process that
   * answers a single query is better served by sqlite-vec alone.
   */
  residentVectors?: boolean;
  /**
   * The embedding model (or cross-encoder) was named by the user (lexdesk search --model …): a search
   * without a mode fails, saying how to embed, when the model cannot load or the library has no vectors
   * for it, instead of quietly searching lexically. The quiet fallback is for the default model on a
   * library not embedded yet.
   */
  required?: boolean;
  /**
   * How long a model that failed to load is not tried again (default MODEL_RETRY_MS): the searches
   * in that time get its error (or, without a mode, search lexically) at once; the next one loads again.
   */
  retryLoadAfterMs?: number;
}

/** A failed model load is tried again on the first search at least this long after it (a server may be back by then). */
export const MODEL_RETRY_MS = 10_000;

/** The mode a search without one uses, and why it is lexical when the library has vectors. */
export interface ModeChoice {
  mode: RetrievalMode;
  /** Set when the search falls back to lexical although the library has vectors: the model did not load, or the library has none for it. */
  note: string | null;
  /** Set when the library has articles and no vectors at all (never embedded): how to get hybrid search. */
  hint?: string;
}

/**
 * The label memory proposes articles only for queries at least this similar
 * (tf-idf cosine) to a labelled training question: a query unlike all of them
 * (about the least similar 12% of stard-train, and most everyday wording
 * outside it) otherwise gets articles of unrelated questions at the top.
 * The reranker is trained without this floor; see README for the measurement.
 */
export const MIN_MEMORY_SIMILARITY = 0.15;

/** The statute terms the retrievers search besides the query's own words: those for its everyday words and doctrine names, none when literal. */
export function addedTerms(text: string, opts: Pick<RetrievalOptions, 'literal'> = {}): string[] {
  return opts.literal ? [] : layTermExpansion(text);
}

/** The statute terms the reranker's text features read besides the query: those of its doctrine names and of the client's question (layTerms.ts QUESTION_TERMS; GatherOptions.featureTerms). */
export function featureTerms(text: string, opts: Pick<RetrievalOptions, 'literal'> = {}): string[] {
  return opts.literal ? [] : featureTermExpansion(text);
}

/** Lazily loaded models and the search modes built on them. */
export class Retrieval {
  private readonly embedder: RetryingLoad<TextEmbedder>;
  private readonly reranker: RetryingLoad<LearnedReranker | null>;
  private readonly crossEncoder: RetryingLoad<PairScorer>;
  private resident: ResidentVectors | null = null;
  readonly modelDir: string;
  readonly crossEncoderDir: string | null;

  constructor(
    private readonly db: Db,
    private readonly resolver: () => CitationResolver,
    private readonly stats: (scope: FtsScope) => TermStats,
    private readonly opts: ModelOptions = {},
  ) {
    this.modelDir = opts.modelDir ?? path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL);
    this.crossEncoderDir = opts.crossEncoderDir ?? null;
    const retryAfter = opts.retryLoadAfterMs ?? MODEL_RETRY_MS;
    this.embedder = new RetryingLoad(retryAfter);
    this.reranker = new RetryingLoad(retryAfter);
    this.crossEncoder = new RetryingLoad(retryAfter);
  }

  /** What embeds queries: the endpoint and model when one is set, else the model folder. */
  get embeddingInUse(): string {
    const http = this.opts.httpEmbedding;
    return http ? `${http.model} @ ${displayURL(http.baseURL)}` : this.modelDir;
  }

  /** The id an endpoint's vectors are stored under, known without contacting it; null for a model folder (whose id needs the model read). */
  get endpointModelId(): string | null {
    const http = this.opts.httpEmbedding;
    return http ? httpModelId(http.model, http.queryPrefix ?? '', http.documentPrefix ?? '') : null;
  }

  /** The configured cross-encoder (loaded on first use), or null when none is set. */
  loadCrossEncoder(): Promise<PairScorer> | null {
    if (!this.crossEncoderDir) return null;
    const dir = this.crossEncoderDir;
    return this.crossEncoder.get(() => loadReranker(dir, this.opts.providers).catch((err: unknown) => {
      if (!isLexError(err)) throw err;
      throw new LexError(err.code, `Cross-encoder: ${err.message} (give another folder with --cross-encoder, or change or clear it in Settings → Models)`, err.details);
    }));
  }

  /** The embedding model, loaded on first use; a failed load is tried again after `retryLoadAfterMs`. */
  loadEmbedder(): Promise<TextEmbedder> {
    const http = this.opts.httpEmbedding;
    return this.embedder.get(() => loadEmbedder(http ? { kind: 'http', ...http } : { kind: 'onnx', dir: this.modelDir, providers: this.opts.providers }));
  }

  /** The embedding model, refused with the command that embeds the library when the library has no vectors for it. */
  private async embeddedModel(): Promise<TextEmbedder> {
    const embedder = await this.loadEmbedder();
    if ((getModel(this.db, embedder.id)?.articleCount ?? 0) > 0) return embedder;
    throw new LexError('library-not-embedded', `The library has no vectors for ${embedder.id}: run ${this.embedCommand()} first (or search with --mode lexical).`);
  }

  private hasArticles(): boolean {
    return this.db.prepare('SELECT 1 FROM articles LIMIT 1').get() !== undefined;
  }

  /** The command that embeds the library with the model in use (same folder, or same endpoint and model). */
  private embedCommand(): string {
    const http = this.opts.httpEmbedding;
    if (http) return `lexdesk embed --http-base ${quoted(displayURL(http.baseURL))} --http-model ${quoted(http.model)}${http.queryPrefix || http.documentPrefix ? ' (with the same prefixes)' : ''}`;
    return this.opts.modelDir ? `lexdesk embed --model ${quoted(this.modelDir)}` : 'lexdesk embed';
  }

  private loadReranker(): Promise<LearnedReranker | null> {
    const dir = this.opts.rerankerDir === undefined ? this.defaultRerankerDir() : this.opts.rerankerDir;
    return this.reranker.get(() => (dir && fs.existsSync(dir) ? LearnedReranker.load(dir) : Promise.resolve(null)));
  }

  /** The shipped reranker's features were learned with the shipped embedding model only. */
  private defaultRerankerDir(): string | null {
    const shipped = path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL);
    if (this.opts.httpEmbedding) return null;
    return path.resolve(this.modelDir) === path.resolve(shipped) ? path.join(modelsDir(), DEFAULT_RERANKER) : null;
  }

  /** The mode to use when none is asked for: hybrid once the library is embedded with the model. */
  async defaultMode(): Promise<RetrievalMode> {
    return (await this.chooseMode()).mode;
  }

  /**
   * The mode to use when none is asked for, and why it is lexical when the library has vectors.
   * A model named by the user (`required`) that cannot load or has no vectors fails instead.
   */
  async chooseMode(): Promise<ModeChoice> {
    if (this.opts.required) {
      await this.embeddedModel();
      return { mode: 'hybrid', note: null };
    }
    // Cheap check first: a library never embedded needs no model loaded to answer.
    if (listModels(this.db).every((m) => m.articleCount === 0)) {
      const hint = `the library has no vectors yet, so search is by words only; ${this.embedCommand()} builds them (about 20 s for the national library with the shipped model) for hybrid search`;
      return { mode: 'lexical', note: null, ...(this.hasArticles() ? { hint } : {}) };
    }
    const lexical = (note: string): ModeChoice => ({ mode: 'lexical', note: `${note}; searched by words only (--mode lexical)` });
    if (!this.opts.httpEmbedding && !fs.existsSync(this.modelDir)) return lexical(`no embedding model at ${this.modelDir}`);
    let embedder: TextEmbedder;
    try {
      embedder = await this.loadEmbedder();
    } catch (err) {
      // Tried again on a search after retryLoadAfterMs (a server that was down may be up by then).
      return lexical(`the embedding model did not load: ${err instanceof Error ? err.message : String(err)}`);
    }
    if ((getModel(this.db, embedder.id)?.articleCount ?? 0) > 0) return { mode: 'hybrid', note: null };
    return lexical(`the library has no vectors for ${embedder.id} (run ${this.embedCommand()})`);
  }

  rank(text: string, opts: RetrievalOptions = {}): Promise<RankedCandidate[]> {
    return this.rankSearching(text, addedTerms(text, opts), opts);
  }

  /** `rank` with the statute terms added to the query already found (none when literal); a law named at the head of the query first (namedScope.ts). */
  private async rankSearching(text: string, terms: string[], opts: RetrievalOptions): Promise<RankedCandidate[]> {
    const ranked = await this.rankInMode(text, terms, opts);
    const scope = opts.filters?.law ? [] : scopeLaws(text, this.resolver().names);
    return scopeLawsFirst(this.db, ranked, scope);
  }

  private async rankInMode(text: string, terms: string[], opts: RetrievalOptions): Promise<RankedCandidate[]> {
    const mode = opts.mode ?? (await this.defaultMode());
    const limit = opts.limit ?? 10;
    const filters = opts.filters ?? {};
    if (mode === 'lexical') return rankArticles(this.db, this.resolver(), this.stats, withTerms(text, terms), { limit, filters });
    const embedder = await this.embeddedModel();
    const dense = new VecDenseRetriever(this.db, embedder, this.residentVectors(embedder.id));
    const deps = { db: this.db, resolver: this.resolver(), stats: this.stats, dense };
    if (mode === 'dense') return hybridRank({ ...deps, reranker: null }, text, filters, limit, { only: 'dense', terms });
    if (mode === 'fused') return hybridRank({ ...deps, reranker: null }, text, filters, limit, { terms });
    // Loaded first, so a broken cross-encoder folder fails the search before any work is done.
    const crossEncoder = await this.loadCrossEncoder();
    const depth = crossEncoder ? Math.max(limit, CROSS_ENCODER_DEPTH) : limit;
    const ranked = await hybridRank({ ...deps, reranker: await this.loadReranker() }, text, filters, depth, {
      terms, featureTerms: featureTerms(text, opts), minMemorySimilarity: MIN_MEMORY_SIMILARITY,
    });
    return crossEncoder ? (await crossEncode(this.db, crossEncoder, text, ranked)).slice(0, limit) : ranked;
  }

  /** The words a search for `text` looks for: the query's own and the statute terms added for its everyday words (none when literal). */
  searchedTerms(text: string, opts: Pick<RetrievalOptions, 'literal'> = {}): string[] {
    return queryTerms(withTerms(text, addedTerms(text, opts)));
  }

  async search(text: string, opts: RetrievalOptions = {}): Promise<SearchHit[]> {
    const ranked = await this.rankSearching(text, addedTerms(text, opts), opts);
    const articles = new Map(getArticles(this.db, ranked.map((r) => r.id)).map((a) => [a.id, a]));
    // The added statute terms are marked in the snippets too.
    const terms = this.searchedTerms(text, opts);
    return ranked.flatMap((r) => {
      const article = articles.get(r.id);
      return article ? [{ article, score: r.score, matchedBy: r.matchedBy, snippet: makeSnippet(article.text, terms) }] : [];
    });
  }

  /** The copy of the embedding model's vectors held in memory (one model per Retrieval); null when turned off. */
  private residentVectors(modelId: string): ResidentVectors | null {
    if (this.opts.residentVectors === false) return null;
    this.resident ??= new ResidentVectors(this.db, modelId);
    return this.resident;
  }

  /**
   * Loads the embedding model and the copy of its vectors held in memory, so
   * the next dense or hybrid search needs neither; false when the library has
   * no vectors for the model, the copy would exceed its memory budget, or
   * resident vectors are off (searches then use sqlite-vec).
   */
  async warmVectors(): Promise<boolean> {
    if ((await this.defaultMode()) === 'lexical') return false;
    const embedder = await this.loadEmbedder();
    if (!this.embedder.held) return false; // closed meanwhile
    return (await this.residentVectors(embedder.id)?.ready()) ?? false;
  }

  /** Releases the loaded models; safe to call more than once (a later search loads them again). */
  async close(): Promise<void> {
    await this.resident?.close();
    this.resident = null;
    const loaded: Array<Promise<{ close(): Promise<void> } | null> | null> = [this.embedder.take(), this.reranker.take(), this.crossEncoder.take()];
    for (const model of loaded) await (model ? await model.catch(() => null) : null)?.close();
  }
}

/** A path or name as one shell word, for commands shown in messages. */
function quoted(word: string): string {
  return /^[\w./:@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
