import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runSmokeTest } from '../../main/app/smoke.js';

// The same check the packaged app runs with --smoke-test, here under plain Node.
test('smoke test logic: import, sqlite-vec, embed once with the shipped model, hybrid search once, a Chinese PDF read through its CMap', async () => {
  const r = await runSmokeTest();
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.articles, 2);
  assert.equal(r.top, '第三十八条');
  assert.equal(r.provider, 'cpu');
  assert.equal(r.pdf, '劳动合同法第三十八条');
});
