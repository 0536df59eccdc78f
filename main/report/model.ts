import type { Consultations } from '../consult/index.js';
import { datedEvidence, evidenceDateOf } from '../consult/turnResult.js';
import type { CitationAudit, CitationLabel, Evidence, JudgeIteration, StateChange, TurnResult, Verdict } from '../consult/types.js';
import type { LegalState } from '../consult/schemas.js';
import type { Engine } from '../engine/index.js';
import { joinSpans, type StatuteArticle } from '../library/articles.js';
import { counterpartInVersion, lawVersions, type VersionMatch } from '../library/versions/counterparts.js';
import { STATUS_ZH } from '../library/status.js';
import { standingZh, type OnDate } from '../search/lawOnDate.js';
import { reportPlace } from './place.js';
import { AUDIT_ZH, OFFLINE_FOUND, turnsLabel, versionLine } from './labels.js';
import { LexError } from '../util/errors.js';
import { bookTitle, citedLabel } from '../../preload/contract/citationLine.js';
import { lawAsOfZh, turnLawDate } from './lawDates.js';
import { earlierFactsNote, earlierFactsYear, lawAsOfLine } from '../../preload/contract/lawAsOf.js';
import { coverageGapNote } from '../library/coverage.js';
import { laterRevisionsAmong } from '../library/versions/laterRevisions.js';
import { reportAnswer } from './answerRefs.js';
import { outsideEvidenceScope, type OutsideEvidence } from '../../preload/contract/sufficiency.js';

export { renumberMarkers } from './answerRefs.js';

export interface ReportOptions {
  /** Only this turn (its sequence number), else every turn. */
  turn?: number;
  /** The legal state of each turn, else only the last. */
  allStates?: boolean;
  /** List the articles the audit considered and excluded. */
  includeExcluded?: boolean;
}

/** One statute in the report's list: numbered once, referenced from every answer that cites it. */
export interface ReportStatute {
  ref: number;
  articleId: number;
  lawTitle: string;
  label: string;
  path: string[];
  publishDate: string | null;
  effectiveDate: string | null;
  status: string;
  text: string;
  /** Audit label of its citation, or null when listed but not cited (offline rankings). */
  audit: CitationLabel | null;
  /** Listed from an offline turn's ranking, no answer having been written: found by search, not cited nor audited. */
  offline: boolean;
  /** The turns (their numbers) whose answer cited it or whose offline search found it, in order. */
  turns: number[];
  /** How its version stood on the date the law is applied as of (in force then included), for the 版本 column; null undated. */
  dated: OnDate | null;
  notCurrent: boolean;
  /** False when a later import removed the article: the text is the one stored with the consultation. */
  inLibrary: boolean;
  /** Where the 款 and 项 the answers named (第三十八条第一款第二项) stand in `text`, in order; empty when they named the whole article. */
  citedSpans: Array<[number, number]>;
  /** `text` as lines cut at those spans (statuteLines), for every format to mark; cut before any character is cleaned out of the text. */
  lines: StatuteLine[];
  /**
   * For a version not in force: the article of the version in force that holds this provision (2018 公司法 第七十一条
   * → 2023 第八十四条, found by text; null label when none does); null when in force, or no version is in force or in the library.
   */
  inForce: { publishDate: string | null; label: string | null; match: VersionMatch } | null;
  /**
   * When the article did not stand as the law of the date the law is applied as of — not yet in force (民法典 第五百七十七条
   * for a contract of 2019), superseded or deleted by then, or in force in another text (刑法 第三百九十条 for a bribe of
   * 2022) —: how it stood, and the library's note on it, when the article is still in the library; else null.
   */
  onDate: (OnDate & { note: string | null }) | null;
  /** The collection's footnotes under the article as the library holds it (刑法 第四百五十二条's ①), no part of its text; absent when none. */
  sourceNotes?: string[];
}

/** Said beside a statute whose cited 款 and 项 are marked. */
export const CITED_PARTS_NOTE = '加粗为回答引用的款、项';

/**
 * What a statute's heading is followed by in every format, after its law and headings: its version, its audit label
 * (or 离线检索), the turns that found it when there are several, whether the library still holds it, the bold parts.
 */
