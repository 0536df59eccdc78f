import type { LegalState } from '../consult/schemas.js';
import { EFFECTIVE_UNKNOWN, STATUS_ZH } from '../library/status.js';
import { standingZh, type OnDate } from '../search/lawOnDate.js';
import { bookTitle, citedLabel } from '../../preload/contract/citationLine.js';
import { outsideEvidenceNoteZh, SUFFICIENT_FOR_EVIDENCE_ZH } from '../../preload/contract/sufficiency.js';

export { STATUS_ZH };

export const VERDICT_ZH: Record<string, string> = {
  sufficient: '证据充分',
  insufficient: '证据不足',
  insufficient_at_limit: '证据不足（已达检索上限）',
  offline: '离线：未经充分性审查',
};
/** A turn's judge verdict as its line in every format shows it: 证据充分 qualified when the answer cites articles outside the evidence (sufficiency.ts). */
export function judgeVerdictZh(t: { verdict: string | null; sufficientOnlyForEvidence: number }): string {
  return t.sufficientOnlyForEvidence ? SUFFICIENT_FOR_EVIDENCE_ZH : VERDICT_ZH[t.verdict ?? ''] ?? '无';
}
/** Said after that verdict (not bold): 「；回答另引 1 条证据外的法条，未经适用性和充分性审查」, with those also cited amiss (「（其中 1 条引文与法条原文不符）」); nothing when it is not qualified. */
export function verdictScopeZh(t: { sufficientOnlyForEvidence: number; sufficientOnlyFailed?: { quoteMismatch: number; missingPart: number } }): string {
  return t.sufficientOnlyForEvidence ? `；${outsideEvidenceNoteZh(t.sufficientOnlyForEvidence, t.sufficientOnlyFailed)}` : '';
}
export const AUDIT_ZH: Record<string, string> = { verified: '已核验', outside_evidence: '证据外', unresolvable: '无法解析', quote_mismatch: '引文不符' };
export const CHECK_ZH: Record<string, string> = { factualSupport: '事实支撑', jurisdiction: '法域', temporal: '时间效力', contradictions: '矛盾', missingElements: '缺失要件' };

export const STATE_FIELDS: Array<[keyof LegalState, string]> = [
  ['subQuestion', '当前问题'], ['parties', '当事人'], ['relations', '法律关系'], ['keyFacts', '关键事实'], ['disputeFocus', '争议焦点'],
  ['posture', '程序阶段'], ['domains', '法律领域'], ['missingFacts', '待补充事实'], ['factDate', '事实日期'], ['place', '所在地'],
];

export function stateValue(state: LegalState, field: keyof LegalState): string {
  const v = state[field];
  if (v === null || v === '' || (Array.isArray(v) && !v.length)) return '—';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : `${x.name}（${x.role}）`)).join('；');
  return String(v);
}

export function statuteHeading(s: { ref: number; lawTitle: string; label: string }): string {
  return `[${s.ref}] ${bookTitle(s.lawTitle)}${citedLabel(s)}`;
}

/**
 * 「2020-05-28 版 · 2021-01-01 施行 · 现行有效」; for a matter dated apart from today (`dated`), how the version stood on
 * that date first, today's status after it: 「2019-06-01 尚未施行（今现行有效）」.
 */
export function versionLine(s: { publishDate: string | null; effectiveDate: string | null; status: string; dated?: OnDate | null }): string {
  const status = STATUS_ZH[s.status] ?? s.status;
  const standing = s.dated ? `${s.dated.date} ${standingZh(s.dated.standing)}（今${status}）` : status;
  return [s.publishDate ? `${s.publishDate} 版` : null, s.effectiveDate ? `${s.effectiveDate} 施行` : EFFECTIVE_UNKNOWN, standing].filter(Boolean).join(' · ');
}

/** The 核验 column: the audit's label; 「离线检索」 for a statute an offline search found (no answer cited it); else 「未引用」. */
export function checkLabel(s: { audit: string | null; offline: boolean; inLibrary: boolean }): string {
  const label = s.audit ? AUDIT_ZH[s.audit]! : s.offline ? OFFLINE_FOUND : '未引用';
  return `${label}${s.inLibrary ? '' : '（已不在法规库中）'}`;
}
export const OFFLINE_FOUND = '离线检索';

/** 「第1、2轮」: the turns that cited or found a statute. */
export function turnsLabel(turns: readonly number[]): string {
  return `第${turns.join('、')}轮`;
}

/** Report numbers as runs: [1]–[8]、[11]、[13]–[14]. */
export function refRuns(refs: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const r of [...refs].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && r === last[1] + 1) last[1] = r;
    else runs.push([r, r]);
  }
  return runs;
}
export function refsText(refs: readonly number[]): string {
  return refRuns(refs).map(([a, b]) => (a === b ? `[${a}]` : `[${a}]–[${b}]`)).join('、');
}

/** What an offline turn says in place of an answer, before its statutes' numbers. */
export const OFFLINE_TURN = '本轮为离线检索，没有生成的回答。本轮检索到的法条：';
/** Under the statutes' heading when a turn was offline: what those statutes are, and what they are not. */
export const OFFLINE_STATUTES_NOTE = '离线检索的轮次没有生成的回答：“核验”栏记为“离线检索”的法条是按问题检索排序所得的相关法条，并非回答所引用，也未经引用核验。';

/** The statutes' heading: 「检索所得法条」 when every turn was offline (nothing was cited), else 「引用法条」. */
export function statutesHeading(turns: ReadonlyArray<{ mode: string | null; answer: string | null }>): string {
  return turns.length && turns.every((t) => t.mode === 'offline' && !t.answer) ? '检索所得法条' : '引用法条';
}
