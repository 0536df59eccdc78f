import type { Db } from '../db/open.js';
import type { Redaction } from '../llm/redaction.js';
import type { LlmCallRecord } from '../llm/types.js';
import { LexError } from '../util/errors.js';
import { LegalStateSchema, type LegalState } from './schemas.js';
import type { CitationAudit, Evidence, EvidenceExcerpt, JudgeIteration, OfflineCode, StageName, Verdict } from './types.js';
import { nextIdSql } from '../db/nextId.js';
import type { TitleBy } from './title.js';

export interface ConsultationRow {
  id: number;
  title: string;
  created_at: string;
  updated_at: string;
  as_of: string | null;
  place: string | null;
  /** Who gave the title (title.ts TitleBy); null for a consultation from before migration 27. */
  title_by: TitleBy | null;
}

export interface TurnRow {
  id: number;
  consultation_id: number;
  seq: number;
  user_text: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  mode: 'llm' | 'offline' | null;
  offline_reason: string | null;
  /** Why the turn ran offline, as a code the app words in its language: llm_not_configured, llm_unreachable. */
  offline_code: OfflineCode | null;
  endpoint: string | null;
  model: string | null;
  redaction: number;
  answer: string | null;
  verdict: Verdict | null;
  verdict_override: Verdict | null;
  override_note: string | null;
  error_code: string | null;
  error_message: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  cost: number | null;
  attempts: number;
  created_at: string;
  finished_at: string | null;
  /** The Consultations instance running (or that last ran) the turn, and its last heartbeat (ms); see turnOwner.ts. */
  owner: string | null;
  heartbeat_at: number | null;
  /** The question's citations worth a word, as JSON (QuestionCitation[]); null in turns from before migration 11. */
  question_citations: string | null;
  /** The date the turn's last run applied the law as of, and why (context.ts lawAsOf); both null in turns from before migration 22. */
  law_as_of: string | null;
  law_as_of_by: LawAsOfBy | null;
}

/** Why a turn applied the law as of its date: the consultation's own date, the facts' date its state gave, or the engine's today. */
export type LawAsOfBy = 'consultation' | 'facts' | 'today';

export type RunningTurn = Pick<TurnRow, 'id' | 'consultation_id' | 'owner' | 'heartbeat_at'>;

/** What a turn's run may set (its identity and ownership are set by start and restart only). */
export type TurnFields = Partial<Omit<TurnRow, 'id' | 'consultation_id' | 'seq' | 'user_text' | 'owner' | 'heartbeat_at'>>;

const now = () => new Date().toISOString();

/** Stages whose stored output a retry uses instead of running them again (see legalStateStage). */
export const REUSED_ON_RETRY: readonly StageName[] = ['state'];

/** Consultations, turns and everything a turn produced, in the library database. */
export class ConsultationStore {
  constructor(readonly db: Db) {}

  createConsultation(title: string, opts: { asOf?: string | null; place?: string | null; titleBy?: TitleBy } = {}): number {
    const t = now();
    const r = this.db
      .prepare(`INSERT INTO consultations (id, title, created_at, updated_at, as_of, place, title_by) VALUES (${nextIdSql('consultations')}, ?, ?, ?, ?, ?, ?)`)
      .run(title, t, t, opts.asOf ?? null, opts.place ?? null, opts.titleBy ?? 'user');
    return Number(r.lastInsertRowid);
  }

  consultation(id: number): ConsultationRow {
    const row = this.db.prepare('SELECT * FROM consultations WHERE id = ?').get(id) as ConsultationRow | undefined;
    if (!row) throw new LexError('not_found', `No consultation ${id}. List them with: lexdesk consult --list`);
    return row;
  }

  list(search?: string): Array<ConsultationRow & { turns: number }> {
    const like = `%${search ?? ''}%`;
    return this.db
      .prepare(
        `SELECT c.*, (SELECT count(*) FROM turns t WHERE t.consultation_id = c.id) AS turns FROM consultations c
          WHERE ? = '%%' OR c.title LIKE ? OR EXISTS (SELECT 1 FROM turns t WHERE t.consultation_id = c.id AND (t.user_text LIKE ? OR t.answer LIKE ?))
          ORDER BY c.updated_at DESC, c.id DESC`,
      )
      .all(like, like, like, like) as Array<ConsultationRow & { turns: number }>;
  }