export function statuteSourceLine(s: ReportStatute, byTurn: boolean): string {
  return `${versionLine(s)}${s.audit ? ` · ${AUDIT_ZH[s.audit]}` : s.offline ? ` · ${OFFLINE_FOUND}` : ''}${byTurn ? ` · ${turnsLabel(s.turns)}` : ''}${s.inLibrary ? '' : ' · 该条已不在当前法规库中，以下为咨询时保存的文本'}${s.citedSpans.length ? ` · ${CITED_PARTS_NOTE}` : ''}`;
}

/** One line of a statute's text, cut where the cited 款 and 项 begin and end. */
export type StatuteLine = Array<{ text: string; cited: boolean }>;

/** A statute's text as lines, each cut into what the answers cited and what they did not; for every format to mark. */
export function statuteLines(s: Pick<ReportStatute, 'text' | 'citedSpans'>): StatuteLine[] {
  const lines: StatuteLine[] = [];
  let at = 0;
  for (const line of s.text.split('\n')) {
    const end = at + line.length;
    const pieces: StatuteLine = [];
    let from = at;
    for (const [start, stop] of s.citedSpans) {
      const a = Math.max(start, from);
      const b = Math.min(stop, end);
      if (a >= b) continue;
      if (a > from) pieces.push({ text: s.text.slice(from, a), cited: false });
      pieces.push({ text: s.text.slice(a, b), cited: true });
      from = b;
    }
    if (from < end || pieces.length === 0) pieces.push({ text: s.text.slice(from, end), cited: false });
    lines.push(pieces);
    at = end + 1;
  }
  return lines;
}

export interface ReportTurn {
  seq: number;
  question: string;
  /**
   * The date whose law the turn applied, with why, as the app shows it under the turn: 「适用法律截至 2026-12-07（咨询当日）」
   * for a turn that applied the law of the day it ran (its statutes carry no date of their own), 「…（事实日期）」,
   * 「…（咨询所定日期）」 (lawDates.ts turnLawDate, so a turn stored before migration 22 is read back as the header reads it).
   */
  lawDate: string;
  mode: 'llm' | 'offline' | null;
  offlineReason: string | null;
  /** The report's numbers of the statutes this turn cited (or, offline, found), in the order first met. */
  refs: number[];
  /** The answer with [n] replaced by report-wide statute references [k]; null when none was generated. */
  answer: string | null;
  error: string | null;
  state: LegalState | null;
  stateChanges: StateChange[];
  verdict: Verdict | null;
  override: { verdict: Verdict; note: string | null } | null;
  iterations: JudgeIteration[];
  /**
   * The articles the answer cites outside the evidence when the judge found it sufficient (the verdict then holds for the
   * evidence alone), those cited 引文不符 or 无法解析 outside it included; else 0.
   */
  sufficientOnlyForEvidence: number;
  /** Of those, the ones a citation also quoted wrongly (引文不符) or named a missing 款 or 项 of (sufficiency.ts); zeros when not qualified. */
  sufficientOnlyFailed: Pick<OutsideEvidence, 'quoteMismatch' | 'missingPart'>;
  /**
   * Citations that failed the audit, with why (in Chinese where the audit kept it), and the report's number of the article
   * when it lists one; `outside` for one labelled otherwise (引文不符, 无法解析) whose article is outside the evidence too.
   */
  stray: Array<{ marker: string; label: CitationLabel; note: string | null; ref: number | null; outside: boolean }>;
  /** Citations of evidence articles whose words fit another article of the law (topicFit.ts), with the note. */
  mismatched: Array<{ marker: string; note: string }>;
  /** The question's own citations worth a word (a repealed law, an older numbering), with why. */
  questionCitations: Array<{ marker: string; note: string }>;
  excluded: Array<{ lawTitle: string; label: string; reason: string }>;
}

export interface ReportModel {
  title: string;
  generatedAt: string;
  /** What follows 「适用法律截至」: the consultation's date, else the date or dates its turns applied (lawDates.ts). */
  lawAsOf: string;
  /** Where the law is applied (the consultation's place, else the facts'), for local regulations; null when none was given. */
  place: string | null;
  /** Beside the place: whether its local regulations were searched (「已检索广东省地方性法规」), else why not; null with no place. */
  placeNote: string | null;
  appVersion: string;
  endpoint: string | null;
  model: string | null;
  redaction: boolean;
  turns: ReportTurn[];
  statutes: ReportStatute[];
  warnings: string[];
  disclaimer: string;
  credit: string;
}

