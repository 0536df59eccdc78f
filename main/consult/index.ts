import type { Engine } from '../engine/index.js';
import { ensureStatuteGraph } from '../library/graph/statuteGraph.js';
import { LlmClient } from '../llm/client.js';
import { Redactor } from '../llm/redaction.js';
import type { ConsultSettings, ResolvedLlm } from '../llm/settings.js';
import { LexError } from '../util/errors.js';
import { DEFAULT_TURN_OPTIONS, type TurnContext, type TurnOptions } from './context.js';
import type { LegalState } from './schemas.js';
import { ConsultationStore, type ConsultationRow, type TurnRow } from './store.js';
import { runTurn } from './turn.js';
import { HEARTBEAT_MS, newOwner, ownerStopped } from './turnOwner.js';
import { coverageOnce, datedEvidence, evidenceDateOf, evidenceWithNotes, loadTurnResult } from './turnResult.js';
import type { TurnEvent, TurnResult, Verdict } from './types.js';
import { opensWithLabel, questionTitle } from './title.js';
import { todayOf } from '../db/today.js';
import { MAX_TITLE_CHARS } from '../../preload/contract/limits.js';

export type { TurnEvent, TurnResult } from './types.js';
export type { LegalState } from './schemas.js';

export interface ConsultationsOptions {
  engine: Engine;
  /** The endpoint to use; null runs every turn offline (ranked statutes only). */
  llm: ResolvedLlm | null;
  settings?: ConsultSettings;
  /** For tests: a fixed consultation date (YYYY-MM-DD). */
  today?: () => string;
  /** For tests: how often a running turn renews its heartbeat (default HEARTBEAT_MS). */
  heartbeatMs?: number;
}

export interface AskOptions {
  consultationId?: number;
  text: string;
  /** For a new consultation: its title (default: the start of the message, then the matter once known; one given here is kept), law-as-of date and place. */
  title?: string;
  asOf?: string;
  place?: string;
  /** Names to redact, in this turn and every later turn and retry of the consultation. */
  markNames?: string[];
  signal?: AbortSignal;
  onEvent?: (event: TurnEvent) => void;
}

const MAX_MESSAGE = 20_000;

/** The consultation engine's facade: ask, retry, reopen, correct, override. */
export class Consultations {
  readonly store: ConsultationStore;
  private readonly running = new Set<number>();
  private graphChecked = false;
  private options: TurnOptions = DEFAULT_TURN_OPTIONS;
  private llm: ResolvedLlm | null = null;
  /** This instance as the owner of the turns it runs (the library may be open in other processes too). */
  private readonly owner = newOwner();

  constructor(private readonly opts: ConsultationsOptions) {
    this.store = new ConsultationStore(opts.engine.db);
    this.configure(opts.llm, opts.settings);
    this.reclaimStopped();
  }

  /** A new endpoint or new consultation settings, used from the next turn on (a running turn keeps its own). */
  configure(llm: ResolvedLlm | null, settings: ConsultSettings = {}): void {
    this.llm = llm;
    this.options = {
      ...DEFAULT_TURN_OPTIONS,
      llmRerank: settings.llmRerank ?? DEFAULT_TURN_OPTIONS.llmRerank,
      stateAwareRerank: settings.stateAwareRerank ?? DEFAULT_TURN_OPTIONS.stateAwareRerank,
      maxRounds: settings.maxRounds ?? DEFAULT_TURN_OPTIONS.maxRounds,
      maxJudgeIterations: settings.maxJudgeIterations ?? DEFAULT_TURN_OPTIONS.maxJudgeIterations,
    };
  }

  async ask(a: AskOptions): Promise<TurnResult> {
    const text = a.text.trim();
    if (!text) throw new LexError('usage', 'The message is empty. Describe the matter or ask a question.');
    if (text.length > MAX_MESSAGE) throw new LexError('usage', `The message has ${text.length} characters; the limit is ${MAX_MESSAGE}. Split it into several turns.`);
    const given = a.title?.replace(/\s+/gu, ' ').trim();
    // A title given, or a matter the message names at its head (「甲案：…」), is the user's: no state replaces it.
    const titleBy = given || opensWithLabel(text) ? 'user' : 'question';
    const cid = a.consultationId ?? this.store.createConsultation(given || questionTitle(text), { asOf: a.asOf, place: a.place, titleBy });
    const consultation = this.store.consultation(cid);
    if (a.consultationId !== undefined) assertSameSetting(consultation, a);
    this.assertIdle(cid);
    const turn = this.store.startTurn(cid, text, this.owner);
    return this.run(consultation, turn.id, a);
  }

