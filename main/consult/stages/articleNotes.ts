import crypto from 'node:crypto';
import type { Db } from '../../db/open.js';

export type NoteKind = 'summary' | 'checklist';

/** Per-article LLM notes are keyed by the article text's hash, so they survive re-imports of unchanged articles. */
function textHash(text: string): string {
  return crypto.createHash('sha1').update(text).digest('hex');
}

export function cachedNote(db: Db, kind: NoteKind, articleText: string): string | null {
  const row = db.prepare('SELECT note FROM article_notes WHERE text_hash = ? AND kind = ?').get(textHash(articleText), kind) as { note: string } | undefined;
  return row?.note ?? null;
}

export function storeNote(db: Db, kind: NoteKind, articleText: string, model: string, note: string): void {
  db.prepare('INSERT OR REPLACE INTO article_notes (text_hash, kind, model, note, created_at) VALUES (?, ?, ?, ?, ?)').run(textHash(articleText), kind, model, note, new Date().toISOString());
}