export const DISCLAIMER =
  '本报告由 LexDesk 辅助研究工具生成，仅供法律研究参考，不构成法律意见。报告中的分析基于用户提供的事实和报告所列法条，可能不完整或存在错误；具体个案请咨询执业律师，并以有权机关发布的正式文本为准。';
export const CREDIT = '法条文本来源：LawRefBook/Laws（https://github.com/LawRefBook/Laws），整理自国家法律法规数据库。';

/** Builds what every format renders: one consultation (or one turn of it) with its statutes numbered once. */
export function buildReport(engine: Engine, consultations: Consultations, id: number, appVersion: string, opts: ReportOptions = {}): ReportModel {
  const { consultation, turns } = consultations.get(id);
  const chosen = opts.turn === undefined ? turns : turns.filter((t) => t.seq === opts.turn);
  if (!chosen.length) throw new LexError('not_found', `Consultation ${id} has no turn ${opts.turn}; it has ${turns.length} turn(s).`);
  const statutes: ReportStatute[] = [];
  const refFor = (e: Evidence, t: TurnResult): number => {
    const known = statutes.find((s) => s.articleId === e.articleId);
    if (known) {
      known.citedSpans = joinSpans([...known.citedSpans, ...spansIn(t, e.articleId, known.text)]);
      if (!known.turns.includes(t.seq)) known.turns.push(t.seq);
      known.offline ||= !t.answer && t.mode === 'offline';
      return known.ref;
    }
    const audit = t.citations.find((c) => c.articleId === e.articleId);
    const text = audit?.text && audit.text !== '…' ? audit.text : e.text;
    const [stored] = engine.articles([e.articleId]);
    const notCurrent = audit?.notCurrent ?? e.status !== 'current';
    statutes.push({
      ref: statutes.length + 1, articleId: e.articleId, lawTitle: e.lawTitle, label: e.articleLabel, publishDate: e.publishDate,
      // The 编 of 民法典 (one file each) before its chapters, where the article is still in the library.
      path: stored?.subtitle && e.path[0] !== stored.subtitle ? [stored.subtitle, ...e.path] : e.path,
      effectiveDate: e.effectiveDate, status: e.status, text, audit: audit?.label ?? null,
      offline: !t.answer && t.mode === 'offline', turns: [t.seq], dated: e.onDate ?? null,
      notCurrent, inLibrary: stored !== undefined, citedSpans: joinSpans(spansIn(t, e.articleId, text)), lines: [],
      inForce: notCurrent && stored ? inForceCounterpart(engine, stored) : null,
      onDate: e.onDate && e.onDate.standing !== 'in-force' ? { ...e.onDate, note: stored ? engine.searchDeps().resolver.textGap(stored.id, e.onDate.date)?.zh ?? null : null } : null,
      // The footnotes of the text shown: only while the library's article still reads as the text stored with the turn.
      ...(stored?.notes?.length && stored.text === text ? { sourceNotes: stored.notes } : {}),
    });
    return statutes.length;
  };
  // Dated as the turn's evidence is: for the date the turn applied (evidenceDateOf), not one its state was corrected to since.
  const outside = (c: CitationAudit, t: TurnResult) => citedOutsideEvidence(engine, c, evidenceDateOf(consultation.as_of, t));
  const lawDates = chosen.map((t) => {
    const row = consultations.store.turn(t.turnId);
    return turnLawDate({ seq: t.seq, stored: { date: row.law_as_of, by: row.law_as_of_by }, factDate: t.state?.factDate ?? null, createdAt: row.created_at, finishedAt: row.finished_at });
  });
  const reportTurns = chosen.map((t, i) => toReportTurn(t, refFor, outside, opts, i === chosen.length - 1, lawAsOfLine(lawDates[i]!)));
  for (const s of statutes) s.lines = statuteLines(s);
  const last = chosen.at(-1)!;
  const place = consultation.place ?? last.state?.place ?? null;
  // 现行有效 in a report is as far as the library's texts reach: said first among the warnings when the latest day the
  // report applies the law lies a quarter past its newest text (coverage.ts).
  const latestDay = [consultation.as_of, ...lawDates.map((d) => d.date)].filter((d): d is string => Boolean(d)).sort().at(-1);
  const coverageGap = latestDay ? coverageGapNote(engine.coverage(), latestDay) : null;
  // A law the report relies on that was revised after the library's texts (反不正当竞争法 2025): said by name, after the general note.
  const revised = laterRevisionsAmong(chosen.flatMap((t) => t.laterRevisions ?? []).map((l) => ({ lawTitle: l.title, publishDate: l.read })), latestDay ?? '');
  return {
    title: consultation.title,
    generatedAt: new Date().toISOString(),
    lawAsOf: lawAsOfZh(consultation.as_of, lawDates),
    place,
    placeNote: reportPlace(engine.db, place)?.note ?? null,
    appVersion,
    endpoint: consultations.store.turn(last.turnId).endpoint,
    model: consultations.store.turn(last.turnId).model,
    redaction: chosen.some((t) => consultations.store.turn(t.turnId).redaction === 1),
    turns: reportTurns,
    statutes,
    warnings: [...(coverageGap ? [coverageGap] : []), ...earlierFacts(chosen), ...spanned(chosen), ...revised.map((l) => l.zh), ...warningsFor(reportTurns, statutes)],
    disclaimer: DISCLAIMER,
    credit: CREDIT,
  };
}