  /** Runs a failed or cancelled turn again: same message, its legal state reused. */
  async retry(turnId: number, a: Pick<AskOptions, 'signal' | 'onEvent'> = {}): Promise<TurnResult> {
    const turn = this.store.turn(turnId);
    this.assertIdle(turn.consultation_id);
    this.store.restartTurn(turnId, this.owner);
    return this.run(this.store.consultation(turn.consultation_id), turnId, a);
  }

  /**
   * Fails the running turns whose owner has stopped (a crash, here or in another process sharing the
   * library), so they can be retried; a turn a live process is answering is left alone.
   */
  private reclaimStopped(consultationId?: number): void {
    for (const turn of this.store.runningTurns(consultationId)) {
      if (ownerStopped(turn.owner, turn.heartbeat_at)) this.store.failInterrupted(turn);
    }
  }

  /** A consultation answers one turn at a time, whichever process runs it. */
  private assertIdle(consultationId: number): void {
    this.reclaimStopped(consultationId);
    if (this.running.has(consultationId) || this.store.runningTurns(consultationId).length) {
      throw new LexError('busy', `Consultation ${consultationId} is already answering a turn. Wait for it or stop it.`);
    }
  }

  /**
   * Renews the turn's heartbeat while it runs, so other processes leave it alone. A turn taken over
   * meanwhile (this process stalled past STALE_MS) is stopped: the new owner answers it now.
   */
  private keepAlive(turnId: number, signal: AbortSignal | undefined): { signal: AbortSignal; stop(): void } {
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener('abort', forward, { once: true });
    const timer = setInterval(() => {
      try {
        if (!this.store.heartbeat(turnId, this.owner)) controller.abort();
      } catch {
        // The library is busy (another process writing): this beat is skipped; STALE_MS allows for several.
      }
    }, this.opts.heartbeatMs ?? HEARTBEAT_MS);
    timer.unref();
    return {
      signal: controller.signal,
      stop: () => {
        clearInterval(timer);
        signal?.removeEventListener('abort', forward);
      },
    };
  }

  private async run(consultation: ConsultationRow, turnId: number, a: Pick<AskOptions, 'signal' | 'onEvent' | 'markNames'>): Promise<TurnResult> {
    this.running.add(consultation.id);
    const alive = this.keepAlive(turnId, a.signal);
    try {
      this.ensureGraph();
      const emit = (e: TurnEvent) => a.onEvent?.(e);
      const llm = this.llm;
      this.rememberMarkedNames(consultation.id, a.markNames ?? []);
      const redactor = llm?.redact ? new Redactor(this.store.redactions(consultation.id), llm.redactNames) : null;
      const client = llm ? new LlmClient(llm.endpoint, { redactor, onCall: (c) => this.store.logCall(turnId, c) }) : null;
      this.store.updateTurn(turnId, { endpoint: client?.label ?? null, model: llm?.endpoint.model ?? null, redaction: redactor ? 1 : 0 });
      emit({ type: 'turn', consultationId: consultation.id, turnId });
      const ctx: TurnContext = {
        engine: this.opts.engine,
        store: this.store,
        llm: client,
        consultation,
        turn: this.store.turn(turnId),
        options: this.options,
        today: this.opts.today?.() ?? todayOf(this.opts.engine.db),
        signal: alive.signal,
        emit,
      };
      await runTurn(ctx);
      if (redactor) {
        this.store.saveRedactions(consultation.id, redactor.all());
        if (redactor.all().length) emit({ type: 'redactions', items: redactor.all() });
      }
      return this.result(this.store.turn(turnId));
    } finally {
      alive.stop();
      this.running.delete(consultation.id);
    }
  }

