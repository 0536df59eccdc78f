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