/** For each turn whose question gives facts before 民法典 while it applied today's law: 「第 1 轮：问题提到 2018 年的事实…」 (lawAsOf.ts). */
function earlierFacts(turns: readonly TurnResult[]): string[] {
  return turns.flatMap((t) => {
    const year = earlierFactsYear(t.userText, t.lawAsOf);
    return year !== null && t.lawAsOf ? [`第 ${t.seq} 轮：${earlierFactsNote(year, t.lawAsOf)}`] : [];
  });
}

/** For each turn whose facts straddle an amendment of its laws: 「第 1 轮：本案事实跨越《中华人民共和国商标法》2019 年修正…」 (spannedAmendments.ts). */
function spanned(turns: readonly TurnResult[]): string[] {
  return turns.flatMap((t) => (t.spannedAmendments ?? []).map((s) => `第 ${t.seq} 轮：${s.zh}`));
}

/** Where the version in force holds an article's provision (by text: a revision renumbers), for the warning on a version not in force. */
function inForceCounterpart(engine: Engine, article: StatuteArticle): ReportStatute['inForce'] {
  const current = lawVersions(engine.db, article.lawId).find((v) => v.status === 'current' && v.publishDate !== (article.publishDate ?? ''));
  if (!current) return null;
  const there = counterpartInVersion(engine.db, article, current.publishDate);
  return { publishDate: current.publishDate || null, label: there.label, match: there.match };
}

/** 「；现行版本（2023-12-29 版）中为第八十四条，有修改」, or that it holds none; nothing when no version is in force. */
function inForceNote(inForce: ReportStatute['inForce']): string {
  if (!inForce) return '';
  const version = `现行版本（${inForce.publishDate ?? '日期不详'} 版）`;
  if (!inForce.label) return `；${version}中没有对应条文`;
  const how = inForce.match === 'identical' ? '内容相同' : inForce.match === 'amended' ? '有修改' : '部分对应';
  return `；${version}中为${inForce.label}，${how}`;
}

/**
 * An article an answer cited that its turn's evidence does not hold (「证据外」, or a 款 or 项 it lacks), as evidence
 * built from the text and version stored with the citation, so the report lists it and its text like any other; null
 * when the citation names no article. Dated as the turn's evidence is (Consultations.result).
 */
