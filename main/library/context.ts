import type { Db } from '../db/open.js';
import { ARTICLE_SELECT, toStatuteArticle, type ArticleRow, type StatuteArticle } from './articles.js';
import type { ArticleVersion } from './versions/counterparts.js';
import type { Replacement } from './versions/replacedBy.js';

export interface ArticleContext {
  neighbours: { previous: StatuteArticle | null; next: StatuteArticle | null };
  /** Every version of the law, newest first, each with the article holding this provision there (found by text, not number) and what changed. */
  versions: ArticleVersion[];
  /** For an article of a repealed document whose law has no version in force: what replaced it and where it holds this article (replacedBy.ts); else null. */
  replacedBy: Replacement | null;
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
