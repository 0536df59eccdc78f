import type { Db } from '../db/open.js';
import { GoldResolver, queryText, readEvalFile, type EvalRecord } from './dataset.js';

export interface LabelledRecord {
  record: EvalRecord & { keywords?: string | null; answer?: string };
  /** The user messages, in order (one for single questions). */
  userTurns: string[];
  query: string;
  gold: Set<number>;
}

/** Records with at least one gold article in the library, optionally the first `limit` of them. */
export function labelledRecords(db: Db, file: string, limit?: number): LabelledRecord[] {
  const gold = new GoldResolver(db);
  const out: LabelledRecord[] = [];
  for (const record of readEvalFile(file)) {
    const ids = new Set(record.relevant.map((l) => gold.resolve(l)).filter((id): id is number => id !== null));
    if (!ids.size) continue;
    const userTurns = record.query ? [record.query] : (record.turns ?? []).filter((t) => t.role === 'user').map((t) => t.text);
    out.push({ record, userTurns, query: queryText(record), gold: ids });
    if (limit && out.length >= limit) break;
  }
  return out;
}
