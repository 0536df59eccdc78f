import { localDay } from '../../preload/contract/localTime.js';

/** What a turn's run applied the law as of (context.ts lawAsOf): the facts' date its state gave, else the day it ran. */
export interface TurnLawDate {
  seq: number;
  date: string;
  by: 'facts' | 'turn';
}

/**
 * The date a turn applied the law as of, read back: a consultation without a date of its own applies, in each turn, the
 * law of the facts' date when the turn's state gives one, else of the day the turn ran (its last run, for a retry:
 * when it finished, else when it was asked).
 */
export function turnLawDate(t: { seq: number; factDate: string | null; createdAt: string; finishedAt: string | null }): TurnLawDate {
  return t.factDate ? { seq: t.seq, date: t.factDate, by: 'facts' } : { seq: t.seq, date: localDay(t.finishedAt ?? t.createdAt), by: 'turn' };
}

const BY_ZH: Record<TurnLawDate['by'], string> = { facts: '事实日期', turn: '咨询当日' };

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
  if (groups.length === 1) return `${groups[0]!.date}（${BY_ZH[groups[0]!.by]}）`;
  const byTurnDay = groups.every((g) => g.by === 'turn');
  const each = groups.map((g) => `第 ${g.seqs.join('、')} 轮${byTurnDay ? ' ' : `为${BY_ZH[g.by]} `}${g.date}`).join('，');
  return byTurnDay ? `每轮当天（${each}）` : `各轮不同（${each}）`;
}
