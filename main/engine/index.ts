import { savedChangedSince, savedStanding } from '../library/saved/index.js';
import { openDatabase, type Db } from '../db/open.js';
import { getArticles, type StatuteArticle } from '../library/articles.js';
import { CitationResolver, type ResolveResult, type VersionChoice } from '../library/citation/resolver.js';
import { importPath, libraryCounts, type ImportPathOptions, type ImportSummary, type LibraryCounts } from '../library/import/index.js';
import { neighboursOf, type ArticleContext } from '../library/context.js';
import { replacementOf } from '../library/versions/replacedBy.js';
import { articleVersions } from '../library/versions/counterparts.js';
import { lawFilterMatches, withLawNames } from '../search/filters.js';
import { textRevision, type FtsScope } from '../search/ftsTables.js';
import { ResidentPostings } from '../search/residentPostings.js';
import { TermStats } from '../search/termStats.js';
import { Retrieval, type ModelOptions } from './retrieval.js';
import { rankArticles, searchArticles, type SearchHit, type SearchOptions } from '../search/index.js';
import { refreshDateLists, shadowStaleDateLists } from '../library/versions/repealTable.js';
import { libraryCoverage, type LibraryCoverage } from '../library/coverage.js';

export interface EngineOptions {
  dbPath: string;
  readonly?: boolean;
  /** Create the library file when missing (default true unless readonly); false refuses a missing file. */
  create?: boolean;
  /** Embedding model, reranker and execution providers for dense and hybrid search. */
  models?: ModelOptions;
}

/**
 * The LexDesk engine: one facade over the library, search and lookup that the
 * CLI, the browser host, the Electron host and the tests all compose. It never
 * imports Electron.
 */
export interface Engine {
  readonly db: Db;
  readonly dbPath: string;
  importPath(target: string, opts?: ImportPathOptions): Promise<ImportSummary>;
  search(text: string, opts?: SearchOptions): SearchHit[];
  rank(text: string, opts?: SearchOptions): number[];
  lookup(citation: string, choice?: VersionChoice): ResolveResult;
  /** Every article the input cites (民法典第1165、1166条; a range with what lies inside it), or lookup's one answer. */
  lookupAll(citations: string, choice?: VersionChoice): ResolveResult[];
  /** Neighbours, versions and, for a repealed document's article, what replaced it (as of `asOf`, when given: what was in force then). */
  context(article: StatuteArticle, asOf?: string): ArticleContext;
  articles(ids: number[]): StatuteArticle[];
  counts(): LibraryCounts;
  /** How far the library's texts reach (its newest text, each province pack's, the last import): what 现行有效 is as of. */
  coverage(): LibraryCoverage;
  /** For a law filter that names no law in the library: the nearest law names, for "did you mean" (maybe none). Null when some law matches. */
  unknownLawFilter(law: string): string[] | null;
  /** Lexical, dense and hybrid retrieval (models load on first use). */
  readonly retrieval: Retrieval;
  /** The pieces search is made of, for the hybrid ranker and training. */
  searchDeps(): { db: Db; resolver: CitationResolver; stats: (scope: FtsScope) => TermStats };
  /**
   * Loads the full-text indexes (national, and the province packs' when installed) into
   * memory, in the background and in slices, and keeps them up to date from then on, so
   * lexical scoring no longer waits on FTS5 (residentPostings.ts); for long-running
   * processes. False when the national index could not be loaded.
   */
  warmIndex(): Promise<boolean>;
  /**
   * For a long-running host (the app's engine process, `lexdesk serve`, an interactive
   * consultation): starts loading the full-text index, the embedding model and its vectors
   * in the background, so the first search finds them ready. Until then searches use FTS5
   * and sqlite-vec, and a model that fails to load shows its error on the search that needs it.
   */
  holdInMemory(): void;
  close(): void;
}

export function createEngine(opts: EngineOptions): Engine {
  const db = openDatabase(opts.dbPath, { readonly: opts.readonly, create: opts.create });
  // A library an earlier version imported has its repeals and origins listed on its first writable opening, and made
  // for the connection alone when opened read-only before that (repealTable.ts).
  if (opts.readonly) shadowStaleDateLists(db);
  else refreshDateLists(db);
  // Both caches follow the library's text revision, so an import by another process (the CLI beside the app) is seen at once.
  let resolver: { revision: string; resolver: CitationResolver } | null = null;
  let stats: Partial<Record<FtsScope, TermStats>> = {};
  const citations = () => {
    const revision = textRevision(db);
    if (resolver?.revision !== revision) resolver = { revision, resolver: new CitationResolver(db) };
    return resolver.resolver;
  };
  const postings: Record<FtsScope, ResidentPostings> = { national: new ResidentPostings(db, 'national'), local: new ResidentPostings(db, 'local') };
  const termStats = (scope: FtsScope) => {
    const cached = stats[scope];
    if (cached && cached.revision === textRevision(db)) return cached;
    return (stats[scope] = new TermStats(db, scope, postings[scope]));
  };
  const retrieval = new Retrieval(db, citations, termStats, opts.models);
  const warmIndex = async () => {
    // The province index too, when packs are installed (an empty one is not held).
    const [national] = await Promise.all([postings.national.ready(), postings.local.ready()]);
    return national;
  };
  return {
    db,
    dbPath: opts.dbPath,
    async importPath(target, importOpts) {
      // How the saved articles stand before, to say afterwards which of them this import changed.
      const before = savedStanding(db);
      const summary = await importPath(db, target, importOpts);
      resolver = null;
      stats = {};
      return { ...summary, savedChanged: savedChangedSince(db, before) };
    },
    search: (text, searchOpts) => searchArticles(db, citations(), termStats, text, searchOpts),
    rank: (text, searchOpts) => rankArticles(db, citations(), termStats, text, searchOpts).map((r) => r.id),
    lookup: (citation, choice) => citations().lookup(citation, choice),
    lookupAll: (text, choice) => citations().lookupAll(text, choice),
    context: (article, asOf) => ({ neighbours: neighboursOf(db, article), versions: articleVersions(db, article), replacedBy: replacementOf(db, article, asOf) }),
    articles: (ids) => getArticles(db, ids),
    counts: () => libraryCounts(db),
    coverage: () => libraryCoverage(db),
    unknownLawFilter(law) {
      if (lawFilterMatches(db, withLawNames({ law }, citations().names))) return null;
      // A law's short name is enough for a filter: 劳动合同法, not also 中华人民共和国劳动合同法.
      const near = citations().names.similarNames(law, 10);
      const PRC = '中华人民共和国';
      return near.filter((name) => !(name.startsWith(PRC) && near.includes(name.slice(PRC.length)))).slice(0, 5);
    },
    searchDeps: () => ({ db, resolver: citations(), stats: termStats }),
    retrieval,
    warmIndex,
    holdInMemory() {
      void warmIndex().catch(() => false);
      void retrieval.warmVectors().catch(() => false);
    },
    close: () => {
      void retrieval.close();
      void postings.national.close();
      void postings.local.close();
      db.close();
    },
  };
}
