import type { Db } from '../../db/open.js';
import { CLOSING_ARTICLES, dateOfEffect, effectiveFromHistory } from '../lawRefBook/dateOfEffect.js';
import type { HistoryEntry } from '../types.js';
import { LAWREFBOOK_SOURCE } from './lawRefBookSource.js';

interface UndatedRow {
  id: number;
  history: string;
  publish_date: string | null;
  preamble: string;
}

/**
 * Dates of effect read from the stored texts, for a library imported before the importer read them (migration 23):
 * each LawRefBook document with no date of effect gets the one dateOfEffect reads from its history and closing articles,
 * as an import now derives it. A stored date is never touched. Returns how many documents gained one.
 */
export function applyDatesFromText(db: Db): number {
  const undated = db
    .prepare(`SELECT id, history, publish_date, preamble FROM documents WHERE source = ? AND effective_date IS NULL`)
    .all(LAWREFBOOK_SOURCE) as UndatedRow[];
  const closingOf = db.prepare(
    `SELECT text FROM articles WHERE document_id = ? AND kind <> 'preamble' AND label NOT IN ('附件', '全文') ORDER BY ordinal DESC LIMIT ${CLOSING_ARTICLES}`,
  ).pluck();
  const setDate = db.prepare('UPDATE documents SET effective_date = ? WHERE id = ? AND effective_date IS NULL');
  let dated = 0;
  for (const row of undated) {
    const history = JSON.parse(row.history) as HistoryEntry[];
    const articles = (closingOf.all(row.id) as string[]).reverse();
    const date = dateOfEffect({
      stated: effectiveFromHistory(history), history, closing: articles.length ? articles : [row.preamble], publishDate: row.publish_date,
    });
    if (date) dated += setDate.run(date, row.id).changes;
  }
  return dated;
}
