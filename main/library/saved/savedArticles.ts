/**
 * Articles a user keeps for a matter (收藏): each in a folder of their own naming ('' = unfiled) with a note.
 * An import deletes and re-inserts articles and may give them other ids, so a saved article is stored by its
 * law, version and label with the text and status it had when saved; savedState.ts finds it again. One saved for a
 * 款 or 项 (公司法第二十条第三款) keeps that part and its words (savedPart.ts): another part of the same article is
 * another authority, and another entry of the folder.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { nextIdSql } from '../../db/nextId.js';
import { LexError } from '../../util/errors.js';
import type { StatuteArticle } from '../articles.js';
import type { CitedPart } from '../citation/parseCitation.js';
import { partText } from '../citation/earlierNumbering.js';
import { partKey, partLabel, partsOf } from './savedPart.js';
import { squeeze } from '../versions/counterparts.js';
import { MAX_SAVED_FOLDER_CHARS as MAX_FOLDER_CHARS, MAX_SAVED_NOTE_CHARS as MAX_NOTE_CHARS, savedFolderName } from '../../../preload/contract/limits.js';

export interface SavedArticleRow {
  id: number;
  folder: string;
  note: string;
  saved_at: string;
  law_title: string;
  province: string;
  publish_date: string;
  kind: string;
  article_label: string;
  path: string;
  text: string;
  status: string;
  /** The date the law is applied as of for the matter it was saved for (--as-of, the lookup's 时点); null when none was given. */
  as_of: string | null;
  /** The 款 and 项 saved (savedPart.ts: [{"paragraph":3,"items":[]}]); null for the whole article, as every row saved before migration 21. */
  part: string | null;
  /** The words of that part as saved; null with it. */
  part_text: string | null;
}

/** A folder is a matter's name, a note a line or a paragraph: both bounded so that one paste cannot bloat the library. */
export { MAX_SAVED_FOLDER_CHARS as MAX_FOLDER_CHARS, MAX_SAVED_NOTE_CHARS as MAX_NOTE_CHARS } from '../../../preload/contract/limits.js';
/** More than any research folder holds; a runaway script stops here. */
export const MAX_SAVED = 20_000;

/** The folder as stored: trimmed, inner runs of space made one, refused when too long. */
export function folderName(folder: string | undefined): string {
  const name = savedFolderName(folder ?? '');
  if (name.length > MAX_FOLDER_CHARS) throw new LexError('bad_input', `A folder name may be at most ${MAX_FOLDER_CHARS} characters (got ${name.length}).`);
  return name;
}

function noteText(note: string | undefined): string {
  const text = (note ?? '').trim();
  if (text.length > MAX_NOTE_CHARS) throw new LexError('bad_input', `A note may be at most ${MAX_NOTE_CHARS} characters (got ${text.length}); keep longer work in the consultation or a document of your own.`);
  return text;
}

/**
 * Saves an article, or the 款 and 项 `parts` of it, to a folder, or, when that folder already holds it (the same part),
 * adds the note given to the one there on a line of its own (a note already there is kept: saving again must not lose
 * what was written; `saved note` replaces a note). Returns the saved row's id, whether it was new, and whether a note
 * was added to an existing one.
 */
