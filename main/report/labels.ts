import type { LegalState } from '../consult/schemas.js';
import { EFFECTIVE_UNKNOWN, STATUS_ZH } from '../library/status.js';
import { citedLabel } from '../../preload/contract/citationLine.js';

export { STATUS_ZH };

export const VERDICT_ZH: Record<string, string> = {
  sufficient: '证据充分',
  insufficient: '证据不足',
  insufficient_at_limit: '证据不足（已达检索上限）',
  offline: '离线：未经充分性审查',
};
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
  return `[${s.ref}] 《${s.lawTitle}》${citedLabel(s)}`;
}

export function versionLine(s: { publishDate: string | null; effectiveDate: string | null; status: string }): string {
  return [s.publishDate ? `${s.publishDate} 版` : null, s.effectiveDate ? `${s.effectiveDate} 施行` : EFFECTIVE_UNKNOWN, STATUS_ZH[s.status] ?? s.status].filter(Boolean).join(' · ');
}
