import type { Db } from '../../db/open.js';
import { getMeta, setMeta } from '../../db/open.js';
import { bumpTextRevision, FTS_TABLE, scopeOf } from '../../search/ftsTables.js';
import { dictionaryVersion, segmentForIndex, toIndexText } from '../../search/segment.js';

const META_KEY = 'fts_dictionary_version';

interface IndexSourceRow {
  id: number;
  title: string;
  short_name: string;
  subtitle: string | null;
  path: string;
  text: string;
  province: string;
}

/** True when the full-text index was built with another legal dictionary. */
export function needsReindex(db: Db): boolean {
  const stored = getMeta(db, META_KEY);
  const hasArticles = db.prepare('SELECT 1 FROM articles LIMIT 1').get() !== undefined;
  return hasArticles && stored !== dictionaryVersion();
}

/** Marks the index as built with the current dictionary (after an import into an empty or current index). */
export function markIndexed(db: Db): void {
  setMeta(db, META_KEY, dictionaryVersion());
}

/** Re-segments every article into the full-text index. Call inside a transaction. */
export function rebuildFullTextIndex(db: Db, onProgress?: (done: number, total: number) => void): number {
  for (const table of Object.values(FTS_TABLE)) db.exec(`INSERT INTO ${table}(${table}) VALUES ('delete-all')`);
  bumpTextRevision(db);
  const total = (db.prepare('SELECT COUNT(*) FROM articles').pluck().get() as number) ?? 0;
  const insert = {
    national: db.prepare(`INSERT INTO ${FTS_TABLE.national} (rowid, title, headings, body) VALUES (?, ?, ?, ?)`),
    local: db.prepare(`INSERT INTO ${FTS_TABLE.local} (rowid, title, headings, body) VALUES (?, ?, ?, ?)`),
  };
  const rows = db.prepare(
    `SELECT a.id, l.title, l.short_name, d.subtitle, a.path, a.text, d.province
       FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      ORDER BY a.document_id`,
  );
  let done = 0;
  let lastTitleKey = '';
  let titleText = '';
  // better-sqlite3 cannot write while a read cursor is open on the same connection: read first.
  for (const row of rows.all() as IndexSourceRow[]) {
    const key = `${row.title} ${row.short_name} ${row.subtitle ?? ''}`;
    if (key !== lastTitleKey) {
      titleText = toIndexText(segmentForIndex(key));
      lastTitleKey = key;
    }
    const headings = (JSON.parse(row.path) as string[]).join(' ');
    insert[scopeOf(row.province)].run(row.id, titleText, toIndexText(segmentForIndex(headings)), toIndexText(segmentForIndex(row.text)));
    done += 1;
    if (onProgress && done % 2000 === 0) onProgress(done, total);
  }
  markIndexed(db);
  return done;
}
