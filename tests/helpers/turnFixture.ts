import type { TurnResult } from '../../main/consult/types.js';

/** A finished turn as the host returns it, for component tests. */
export function turnFixture(over: Partial<TurnResult> = {}): TurnResult {
  const ok = { ok: true, note: '' };
  return {
    consultationId: 1, turnId: 7, seq: 2, userText: '工作五年能拿多少经济补偿？', status: 'done', mode: 'llm', offlineReason: null, offlineCode: null,
    state: {
      parties: [{ name: '张三', role: '劳动者' }], relations: ['劳动合同关系'], keyFacts: ['拖欠工资三个月', '工作五年'], disputeFocus: ['经济补偿'],
      posture: '协商', domains: ['劳动法'], subQuestion: '经济补偿多少', missingFacts: [], factDate: null, place: null,
    },
    stateChanges: [{ field: 'keyFacts', added: ['工作五年'], removed: [] }, { field: 'missingFacts', added: [], removed: ['工作年限'] }],
    evidence: [
      { articleId: 38, lawTitle: '中华人民共和国劳动合同法', articleLabel: '第三十八条', level: '法律', province: '', status: 'current', publishDate: '2012-12-28', effectiveDate: '2013-07-01', path: ['第四章 劳动合同的解除和终止'], text: '用人单位有下列情形之一的，劳动者可以解除劳动合同：（二）未及时足额支付劳动报酬的；', score: 0.1, foundBy: [{ via: 'original', query: '拖欠工资', rank: 1 }], excluded: null, excerpt: null },
      { articleId: 47, lawTitle: '中华人民共和国劳动合同法', articleLabel: '第四十七条', level: '法律', province: '', status: 'current', publishDate: '2012-12-28', effectiveDate: '2013-07-01', path: ['第四章 劳动合同的解除和终止'], text: '经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。', score: 0.09, foundBy: [{ via: 'rewrite', query: '经济补偿 标准', rank: 1 }], excluded: null, excerpt: null },
      { articleId: 99, lawTitle: '中华人民共和国公司法', articleLabel: '第一条', level: '法律', province: '', status: 'superseded', publishDate: '2018-10-26', effectiveDate: '2018-10-26', path: ['第一章 总则'], text: '为了规范公司的组织和行为……', score: 0.01, foundBy: [{ via: 'graph', query: '引用:《中华人民共和国劳动合同法》第三十八条', rank: 0 }], excluded: '不存在公司组织关系', excerpt: null },
    ],
    answer: '可以解除合同[1]，经济补偿为五个月工资[2]。另见《劳动合同法》第九百条。',
    citations: [
      { seq: 1, marker: '[1]', articleId: 38, lawTitle: '中华人民共和国劳动合同法', articleLabel: '第三十八条', publishDate: '2012-12-28', status: 'current', text: '…', quote: null, label: 'verified', notCurrent: false, note: null, noteZh: null, citedSpans: [] },
      { seq: 2, marker: '[2]', articleId: 47, lawTitle: '中华人民共和国劳动合同法', articleLabel: '第四十七条', publishDate: '2012-12-28', status: 'current', text: '…', quote: '每满两年支付一个月工资', label: 'quote_mismatch', notCurrent: false, note: 'the quoted text does not appear verbatim in the article', noteZh: '引文与法条原文不一致', citedSpans: [] },
      { seq: 3, marker: '《劳动合同法》第九百条', articleId: null, lawTitle: null, articleLabel: null, publishDate: null, status: null, text: null, quote: null, label: 'unresolvable', notCurrent: false, note: 'no such article', noteZh: '无此条', citedSpans: [] },
    ],
    citationCounts: { verified: 1, outside_evidence: 0, unresolvable: 1, quote_mismatch: 1 },
    verdict: 'insufficient_at_limit',
    verdictOverride: null,
    iterations: [
      { iteration: 1, verdict: 'INSUFFICIENT', checks: { factualSupport: ok, jurisdiction: ok, temporal: ok, contradictions: ok, missingElements: { ok: false, note: '缺少工资标准' } }, missing: ['工资标准'], refinementQueries: ['经济补偿 月工资 计算基数'], codeChecks: [] },
      { iteration: 2, verdict: 'INSUFFICIENT', checks: { factualSupport: ok, jurisdiction: ok, temporal: { ok: false, note: '旧版本' }, contradictions: ok, missingElements: ok }, missing: [], refinementQueries: [], codeChecks: [{ articleId: 99, problem: '《公司法》第一条 是已被修订的旧版本' }] },
    ],
    usage: { calls: 9, promptTokens: 900, completionTokens: 300, cost: null, seconds: 4.2 },
    stages: [{ stage: 'state', iteration: 0, status: 'done', ms: 120 }],
    redactions: [],
    error: null,
    questionCitations: [],
    lawAsOf: { date: '2026-12-07', by: 'today' },
    ...over,
  };
}