  rename(id: number, title: string): void {
    this.consultation(id);
    this.db.prepare("UPDATE consultations SET title = ?, title_by = 'user', updated_at = ? WHERE id = ?").run(title, now(), id);
  }

  /**
   * A better title than the opening of the first message (title.ts): set only while the title is still that opening, in
   * one statement, so a name the user gave meanwhile (the app, another process) is never overwritten. True when set.
   */
  retitle(id: number, title: string, by: Exclude<TitleBy, 'question' | 'user'>): boolean {
    return this.db.prepare("UPDATE consultations SET title = ?, title_by = ? WHERE id = ? AND title_by = 'question'").run(title, by, id).changes > 0;
  }

  delete(id: number): void {
    this.consultation(id);
    this.db.prepare('DELETE FROM consultations WHERE id = ?').run(id);
  }

  /** Persists the user's message before anything else happens. */
  startTurn(consultationId: number, text: string, owner: string): TurnRow {
    // One statement, so two processes asking at once cannot both start a turn (or take the same seq).
    const r = this.db
      .prepare(
        `INSERT INTO turns (consultation_id, seq, user_text, status, created_at, owner, heartbeat_at)
         SELECT @cid, n, @text, 'running', @now, @owner, @beat FROM (SELECT COALESCE(max(seq), 0) + 1 AS n FROM turns WHERE consultation_id = @cid)
          WHERE NOT EXISTS (SELECT 1 FROM turns WHERE consultation_id = @cid AND status = 'running')`,
      )
      .run({ cid: consultationId, text, now: now(), owner, beat: Date.now() });
    if (!r.changes) throw new LexError('busy', `Consultation ${consultationId} is already answering a turn. Wait for it or stop it.`);
    this.db.prepare('UPDATE consultations SET updated_at = ? WHERE id = ?').run(now(), consultationId);
    return this.turn(Number(r.lastInsertRowid));
  }

  turn(id: number): TurnRow {
    const row = this.db.prepare('SELECT * FROM turns WHERE id = ?').get(id) as TurnRow | undefined;
    if (!row) throw new LexError('not_found', `No turn ${id}.`);
    return row;
  }

  turns(consultationId: number): TurnRow[] {
    return this.db.prepare('SELECT * FROM turns WHERE consultation_id = ? ORDER BY seq').all(consultationId) as TurnRow[];
  }

  /**
   * A failed or cancelled turn runs again. It keeps its message, the call log and the stages a retry reuses
   * (REUSED_ON_RETRY); everything the earlier attempt made after them (stages, judge iterations, evidence,
   * verdict, answer, citations) is cleared, because the new attempt redoes it and overwrites only the rows it
   * reaches: a judge iteration or failed stage left from before would read as part of the new result.
   */
  restartTurn(id: number, owner: string): TurnRow {
    this.turn(id);
    // One conditional update takes the turn: of two processes retrying it, only the first finds it failed or
    // cancelled, and none while another turn of the consultation runs.
    const taken = this.db.transaction(() => {
      const r = this.db
        .prepare(
          `UPDATE turns SET status = 'running', error_code = NULL, error_message = NULL, mode = NULL, offline_reason = NULL, offline_code = NULL, verdict = NULL, answer = NULL,
             attempts = attempts + 1, finished_at = NULL, owner = @owner, heartbeat_at = @beat
            WHERE id = @id AND status IN ('failed', 'cancelled')
              AND NOT EXISTS (SELECT 1 FROM turns o WHERE o.consultation_id = turns.consultation_id AND o.status = 'running')`,
        )
        .run({ owner, beat: Date.now(), id });
      if (r.changes) this.clearAttempt(id);
      return r.changes > 0;
    })();
    const turn = this.turn(id);
    if (taken) return turn;
    if (turn.status === 'failed' || turn.status === 'cancelled') throw new LexError('busy', `Consultation ${turn.consultation_id} is already answering a turn. Wait for it or stop it.`);
    throw new LexError('not_retryable', `Turn ${id} is ${turn.status}; only failed or cancelled turns can be retried.`);
  }