export function saveArticle(db: Db, article: StatuteArticle, options: { folder?: string; note?: string; now?: string; asOf?: string; parts?: readonly CitedPart[] } = {}): { id: number; created: boolean; noteAdded: boolean } {
  const folder = folderName(options.folder);
  const part = savedPart(article, options.parts ?? []);
  const existing = savedIn(db, folder, [article.lawTitle, article.province, article.publishDate ?? '', article.kind, article.label, part?.key ?? '']);
  if (existing) {
    const added = noteText(options.note);
    const had = existing.note.trim();
    const noteAdded = added !== '' && !had.split('\n').includes(added);
    if (noteAdded) updateSaved(db, existing.id, { note: had ? `${had}\n${added}` : added });
    // Saved again for a date: the folder's matter is of that date (the latest one given counts).
    if (options.asOf) cachedStatement(db, 'UPDATE saved_articles SET as_of = ? WHERE id = ?').run(options.asOf, existing.id);
    return { id: existing.id, created: false, noteAdded };
  }
  const count = (cachedStatement(db, 'SELECT COUNT(*) AS n FROM saved_articles').get() as { n: number }).n;
  if (count >= MAX_SAVED) throw new LexError('bad_input', `The library already keeps ${count} saved articles, the most it keeps; remove some (lexdesk saved remove ID) first.`);
  const info = cachedStatement(
    db,
    `INSERT INTO saved_articles (id, folder, note, saved_at, law_title, province, publish_date, kind, article_label, path, text, status, as_of, part, part_text)
     VALUES (${nextIdSql('saved_articles')}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(folder, noteText(options.note), options.now ?? new Date().toISOString(), article.lawTitle, article.province, article.publishDate ?? '', article.kind, article.label,
    JSON.stringify([article.subtitle, ...article.path].filter(Boolean)), article.text, article.status, options.asOf ?? null, part?.key ?? null, part?.text ?? null);
  return { id: Number(info.lastInsertRowid), created: true, noteAdded: false };
}

/** The 款 or 项 saving `parts` of the article keeps, as the saved list names it (「第三款」); null: the whole article. */
export function savedPartLabel(article: StatuteArticle, parts: readonly CitedPart[]): string | null {
  const part = savedPart(article, parts);
  return part ? partLabel(partsOf(part.key)) : null;
}

/**
 * The part to store: its key and words; null for the whole article, also when the parts cited are all of it (第一款 of
 * an article of one 款). Refused when the article lacks one of them (a caller that knows it saves the whole article).
 */
function savedPart(article: StatuteArticle, parts: readonly CitedPart[]): { key: string; text: string } | null {
  const key = partKey(parts);
  if (key === null) return null;
  const text = partText(article, partsOf(key));
  if (text === null) throw new LexError('bad_input', `${article.label} has no ${partLabel(partsOf(key))}; save the whole article, or name a 款 or 项 it has.`);
  return squeeze(text) === squeeze(article.text) ? null : { key, text };
}

/** The saved row of one article (law title, province, publish date, kind, label) and part ('' = whole) in a folder, if there is one. */
function savedIn(db: Db, folder: string, key: [string, string, string, string, string, string]): { id: number; note: string } | undefined {
  return cachedStatement(
    db,
    "SELECT id, note FROM saved_articles WHERE folder = ? AND law_title = ? AND province = ? AND publish_date = ? AND kind = ? AND article_label = ? AND COALESCE(part, '') = ?",
  ).get(folder, ...key) as { id: number; note: string } | undefined;
}

/**
 * Whether an article is still the one a view or a consultation turn showed under its id (an import may since have
 * given the id to another article): the same law, number and version, and province when the caller knew it.
 */
export function isArticleShown(article: StatuteArticle, shown: { lawTitle: string | null; label: string | null; publishDate: string | null; province?: string }): boolean {
  return article.lawTitle === shown.lawTitle && article.label === shown.label && article.publishDate === shown.publishDate && (shown.province === undefined || article.province === shown.province);
}

export function savedRow(db: Db, id: number): SavedArticleRow {
  const row = cachedStatement(db, 'SELECT * FROM saved_articles WHERE id = ?').get(id) as SavedArticleRow | undefined;
  if (!row) throw new LexError('not_found', `No saved article ${id}; lexdesk saved lists them with their numbers.`);
  return row;
}

/** The saved articles of one folder (all when none is named), folder by folder in the order each was saved. */
export function savedRows(db: Db, folder?: string): SavedArticleRow[] {
  if (folder === undefined) return cachedStatement(db, 'SELECT * FROM saved_articles ORDER BY folder, id').all() as SavedArticleRow[];
  return cachedStatement(db, 'SELECT * FROM saved_articles WHERE folder = ? ORDER BY id').all(folderName(folder)) as SavedArticleRow[];
}

/** The folders and how many articles each holds, unfiled ('') first, then by name. */
export function savedFolders(db: Db): Array<{ name: string; count: number }> {
  return cachedStatement(db, 'SELECT folder AS name, COUNT(*) AS count FROM saved_articles GROUP BY folder ORDER BY folder').all() as Array<{ name: string; count: number }>;
}

/** The saved rows of an article as it is in the library now (by law, version and label), for its view to show: each with the 款 or 项 saved (「第三款」), null for the whole article. */
export function savedOfArticle(db: Db, article: StatuteArticle): Array<{ id: number; folder: string; note: string; part: string | null }> {
  const rows = cachedStatement(
    db,
    'SELECT id, folder, note, part FROM saved_articles WHERE law_title = ? AND province = ? AND publish_date = ? AND kind = ? AND article_label = ? ORDER BY folder, id',
  ).all(article.lawTitle, article.province, article.publishDate ?? '', article.kind, article.label) as Array<{ id: number; folder: string; note: string; part: string | null }>;
  return rows.map((r) => ({ ...r, part: partLabel(partsOf(r.part)) }));
}

/** What a consultation's evidence names an article by: its law, label and version, as the turn stored them. */
export interface ShownArticle {
  lawTitle: string;
  label: string;
  publishDate: string | null;
  province?: string;
}

/**
 * The folders holding each of these articles (that version), in the order given, each with the 款 or 项 saved there
 * (「第三款」; null for the whole article): a consultation's ☆ or ★ read against the saved articles.
 */
export function savedFoldersOf(db: Db, shown: readonly ShownArticle[]): Array<Array<{ folder: string; part: string | null }>> {
  const folders = cachedStatement(
    db,
    'SELECT folder, part FROM saved_articles WHERE law_title = ? AND province = ? AND publish_date = ? AND article_label = ? ORDER BY folder, part IS NOT NULL, id',
  );
  return shown.map((a) => (folders.all(a.lawTitle, a.province ?? '', a.publishDate ?? '', a.label) as Array<{ folder: string; part: string | null }>).map((r) => ({ folder: r.folder, part: partLabel(partsOf(r.part)) })));
}

/** Changes a saved article's note or moves it to another folder (refused when that folder already holds it). */
export function updateSaved(db: Db, id: number, change: { note?: string; folder?: string }): void {
  const row = savedRow(db, id);
  const folder = change.folder === undefined ? row.folder : folderName(change.folder);
  const note = change.note === undefined ? row.note : noteText(change.note);
  if (folder !== row.folder) {
    const clash = savedIn(db, folder, [row.law_title, row.province, row.publish_date, row.kind, row.article_label, row.part ?? '']);
    if (clash) throw new LexError('bad_input', `The folder "${folder || '未分类'}" already holds ${row.law_title}${row.article_label}${partLabel(partsOf(row.part)) ?? ''} (saved article ${clash.id}).`);
  }
  cachedStatement(db, 'UPDATE saved_articles SET folder = ?, note = ? WHERE id = ?').run(folder, note, id);
}

export function removeSaved(db: Db, id: number): boolean {
  return cachedStatement(db, 'DELETE FROM saved_articles WHERE id = ?').run(id).changes > 0;
}
