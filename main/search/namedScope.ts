import type { Db } from '../db/open.js';
import type { LawNameIndex } from '../library/citation/aliases.js';

/**
 * A query that opens with a law's name set apart — 「刑法 正当防卫 限度」, 「《公司法》股东知情权」,
 * 「民法典：居住权」 — names the law it is asking about, as lawyers type into a search box. Its
 * articles then come first among the results (after any article the query cites), in the order
 * search gave them: 刑法 第二十条 no longer follows 民法典 第一百八十一条 and its interpretation.
 *
 * Only the order changes, never which articles are listed, and only for a name set apart at the
 * head of the query: in running text people name laws loosely (「劳动法上的三期」 asks about
 * 劳动合同法 第四十二条), so a name there is left to the ranking.
 */
const SET_APART = /^[\s:：，,]|^$/;
/** Longer than any law title the national library holds (at most 74 characters), plus 《 and the character after. */
const HEAD_CHARS = 100;

/** The laws (ids) a query names at its head, set apart from the rest; empty when it names none so. */
export function scopeLaws(text: string, names: LawNameIndex): number[] {
  const query = text.trimStart();
  const bracketed = query.startsWith('《');
  // Only the head can be a scope: the names of its first characters, not of the whole query (every search reads this).
  const head = names.findAll(query.slice(0, HEAD_CHARS))[0];
  if (!head || head.start !== (bracketed ? 1 : 0)) return [];
  const after = query.slice(head.end);
  const closed = bracketed ? after.startsWith('》') : SET_APART.test(after);
  return closed ? head.key.map(Number) : [];
}

/** `ranked` with the articles of `laws` moved ahead of the others, cited articles first as before; each group keeps its order. */
export function scopeLawsFirst<T extends { id: number; matchedBy: string }>(db: Db, ranked: T[], laws: number[]): T[] {
  if (laws.length === 0 || ranked.length === 0) return ranked;
  const ids = ranked.map((r) => r.id);
  const rows = db
    .prepare(`SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id WHERE a.id IN (${ids.map(() => '?').join(',')}) AND d.law_id IN (${laws.map(() => '?').join(',')})`)
    .all(...ids, ...laws) as Array<{ id: number }>;
  const inScope = new Set(rows.map((r) => r.id));
  const group = (r: T) => (r.matchedBy === 'citation' ? 0 : inScope.has(r.id) ? 1 : 2);
  return ranked.map((r, i) => ({ r, i })).sort((a, b) => group(a.r) - group(b.r) || a.i - b.i).map(({ r }) => r);
}
