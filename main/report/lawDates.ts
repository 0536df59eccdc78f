import { localDay } from '../../preload/contract/localTime.js';
import { LAW_AS_OF_BY_ZH, lawDateZh } from '../../preload/contract/lawAsOf.js';
import type { LawAsOfBy } from '../consult/store.js';

export { lawDateZh };

/** What a turn's run applied the law as of (context.ts lawAsOf): the consultation's date, the facts' date its state gave, else today. */
export interface TurnLawDate {
  seq: number;
  date: string;
  by: LawAsOfBy;
}

/**
 * The date a turn applied the law as of: as its run stored it (migration 22). A turn stored before has none, and is
 * read back as before: the facts' date its state gives, else the day the turn ran (its last run, for a retry: when
 * it finished, else when it was asked), a guess a turn run across midnight or under a fixed today belies.
 */
export function turnLawDate(t: {
  seq: number;
  stored: { date: string | null; by: LawAsOfBy | null };
  factDate: string | null;
  createdAt: string;
  finishedAt: string | null;
}): TurnLawDate {
  if (t.stored.date && t.stored.by) return { seq: t.seq, date: t.stored.date, by: t.stored.by };
  return t.factDate ? { seq: t.seq, date: t.factDate, by: 'facts' } : { seq: t.seq, date: localDay(t.finishedAt ?? t.createdAt), by: 'today' };
}

/**
 * What a report writes after 「适用法律截至」. A consultation's own date as it is (2020-06-01). Without one, what the turns
 * applied: one date when all share it, with what it is (「2026-12-07（咨询当日）」); else each turn's, turns sharing a date
 * together (「每轮当天（第 1 轮 2026-12-05，第 2、3 轮 2026-12-07）」, or 「各轮不同（第 1 轮为事实日期 2024-04-15，第 2 轮为咨询当日 2026-12-07）」
 * when facts' dates are among them). Before, a report without a date gave the day the consultation started, which a
 * later turn on another day did not apply.
 */
export function lawAsOfZh(consultationAsOf: string | null, turns: readonly TurnLawDate[]): string {
  if (consultationAsOf) return consultationAsOf;
  const groups: Array<TurnLawDate & { seqs: number[] }> = [];
  for (const t of turns) {
    const same = groups.find((g) => g.date === t.date && g.by === t.by);
    if (same) same.seqs.push(t.seq);
    else groups.push({ ...t, seqs: [t.seq] });
  }
  if (groups.length === 1) return lawDateZh(groups[0]!);
  const byTurnDay = groups.every((g) => g.by === 'today');
  const each = groups.map((g) => `第 ${g.seqs.join('、')} 轮${byTurnDay ? ' ' : `为${LAW_AS_OF_BY_ZH[g.by]} `}${g.date}`).join('，');
  return byTurnDay ? `每轮当天（${each}）` : `各轮不同（${each}）`;
}
