import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairedBootstrap } from '../../main/eval/pairedBootstrap.js';
import { seededRandom } from '../../main/util/numeric.js';

test('the same figures on both sides differ by exactly zero, a constant gain by exactly that gain', () => {
  const before = [0, 0.5, 1, 1, 0.25];
  assert.deepEqual(pairedBootstrap(before, before), { mean: 0, low: 0, high: 0 });
  const shifted = pairedBootstrap(before, before.map((x) => x + 0.1));
  for (const v of [shifted.mean, shifted.low, shifted.high]) assert.ok(Math.abs(v - 0.1) < 1e-12, `${v}`);
});

test('the interval brackets the mean, narrows with more questions, and reads the same on every run', () => {
  const random = seededRandom(3);
  const draw = (n: number) => {
    const before = Array.from({ length: n }, () => (random() < 0.6 ? 1 : 0));
    // Half the questions gain, a third lose: a real but noisy improvement.
    return { before, after: before.map((b) => { const r = random(); return r < 0.5 ? 1 : r < 0.83 ? b : 0; }) };
  };
  const small = draw(60);
  const large = draw(2000);
  const a = pairedBootstrap(small.before, small.after);
  const b = pairedBootstrap(large.before, large.after);
  assert.ok(a.low < a.mean && a.mean < a.high, JSON.stringify(a));
  assert.ok(b.high - b.low < (a.high - a.low) / 3, `${b.high - b.low} against ${a.high - a.low}`);
  assert.ok(b.low > 0, 'two thousand questions show the gain with an interval above zero');
  assert.deepEqual(pairedBootstrap(small.before, small.after), a);
});

test('figures of different question sets are refused', () => {
  assert.throws(() => pairedBootstrap([1, 0], [1]), /same questions/);
  assert.throws(() => pairedBootstrap([], []), /at least one question/);
});
