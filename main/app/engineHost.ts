import type { Envelope } from '../../preload/contract/envelope.js';
import type { HostEvent } from '../../preload/contract/events.js';
import type { FromEngine, ToEngine } from './protocol.js';

/** What the host needs of the engine's process (Electron's UtilityProcess in the app, a fake in tests). */
export interface EngineChild {
  onMessage(listener: (msg: FromEngine) => void): void;
  onExit(listener: (code: number) => void): void;
  /** A fatal error in the child (out of memory…); its exit follows. */
  onError(listener: (detail: string) => void): void;
  postMessage(msg: ToEngine): void;
  kill(): void;
}

export type InitMessage = Extract<ToEngine, { type: 'init' }>;

export interface EngineHostOptions {
  spawn(): EngineChild;
  /** The init message, built afresh for every start so that a restarted engine gets the keys as they are now. */
  init(): InitMessage;
  applyKey(op: 'set' | 'delete', id: string, key?: string): void;
  onEvent(event: HostEvent): void;
  onSmoke?(result: Extract<FromEngine, { type: 'smoke-result' }>): void;
  /** Called once when the engine keeps crashing and is not started again. */
  onGaveUp?(reason: string): void;
  log?(line: string): void;
  /** At most this many restarts within `restartWindowMs` (default 3 in a minute). */
  maxRestarts?: number;
  restartWindowMs?: number;
  now?(): number;
  /**
   * A start (the first or a restart) that is not ready within this time is stopped and not tried
   * again (default 3 minutes: opening a large library and loading its models takes seconds): a
   * process that hangs would otherwise keep every request waiting.
   */
  startTimeoutMs?: number;
  /** Timers (tests pass fakes). */
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

const START_TIMEOUT_MS = 180_000;

interface Pending {
  route: string;
  input: unknown;
  resolve(e: Envelope<unknown>): void;
  /** Posted to the current engine (else waiting for it to be ready). */
  sent: boolean;
}

type State = 'starting' | 'ready' | 'restarting' | 'stopped';

/**
 * The engine in its own process, supervised: requests wait while it starts, a crash answers the
 * requests it had in hand (the user's turn is kept by the library and shows as interrupted) and
 * starts it again, and a start that fails rejects `ready` with the engine's reason, so the shell can
 * say why instead of never opening a window. A request is never left unanswered.
 */
export class EngineHost {
  readonly ready: Promise<void>;
  private child: EngineChild;
  private state: State = 'starting';
  private everReady = false;
  private stopping = false;
  private lastFatal: string | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly restarts: number[] = [];
  private nextId = 1;
  private startTimer: unknown = null;
  private settleReady: { resolve(): void; reject(err: Error): void } = { resolve: () => undefined, reject: () => undefined };

  constructor(private readonly opts: EngineHostOptions) {
    this.ready = new Promise<void>((resolve, reject) => (this.settleReady = { resolve, reject }));
    // A caller that never awaits `ready` must not see an unhandled rejection.
    this.ready.catch(() => undefined);
    this.child = this.start();
  }

  /** Messages that need no answer (smoke). */
  send(msg: ToEngine): void {
    this.child.postMessage(msg);
  }

  request(route: string, input: unknown): Promise<Envelope<unknown>> {
    if (this.state === 'stopped') return Promise.resolve(stoppedEnvelope(this.lastFatal));
    const id = this.nextId++;
    return new Promise((resolve) => {
      const entry: Pending = { route, input, resolve, sent: false };
      this.pending.set(id, entry);
      if (this.state === 'ready') this.post(id, entry);
    });
  }

  kill(): void {
    this.clearStartTimer();
    this.stopping = true;
    this.state = 'stopped';
    this.answerAll(() => ({ ok: false, error: { code: 'engine_stopped', message: 'LexDesk is closing.' } }));
    this.child.kill();
  }

  private start(): EngineChild {
    const child = this.opts.spawn();
    const current = () => child === this.child;
    child.onMessage((msg) => current() && this.onMessage(msg));
    child.onError((detail) => current() && this.log(`LexDesk engine: fatal error: ${detail}`));
    child.onExit((code) => current() && this.onExit(code));
    this.child = child;
    this.clearStartTimer();
    const limit = this.opts.startTimeoutMs ?? START_TIMEOUT_MS;
    this.startTimer = (this.opts.setTimer ?? unrefTimeout)(() => {
      if (!current() || this.state === 'ready') return;
      this.lastFatal = `the engine did not become ready within ${Math.round(limit / 1000)} s`;
      this.log(`LexDesk engine: ${this.lastFatal}; stopping it.`);
      // Given up now, not on the exit: a process stuck in the kernel may never exit.
      this.giveUp(`The LexDesk engine could not start: ${this.lastFatal}`);
      child.kill();
    }, limit);
    child.postMessage(this.opts.init());
    return child;
  }

