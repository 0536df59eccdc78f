import type { Db } from '../db/open.js';
import { statusSql } from './status.js';
import { ARTICLE_SELECT, toStatuteArticle, type ArticleRow, type StatuteArticle } from './articles.js';

export interface ArticleContext {
  neighbours: { previous: StatuteArticle | null; next: StatuteArticle | null };
  /** The same article number in every version of the law, newest first. */
  versions: Array<{ articleId: number | null; publishDate: string | null; effectiveDate: string | null; status: string }>;
}

/** The articles just before and after, in the same document. */
export function neighboursOf(db: Db, article: StatuteArticle): ArticleContext['neighbours'] {
  const at = db.prepare(`${ARTICLE_SELECT} WHERE a.document_id = ? AND a.ordinal = ?`);
  const get = (ordinal: number) => {
    const row = at.get(article.documentId, ordinal) as ArticleRow | undefined;
    return row ? toStatuteArticle(row) : null;
  };
  return { previous: get(article.ordinal - 1), next: get(article.ordinal + 1) };
}

export function versionsOf(db: Db, article: StatuteArticle): ArticleContext['versions'] {
  const rows = db
    .prepare(
      `SELECT d.publish_date, d.effective_date, ${statusSql('d')} AS status,
              (SELECT a.id FROM articles a JOIN documents d2 ON d2.id = a.document_id
                WHERE d2.law_id = d.law_id AND COALESCE(d2.publish_date, '') = COALESCE(d.publish_date, '')
                  AND a.number = @number AND a.sub_number = @sub LIMIT 1) AS article_id
         FROM documents d WHERE d.law_id = @law
        GROUP BY COALESCE(d.publish_date, '') ORDER BY d.publish_date DESC`,
    )
    .all({ law: article.lawId, number: article.number, sub: article.subNumber }) as Array<{
      publish_date: string | null; effective_date: string | null; status: string; article_id: number | null;
    }>;
  return rows.map((r) => ({ articleId: r.article_id, publishDate: r.publish_date, effectiveDate: r.effective_date, status: r.status }));
}
