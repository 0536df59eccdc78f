import { excerptSnippet } from '../consult/excerpt.js';
import type { Evidence, TurnEvent, TurnResult } from '../consult/types.js';
import { renderSnippet } from '../search/snippet.js';
import type { Output } from './output.js';
import { clip } from '../util/clip.js';
import { standingZh } from '../search/lawOnDate.js';
import { STATUS_ZH } from '../library/status.js';
import { FOR_EVIDENCE_ONLY_ZH, outsideEvidenceNoteZh, outsideEvidenceScope, type OutsideEvidence } from '../../preload/contract/sufficiency.js';
import { bookTitle } from '../../preload/contract/citationLine.js';
import { earlierFactsNote, earlierFactsYear, lawAsOfLine } from '../../preload/contract/lawAsOf.js';
import { turnCoverageNote } from '../../preload/contract/coverage.js';

const STAGE_NAMES: Record<string, string> = {
  state: '法律状态',
  rewrite: '查询改写',
  retrieval: '检索',
  rerank: '重排',
  audit: '适用性审查',
  judge: '充分性审查',
  answer: '回答',
  citations: '引用核验',
};

/** Each verdict's words, and what qualifies it apart, so that the line writes one bracket (sufficiencyLineZh). */
const VERDICT: Record<string, [words: string, note?: string]> = {
  sufficient: ['证据充分'],
  insufficient: ['证据不足'],
  insufficient_at_limit: ['证据不足', '已达检索上限'],
  offline: ['离线：未生成回答，仅列出相关法条'],
};

/**
 * The CLI's 充分性 line: the verdict, then in one bracket the rounds of review and what qualifies it, then the articles
 * the answer cites outside its evidence (「充分性：证据充分（1 轮审查；仅就检索到的法条而言）；回答另引 1 条证据外的法条，未经适用性和
 * 充分性审查」). It wrote a bracket for each, two in a row: 「证据充分（仅就检索到的法条而言）（1 轮审查）」.
 */
export function sufficiencyLineZh(verdict: string, rounds: number, outside: number, failed: Partial<OutsideEvidence> = {}): string {
  const [words, note] = VERDICT[verdict] ?? [verdict];
  const said = [rounds ? `${rounds} 轮审查` : '', note ?? '', outside ? FOR_EVIDENCE_ONLY_ZH : ''].filter(Boolean);
  return `充分性：${words}${said.length ? `（${said.join('；')}）` : ''}${outside ? `；${outsideEvidenceNoteZh(outside, failed)}` : ''}`;
}

const LABEL: Record<string, string> = { verified: '已核验', outside_evidence: '证据外', unresolvable: '无法解析', quote_mismatch: '引文不符' };

/** A cited 款 or 项 on one line, cut at 40 characters. */
const clipLine = (text: string): string => clip(text.replace(/\s+/g, ' ').trim(), 40);

/** Progress on stderr and the streamed answer on stdout, for the interactive terminal. */
export function terminalEvents(out: Output): (e: TurnEvent) => void {
  let streaming = false;
  return (e) => {
    if (e.type === 'stage' && e.status !== 'started') {
      if (streaming) return;
      const it = e.iteration ? ` #${e.iteration}` : '';
      process.stderr.write(`  · ${STAGE_NAMES[e.stage] ?? e.stage}${it} ${e.status === 'done' ? `${e.ms ?? 0} ms` : e.status}${e.detail ? ` (${e.detail.slice(0, 80)})` : ''}\n`);
    } else if (e.type === 'token') {
      if (!streaming) out.print('');
      streaming = true;
      process.stdout.write(e.text);
    } else if (e.type === 'redactions') {
      process.stderr.write(`  · 已脱敏：${e.items.map((r) => `${r.original}→${r.placeholder}`).join('，')}\n`);
    }
  };
}

