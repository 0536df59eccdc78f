/**
 * The desktop shell's engine supervisor, with a fake child process in place of Electron's
 * UtilityProcess (which, like the fake, ignores postMessage once it has exited).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EngineHost, type EngineChild, type EngineHostOptions, type InitMessage } from '../../main/app/engineHost.js';
import type { FromEngine, ToEngine } from '../../main/app/protocol.js';

class FakeChild implements EngineChild {
  readonly posted: ToEngine[] = [];
  alive = true;
  killed = false;
  private message: (m: FromEngine) => void = () => undefined;
  private exit: (code: number) => void = () => undefined;
  private error: (d: string) => void = () => undefined;
  onMessage(l: (m: FromEngine) => void) { this.message = l; }
  onExit(l: (code: number) => void) { this.exit = l; }
  onError(l: (d: string) => void) { this.error = l; }
  postMessage(m: ToEngine) { if (this.alive) this.posted.push(m); }
  kill() { this.killed = true; this.die(0); }
  say(m: FromEngine) { this.message(m); }
  die(code: number) { if (!this.alive) return; this.alive = false; this.exit(code); }
  fatalError(detail: string) { this.error(detail); }
  requests() { return this.posted.filter((m): m is Extract<ToEngine, { type: 'request' }> => m.type === 'request'); }
  answer(id: number, data: unknown) { this.say({ type: 'response', id, envelope: { ok: true, data } }); }
}

function supervised(extra: Partial<EngineHostOptions> = {}) {
  const children: FakeChild[] = [];
  const logs: string[] = [];
  let inits = 0;
  let clock = 0;
  const gaveUp: string[] = [];
  const timers = new Map<number, () => void>();
  let timerId = 0;
  const host = new EngineHost({
    setTimer: (fn) => { timers.set(++timerId, fn); return timerId; },
    clearTimer: (t) => { timers.delete(t as number); },
    spawn: () => { const c = new FakeChild(); children.push(c); return c; },
    init: (): InitMessage => ({ type: 'init', dbPath: '/x/library.db', userData: '/x', modelsDir: '/m', resourcesDir: '/r', version: 't', keys: { llm: `key-${++inits}` }, keysPersistent: true }),
    applyKey: () => undefined,
    onEvent: () => undefined,
    onGaveUp: (r) => gaveUp.push(r),
    log: (l) => logs.push(l),
    now: () => clock,
    ...extra,
  });
  return { host, children, logs, gaveUp, tick: (ms: number) => { clock += ms; }, last: () => children.at(-1)!, timers };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('the engine supervisor (desktop shell)', () => {
  test('requests made while the engine starts wait for it, then are answered', async () => {
    const { host, last } = supervised();
    const answer = host.request('library.status', {});
    assert.equal(last().requests().length, 0, 'nothing is posted before ready');
    last().say({ type: 'ready' });
    await host.ready;
    const [req] = last().requests();
    assert.equal(req!.route, 'library.status');
    last().answer(req!.id, { articles: 3 });
    assert.deepEqual(await answer, { ok: true, data: { articles: 3 } });
  });

  test('a crash answers the request in hand, starts the engine again with fresh keys, and later requests reach the new engine', async () => {
    const { host, children, last } = supervised();
    last().say({ type: 'ready' });
    await host.ready;
    const inFlight = host.request('consult.ask', { text: '公司拖欠工资' });
    children[0]!.fatalError('FatalError at oom');
    children[0]!.die(134);
    const lost = await inFlight;
    assert.equal(lost.ok, false);
    assert.equal(!lost.ok && lost.error.code, 'engine_restarted');
    assert.match(!lost.ok ? lost.error.message : '', /exit 134.*Your messages and finished steps are kept/);
    assert.equal(children.length, 2, 'started again');
    const init = children[1]!.posted[0] as InitMessage;
    assert.equal(init.type, 'init');
    assert.deepEqual(init.keys, { llm: 'key-2' }, 'the init message is built again (keys as they are now)');
    // Before: a request after the crash was posted to the dead process and never answered.
    const after = host.request('consult.get', { id: 1 });
    last().say({ type: 'ready' });
    const [req] = last().requests();
    last().answer(req!.id, { id: 1 });
    assert.deepEqual(await after, { ok: true, data: { id: 1 } });
  });

  test('an engine that keeps crashing is given up after three restarts in a minute; every request is answered', async () => {
    const { host, children, gaveUp, tick, last } = supervised();
    last().say({ type: 'ready' });
    await host.ready;
    for (let i = 0; i < 3; i += 1) {
      tick(5_000);
      last().die(1);
      last().say({ type: 'ready' });
    }
    assert.equal(children.length, 4);
    const waiting = host.request('statute.search', { q: '工资' });
    last().die(1);
    await settle();
    assert.equal(children.length, 4, 'not started a fifth time');
    assert.equal(gaveUp.length, 1);
    const answered = await waiting;
    assert.equal(!answered.ok && answered.error.code, 'engine_stopped');
    assert.match(!answered.ok ? answered.error.message : '', /stopped 4 times within a minute.*Restart LexDesk/);
    const later = await host.request('statute.search', { q: '工资' });
    assert.equal(!later.ok && later.error.code, 'engine_stopped');
  });

  test('crashes spread out over time keep being restarted', async () => {
    const { host, children, gaveUp, tick, last } = supervised();
    last().say({ type: 'ready' });
    await host.ready;
    for (let i = 0; i < 6; i += 1) {
      tick(61_000);
      last().die(1);
      last().say({ type: 'ready' });
    }
    assert.equal(children.length, 7);
    assert.equal(gaveUp.length, 0);
  });

  test('a start that fails rejects ready with the engine\'s own reason (so the shell can say it and quit)', async () => {
    const { host, children } = supervised();
    const pending = host.request('library.status', {});
    children[0]!.say({ type: 'fatal', message: '/x/library.db is not a LexDesk database or is damaged.' });
    assert.ok(children[0]!.killed, 'the half-started process is stopped');
    await assert.rejects(host.ready, /could not start: \/x\/library\.db is not a LexDesk database or is damaged/);
    const answered = await pending;
    assert.equal(!answered.ok && answered.error.code, 'engine_stopped');
    assert.equal(children.length, 1, 'a start that failed is not retried in a loop');
  });

  test('an exit before ready also rejects ready', async () => {
    const { host, children } = supervised();
    children[0]!.die(9);
    await assert.rejects(host.ready, /could not start: the engine process stopped \(exit 9\)/);
  });

  test('a key the main process cannot store is reported back, so the engine stops claiming it is saved', async () => {
    const { host, last, logs } = supervised({ applyKey: () => { throw new Error('EACCES: permission denied'); } });
    last().say({ type: 'ready' });
    await host.ready;
    last().say({ type: 'keys', op: 'set', id: 'llm', key: 'sk-secret-value-123' });
    const unsaved = last().posted.find((m) => m.type === 'keys-unsaved');
    assert.ok(unsaved && unsaved.type === 'keys-unsaved' && /EACCES/.test(unsaved.message));
    assert.ok(!logs.join('\n').includes('sk-secret-value-123'), 'the key itself is never logged');
  });

  test('closing the app answers what is waiting and does not restart the engine', async () => {
    const { host, children, last } = supervised();
    last().say({ type: 'ready' });
    await host.ready;
    const waiting = host.request('consult.get', { id: 1 });
    host.kill();
    const answered = await waiting;
    assert.equal(!answered.ok && answered.error.code, 'engine_stopped');
    assert.equal(children.length, 1);
  });

  test('a start that never becomes ready is stopped after the start timeout and not tried again; requests get the reason', async () => {
    const { host, children, last, gaveUp, timers } = supervised({ startTimeoutMs: 5000 });
    last().say({ type: 'ready' });
    await host.ready;
    assert.equal(timers.size, 0, 'ready clears the start timer');
    children[0]!.die(1);
    assert.equal(children.length, 2, 'a crash starts it again');
    const waiting = host.request('library.status', {});
    assert.equal(timers.size, 1, 'the restart is timed');
    [...timers.values()][0]!();
    assert.equal(children[1]!.killed, true, 'the hung engine is stopped');
    assert.equal(children.length, 2, 'and not started a third time');
    const answer = await waiting;
    assert.equal(!answer.ok && answer.error.code, 'engine_stopped');
    assert.match(!answer.ok ? answer.error.message : '', /did not become ready within 5 s/);
    assert.match(gaveUp[0] ?? '', /could not start: the engine did not become ready within 5 s/);
  });

  test('a first start that hangs rejects ready with the reason, so the shell can say why', async () => {
    const { host, timers } = supervised({ startTimeoutMs: 120_000 });
    [...timers.values()][0]!();
    await assert.rejects(host.ready, /could not start: the engine did not become ready within 120 s/);
  });

  test('a hung start is given up when the timer fires, even if the killed process never exits', async () => {
    const stuck = class extends FakeChild { override kill() { this.killed = true; } };
    const children: FakeChild[] = [];
    const timers: Array<() => void> = [];
    const host = new EngineHost({
      spawn: () => { const c = new stuck(); children.push(c); return c; },
      init: (): InitMessage => ({ type: 'init', dbPath: '/x/library.db', userData: '/x', modelsDir: '/m', resourcesDir: '/r', version: 't', keys: {}, keysPersistent: true }),
      applyKey: () => undefined, onEvent: () => undefined, log: () => undefined,
      setTimer: (fn) => { timers.push(fn); return timers.length; }, clearTimer: () => undefined, startTimeoutMs: 1000,
    });
    const waiting = host.request('library.status', {});
    timers[0]!();
    assert.equal(children[0]!.killed, true);
    const answer = await waiting;
    assert.equal(!answer.ok && answer.error.code, 'engine_stopped');
    await assert.rejects(host.ready, /did not become ready within 1 s/);
  });
});