function citedOutsideEvidence(engine: Engine, c: CitationAudit, lawDate: string | null): Evidence | null {
  if (c.articleId === null || !c.text || c.text === '…' || !c.lawTitle || !c.articleLabel) return null;
  const [stored] = engine.articles([c.articleId]);
  const e: Evidence = {
    articleId: c.articleId, lawTitle: c.lawTitle, articleLabel: c.articleLabel, level: stored?.level ?? '', province: stored?.province ?? '',
    status: c.status ?? stored?.status ?? 'current', publishDate: c.publishDate, effectiveDate: stored?.effectiveDate ?? null, path: stored?.path ?? [],
    text: c.text, score: 0, foundBy: [], excluded: null, excerpt: null,
  };
  return stored ? datedEvidence(engine, [e], lawDate)[0]! : e;
}

/** The spans a turn's citations of an article mark in `text` (only those stored with that very text). */
function spansIn(t: TurnResult, articleId: number, text: string): Array<[number, number]> {
  return t.citations.filter((c) => c.articleId === articleId && c.text === text).flatMap((c) => c.citedSpans);
}

function toReportTurn(
  t: TurnResult,
  refFor: (e: Evidence, t: TurnResult) => number,
  outside: (c: CitationAudit, t: TurnResult) => Evidence | null,
  opts: ReportOptions,
  isLast: boolean,
  lawDate: string,
): ReportTurn {
  const live = t.evidence.filter((e) => !e.excluded);
  const refs: number[] = [];
  const listed = (e: Evidence): number => {
    const ref = refFor(e, t);
    if (!refs.includes(ref)) refs.push(ref);
    return ref;
  };
  // Every article the answer cites is listed, from the evidence or, outside it, from the text stored with the citation.
  const citedArticle = (c: CitationAudit): Evidence | null => (c.articleId === null ? null : live.find((x) => x.articleId === c.articleId) ?? outside(c, t));
  const refOfCitation = (c: CitationAudit): number | null => {
    const e = citedArticle(c);
    return e ? listed(e) : null;
  };
  let answer: string | null = null;
  if (t.answer) {
    const written = t.citations.filter((c) => !c.marker.startsWith('[')).map((c) => ({ marker: c.marker, ref: () => refOfCitation(c) }));
    answer = reportAnswer(t.answer, written, (n) => {
      const e = live[n - 1];
      return e ? listed(e) : null;
    });
    // Those not found again in the text are listed too.
    for (const c of t.citations) refOfCitation(c);
  } else if (t.mode === 'offline') {
    for (const e of live.slice(0, 10)) listed(e);
  }
  const scope = outsideEvidenceScope(t.verdict, t.citations);
  return {
    seq: t.seq,
    question: t.userText,
    lawDate,
    mode: t.mode,
    offlineReason: t.offlineReason,
    refs,
    answer,
    error: t.error ? `${t.error.message}（${t.error.code}）` : null,
    state: opts.allStates || isLast ? t.state : null,
    stateChanges: t.stateChanges,
    verdict: t.verdict,
    override: t.verdictOverride,
    iterations: t.iterations,
    sufficientOnlyForEvidence: scope.articles,
    sufficientOnlyFailed: { quoteMismatch: scope.quoteMismatch, missingPart: scope.missingPart },
    // A citation 引文不符 of an article outside the evidence is one of them too: said with the others, not only as a quotation amiss.
    stray: t.citations
      .filter((c) => c.label === 'unresolvable' || c.label === 'outside_evidence' || c.outsideEvidence)
      .map((c) => ({ marker: c.marker, label: c.label, note: c.noteZh ?? c.note, ref: t.answer ? refOfCitation(c) : null, outside: c.outsideEvidence === true })),
    // An evidence article cited for words that fit another article of its law (topicFit.ts); one outside the evidence
    // is warned of once, with its note, among the stray ones.
    mismatched: [
      ...t.citations.filter((c) => (c.label === 'verified' || c.label === 'quote_mismatch') && !c.outsideEvidence && c.closer !== undefined).map((c) => ({ marker: c.marker, note: c.noteZh ?? c.note ?? '' })),
      // A cap the answer states that its article does not (三百万元 beside 五百万元), as `lexdesk check` says of a brief.
      ...(t.limitNotes ?? []).map((l) => ({ marker: l.marker, note: l.zh })),
    ],
    questionCitations: (t.questionCitations ?? []).map((q) => ({ marker: q.marker, note: q.noteZh ?? q.note ?? '' })),
    excluded: opts.includeExcluded ? t.evidence.filter((e) => e.excluded).map((e) => ({ lawTitle: e.lawTitle, label: e.articleLabel, reason: e.excluded! })) : [],
  };
}

