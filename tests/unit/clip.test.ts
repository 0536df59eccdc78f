import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clip } from '../../main/util/clip.js';

test('clip cuts at the given number of characters and marks the cut, and leaves a short text alone', () => {
  assert.equal(clip('用人单位有下列情形之一的，劳动者可以解除劳动合同', 9), '用人单位有下列情形…');
  assert.equal(clip('本法自公布之日起施行', 10), '本法自公布之日起施行', 'exactly the limit: nothing cut, no mark');
  assert.equal(clip('', 5), '');
});

test('clip counts a character outside the Basic Multilingual Plane as one and never halves it', () => {
  const name = '王𠀋明诉李某'; // 𠀋 (U+2000B, CJK Extension B) is two UTF-16 units
  assert.equal(name.length, 7);
  assert.equal(clip(name, 6), name, 'six characters fit in six, though the string is seven units long');
  assert.equal(clip(name, 2), '王𠀋…');
  const cut = clip(name, 2);
  assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut), 'no lone high surrogate');
});