  /** Renews a running turn's heartbeat; false when the turn is no longer this owner's (taken over, or finished). */
  heartbeat(id: number, owner: string): boolean {
    return this.db.prepare("UPDATE turns SET heartbeat_at = ? WHERE id = ? AND owner = ? AND status = 'running'").run(Date.now(), id, owner).changes > 0;
  }

  runningTurns(consultationId?: number): RunningTurn[] {
    const sql = "SELECT id, consultation_id, owner, heartbeat_at FROM turns WHERE status = 'running'";
    if (consultationId === undefined) return this.db.prepare(sql).all() as RunningTurn[];
    return this.db.prepare(`${sql} AND consultation_id = ?`).all(consultationId) as RunningTurn[];
  }

  /**
   * Fails a running turn whose owner stopped, so it can be retried. Conditional on the owner and heartbeat
   * read: a turn whose owner renewed its heartbeat meanwhile is still alive and is left alone.
   */
  failInterrupted(turn: RunningTurn): boolean {
    return (
      this.db
        .prepare(
          `UPDATE turns SET status = 'failed', error_code = 'interrupted', error_message = 'The app stopped while this turn was running. Retry it.', owner = NULL
            WHERE id = ? AND status = 'running' AND owner IS ? AND heartbeat_at IS ?`,
        )
        .run(turn.id, turn.owner, turn.heartbeat_at).changes > 0
    );
  }

  private clearAttempt(turnId: number): void {
    const reused = REUSED_ON_RETRY.map((s) => `'${s}'`).join(', ');
    this.db.prepare(`DELETE FROM turn_stages WHERE turn_id = ? AND NOT (stage IN (${reused}) AND status = 'done')`).run(turnId);
    for (const table of ['verdicts', 'evidence', 'citations']) this.db.prepare(`DELETE FROM ${table} WHERE turn_id = ?`).run(turnId);
  }

  updateTurn(id: number, fields: TurnFields): void {
    const keys = Object.keys(fields);
    if (!keys.length) return;
    const set = keys.map((k) => `${k} = @${k}`).join(', ');
    this.db.prepare(`UPDATE turns SET ${set} WHERE id = @id`).run({ ...fields, id });
  }

  /** The turn's outcome, written only while it is still this owner's: a turn another process took over is its to finish. */
  finishTurn(id: number, owner: string | null, fields: TurnFields): void {
    const keys = Object.keys(fields);
    if (!keys.length) return;
    const set = keys.map((k) => `${k} = @${k}`).join(', ');
    this.db.prepare(`UPDATE turns SET ${set} WHERE id = @id AND owner IS @owner`).run({ ...fields, id, owner });
  }

  saveStage(turnId: number, stage: StageName, iteration: number, status: 'done' | 'failed' | 'skipped', ms: number, output?: unknown): void {
    this.db
      .prepare('INSERT OR REPLACE INTO turn_stages (turn_id, stage, iteration, status, ms, output) VALUES (?, ?, ?, ?, ?, ?)')
      .run(turnId, stage, iteration, status, Math.round(ms), output === undefined ? null : JSON.stringify(output));
  }

  stages(turnId: number): Array<{ stage: StageName; iteration: number; status: 'done' | 'failed' | 'skipped'; ms: number; output: string | null }> {
    return this.db.prepare('SELECT stage, iteration, status, ms, output FROM turn_stages WHERE turn_id = ? ORDER BY rowid').all(turnId) as never;
  }

  doneStageOutput<T>(turnId: number, stage: StageName, iteration = 0): T | undefined {
    const row = this.db.prepare("SELECT output FROM turn_stages WHERE turn_id = ? AND stage = ? AND iteration = ? AND status = 'done'").get(turnId, stage, iteration) as
      | { output: string | null }
      | undefined;
    return row?.output ? (JSON.parse(row.output) as T) : undefined;
  }

