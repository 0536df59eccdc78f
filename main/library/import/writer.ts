import type { Db } from '../../db/open.js';
import { bumpTextRevision, FTS_TABLE, scopeOf, type FtsScope } from '../../search/ftsTables.js';
import { segmentForIndex, toIndexText } from '../../search/segment.js';
import type { ParsedArticle } from '../types.js';
import { sha1 } from './hashing.js';
import { sameDocumentTitle, sameVersion, type NamedCopyRow } from './sameDocument.js';
import type { SourceDocument, SourceScope } from './sourceDocument.js';

export type WriteOutcome = 'added' | 'updated' | 'unchanged';

interface WriteResult {
  outcome: WriteOutcome;
  documentId: number;
  articlesWritten: number;
}

/**
 * Bump when the importer derives documents differently (dates, provinces, statuses).
 * It is part of every stored content hash, so on the next import each document
 * counts as changed and is written again, even from an unchanged file; a document
 * whose articles are the same keeps them (and their vectors) and gets new facts only.
 *   1: the first importer; 2: effective dates from the 施行 clause (else unknown), pack folders keep their province;
 *   3: more dates of effect read from the texts (lawRefBook/dateOfEffect.ts: 起执行, 自发布/颁布之日起, a text revised as a whole).
 */
const IMPORTER_VERSION = 3;

interface ExistingDocumentRow {
  id: number;
  law_id: number;
  content_hash: string;
  province: string;
  subtitle: string | null;
}

/** Another document of the same law and publish date (a part of the version, or a copy of it). */
interface SameVersionRow {
  id: number;
  source: string;
  path: string;
  province: string;
}

/** Writes documents and their articles (and FTS rows) with prepared statements. */
export class LibraryWriter {
  private readonly stmts;
  /** Ids of the articles this writer deleted (SQLite may give them to new articles). */
  readonly removedArticleIds: number[] = [];

