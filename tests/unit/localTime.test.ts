/** Stamps people read: a stored UTC time in local time with its offset (preload/contract/localTime.ts). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { localDay, localStamp, localTimeParts } from '../../preload/contract/localTime.js';

const MADE = '2026-12-06T23:30:00.000Z';

test('a UTC time read at +08:00, -05:00, 0 and the half-hour +05:30', () => {
  assert.equal(localStamp(MADE, 480), '2026-12-07 07:30（UTC+08:00）', 'Beijing: the next morning, not the day before');
  assert.equal(localStamp(MADE, -300), '2026-12-06 18:30（UTC-05:00）');
  assert.equal(localStamp(MADE, 0), '2026-12-06 23:30（UTC+00:00）');
  assert.equal(localStamp(MADE, 330), '2026-12-07 05:00（UTC+05:30）');
  assert.equal(localStamp('2026-12-07T01:15:00Z', -570), '2026-12-06 15:45（UTC-09:30）', 'a half-hour west of UTC');
  assert.deepEqual(localTimeParts(MADE, 345), { date: '2026-12-07', time: '05:15', offset: '+05:45' });
});

test('a date that crosses midnight, a month and a year', () => {
  assert.equal(localStamp('2026-12-31T16:00:00Z', 480), '2027-01-01 00:00（UTC+08:00）');
  assert.equal(localStamp('2027-01-01T03:59:00Z', -300), '2026-12-31 22:59（UTC-05:00）');
  assert.equal(localStamp('2024-02-28T20:00:00Z', 480), '2024-02-29 04:00（UTC+08:00）', 'a leap day');
  assert.equal(localDay('2026-11-30T17:00:00Z', 480), '2026-12-01');
  assert.equal(localDay('2026-12-01T02:00:00Z', -300), '2026-11-30');
});

test('no time is said as it was stored; a Date is taken as well as an ISO string', () => {
  assert.equal(localStamp('not a time', 480), 'not a time');
  assert.equal(localTimeParts(''), null);
  assert.equal(localDay('2026-13-45T00:00:00Z'), '2026-13-45');
  assert.equal(localStamp(new Date(MADE), 480), '2026-12-07 07:30（UTC+08:00）');
});

test('without an offset, the machine\'s own at that instant: TZ as Node honours it, daylight saving included', () => {
  const script = `import { localStamp, localDay } from './preload/contract/localTime.ts';
console.log([localStamp('${MADE}'), localStamp('2026-07-01T12:00:00Z'), localDay('${MADE}')].join('|'));`;
  const run = (tz: string) => spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
  const shanghai = run('Asia/Shanghai');
  assert.equal(shanghai.status, 0, shanghai.stderr);
  assert.equal(shanghai.stdout.trim(), '2026-12-07 07:30（UTC+08:00）|2026-07-01 20:00（UTC+08:00）|2026-12-07');
  assert.equal(run('America/New_York').stdout.trim(), '2026-12-06 18:30（UTC-05:00）|2026-07-01 08:00（UTC-04:00）|2026-12-06');
  assert.equal(run('Asia/Kolkata').stdout.trim(), '2026-12-07 05:00（UTC+05:30）|2026-07-01 17:30（UTC+05:30）|2026-12-07');
  assert.equal(run('UTC').stdout.trim(), '2026-12-06 23:30（UTC+00:00）|2026-07-01 12:00（UTC+00:00）|2026-12-06');
});
