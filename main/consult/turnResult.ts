import { countLabels } from './citationAudit.js';
import { LegalStateSchema } from './schemas.js';
import { diffStates } from './stages/legalState.js';
import type { ConsultationStore, TurnRow } from './store.js';
import type { CitationAudit, Evidence, TurnResult } from './types.js';
import { DEFAULT_TURN_OPTIONS } from './context.js';
import type { Engine } from '../engine/index.js';
import { standingsOn } from '../search/lawOnDate.js';
import { behindOn, libraryCoverage, type LibraryCoverage } from '../library/coverage.js';
import type { Db } from '../db/open.js';
import { laterRevisionsAmong } from '../library/versions/laterRevisions.js';
import { answerLimitNotes } from './answerLimits.js';
import { factSpan } from './factSpan.js';
import { spannedAmendments } from '../library/versions/spannedAmendments.js';
import { lawDateZh, LAW_AS_OF_BY_EN } from '../../preload/contract/lawAsOf.js';

/**
 * The library's coverage, read the first time it is asked for and then kept: one reader serves every turn of a
 * consultation read back together (a library's coverage changes only with an import, not between its turns).
 */
export function coverageOnce(db: Db): () => LibraryCoverage {
  let read: LibraryCoverage | undefined;
  return () => (read ??= libraryCoverage(db));
}

/**
 * A turn as the CLI, the UI and reports see it, read back from the database. `coverage` gives the library's coverage
 * for `libraryBehind`; pass one coverageOnce to all the turns of a consultation so it is read once, not once a turn.
 */
export function loadTurnResult(store: ConsultationStore, turn: TurnRow, coverage: () => LibraryCoverage = coverageOnce(store.db)): TurnResult {
  const own = store.state(turn.id);
  const before = store.stateBefore(turn.consultation_id, turn.seq).state;
  const state = own ? LegalStateSchema.parse({ ...own.state, ...(own.correction ?? {}) }) : null;
  const evidence = store.evidence(turn.id);
  const citations = outsideMarked(store.citations(turn.id), evidence);
  const usage = store.usage(turn.id);
  const seconds = turn.finished_at ? (Date.parse(turn.finished_at) - Date.parse(turn.created_at)) / 1000 : 0;
  return {
    consultationId: turn.consultation_id,
    turnId: turn.id,
    seq: turn.seq,
    userText: turn.user_text,
    status: turn.status,
    mode: turn.mode,
    offlineReason: turn.offline_reason,
    offlineCode: turn.offline_code,
    state,
    stateChanges: state ? diffStates(before, state) : [],
    evidence,
    answer: turn.answer,
    citations,
    citationCounts: countLabels(citations),
    verdict: turn.verdict,
    verdictOverride: turn.verdict_override ? { verdict: turn.verdict_override, note: turn.override_note } : null,
    iterations: store.verdicts(turn.id),
    usage: { ...usage, seconds },
    stages: store.stages(turn.id).map(({ stage, iteration, status, ms }) => ({ stage, iteration, status, ms })),
    redactions: turn.redaction ? store.redactions(turn.consultation_id) : [],
    error: turn.error_code ? { code: turn.error_code, message: turn.error_message ?? '' } : null,
    questionCitations: turn.question_citations ? (JSON.parse(turn.question_citations) as TurnResult['questionCitations']) : [],
    lawAsOf: turn.law_as_of && turn.law_as_of_by ? { date: turn.law_as_of, by: turn.law_as_of_by } : null,
    libraryBehind: turn.law_as_of ? behindOn(coverage(), turn.law_as_of) : null,
    laterRevisions: turn.law_as_of ? laterRevisionsAmong([...evidence.filter((e) => !e.excluded), ...citations], turn.law_as_of) : [],
    limitNotes: answerLimitNotes(turn.answer, citations),
    spannedAmendments: amendmentsSpanned(store.db, turn, evidence, citations),
  };
}

/**
 * The amendments of the turn's laws that its facts straddle (spannedAmendments.ts): when the question gives facts on
 * two dates (「2018年开始…一直到2022年」, or one and 「至今」), the laws the answer cites, else those of its numbered
 * evidence, tested against the span. No query unless the question gives such a span.
 */