  constructor(private readonly db: Db) {
    this.stmts = {
      findLaw: db.prepare('SELECT id FROM laws WHERE title = ? AND province = ?'),
      insertLaw: db.prepare('INSERT INTO laws (title, short_name, level, province) VALUES (?, ?, ?, ?)'),
      updateLaw: db.prepare('UPDATE laws SET short_name = ?, level = ? WHERE id = ?'),
      findDocument: db.prepare('SELECT id, law_id, content_hash, province, subtitle FROM documents WHERE source = ? AND path = ?'),
      lawNames: db.prepare('SELECT title, short_name FROM laws WHERE id = ?'),
      sameVersion: db.prepare(
        `SELECT d.id, d.source, d.path, d.province FROM documents d JOIN laws l ON l.id = d.law_id
          WHERE l.title = ? AND l.province = ? AND d.publish_date IS ? AND d.article_count = ? AND NOT (d.source = ? AND d.path = ?)`,
      ),
      namedCopies: db.prepare(
        `SELECT d.id, d.source, d.path, d.province, l.title, d.publish_date, d.effective_date FROM documents d JOIN laws l ON l.id = d.law_id
          WHERE d.source = ? AND d.province = ? AND d.article_count = ? AND d.path != ? AND NOT (l.title = ? AND d.publish_date IS ?)`,
      ),
      upsertAlias: db.prepare(
        `INSERT INTO law_aliases (law_id, title, source, path) VALUES (?, ?, ?, ?)
           ON CONFLICT (source, path) DO UPDATE SET law_id = excluded.law_id, title = excluded.title`,
      ),
      deleteAlias: db.prepare('DELETE FROM law_aliases WHERE source = ? AND path = ?'),
      moveAliases: db.prepare('UPDATE law_aliases SET law_id = ? WHERE law_id = ?'),
      historyOf: db.prepare('SELECT history FROM documents WHERE id = ?').pluck(),
      fillHistory: db.prepare("UPDATE documents SET history = ? WHERE id = ? AND history = '[]'"),
      lawOf: db.prepare('SELECT law_id FROM documents WHERE id = ?').pluck(),
      articleTexts: db.prepare('SELECT label, text FROM articles WHERE document_id = ? ORDER BY ordinal').raw(),
      storedArticles: db.prepare('SELECT hash, kind, paragraphs, notes FROM articles WHERE document_id = ? ORDER BY ordinal'),
      documentsOf: db.prepare('SELECT id, province FROM documents WHERE source = ? AND province = ?'),
      deleteDocument: db.prepare('DELETE FROM documents WHERE id = ?'),
      deleteEmptyLaws: db.prepare('DELETE FROM laws WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.law_id = laws.id)'),
      insertDocument: db.prepare(
        `INSERT INTO documents (law_id, source, path, subtitle, level, category, province, publish_date,
           effective_date, expired_flag, history, preamble, content_hash, article_count)
         VALUES (@lawId, @source, @path, @subtitle, @level, @category, @province, @publishDate,
           @effectiveDate, @expiredFlag, @history, @preamble, @contentHash, @articleCount)`,
      ),
      updateDocument: db.prepare(
        `UPDATE documents SET law_id = @lawId, subtitle = @subtitle, level = @level, category = @category,
           province = @province, publish_date = @publishDate, effective_date = @effectiveDate,
           expired_flag = @expiredFlag, history = @history, preamble = @preamble,
           content_hash = @contentHash, article_count = @articleCount
         WHERE id = @id`,
      ),
      articleIdsOf: db.prepare('SELECT id FROM articles WHERE document_id = ?').pluck(),
      deleteArticles: db.prepare('DELETE FROM articles WHERE document_id = ?'),
      deleteFts: ftsStatements(db, (table) => `DELETE FROM ${table} WHERE rowid = ?`),
      insertArticle: db.prepare(
        `INSERT INTO articles (document_id, ordinal, kind, label, number, sub_number, path, paragraphs, text, hash, notes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertFts: ftsStatements(db, (table) => `INSERT INTO ${table} (rowid, title, headings, body) VALUES (?, ?, ?, ?)`),
    };
  }

  write(doc: SourceDocument): WriteResult {
    const existing = this.existing(doc);
    const contentHash = storedHash(doc);
    if (existing && existing.content_hash === contentHash) return { outcome: 'unchanged', documentId: existing.id, articlesWritten: 0 };
    const sameText = existing !== undefined && this.sameIndexedText(existing, doc);
    const lawId = this.upsertLaw(doc);
    const params = documentParams(doc, lawId, contentHash);
    if (existing && sameText) {
      // Only the document's facts changed (an importer update): its articles keep their ids and vectors.
      this.stmts.updateDocument.run({ ...params, id: existing.id });
      return { outcome: 'updated', documentId: existing.id, articlesWritten: 0 };
    }
    bumpTextRevision(this.db);
    let documentId: number;
    if (existing) {
      this.removeArticles(existing.id, scopeOf(existing.province));
      this.stmts.updateDocument.run({ ...params, id: existing.id });
      documentId = existing.id;
    } else {
      documentId = Number(this.stmts.insertDocument.run(params).lastInsertRowid);
    }
    const titleText = toIndexText(segmentForIndex(`${doc.title} ${doc.shortName} ${doc.subtitle ?? ''}`));
    const scope = scopeOf(doc.province);
    doc.articles.forEach((article, ordinal) => this.insertArticle(documentId, ordinal, article, titleText, scope));
    return { outcome: existing ? 'updated' : 'added', documentId, articlesWritten: doc.articles.length };
  }

  /** The stored document with this source and path. */
  existing(doc: Pick<SourceDocument, 'source' | 'path'>): ExistingDocumentRow | undefined {
    return this.stmts.findDocument.get(doc.source, doc.path) as ExistingDocumentRow | undefined;
  }

  /**
   * A stored document holding the same version of the same law with the same articles
   * (labels and texts; headings may differ in spacing, 总 则 / 总则) under another path:
   * LawRefBook files some laws in two category folders. Parts of one version (the 编 of
   * 民法典) differ in their articles and never match. `eligible` leaves out documents
   * that may be removed at the end of this import.
   */
  findCopy(doc: SourceDocument, eligible: (row: SameVersionRow) => boolean): SameVersionRow | null {
    const rows = this.stmts.sameVersion.all(doc.title, doc.province, doc.publishDate, doc.articles.length, doc.source, doc.path) as SameVersionRow[];
    if (!rows.length) return null;
    const fingerprint = textFingerprint(doc.articles.map((a) => [a.label, a.text]));
    return rows.find((row) => eligible(row) && textFingerprint(this.stmts.articleTexts.all(row.id) as string[][]) === fingerprint) ?? null;
  }

  /**
   * A stored document with the same numbered articles (labels and texts) as this one under another title or date that names
   * the same document and version (sameDocument.ts): the 人脸识别 interpretation with and without 「最高人民法院」.
   */
  findNamedCopy(doc: SourceDocument, eligible: (row: NamedCopyRow) => boolean): NamedCopyRow | null {
    const rows = (this.stmts.namedCopies.all(doc.source, doc.province, doc.articles.length, doc.path, doc.title, doc.publishDate) as NamedCopyRow[])
      .filter((row) => row.source === doc.source && sameDocumentTitle(row.title, doc.title) && sameVersion(doc, row) && eligible(row));
    if (!rows.length) return null;
    // The lead aside: some files open it with the title and number as printed (「最高人民法院\n关于…的解释\n法释〔2022〕8号」).
    const articles = (rows: string[][]) => textFingerprint(rows.filter(([label]) => label !== '序言'));
    const fingerprint = articles(doc.articles.map((a) => [a.label, a.text]));
    return rows.find((row) => articles(this.stmts.articleTexts.all(row.id) as string[][]) === fingerprint) ?? null;
  }

  /** Records the title and file a document was also filed under as a name of the law its kept copy belongs to. */
  recordAlias(documentId: number, doc: Pick<SourceDocument, 'title' | 'source' | 'path'>): void {
    const lawId = this.stmts.lawOf.get(documentId) as number | undefined;
    if (lawId !== undefined) this.stmts.upsertAlias.run(lawId, doc.title, doc.source, doc.path);
  }

  /** A stored document's history. */
  historyOf(documentId: number): SourceDocument['history'] {
    return JSON.parse((this.stmts.historyOf.get(documentId) as string | undefined) ?? '[]') as SourceDocument['history'];
  }

  /** Gives a stored document with no history the one its copy under another title has (网络消费纠纷规定（一）'s dated file has none). */
  fillHistory(documentId: number, history: SourceDocument['history']): void {
    if (history.length) this.stmts.fillHistory.run(JSON.stringify(history), documentId);
  }

  /** A file imported as a document of its own is no other law's alias (any more). */
  forgetAlias(doc: Pick<SourceDocument, 'source' | 'path'>): void {
    this.stmts.deleteAlias.run(doc.source, doc.path);
  }

  /** The aliases of the law of a document about to be replaced by its copy under another title go to the copy's law. */
  moveAliases(fromDocumentId: number, toDocumentId: number): void {
    const from = this.stmts.lawOf.get(fromDocumentId) as number | undefined;
    const to = this.stmts.lawOf.get(toDocumentId) as number | undefined;
    if (from !== undefined && to !== undefined && from !== to) this.stmts.moveAliases.run(to, from);
  }

  /** Removes a document with its articles and their full-text rows (their ids are kept for the vectors). */
  removeDocument(id: number, province: string): void {
    bumpTextRevision(this.db);
    this.removeArticles(id, scopeOf(province));
    this.stmts.deleteDocument.run(id);
  }

  /** Removes the documents of these scopes that are not in `keep`; returns how many. */
  removeAllBut(scopes: readonly SourceScope[], keep: ReadonlySet<number>): number {
    let removed = 0;
    for (const scope of scopes) {
      const rows = this.stmts.documentsOf.all(scope.source, scope.province) as Array<{ id: number; province: string }>;
      for (const row of rows.filter((r) => !keep.has(r.id))) {
        this.removeDocument(row.id, row.province);
        removed += 1;
      }
    }
    return removed;
  }

  /** Deletes laws left without documents (a removed file, a corrected title); returns how many. */
  removeEmptyLaws(): number {
    const removed = this.stmts.deleteEmptyLaws.run().changes;
    // Citation lookup caches the law names by text revision.
    if (removed) bumpTextRevision(this.db);
    return removed;
  }

  /**
   * Would rewriting the articles change nothing in them or in their index (same law names, subtitle, scope)?
   * Their structure counts too (kind, 款 and 项): a parser fix may change only that, and must reach the library.
   */
  private sameIndexedText(existing: ExistingDocumentRow, doc: SourceDocument): boolean {
    const law = this.stmts.lawNames.get(existing.law_id) as { title: string; short_name: string } | undefined;
    if (!law || law.title !== doc.title || law.short_name !== doc.shortName) return false;
    if (existing.subtitle !== doc.subtitle || existing.province !== doc.province) return false;
    const stored = this.stmts.storedArticles.all(existing.id) as Array<{ hash: string; kind: string; paragraphs: string; notes: string }>;
    return stored.length === doc.articles.length && doc.articles.every((a, i) => {
      const row = stored[i]!;
      return row.hash === articleHash(a) && row.kind === a.kind && row.paragraphs === JSON.stringify(a.paragraphs) && row.notes === notesJson(a);
    });
  }

  private upsertLaw(doc: SourceDocument): number {
    const row = this.stmts.findLaw.get(doc.title, doc.province) as { id: number } | undefined;
    if (row) {
      this.stmts.updateLaw.run(doc.shortName, doc.level, row.id);
      return row.id;
    }
    return Number(this.stmts.insertLaw.run(doc.title, doc.shortName, doc.level, doc.province).lastInsertRowid);
  }

  private removeArticles(documentId: number, scope: FtsScope): void {
    for (const id of this.stmts.articleIdsOf.all(documentId) as number[]) {
      this.stmts.deleteFts[scope].run(id);
      this.removedArticleIds.push(id);
    }
    this.stmts.deleteArticles.run(documentId);
  }

  private insertArticle(documentId: number, ordinal: number, article: ParsedArticle, titleText: string, scope: FtsScope): void {
    const pathJson = JSON.stringify(article.path);
    const paragraphs = JSON.stringify(article.paragraphs);
    const info = this.stmts.insertArticle.run(
      documentId, ordinal, article.kind, article.label, article.number, article.subNumber,
      pathJson, paragraphs, article.text, articleHash(article), notesJson(article),
    );
    this.stmts.insertFts[scope].run(
      info.lastInsertRowid, titleText,
      toIndexText(segmentForIndex(article.path.join(' '))),
      toIndexText(segmentForIndex(article.text)),
    );
  }
}

function ftsStatements(db: Db, sql: (table: string) => string) {
  return {
    national: db.prepare(sql(FTS_TABLE.national)),
    local: db.prepare(sql(FTS_TABLE.local)),
  };
}

function articleHash(article: ParsedArticle): string {
  return sha1(article.label, '\u0000', article.text, '\u0000', JSON.stringify(article.path));
}

function notesJson(article: ParsedArticle): string {
  return JSON.stringify(article.notes ?? []);
}

function textFingerprint(articles: string[][]): string {
  return sha1(articles.map(([label, text]) => `${label}\u0000${text}`).join('\u0001'));
}

/** The content hash as stored: the importer's version with the source's hash. */
function storedHash(doc: SourceDocument): string {
  return `v${IMPORTER_VERSION}:${doc.contentHash}`;
}

function documentParams(doc: SourceDocument, lawId: number, contentHash: string) {
  return {
    lawId,
    source: doc.source,
    path: doc.path,
    subtitle: doc.subtitle,
    level: doc.level,
    category: doc.category,
    province: doc.province,
    publishDate: doc.publishDate,
    effectiveDate: doc.effectiveDate,
    expiredFlag: doc.expiredFlag ? 1 : 0,
    history: JSON.stringify(doc.history),
    preamble: doc.preamble,
    contentHash,
    articleCount: doc.articles.length,
  };
}
