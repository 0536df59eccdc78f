/** The history list tells consultations apart by when each was last used, in the user's own time. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import { whenOf } from '../../renderer/src/features/history/HistoryList.js';

test('a consultation\'s last use: month, day and time this year, with the year before it otherwise, in local time', () => {
  const at = new Date(2026, 10, 28, 16, 41, 34);
  assert.equal(whenOf(at.toISOString(), new Date(2026, 11, 1)), '11-28 16:41');
  assert.equal(whenOf(at.toISOString(), new Date(2027, 0, 2)), '2026-11-28 16:41');
  assert.equal(whenOf('not a time'), 'not a time');
});
