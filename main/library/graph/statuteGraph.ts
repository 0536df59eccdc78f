import type { Db } from '../../db/open.js';
import type { CitationResolver } from '../citation/resolver.js';
import { extractLinks, type ArticleForLinks, type ArticleLink } from './extractLinks.js';

/** The library state the graph was built for: the last import. */
function libraryGeneration(db: Db): string {
  const row = db.prepare('SELECT max(id) AS id FROM import_log').get() as { id: number | null };
  return String(row.id ?? 0);
}

export function graphIsCurrent(db: Db): boolean {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'graph_generation'").get() as { value: string } | undefined;
  return row?.value === libraryGeneration(db);
}

/**
 * Builds the statute graph when the library changed since it was last built
 * (lazily, on first use: about a second per 10k articles). Read-only
 * libraries keep whatever graph they have.
 */
export function ensureStatuteGraph(db: Db, resolver: CitationResolver): { built: boolean; links: number } {
  if (db.readonly || graphIsCurrent(db)) return { built: false, links: countLinks(db) };
  const links = collectLinks(db, resolver);
  const insert = db.prepare('INSERT OR IGNORE INTO article_links (from_article, to_article, kind) VALUES (?, ?, ?)');
  db.transaction(() => {
    db.exec('DELETE FROM article_links');
    for (const l of links) insert.run(l.from, l.to, l.kind);
    db.prepare("INSERT INTO meta (key, value) VALUES ('graph_generation', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(libraryGeneration(db));
  })();
  return { built: true, links: countLinks(db) };
}

function countLinks(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM article_links').get() as { n: number }).n;
}

function collectLinks(db: Db, resolver: CitationResolver): ArticleLink[] {
  const rows = db
    .prepare(
      `SELECT a.id, d.law_id AS lawId, a.document_id AS documentId, COALESCE(d.publish_date, '') AS publish, d.level,
              a.number, a.sub_number AS subNumber, a.text
         FROM articles a JOIN documents d ON d.id = a.document_id
        WHERE a.kind = 'article'
        ORDER BY a.document_id, a.ordinal`,
    )
    .all() as ArticleForLinks[];
  const byVersion = new Map<string, number>();
  for (const r of rows) byVersion.set(`${r.lawId}|${r.publish}|${r.number}|${r.subNumber}`, r.id);
  const sameVersion = (lawId: number, publish: string, n: number, sub: number) => byVersion.get(`${lawId}|${publish}|${n}|${sub}`);
  const links: ArticleLink[] = [];
  let previous: ArticleForLinks | undefined;
  for (const r of rows) {
    const prevId = previous && previous.documentId === r.documentId ? previous.id : undefined;
    links.push(...extractLinks(r, prevId, resolver, sameVersion));
    previous = r;
  }
  return links;
}

export interface LinkedArticle {
  articleId: number;
  kind: ArticleLink['kind'];
}

/** Articles this one cites. */
export function referencesOf(db: Db, articleId: number): LinkedArticle[] {
  return db.prepare('SELECT to_article AS articleId, kind FROM article_links WHERE from_article = ?').all(articleId) as LinkedArticle[];
}

/** Articles that cite or interpret this one. */
export function referencedBy(db: Db, articleId: number): LinkedArticle[] {
  return db.prepare('SELECT from_article AS articleId, kind FROM article_links WHERE to_article = ?').all(articleId) as LinkedArticle[];
}