  private clearStartTimer(): void {
    if (this.startTimer !== null) (this.opts.clearTimer ?? ((t) => clearTimeout(t as NodeJS.Timeout)))(this.startTimer);
    this.startTimer = null;
  }

  private onMessage(msg: FromEngine): void {
    if (!msg || typeof msg !== 'object') return;
    switch (msg.type) {
      case 'ready':
        this.clearStartTimer();
        this.state = 'ready';
        this.lastFatal = null;
        if (!this.everReady) {
          this.everReady = true;
          this.settleReady.resolve();
        }
        for (const [id, entry] of this.pending) if (!entry.sent) this.post(id, entry);
        return;
      case 'response': {
        const entry = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        entry?.resolve(msg.envelope);
        return;
      }
      case 'event':
        this.opts.onEvent(msg.event);
        return;
      case 'keys':
        try {
          this.opts.applyKey(msg.op, msg.id, msg.key);
        } catch (err) {
          const message = `the key could not be stored, so keys are kept for this run only: ${(err as Error).message}`;
          this.log(`LexDesk: ${message}`);
          this.child.postMessage({ type: 'keys-unsaved', message });
        }
        return;
      case 'smoke-result':
        this.opts.onSmoke?.(msg);
        return;
      case 'fatal':
        this.lastFatal = msg.message;
        this.log(`LexDesk engine: ${msg.message}`);
        // A start that failed leaves a process that will never be ready: stop it, and its exit says why.
        if (this.state !== 'ready') this.child.kill();
        return;
    }
  }

  private onExit(code: number): void {
    // Closing, or given up already (a start that hung is not started again: the next would most likely hang too).
    if (this.stopping || this.state === 'stopped') return;
    this.clearStartTimer();
    const reason = this.lastFatal ?? `the engine process stopped (exit ${code})`;
    if (!this.everReady) return this.giveUp(`The LexDesk engine could not start: ${reason}`);
    const now = (this.opts.now ?? Date.now)();
    const window = this.opts.restartWindowMs ?? 60_000;
    while (this.restarts.length && now - this.restarts[0]! > window) this.restarts.shift();
    if (this.restarts.length >= (this.opts.maxRestarts ?? 3)) return this.giveUp(`The LexDesk engine stopped ${this.restarts.length + 1} times within a minute (last: ${reason}).`);
    // Requests the dead engine had in hand are answered now; those still waiting go to the next one.
    for (const [id, entry] of this.pending) {
      if (!entry.sent) continue;
      this.pending.delete(id);
      entry.resolve({ ok: false, error: { code: 'engine_restarted', message: `The engine stopped while answering (${reason}) and is being started again. Your messages and finished steps are kept; try again.` } });
    }
    this.restarts.push(now);
    this.log(`LexDesk engine: ${reason}; starting it again.`);
    this.state = 'restarting';
    this.start();
  }

  private giveUp(reason: string): void {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.lastFatal = reason;
    this.answerAll(() => stoppedEnvelope(reason));
    if (!this.everReady) this.settleReady.reject(new Error(reason));
    this.opts.onGaveUp?.(reason);
  }

  private answerAll(envelope: () => Envelope<unknown>): void {
    for (const entry of this.pending.values()) entry.resolve(envelope());
    this.pending.clear();
  }

  private post(id: number, entry: Pending): void {
    entry.sent = true;
    this.child.postMessage({ type: 'request', id, route: entry.route, input: entry.input });
  }

  private log(line: string): void {
    (this.opts.log ?? console.error)(line);
  }
}

/** A timer that does not keep the process alive by itself. */
function unrefTimeout(fn: () => void, ms: number): unknown {
  return setTimeout(fn, ms).unref();
}

function stoppedEnvelope(reason: string | null): Envelope<unknown> {
  return { ok: false, error: { code: 'engine_stopped', message: `${reason ?? 'The LexDesk engine is not running.'} Restart LexDesk.` } };
}