/** The parts of a finished turn the terminal shows after the answer. */
export function printTurnSummary(r: TurnResult, out: Output): void {
  out.print('');
  if (r.error) out.print(`✗ ${r.error.message}（${r.error.code}）— 消息已保存，可用 --retry ${r.turnId} 重试`);
  if (r.mode === 'offline') out.print(`[离线] ${r.offlineReason ?? ''}`);
  if (r.state && r.stateChanges.length) out.print(`状态变化：${r.stateChanges.map((c) => `${c.field}${c.added.length ? ` +${c.added.join('、')}` : ''}${c.removed.length ? ` -${c.removed.join('、')}` : ''}`).join('；')}`);
  // The user's own citations worth a word: a repealed law, an older numbering, a 款 or 项 the article lacks.
  if (r.questionCitations.length) out.print('问题中引用的法条：');
  for (const c of r.questionCitations) out.print(`  ${c.finding === 'unresolvable' ? '✗' : c.finding === 'quote_mismatch' ? '≠' : '!'} ${c.marker} — ${c.noteZh ?? c.note ?? ''}`);
  const live = r.evidence.filter((e) => !e.excluded);
  // The date this turn applied the law as of (the consultation's, the facts', or today), as its report names it.
  if (r.lawAsOf) out.print(lawAsOfLine(r.lawAsOf, 'zh', true));
  // A matter of 2018 searched with today's law: said, with the rule of the time and how to set the date.
  const year = earlierFactsYear(r.userText, r.lawAsOf);
  if (year !== null && r.lawAsOf) out.print(`注意：${earlierFactsNote(year, r.lawAsOf)}`);
  if (r.libraryBehind) out.print(`注：${turnCoverageNote(r.libraryBehind)}`);
  // A law of this turn revised after the library's texts (反不正当竞争法 2025): its articles shown are no longer in force.
  for (const l of r.laterRevisions ?? []) out.print(`注：${l.zh}`);
  // A cap the answer states beside a citation that its article does not (三百万元 for 五百万元).
  for (const l of r.limitNotes ?? []) out.print(`注：${l.marker}：${l.zh}`);
  // Facts from 2018 to 2022 under a law amended in between (商标法, in force 2019-11-01): the lawyer must split them.
  for (const s of r.spannedAmendments ?? []) out.print(`注意：${s.zh}`);
  out.print(r.mode === 'offline' ? '相关法条：' : '证据：');
  // With the date the law is applied as of: how each article stood then, unless in force in this text (民法典 for a matter of 2019: 尚未施行).
  const then = (e: Evidence) => (e.onDate && e.onDate.standing !== 'in-force' ? `［${e.onDate.date} ${standingZh(e.onDate.standing)}］` : '');
  live.slice(0, r.mode === 'offline' ? 10 : 8).forEach((e, i) => out.print(`  [${i + 1}] ${bookTitle(e.lawTitle)}${e.articleLabel}${e.status === 'current' ? '' : `（${STATUS_ZH[e.status] ?? e.status}）`}${then(e)} ${renderSnippet(excerptSnippet(e), Boolean(process.stdout.isTTY))}`));
  for (const e of r.evidence.filter((x) => x.excluded).slice(0, 5)) out.print(`  ✗ 已排除 ${bookTitle(e.lawTitle)}${e.articleLabel}：${e.excluded}`);
  if (r.citations.length) out.print(`引用：${r.citations.map((c) => `${c.marker} ${LABEL[c.label]}${c.outsideEvidence ? '、证据外' : ''}${c.notCurrent ? '（非现行）' : ''}`).join('，')}`);
  // Below it, each citation with something to say: the 款 and 项 it names, and why it failed its check.
  for (const c of r.citations) {
    const parts = c.text ? c.citedSpans.map(([start, end]) => `「${clipLine(c.text!.slice(start, end))}」`).join('') : '';
    const why = c.label === 'verified' ? null : (c.noteZh ?? c.note);
    if (parts || why) out.print(`  ${c.marker}${parts ? ` ${parts}` : ''}${why ? ` — ${why}` : ''}`);
  }
  // 证据充分 holds for the evidence the judge saw; articles the answer cites outside it are said with it.
  if (r.verdict) {
    const scope = outsideEvidenceScope(r.verdict, r.citations);
    out.print(sufficiencyLineZh(r.verdict, r.iterations.length, scope.articles, scope));
  }
  if (r.usage.calls) out.print(`用量：${r.usage.calls} 次调用，${r.usage.promptTokens}+${r.usage.completionTokens} tokens${r.usage.cost !== null ? `，费用 ${r.usage.cost.toFixed(4)}` : ''}`);
}

/** The one JSON object `consult --ask --json` prints. */
export function turnJson(r: TurnResult) {
  return {
    consultationId: r.consultationId,
    turnId: r.turnId,
    status: r.status,
    mode: r.mode,
    offlineReason: r.offlineReason,
    state: r.state,
    stateChanges: r.stateChanges,
    evidence: r.evidence,
    answer: r.answer,
    citations: r.citations,
    citationCounts: r.citationCounts,
    verdict: r.verdict,
    verdictOverride: r.verdictOverride,
    /** Articles the answer cites outside the evidence the judge weighed, when its verdict is 证据充分 (which then holds for the evidence alone); else 0. */
    sufficientOnlyForEvidence: outsideEvidenceScope(r.verdict, r.citations).articles,
    iterations: r.iterations,
    usage: r.usage,
    stages: r.stages,
    redactions: r.redactions,
    error: r.error,
    questionCitations: r.questionCitations,
    /** The date the turn applied the law as of and why (consultation | facts | today); null for turns stored before migration 22. */
    lawAsOf: r.lawAsOf,
    /** The library's newest text's date when lawAsOf lies a quarter past it (laws amended since are missing); else null. */
    libraryBehind: r.libraryBehind ?? null,
    /** Laws of the turn revised after the library's texts (laterRevisions.ts), each with its note; empty when none. */
    laterRevisions: r.laterRevisions ?? [],
    /** Caps the answer states beside a citation that its article does not (三百万元 beside 五百万元); empty when none. */
    limitNotes: r.limitNotes ?? [],
    /** Amendments of the turn's laws that the question's facts straddle (spannedAmendments.ts), each with its changes and note; empty when none. */
    spannedAmendments: r.spannedAmendments ?? [],
  };
}
