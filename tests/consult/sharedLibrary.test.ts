import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Consultations } from '../../main/consult/index.js';
import type { TurnEvent } from '../../main/consult/types.js';
import { STALE_MS } from '../../main/consult/turnOwner.js';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';
import { okChecks } from '../helpers/scriptedLlm.js';

const SKIP = sharedSkipReason();
let bench: Bench;
/** A second connection to the same library file, as the CLI has while the desktop app runs. */
let other: Engine;

/** Starts a turn that stays on its first request (the state, which never answers) until `stop`. */
async function hangingTurn(c: Consultations, consultationId?: number): Promise<{ turnId: number; stop(): void; ended: Promise<{ status: string }> }> {
  bench.llm.queue('state', { hang: true });
  const controller = new AbortController();
  let turnId = 0;
  const onEvent = (e: TurnEvent) => {
    if (e.type === 'turn') turnId = e.turnId;
  };
  const ended = c.ask({ consultationId, text: '第二个问题：公司不给加班费怎么办？', signal: controller.signal, onEvent });
  // Wait for the request to reach the server: only then is the hanging reply taken, and a later state request gets the default.
  for (const deadline = Date.now() + 5000; !bench.llm.requests.some((q) => q.role === 'state' && q.prompt.includes('加班费')); ) {
    if (Date.now() > deadline) throw new Error('the state request never reached the scripted server');
    await new Promise((r) => setTimeout(r, 10));
  }
  return { turnId, stop: () => controller.abort(), ended };
}

/** A turn some process left running: its owner and last heartbeat as given. */
function leftRunning(c: Consultations, owner: string, heartbeatAt: number): number {
  const turn = c.store.startTurn(c.store.createConsultation('left running'), '加班费怎么算？', owner);
  c.store.db.prepare('UPDATE turns SET heartbeat_at = ? WHERE id = ?').run(heartbeatAt, turn.id);
  return turn.id;
}

describe('one library open in two processes (the desktop app and the CLI)', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
    other = createEngine({ dbPath: bench.lib.dbPath });
  });
  after(async () => {
    other?.close();
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  test('a turn the app is answering is left alone by the CLI: not reclaimed, retried, deleted or joined by a second turn', async () => {
    const app = bench.consultations();
    const first = await app.ask({ text: WAGES });
    const cid = first.consultationId;
    const live = await hangingTurn(app, cid);
    const cli = bench.consultations({ engine: other });
    assert.equal(cli.turn(live.turnId).status, 'running', 'opening the library again does not fail a turn that is running');
    await assert.rejects(cli.retry(live.turnId), { code: 'busy' });
    await assert.rejects(cli.ask({ consultationId: cid, text: '第三个问题' }), { code: 'busy' });
    assert.throws(() => cli.delete(cid), { code: 'busy' });
    live.stop();
    assert.equal((await live.ended).status, 'cancelled', 'the app finished its own turn');
    const stateCalls = bench.llm.requests.filter((q) => q.role === 'state').length;
    const both = await Promise.allSettled([cli.retry(live.turnId), app.retry(live.turnId)]);
    assert.deepEqual(both.map((r) => r.status), ['fulfilled', 'rejected'], 'one process takes the cancelled turn, the other is refused');
    assert.equal((both[1] as PromiseRejectedResult).reason.code, 'busy');
    assert.equal((both[0] as PromiseFulfilledResult<{ status: string }>).value.status, 'done', JSON.stringify((both[0] as PromiseFulfilledResult<{ error: unknown }>).value.error));
    assert.equal(app.store.turn(live.turnId).attempts, 2, 'the turn ran once more, not twice');
    assert.equal(bench.llm.requests.filter((q) => q.role === 'state').length, stateCalls + 1);
  });

  test('a turn taken over from a process that stalled is stopped there, and the new owner finishes it', async () => {
    const app = bench.consultations({ heartbeatMs: 20 });
    const stalled = await hangingTurn(app);
    // The app stalls past STALE_MS (its heartbeat is old) and the CLI opens the library meanwhile.
    app.store.db.prepare('UPDATE turns SET heartbeat_at = ? WHERE id = ?').run(Date.now() - STALE_MS - 1000, stalled.turnId);
    const cli = bench.consultations({ engine: other });
    assert.equal(cli.turn(stalled.turnId).error?.code, 'interrupted');
    bench.llm.queue('judge', { json: { verdict: 'SUFFICIENT', checks: okChecks(), missing: [], refinementQueries: [] }, delayMs: 500 }); // the CLI is still at it when the app stops
    const retried = cli.retry(stalled.turnId);
    await stalled.ended; // the app's next heartbeat finds the turn is no longer its own and stops its run
    assert.equal(cli.turn(stalled.turnId).status, 'running', 'the stopped run did not write its outcome over the new owner\'s turn');
    const done = await retried;
    assert.equal(done.status, 'done', JSON.stringify(done.error));
    assert.equal(done.error, null);
    assert.equal(app.store.turn(stalled.turnId).attempts, 2);
  });

  test('opening the library reclaims the turns whose process stopped, and only those; a reclaimed turn can be retried', async () => {
    const app = bench.consultations();
    const stalled = leftRunning(app, 'elsewhere/4242/aaaa', Date.now() - STALE_MS - 1000);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const crashed = leftRunning(app, `${os.hostname()}/${gone}/bbbb`, Date.now());
    const remote = leftRunning(app, 'elsewhere/4242/cccc', Date.now());
    const cli = bench.consultations({ engine: other });
    for (const id of [stalled, crashed]) {
      const t = cli.turn(id);
      assert.equal(t.status, 'failed', `turn ${id} is reclaimed`);
      assert.equal(t.error?.code, 'interrupted');
    }
    assert.equal(cli.turn(remote).status, 'running', 'a turn on another host with a fresh heartbeat may still be answered there');
    const retried = await cli.retry(crashed);
    assert.equal(retried.status, 'done', JSON.stringify(retried.error));
  });
});
