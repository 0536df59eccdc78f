import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/open.js';
import { getArticles } from '../library/articles.js';
import type { CitationResolver } from '../library/citation/resolver.js';
import { loadEmbedder } from '../models/index.js';
import type { ProviderName } from '../models/providers.js';
import type { TextEmbedder } from '../models/types.js';
import type { FtsScope } from '../search/ftsTables.js';
import { hybridRank, type RankedCandidate } from '../search/hybrid/hybridRank.js';
import { LearnedReranker } from '../search/hybrid/learnedReranker.js';
import { VecDenseRetriever } from '../search/hybrid/vecDense.js';
import { rankArticles, type SearchFilters, type SearchHit } from '../search/index.js';
import { queryTerms } from '../search/lexical.js';
import { makeSnippet } from '../search/snippet.js';
import type { TermStats } from '../search/termStats.js';
import { getModel, listModels } from '../search/vectors/vecStore.js';
import { DEFAULT_EMBEDDING_MODEL, DEFAULT_RERANKER, modelsDir } from '../util/paths.js';

/**
 * lexical: BM25 with citations first; dense: the embedding's neighbours; fused: RRF of both
 * (no label memory, no reranker); hybrid: both plus the label memory, learned reranker.
 */
export type RetrievalMode = 'lexical' | 'dense' | 'fused' | 'hybrid';

export interface RetrievalOptions {
  /** Default: hybrid when the library has vectors for the embedding model, else lexical. */
  mode?: RetrievalMode;
  limit?: number;
  filters?: SearchFilters;
}

export interface ModelOptions {
  /** Embedding model folder (default: the shipped lexdesk-hashgram-v1). */
  modelDir?: string;
  /** Learned reranker folder (default: the shipped lexdesk-reranker-v1; used with the default model only). */
  rerankerDir?: string | null;
  providers?: ProviderName[];
}

/** Lazily loaded models and the search modes built on them. */
export class Retrieval {
  private embedder: Promise<TextEmbedder> | null = null;
  private reranker: Promise<LearnedReranker | null> | null = null;
  readonly modelDir: string;

  constructor(
    private readonly db: Db,
    private readonly resolver: () => CitationResolver,
    private readonly stats: (scope: FtsScope) => TermStats,
    private readonly opts: ModelOptions = {},
  ) {
    this.modelDir = opts.modelDir ?? path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL);
  }

  loadEmbedder(): Promise<TextEmbedder> {
    this.embedder ??= loadEmbedder({ kind: 'onnx', dir: this.modelDir, providers: this.opts.providers });
    return this.embedder;
  }

  private loadReranker(): Promise<LearnedReranker | null> {
    const dir = this.opts.rerankerDir === undefined ? this.defaultRerankerDir() : this.opts.rerankerDir;
    this.reranker ??= dir && fs.existsSync(dir) ? LearnedReranker.load(dir) : Promise.resolve(null);
    return this.reranker;
  }

  /** The shipped reranker's features were learned with the shipped embedding model only. */
  private defaultRerankerDir(): string | null {
    const shipped = path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL);
    return path.resolve(this.modelDir) === path.resolve(shipped) ? path.join(modelsDir(), DEFAULT_RERANKER) : null;
  }

  /** The mode to use when none is asked for: hybrid once the library is embedded with the model. */
  async defaultMode(): Promise<RetrievalMode> {
    if (!fs.existsSync(this.modelDir)) return 'lexical';
    // Cheap check first: a library never embedded needs no model loaded to answer.
    if (listModels(this.db).every((m) => m.articleCount === 0)) return 'lexical';
    const embedder = await this.loadEmbedder();
    return (getModel(this.db, embedder.id)?.articleCount ?? 0) > 0 ? 'hybrid' : 'lexical';
  }

  async rank(text: string, opts: RetrievalOptions = {}): Promise<RankedCandidate[]> {
    const mode = opts.mode ?? (await this.defaultMode());
    const limit = opts.limit ?? 10;
    const filters = opts.filters ?? {};
    if (mode === 'lexical') return rankArticles(this.db, this.resolver(), this.stats, text, { limit, filters });
    const dense = new VecDenseRetriever(this.db, await this.loadEmbedder());
    const deps = { db: this.db, resolver: this.resolver(), stats: this.stats, dense };
    if (mode === 'dense') return hybridRank({ ...deps, reranker: null }, text, filters, limit, 'dense');
    if (mode === 'fused') return hybridRank({ ...deps, reranker: null }, text, filters, limit);
    return hybridRank({ ...deps, reranker: await this.loadReranker() }, text, filters, limit);
  }

  async search(text: string, opts: RetrievalOptions = {}): Promise<SearchHit[]> {
    const ranked = await this.rank(text, opts);
    const articles = new Map(getArticles(this.db, ranked.map((r) => r.id)).map((a) => [a.id, a]));
    const terms = queryTerms(text);
    return ranked.flatMap((r) => {
      const article = articles.get(r.id);
      return article ? [{ article, score: r.score, matchedBy: r.matchedBy, snippet: makeSnippet(article.text, terms) }] : [];
    });
  }

  async close(): Promise<void> {
    const embedder = this.embedder ? await this.embedder.catch(() => null) : null;
    await embedder?.close();
    const reranker = this.reranker ? await this.reranker.catch(() => null) : null;
    await reranker?.close();
  }
}
