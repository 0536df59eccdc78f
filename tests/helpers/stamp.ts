import assert from 'node:assert/strict';

/** A child's environment that reads times in Beijing, where a stamp in UTC would often say the day before. */
export const BEIJING = { TZ: 'Asia/Shanghai' } as const;

/**
 * The time stamp `label` introduces in a file made under BEIJING — 生成时间 2026-12-07 07:30（UTC+08:00） —: Beijing
 * time with its offset, within a few minutes of now, never UTC.
 */
export function assertStampedNowInBeijing(text: string, label = '生成时间'): void {
  const m = new RegExp(`${label}[：\\s]*(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2})（UTC\\+08:00）`).exec(text);
  assert.ok(m, `a local stamp after ${label} in: ${text.slice(0, 300)}`);
  const at = Date.parse(`${m[1]}T${m[2]}:00+08:00`);
  assert.ok(Math.abs(Date.now() - at) < 10 * 60_000, `${m[0]} is now`);
  assert.doesNotMatch(text, /\d{2}:\d{2} UTC\b/, 'no stamp left in UTC');
}
