import { cachedStatement, getMeta, type Db } from '../db/open.js';

/**
 * The full-text index is split by scope: national law in `articles_fts`,
 * province packs in `articles_fts_local` (rowid = articles.id in both).
 */
export type FtsScope = 'national' | 'local';

export const FTS_TABLE: Readonly<Record<FtsScope, string>> = {
  national: 'articles_fts',
  local: 'articles_fts_local',
};

export const VOCAB_TABLE: Readonly<Record<FtsScope, string>> = {
  national: 'articles_vocab',
  local: 'articles_local_vocab',
};

export function scopeOf(province: string): FtsScope {
  return province ? 'local' : 'national';
}

const TEXT_REVISION_KEY = 'text_revision';

/**
 * Changes whenever the full-text index changes (a counter in `meta` that every
 * writer of the index bumps in its own transaction; '0' in a library no writer
 * has bumped yet), so a copy of the index held in memory can tell it is out of
 * date, whichever connection or process wrote.
 */
export function textRevision(db: Db): string {
  return getMeta(db, TEXT_REVISION_KEY) ?? '0';
}

/** Call in the transaction that writes the full-text index. */
export function bumpTextRevision(db: Db): void {
  // Prepared once per connection: an import bumps it for every document it writes or removes.
  cachedStatement(
    db,
    `INSERT INTO meta (key, value) VALUES (?, '1')
       ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`,
  ).run(TEXT_REVISION_KEY);
}
