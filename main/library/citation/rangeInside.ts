import { cachedStatement, type Db } from '../../db/open.js';

/** What a version holds between the two ends of a range cited (第三十六条至第五十条), read in one query. */
export interface RangeInside {
  /** The numbers between the ends that the version has no article of (a gap in its numbering). */
  missing: number[];
  /** The numbers between the ends whose article the version keeps only as 「（删去）」 (刑法 第一百九十九条). */
  struckOut: number[];
}

/** An article kept only to hold its number: 「（删去）」, 「（删除）」, 「删去。」. */
const STRUCK_OUT = /^[（(]?\s*(?:已)?(?:删去|删除)\s*[）)]?[。.]?$/;
/** Longer texts are no stub: only these are read back. */
const STUB_CHARS = 12;

/**
 * The articles strictly between `lo` and `hi` (their numbers, 之一 and the like left aside) of the version holding
 * both `fromId` and `toId`; null when the two ends are of different versions, which have no one numbering to check.
 */
export function rangeInside(db: Db, fromId: number, toId: number, lo: number, hi: number): RangeInside | null {
  const row = cachedStatement(db, `SELECT f.document_id = t.document_id AS same,
      (SELECT json_group_array(json_array(a.number, CASE WHEN length(a.text) <= ${STUB_CHARS} THEN a.text ELSE '' END))
         FROM articles a WHERE a.document_id = f.document_id AND a.kind != 'preamble' AND a.sub_number = 0 AND a.number > @lo AND a.number < @hi) AS inside
    FROM articles f, articles t WHERE f.id = @from AND t.id = @to`).get({ from: fromId, to: toId, lo, hi }) as { same: number; inside: string } | undefined;
  if (!row?.same) return null;
  const held = new Map<number, string>();
  for (const [n, text] of JSON.parse(row.inside) as Array<[number, string]>) held.set(n, held.get(n) || text);
  const missing: number[] = [];
  const struckOut: number[] = [];
  for (let n = lo + 1; n < hi; n++) {
    const text = held.get(n);
    if (text === undefined) missing.push(n);
    else if (STRUCK_OUT.test(text.trim())) struckOut.push(n);
  }
  return { missing, struckOut };
}
