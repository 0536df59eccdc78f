import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createHostApi, type HostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { HostEvent } from '../../preload/contract/events.js';
import type { Envelope } from '../../preload/contract/envelope.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
let bench: Bench;
let home: string;
let api: HostApi;

/** Resolves with the first host event that matches. */
function nextEvent(match: (e: HostEvent) => boolean): Promise<HostEvent> {
  return new Promise((resolve) => {
    const stop = api.subscribe((e) => {
      if (!match(e)) return;
      stop();
      resolve(e);
    });
  });
}

function data<T>(envelope: Envelope<unknown>): T {
  assert.equal(envelope.ok, true, JSON.stringify(envelope));
  return (envelope as { data: T }).data;
}

describe('consultation turns through the host API', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-host-turns-'));
    const settings = new SettingsStore(home);
    settings.write({ llm: { baseURL: bench.llm.baseURL, model: 'scripted-model', maxRetries: 0, timeoutMs: 10_000 } });
    api = createHostApi({ engine: bench.lib.engine, settings, keys: new FileKeyStore(home), host: 'browser', version: 'test' });
  });
  after(async () => {
    await bench?.dispose();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });
  beforeEach(() => bench.llm.reset());

  test('a request refused as busy leaves the running turn stoppable and its consultation undeletable', async () => {
    const first = data<{ consultationId: number; turnId: number }>(await api.call('consult.ask', { text: WAGES }));
    const cid = first.consultationId;
    bench.llm.queue('state', { hang: true });
    const started = nextEvent((e) => e.type === 'consult' && e.consultationId === cid && e.event.type === 'stage' && e.event.stage === 'state' && e.event.status === 'started');
    const running = api.call('consult.ask', { consultationId: cid, text: '第二个问题：公司不给加班费怎么办？' });
    await started;
    const again = await api.call('consult.ask', { consultationId: cid, text: '第三个问题' });
    assert.equal(again.ok ? 'ok' : again.error.code, 'busy');
    const retried = await api.call('consult.retry', { turnId: first.turnId });
    assert.equal(retried.ok ? 'ok' : retried.error.code, 'busy', 'a retry on the busy consultation is refused too');
    const deleted = await api.call('consult.delete', { id: cid });
    assert.equal(deleted.ok ? 'ok' : deleted.error.code, 'busy', 'the consultation cannot be deleted while its turn runs');
    assert.deepEqual(data(await api.call('consult.cancel', { consultationId: cid })), { cancelled: true }, 'stop reaches the running turn');
    const second = data<{ status: string; error: { code: string } | null }>(await running);
    assert.equal(second.status, 'cancelled');
    assert.equal(second.error?.code, 'llm_cancelled');
    assert.equal(api.services.running.has(cid), false, 'the finished turn gives its slot back');
    assert.deepEqual(data(await api.call('consult.delete', { id: cid })), { ok: true }, 'now it can be deleted');
  });

  test('every event of a turn carries the request id its ask or retry was given (every tab receives every event)', async () => {
    const seen: Array<Extract<HostEvent, { type: 'consult' }>> = [];
    const stop = api.subscribe((e) => e.type === 'consult' && seen.push(e));
    try {
      bench.llm.queue('judge', { status: 500 });
      const asked = data<{ consultationId: number; turnId: number }>(await api.call('consult.ask', { text: WAGES, requestId: 'tab-1-ask' }));
      assert.ok(seen.length > 3);
      assert.deepEqual(new Set(seen.map((e) => e.requestId)), new Set(['tab-1-ask']));
      assert.deepEqual(seen[0]!.event, { type: 'turn', consultationId: asked.consultationId, turnId: asked.turnId }, 'a new consultation\'s id comes with the first event');
      seen.length = 0;
      data(await api.call('consult.retry', { turnId: asked.turnId, requestId: 'tab-2-retry' }));
      assert.deepEqual(new Set(seen.map((e) => e.requestId)), new Set(['tab-2-retry']));
    } finally {
      stop();
    }
  });
});
