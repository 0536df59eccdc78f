import type { Db } from '../../db/open.js';
import { bumpTextRevision, FTS_TABLE, scopeOf, type FtsScope } from '../../search/ftsTables.js';
import { segmentForIndex, toIndexText } from '../../search/segment.js';
import type { ParsedArticle } from '../types.js';
import { sha1 } from './hashing.js';
import type { SourceDocument } from './sourceDocument.js';

export type WriteOutcome = 'added' | 'updated' | 'unchanged';

interface ExistingDocumentRow {
  id: number;
  content_hash: string;
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
      findDocument: db.prepare('SELECT id, content_hash, province FROM documents WHERE source = ? AND path = ?'),
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
        `INSERT INTO articles (document_id, ordinal, kind, label, number, sub_number, path, paragraphs, text, hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertFts: ftsStatements(db, (table) => `INSERT INTO ${table} (rowid, title, headings, body) VALUES (?, ?, ?, ?)`),
    };
  }

  write(doc: SourceDocument): WriteOutcome {
    const existing = this.stmts.findDocument.get(doc.source, doc.path) as ExistingDocumentRow | undefined;
    if (existing && existing.content_hash === doc.contentHash) return 'unchanged';
    bumpTextRevision(this.db);
    const lawId = this.upsertLaw(doc);
    const params = documentParams(doc, lawId);
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
    return existing ? 'updated' : 'added';
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
    const hash = sha1(article.label, '\u0000', article.text, '\u0000', pathJson);
    const info = this.stmts.insertArticle.run(
      documentId, ordinal, article.kind, article.label, article.number, article.subNumber,
      pathJson, paragraphs, article.text, hash,
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

function documentParams(doc: SourceDocument, lawId: number) {
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
    contentHash: doc.contentHash,
    articleCount: doc.articles.length,
  };
}