/**
 * What the audit says of a citation outside the evidence beyond that (how a bare 第四十六条 was read, an earlier version's
 * other provision under its number), in brackets; nothing when that is all it says.
 */
function outsideNote(note: string | null): string {
  const rest = (note ?? '').replace(/^回答引用了这一条，但它不在本轮证据中[；;]?/, '').replace(/，该条不在本轮证据中/, '').replace(/[。.]$/, '');
  return rest && /\p{Script=Han}/u.test(rest) ? `（${rest}）` : '';
}

function warningsFor(turns: ReportTurn[], statutes: ReportStatute[]): string[] {
  const out: string[] = [];
  for (const t of turns) {
    const v = t.override?.verdict ?? t.verdict;
    if (v === 'insufficient' || v === 'insufficient_at_limit') out.push(`第 ${t.seq} 轮：证据不充分${v === 'insufficient_at_limit' ? '（已达检索上限）' : ''}，相关结论可能缺乏法律依据。`);
    if (t.mode === 'offline') out.push(`第 ${t.seq} 轮为离线检索：没有生成的回答，只列出相关法条。`);
    if (t.error) out.push(`第 ${t.seq} 轮未完成：${t.error}`);
    for (const q of t.questionCitations) out.push(`第 ${t.seq} 轮的问题中引用的 ${q.marker}：${q.note.replace(/[。.]$/, '')}。`);
    for (const s of t.stray) {
      // Written as the answer now reads: the citation, then the number of its article in the list.
      const cited = `第 ${t.seq} 轮的引用 ${s.marker}${s.ref === null ? ' ' : `[${s.ref}] `}`;
      // An article outside the evidence is real and may well apply; what it lacks is the turn's checks, which the reader must make.
      if (s.label === 'outside_evidence') out.push(`${cited}是证据外的法条${outsideNote(s.note)}：不在本轮检索并审查过的证据中，回答依据它的结论未经适用性和充分性审查，请核对该条是否适用本案。`);
      else if (s.label === 'quote_mismatch') out.push(`${cited}是证据外的法条，回答中的引文与其原文也不一致${s.note ? `（${s.note.replace(/[。.]$/, '')}）` : ''}：不在本轮检索并审查过的证据中，回答依据它的结论未经适用性和充分性审查，请核对该条的原文及是否适用本案。`);
      else out.push(`${cited}未通过核验（无法解析${s.note ? `：${s.note.replace(/[。.]$/, '')}` : ''}${s.outside ? '；该条也不在本轮证据中' : ''}）。`);
    }
    for (const m of t.mismatched) out.push(`第 ${t.seq} 轮的引用 ${m.marker}：${m.note.replace(/[。.]$/, '')}。`);
  }
  for (const s of statutes) {
    if (s.audit === 'quote_mismatch') out.push(`[${s.ref}] ${bookTitle(s.lawTitle)}${citedLabel(s)}：回答中的引文与法条原文不一致。`);
    if (s.notCurrent) {
      const now = s.status === 'current' ? STATUS_ZH.superseded : STATUS_ZH[s.status] ?? s.status;
      // A matter of 2020 citing the text in force then: the right law of that date, not a stale citation; say it so.
      const stood = s.dated?.standing === 'in-force' ? `在适用法律的日期（${s.dated.date}）施行中，今${now}` : `不是现行有效版本（${now}）`;
      out.push(`[${s.ref}] ${bookTitle(s.lawTitle)}${citedLabel(s)} ${stood}${inForceNote(s.inForce)}。`);
    }
    if (s.onDate) out.push(`[${s.ref}] ${bookTitle(s.lawTitle)}${citedLabel(s)}：${s.onDate.note ?? `在适用法律的日期（${s.onDate.date}）${standingZh(s.onDate.standing)}`}。`);
    if (!s.inLibrary) out.push(`[${s.ref}] ${bookTitle(s.lawTitle)}${citedLabel(s)} 已不在当前法规库中；报告使用咨询时保存的文本。`);
  }
  return out;
}