  saveState(turnId: number, state: LegalState): void {
    this.db.prepare('INSERT INTO legal_states (turn_id, state) VALUES (?, ?) ON CONFLICT(turn_id) DO UPDATE SET state = excluded.state').run(turnId, JSON.stringify(state));
  }

  /** The state as the engine saw it, and the user's corrections to it. */
  state(turnId: number): { state: LegalState; correction: Partial<LegalState> | null } | null {
    const row = this.db.prepare('SELECT state, correction FROM legal_states WHERE turn_id = ?').get(turnId) as { state: string; correction: string | null } | undefined;
    if (!row) return null;
    return { state: LegalStateSchema.parse(JSON.parse(row.state)), correction: row.correction ? (JSON.parse(row.correction) as Partial<LegalState>) : null };
  }

  /** The latest state before turn `seq`, with the user's corrections applied (they hold from the next turn on). */
  stateBefore(consultationId: number, seq: number): { state: LegalState | null; corrected: string[] } {
    const row = this.db
      .prepare(
        `SELECT s.state, s.correction FROM legal_states s JOIN turns t ON t.id = s.turn_id
          WHERE t.consultation_id = ? AND t.seq < ? ORDER BY t.seq DESC LIMIT 1`,
      )
      .get(consultationId, seq) as { state: string; correction: string | null } | undefined;
    if (!row) return { state: null, corrected: [] };
    const correction = row.correction ? (JSON.parse(row.correction) as Partial<LegalState>) : {};
    return { state: LegalStateSchema.parse({ ...JSON.parse(row.state), ...correction }), corrected: Object.keys(correction) };
  }

  /** LLM calls of a turn: count, tokens, cost (null when no price is configured). */
  usage(turnId: number): { calls: number; promptTokens: number; completionTokens: number; cost: number | null } {
    return this.db
      .prepare(
        `SELECT count(*) AS calls, COALESCE(sum(prompt_tokens), 0) AS promptTokens, COALESCE(sum(completion_tokens), 0) AS completionTokens, sum(cost) AS cost
           FROM llm_calls WHERE turn_id = ?`,
      )
      .get(turnId) as { calls: number; promptTokens: number; completionTokens: number; cost: number | null };
  }

  correctState(turnId: number, correction: Partial<LegalState>): void {
    const current = this.state(turnId);
    if (!current) throw new LexError('not_found', `Turn ${turnId} has no legal state to correct.`);
    const merged = { ...(current.correction ?? {}), ...correction };
    LegalStateSchema.parse({ ...current.state, ...merged });
    this.db.prepare('UPDATE legal_states SET correction = ? WHERE turn_id = ?').run(JSON.stringify(merged), turnId);
  }

