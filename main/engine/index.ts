import { openDatabase, type Db } from '../db/open.js';
import { getArticles, type StatuteArticle } from '../library/articles.js';
import { CitationResolver, type ResolveResult, type VersionChoice } from '../library/citation/resolver.js';
import { importPath, libraryCounts, type ImportPathOptions, type ImportSummary, type LibraryCounts } from '../library/import/index.js';
import { neighboursOf, versionsOf, type ArticleContext } from '../library/context.js';
import type { FtsScope } from '../search/ftsTables.js';
import { TermStats } from '../search/termStats.js';
import { rankArticles, searchArticles, type SearchHit, type SearchOptions } from '../search/index.js';

export interface EngineOptions {
  dbPath: string;
  readonly?: boolean;
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
  context(article: StatuteArticle): ArticleContext;
  articles(ids: number[]): StatuteArticle[];
  counts(): LibraryCounts;
  close(): void;
}

export function createEngine(opts: EngineOptions): Engine {
  const db = openDatabase(opts.dbPath, { readonly: opts.readonly });
  let resolver: CitationResolver | null = null;
  let stats: Partial<Record<FtsScope, TermStats>> = {};
  const citations = () => (resolver ??= new CitationResolver(db));
  const termStats = (scope: FtsScope) => (stats[scope] ??= new TermStats(db, scope));
  return {
    db,
    dbPath: opts.dbPath,
    async importPath(target, importOpts) {
      const summary = await importPath(db, target, importOpts);
      resolver = null;
      stats = {};
      return summary;
    },
    search: (text, searchOpts) => searchArticles(db, citations(), termStats, text, searchOpts),
    rank: (text, searchOpts) => rankArticles(db, citations(), termStats, text, searchOpts).map((r) => r.id),
    lookup: (citation, choice) => citations().lookup(citation, choice),
    context: (article) => ({ neighbours: neighboursOf(db, article), versions: versionsOf(db, article) }),
    articles: (ids) => getArticles(db, ids),
    counts: () => libraryCounts(db),
    close: () => db.close(),
  };
}
