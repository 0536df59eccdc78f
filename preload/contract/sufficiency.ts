import type { CitationAudit, Verdict } from '../../main/consult/types.js';

/**
 * The judge weighs only the evidence retrieval found; an answer may then rest on articles outside it (《劳动争议调解仲裁法》
 * 第二十七条 for the time limit, which no query found), which no one checked for applicability or sufficiency. Its
 * 证据充分 then holds for the evidence alone, and every place showing it says so. Derived from the citation audit when
 * a turn is shown: the verdict stored stays the judge's own.
 */

/** The articles an answer cites outside its evidence (the audit's 证据外), each counted once however often cited. */
export function outsideEvidenceArticles(citations: ReadonlyArray<Pick<CitationAudit, 'label' | 'articleId' | 'marker'>>): number {
  return new Set(citations.filter((c) => c.label === 'outside_evidence').map((c) => c.articleId ?? c.marker)).size;
}

/**
 * How many articles outside the evidence a 证据充分 verdict leaves unweighed: 0 when the verdict is another (证据不足
 * says enough) or the answer cites nothing outside its evidence.
 */
export function sufficientOnlyForEvidence(verdict: Verdict | null, citations: ReadonlyArray<Pick<CitationAudit, 'label' | 'articleId' | 'marker'>>): number {
  return verdict === 'sufficient' ? outsideEvidenceArticles(citations) : 0;
}

/** What qualifies 证据充分 then, alone: the CLI writes it in one bracket with the rounds of review (consultView.ts). */
export const FOR_EVIDENCE_ONLY_ZH = '仅就检索到的法条而言';

/** The qualified verdict, as reports write it. */
export const SUFFICIENT_FOR_EVIDENCE_ZH = `证据充分（${FOR_EVIDENCE_ONLY_ZH}）`;

/** What follows the qualified verdict: the articles the answer relies on besides, unchecked. */
export function outsideEvidenceNoteZh(count: number): string {
  return `回答另引 ${count} 条证据外的法条，未经适用性和充分性审查`;
}

/** 「证据充分（仅就检索到的法条而言）；回答另引 1 条证据外的法条，未经适用性和充分性审查」, or the verdict as it is. */
export function verdictZhWithScope(verdictZh: string, verdict: Verdict | null, citations: ReadonlyArray<Pick<CitationAudit, 'label' | 'articleId' | 'marker'>>): string {
  const outside = sufficientOnlyForEvidence(verdict, citations);
  return outside ? `${SUFFICIENT_FOR_EVIDENCE_ZH}；${outsideEvidenceNoteZh(outside)}` : verdictZh;
}