  saveEvidence(turnId: number, evidence: Evidence[]): void {
    const insert = this.db.prepare(
      `INSERT INTO evidence (turn_id, article_id, rank, law_title, article_label, level, province, status, publish_date, effective_date, path, text, found_by, score, excluded, excerpt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM evidence WHERE turn_id = ?').run(turnId);
      evidence.forEach((e, i) =>
        insert.run(turnId, e.articleId, i + 1, e.lawTitle, e.articleLabel, e.level, e.province, e.status, e.publishDate, e.effectiveDate, JSON.stringify(e.path), e.text, JSON.stringify(e.foundBy), e.score, e.excluded, e.excerpt ? JSON.stringify(e.excerpt) : null),
      );
    })();
  }

  evidence(turnId: number): Evidence[] {
    const rows = this.db.prepare('SELECT * FROM evidence WHERE turn_id = ? ORDER BY rank').all(turnId) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      articleId: r.article_id as number,
      lawTitle: r.law_title as string,
      articleLabel: r.article_label as string,
      level: r.level as string,
      province: r.province as string,
      status: r.status as string,
      publishDate: r.publish_date as string | null,
      effectiveDate: r.effective_date as string | null,
      path: JSON.parse(r.path as string) as string[],
      text: r.text as string,
      score: r.score as number,
      foundBy: JSON.parse(r.found_by as string) as Evidence['foundBy'],
      excluded: r.excluded as string | null,
      excerpt: r.excerpt ? (JSON.parse(r.excerpt as string) as EvidenceExcerpt) : null,
    }));
  }

  saveVerdict(turnId: number, it: JudgeIteration): void {
    this.db
      .prepare('INSERT OR REPLACE INTO verdicts (turn_id, iteration, verdict, checklist, refinements) VALUES (?, ?, ?, ?, ?)')
      .run(turnId, it.iteration, it.verdict, JSON.stringify({ checks: it.checks, missing: it.missing, codeChecks: it.codeChecks }), JSON.stringify(it.refinementQueries));
  }

  verdicts(turnId: number): JudgeIteration[] {
    const rows = this.db.prepare('SELECT * FROM verdicts WHERE turn_id = ? ORDER BY iteration').all(turnId) as Array<{ iteration: number; verdict: 'SUFFICIENT' | 'INSUFFICIENT'; checklist: string; refinements: string }>;
    return rows.map((r) => {
      const c = JSON.parse(r.checklist) as Pick<JudgeIteration, 'checks' | 'missing' | 'codeChecks'>;
      return { iteration: r.iteration, verdict: r.verdict, ...c, refinementQueries: JSON.parse(r.refinements) as string[] };
    });
  }

  saveCitations(turnId: number, citations: CitationAudit[]): void {
    const insert = this.db.prepare(
      `INSERT INTO citations (turn_id, seq, marker, article_id, law_title, article_label, publish_date, status, text, quote, label, not_current, note, note_zh, cited_spans, closer)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM citations WHERE turn_id = ?').run(turnId);
      for (const c of citations) {
        insert.run(turnId, c.seq, c.marker, c.articleId, c.lawTitle, c.articleLabel, c.publishDate, c.status, c.text, c.quote, c.label, c.notCurrent ? 1 : 0, c.note, c.noteZh, c.citedSpans.length ? JSON.stringify(c.citedSpans) : null, c.closer !== undefined ? JSON.stringify(c.closer) : null);
      }
    })();
  }

  citations(turnId: number): CitationAudit[] {
    const rows = this.db.prepare('SELECT * FROM citations WHERE turn_id = ? ORDER BY seq').all(turnId) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      seq: r.seq as number,
      marker: r.marker as string,
      articleId: r.article_id as number | null,
      lawTitle: r.law_title as string | null,
      articleLabel: r.article_label as string | null,
      publishDate: r.publish_date as string | null,
      status: r.status as string | null,
      text: r.text as string | null,
      quote: r.quote as string | null,
      label: r.label as CitationAudit['label'],
      notCurrent: r.not_current === 1,
      note: r.note as string | null,
      noteZh: r.note_zh as string | null,
      citedSpans: r.cited_spans ? (JSON.parse(r.cited_spans as string) as Array<[number, number]>) : [],
      ...(typeof r.closer === 'string' ? { closer: JSON.parse(r.closer) as CitationAudit['closer'] } : {}),
    }));
  }

  logCall(turnId: number | null, c: LlmCallRecord): void {
    this.db
      .prepare(
        `INSERT INTO llm_calls (turn_id, role, model, messages, response, prompt_tokens, completion_tokens, estimated, cost, ms, error_code, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(turnId, c.role, c.model, JSON.stringify(c.messages), c.response, c.usage.promptTokens, c.usage.completionTokens, c.usage.estimated ? 1 : 0, c.cost, c.ms, c.errorCode, now());
  }

  calls(turnId: number): Array<{ role: string; model: string; messages: string; response: string; error_code: string | null; ms: number }> {
    return this.db.prepare('SELECT role, model, messages, response, error_code, ms FROM llm_calls WHERE turn_id = ? ORDER BY id').all(turnId) as never;
  }

  redactions(consultationId: number): Redaction[] {
    return this.db.prepare('SELECT placeholder, kind, original FROM redactions WHERE consultation_id = ?').all(consultationId) as Redaction[];
  }

  saveRedactions(consultationId: number, items: Redaction[]): void {
    const insert = this.db.prepare('INSERT OR IGNORE INTO redactions (consultation_id, placeholder, kind, original) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => items.forEach((r) => insert.run(consultationId, r.placeholder, r.kind, r.original)))();
  }
}
