import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RecentCache } from '../../main/util/recentCache.js';

test('RecentCache keeps the values used last, per owner, and loads each key once while kept', () => {
  const cache = new RecentCache<string>(2);
  const [a, b] = [{}, {}];
  const loads: string[] = [];
  const get = (owner: object, key: string) => cache.get(owner, key, () => (loads.push(key), key.toUpperCase()));
  assert.equal(get(a, 'x'), 'X');
  assert.equal(get(a, 'y'), 'Y');
  assert.equal(get(a, 'x'), 'X', 'kept: not loaded again, and now the most recent');
  assert.equal(get(a, 'z'), 'Z', 'y, used least recently, goes');
  assert.equal(get(a, 'x'), 'X');
  assert.equal(get(a, 'y'), 'Y');
  assert.equal(get(b, 'x'), 'X', 'another owner has its own values');
  assert.deepEqual(loads, ['x', 'y', 'z', 'y', 'x']);
});
