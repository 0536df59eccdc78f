import type { Db } from '../../db/open.js';
import type { CitationResolver } from '../citation/resolver.js';
import { extractLinks, type ArticleForLinks, type ArticleLink, type LinkKind } from './extractLinks.js';

/**
 * How links are found. A library whose graph was built by another version is
 * rebuilt on first use. 2: items and 序言 link too, amendments are 'amends',
 * citations mean the version in force when the citing text took effect. 3: numbers
 * sharing one 条 (第十、十一条) and a range's far end written without 第 (第十条至十五条) link too.
 */
const GRAPH_VERSION = '3';

/** The library state the graph was built for: the last import, and the way links are found. */
function libraryGeneration(db: Db): string {
  const row = db.prepare('SELECT max(id) AS id FROM import_log').get() as { id: number | null };
  return `${row.id ?? 0}/v${GRAPH_VERSION}`;
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
  const insert = db.prepare('INSERT OR IGNORE INTO article_links (from_article, to_article, kind, verified) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    db.exec('DELETE FROM article_links');
    for (const l of links) insert.run(l.from, l.to, l.kind, l.verified ? 1 : 0);
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
      `SELECT a.id, d.law_id AS lawId, l.title AS lawTitle, a.document_id AS documentId, a.kind,
              COALESCE(d.publish_date, '') AS publish, COALESCE(d.effective_date, '') AS effective, d.level,
              a.number, a.sub_number AS subNumber, a.text
         FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
        ORDER BY a.document_id, a.ordinal`,
    )
    .all() as ArticleForLinks[];
  // 本法第N条 means a 第N条; items (一、二、) and 序言 have no such number.
  const byVersion = new Map<string, number>();
  for (const r of rows) if (r.kind === 'article') byVersion.set(`${r.lawId}|${r.publish}|${r.number}|${r.subNumber}`, r.id);
  const sameVersion = (lawId: number, publish: string, n: number, sub: number) => byVersion.get(`${lawId}|${publish}|${n}|${sub}`);
  const links: ArticleLink[] = [];
  let previous: ArticleForLinks | undefined;
  for (const r of rows) {
    const follows = previous && previous.documentId === r.documentId && previous.kind !== 'preamble' && r.kind !== 'preamble';
    links.push(...extractLinks(r, follows ? previous?.id : undefined, resolver, sameVersion));
    previous = r;
  }
  return links;
}

export interface LinkedArticle {
  articleId: number;
  kind: LinkKind;
  /** See ArticleLink.verified: false when the cited numbering could not be checked against the version then in force. */
  verified: boolean;
}

interface LinkRow {
  articleId: number;
  kind: LinkKind;
  verified: number;
}

function toLinked(rows: LinkRow[]): LinkedArticle[] {
  return rows.map((r) => ({ articleId: r.articleId, kind: r.kind, verified: r.verified === 1 }));
}

/** Articles this one cites (or amends), checked links first. */
export function referencesOf(db: Db, articleId: number): LinkedArticle[] {
  const rows = db.prepare('SELECT to_article AS articleId, kind, verified FROM article_links WHERE from_article = ? ORDER BY verified DESC').all(articleId);
  return toLinked(rows as LinkRow[]);
}

/** Articles that cite, interpret or amend this one, checked links first. */
export function referencedBy(db: Db, articleId: number): LinkedArticle[] {
  const rows = db.prepare('SELECT from_article AS articleId, kind, verified FROM article_links WHERE to_article = ? ORDER BY verified DESC').all(articleId);
  return toLinked(rows as LinkRow[]);
}