function amendmentsSpanned(db: Db, turn: TurnRow, evidence: readonly Evidence[], citations: readonly CitationAudit[]): NonNullable<TurnResult['spannedAmendments']> {
  const asked = turn.law_as_of_by === 'consultation' ? turn.law_as_of : null;
  const now = asked ?? (turn.law_as_of_by === 'today' ? turn.law_as_of : null) ?? turn.created_at.slice(0, 10);
  const span = factSpan(turn.user_text, { asked, now });
  if (!span) return [];
  const cited = citations.flatMap((c) => (c.articleId === null ? [] : [c.articleId]));
  const ids = cited.length ? cited : evidence.filter((e) => !e.excluded).slice(0, DEFAULT_TURN_OPTIONS.topK).map((e) => e.articleId);
  const applied = turn.law_as_of && turn.law_as_of_by ? { date: turn.law_as_of, by: turn.law_as_of_by } : null;
  const lawDate = applied ? { date: applied.date, zh: lawDateZh(applied), en: `${applied.date} (${LAW_AS_OF_BY_EN[applied.by]})` } : null;
  return spannedAmendments(db, ids, span, lawDate).map(({ title, changes, zh, en }) => ({ title, changes, zh, en }));
}

/**
 * The citations with `outsideEvidence` set on those labelled 引文不符, or 无法解析 with an article (a 款 or 项 it lacks),
 * whose article the evidence the judge and the answer were given does not hold: the live evidence stored first, up to
 * the `topK` the turn numbered [1]…[n] (CandidatePool.auditedFirst; the app's cited-statutes panel shows as many), matched
 * as the audit matches (citationAudit.ts citedArticle: the article, or the same label of a law of the same title).
 */
function outsideMarked(citations: CitationAudit[], evidence: readonly Evidence[]): CitationAudit[] {
  const numbered = evidence.filter((e) => !e.excluded).slice(0, DEFAULT_TURN_OPTIONS.topK);
  const held = (c: CitationAudit) => numbered.some((e) => e.articleId === c.articleId || (e.lawTitle === c.lawTitle && e.articleLabel === c.articleLabel));
  return citations.map((c) => ((c.label === 'quote_mismatch' || c.label === 'unresolvable') && c.articleId !== null && !held(c) ? { ...c, outsideEvidence: true } : c));
}

/**
 * The date a turn's evidence (and an article its answer cited outside it) is dated for: the date its run applied the
 * law as of, as the run stored it (migration 22), when that was a date of the matter — the consultation's own, or the
 * facts' date its state gave then; none when the turn applied the law of the day it ran (its articles are shown as
 * they stand today, as before). Not the state read back now: a facts' date the user corrected afterwards was not the
 * one the turn applied, and a turn that applied the day's law did not apply the corrected date either. A turn stored
 * before migration 22 has no date of its own and is read as before: the consultation's date, else the facts' date its
 * state (corrections included) gives.
 */
export function evidenceDateOf(consultationAsOf: string | null, t: Pick<TurnResult, 'lawAsOf' | 'state'>): string | null {
  if (t.lawAsOf) return t.lawAsOf.by === 'today' ? null : t.lawAsOf.date;
  return consultationAsOf ?? t.state?.factDate ?? null;
}

/**
 * The evidence with how each article stood on `date`, the date the law is applied as of (lawOnDate.ts), for the
 * badge beside its status today; unchanged without a date, and for an article a later import removed.
 */
export function datedEvidence(engine: Pick<Engine, 'db' | 'articles' | 'searchDeps'>, evidence: Evidence[], date: string | null): Evidence[] {
  if (!date || evidence.length === 0) return evidence;
  const resolver = engine.searchDeps().resolver;
  const articles = engine.articles(evidence.map((e) => e.articleId));
  const standings = standingsOn(engine.db, articles, date, (id) => resolver.textGap(id, date));
  return evidence.map((e) => {
    const standing = standings.get(e.articleId);
    return standing ? { ...e, onDate: { date, standing } } : e;
  });
}

/** The evidence with the collection's notes under each article that has some, while the library's article reads as the text stored with the turn. */
export function evidenceWithNotes(engine: Pick<Engine, 'articles'>, evidence: Evidence[]): Evidence[] {
  const held = new Map(engine.articles(evidence.map((e) => e.articleId)).map((a) => [a.id, a]));
  return evidence.map((e) => {
    const a = held.get(e.articleId);
    return a?.notes?.length && a.text === e.text ? { ...e, notes: a.notes } : e;
  });
}
