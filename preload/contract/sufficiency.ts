import type { CitationAudit, Verdict } from '../../main/consult/types.js';

/**
 * The judge weighs only the evidence retrieval found; an answer may then rest on articles outside it (《劳动争议调解仲裁法》
 * 第二十七条 for the time limit, which no query found), which no one checked for applicability or sufficiency. Its
 * 证据充分 then holds for the evidence alone, and every place showing it says so. Derived from the citation audit when
 * a turn is shown: the verdict stored stays the judge's own.
 *
 * A citation outside the evidence is labelled 证据外 unless its audit found something worse first: a quotation the
 * article does not hold (引文不符), or a 款 or 项 it lacks (无法解析). Such a citation is outside the evidence all the
 * same (`outsideEvidence`, set as a turn is read back): it counts among the articles the verdict leaves unweighed, and
 * the note says how many of them failed the audit besides.
 */

type Cited = Pick<CitationAudit, 'label' | 'articleId' | 'marker' | 'outsideEvidence'>;

/** A citation of an article outside the turn's evidence, whatever its label says first. */
export const citesOutsideEvidence = (c: Cited): boolean => c.label === 'outside_evidence' || c.outsideEvidence === true;

/** The articles an answer cites outside its evidence, and of them those a citation quoted wrongly or named a missing 款 or 项 of. */
export interface OutsideEvidence {
  /** Each article once, however often cited. */
  articles: number;
  /** Of them, those with a citation labelled 引文不符. */
  quoteMismatch: number;
  /** Of them, those with a citation of a 款 or 项 the article lacks (无法解析). */
  missingPart: number;
}

export const NOT_OUTSIDE: OutsideEvidence = { articles: 0, quoteMismatch: 0, missingPart: 0 };

/** What an answer cites outside its evidence (citesOutsideEvidence), counted by article. */
export function outsideEvidenceOf(citations: readonly Cited[]): OutsideEvidence {
  const outside = citations.filter(citesOutsideEvidence);
  const articles = (label: CitationAudit['label'] | null) => new Set(outside.filter((c) => label === null || c.label === label).map((c) => c.articleId ?? c.marker)).size;
  return { articles: articles(null), quoteMismatch: articles('quote_mismatch'), missingPart: articles('unresolvable') };
}

/** The articles an answer cites outside its evidence (the audit's 证据外, and 引文不符 or 无法解析 ones outside it), each counted once however often cited. */
export function outsideEvidenceArticles(citations: readonly Cited[]): number {
  return outsideEvidenceOf(citations).articles;
}

/**
 * What a 证据充分 verdict leaves unweighed: the articles outside the evidence, and which of them failed the audit besides;
 * nothing when the verdict is another (证据不足 says enough) or the answer cites nothing outside its evidence.
 */
export function outsideEvidenceScope(verdict: Verdict | null, citations: readonly Cited[]): OutsideEvidence {
  return verdict === 'sufficient' ? outsideEvidenceOf(citations) : NOT_OUTSIDE;
}

/** How many articles outside the evidence a 证据充分 verdict leaves unweighed (outsideEvidenceScope): 0 when it is not qualified. */
export function sufficientOnlyForEvidence(verdict: Verdict | null, citations: readonly Cited[]): number {
  return outsideEvidenceScope(verdict, citations).articles;
}

/** What qualifies 证据充分 then, alone: the CLI writes it in one bracket with the rounds of review (consultView.ts). */
export const FOR_EVIDENCE_ONLY_ZH = '仅就检索到的法条而言';
export const FOR_EVIDENCE_ONLY_EN = 'for the statutes retrieved';

/** The qualified verdict, as reports write it. */
export const SUFFICIENT_FOR_EVIDENCE_ZH = `证据充分（${FOR_EVIDENCE_ONLY_ZH}）`;
export const SUFFICIENT_FOR_EVIDENCE_EN = `Sufficient (${FOR_EVIDENCE_ONLY_EN})`;

/** 「（其中 1 条引文与法条原文不符）」: which of the articles outside the evidence failed the audit besides; nothing when none did. */
function failedZh(f: Partial<OutsideEvidence>): string {
  const said = [f.quoteMismatch ? `${f.quoteMismatch} 条引文与法条原文不符` : '', f.missingPart ? `${f.missingPart} 条所引款、项该条没有` : ''].filter(Boolean);
  return said.length ? `（其中 ${said.join('，')}）` : '';
}
function failedEn(f: Partial<OutsideEvidence>): string {
  const said = [f.quoteMismatch ? `${f.quoteMismatch} quoted in words the article does not hold` : '', f.missingPart ? `${f.missingPart} cited for a paragraph or item the article lacks` : ''].filter(Boolean);
  return said.length ? ` (of them ${said.join(', ')})` : '';
}

/**
 * What follows the qualified verdict: the articles the answer relies on besides, unchecked, and of them those whose citation
 * failed the audit too: 「回答另引 2 条证据外的法条（其中 1 条引文与法条原文不符），未经适用性和充分性审查」.
 */
export function outsideEvidenceNoteZh(count: number, failed: Partial<OutsideEvidence> = {}): string {
  return `回答另引 ${count} 条证据外的法条${failedZh(failed)}，未经适用性和充分性审查`;
}

/** The same note in the app's English. */
export function outsideEvidenceNoteEn(count: number, failed: Partial<OutsideEvidence> = {}): string {
  return `The answer also cites ${count} statute(s) outside the evidence${failedEn(failed)}, not checked for applicability or sufficiency`;
}

/** 「证据充分（仅就检索到的法条而言）；回答另引 1 条证据外的法条，未经适用性和充分性审查」, or the verdict as it is. */
export function verdictZhWithScope(verdictZh: string, verdict: Verdict | null, citations: readonly Cited[]): string {
  const scope = outsideEvidenceScope(verdict, citations);
  return scope.articles ? `${SUFFICIENT_FOR_EVIDENCE_ZH}；${outsideEvidenceNoteZh(scope.articles, scope)}` : verdictZh;
}