  /**
   * Names marked with a message belong to the consultation from then on: stored with their placeholders
   * before any request (whether or not this endpoint redacts), so every later turn and retry redacts them.
   */
  private rememberMarkedNames(consultationId: number, names: string[]): void {
    if (!names.length) return;
    const redactor = new Redactor(this.store.redactions(consultationId));
    redactor.markNames(names);
    this.store.saveRedactions(consultationId, redactor.all());
  }

  private ensureGraph(): void {
    if (this.graphChecked) return;
    ensureStatuteGraph(this.opts.engine.db, this.opts.engine.searchDeps().resolver);
    this.graphChecked = true;
  }

  /** A turn read back, its evidence dated for the date the turn applied the law as of (evidenceDateOf). */
  private result(turn: TurnRow, consultation = this.store.consultation(turn.consultation_id), coverage = coverageOnce(this.store.db)): TurnResult {
    const result = loadTurnResult(this.store, turn, coverage);
    const dated = datedEvidence(this.opts.engine, result.evidence, evidenceDateOf(consultation.as_of, result));
    return { ...result, evidence: evidenceWithNotes(this.opts.engine, dated) };
  }

  get(consultationId: number): { consultation: ConsultationRow; turns: TurnResult[] } {
    const consultation = this.store.consultation(consultationId);
    // The library's coverage is read once for the consultation, not once a turn.
    const coverage = coverageOnce(this.store.db);
    return { consultation, turns: this.store.turns(consultationId).map((t) => this.result(t, consultation, coverage)) };
  }

  turn(turnId: number): TurnResult {
    return this.result(this.store.turn(turnId));
  }

  list(search?: string) {
    return this.store.list(search);
  }

  /**
   * A new title: the one a consultation starts with is the opening of its first message, then the matter and its core
   * issue once the first turn's legal state is known (title.ts), which keep the facts as first told when a later turn
   * corrects them (2023年 for 2022年); the user names the matter as it now stands, and no later turn overwrites it. Trimmed, runs
   * of white space as one; at most MAX_TITLE_CHARS, as the app's route allows.
   */
  rename(id: number, title: string): void {
    const t = title.replace(/\s+/gu, ' ').trim();
    if (!t) throw new LexError('usage', 'The title is empty.');
    if (t.length > MAX_TITLE_CHARS) throw new LexError('usage', `A title may be at most ${MAX_TITLE_CHARS} characters (got ${t.length}).`);
    this.store.rename(id, t);
  }

  delete(id: number): void {
    this.assertIdle(id);
    this.store.delete(id);
  }

  /** The user's correction of a turn's state; the engine uses it from the next turn on. */
  correctState(turnId: number, correction: Partial<LegalState>): void {
    this.store.correctState(turnId, correction);
  }

  /** The user overrides the judge's verdict; the override is recorded beside the verdict, which is kept. */
  overrideVerdict(turnId: number, verdict: Verdict, note?: string): void {
    const turn = this.store.turn(turnId);
    if (turn.status !== 'done') throw new LexError('usage', `Turn ${turnId} has not finished; only a finished turn's verdict can be overridden.`);
    this.store.updateTurn(turnId, { verdict_override: verdict, override_note: note ?? null });
  }
}

/**
 * A date or place given for a turn of an existing consultation must be the consultation's own: they are set when it
 * starts and apply to every turn, so a different one was silently ignored (a follow-up asked as of 2020 answered
 * as of today). Refused before anything is stored, with what to do.
 */
function assertSameSetting(c: { id: number; as_of: string | null; place: string | null }, a: Pick<AskOptions, 'asOf' | 'place'>): void {
  if (a.asOf && a.asOf !== c.as_of) {
    throw new LexError('usage', `Consultation ${c.id} applies the law as of ${c.as_of ?? 'the day of each turn'}; a consultation's date is set when it starts. To apply the law as of ${a.asOf}, start a new consultation with that date (without --consultation), or leave the date out.`);
  }
  if (a.place && a.place !== c.place) {
    throw new LexError('usage', `Consultation ${c.id} has ${c.place ? `the place ${c.place}` : 'no place'}; a consultation's place is set when it starts. For ${a.place}, start a new consultation with that place, or leave the place out.`);
  }
}

