import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isCalendarDate } from '../../preload/contract/calendarDate.js';
import { dateOption } from '../../main/cli/args.js';

test('a date must be a day of the calendar: no 30 February, no 31 April, 29 February only in a leap year', () => {
  for (const ok of ['2021-01-01', '2024-02-29', '2000-02-29', '2023-12-31']) assert.ok(isCalendarDate(ok), ok);
  for (const bad of ['2021-02-29', '2020-02-30', '2023-04-31', '2020-12-32', '2018-13-45', '1900-02-29', '2021-1-1', '20210101', '']) assert.ok(!isCalendarDate(bad), bad);
  assert.equal(dateOption('2024-02-29', 'as-of'), '2024-02-29');
  assert.throws(() => dateOption('2023-04-31', 'as-of'), /--as-of: 2023-04-31 is no day of the calendar/);
  assert.throws(() => dateOption('2023/04/30', 'as-of'), /--as-of must be a date like 2021-01-01/);
});
