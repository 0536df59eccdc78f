import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RetryingLoad } from '../../main/engine/retryingLoad.js';

test('a due retry runs in the background: a server that never answers does not hold callers up, one that answers is used next', async () => {
  let clock = 0;
  const once = new RetryingLoad<string>(10_000, () => clock);
  let loads = 0;
  await assert.rejects(once.get(async () => { loads += 1; throw new Error('refused'); }), /refused/);
  clock += 10_001;
  // The retry hangs (an endpoint that accepts connections but never answers): callers still get the old error at once.
  let release: (v: string) => void = () => undefined;
  const hanging = () => { loads += 1; return new Promise<string>((resolve) => (release = resolve)); };
  await assert.rejects(once.get(hanging), /refused/);
  await assert.rejects(once.get(hanging), /refused/);
  assert.equal(loads, 2, 'one background load, not one per caller');
  release('model');
  await new Promise((r) => setImmediate(r));
  assert.equal(await once.get(hanging), 'model');
  assert.equal(loads, 2);
});
