/**
 * Stored times are ISO strings in UTC (2026-12-06T23:30:00.000Z); people read them in their own time. One formatter for
 * every stamp a person sees — reports, downloads, the CLI's listings, the app —, so a report made at 07:30 in Beijing
 * says 2026-12-07 07:30（UTC+08:00）, not the day before. Machine-readable output (--json, the routes) stays ISO.
 *
 * The offset is the machine's at that instant (the TZ environment variable where Node honours it, daylight saving
 * included), unless one is given in minutes east of UTC (+480 for Beijing, -300 for New York in winter).
 */

export interface LocalTimeParts {
  /** 2026-12-07 */
  date: string;
  /** 07:30 */
  time: string;
  /** +08:00, -05:00, +05:30, +00:00 */
  offset: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The local date, time and offset of an instant; null when `stamp` is no time. */
export function localTimeParts(stamp: string | Date, offsetMinutes?: number): LocalTimeParts | null {
  const at = typeof stamp === 'string' ? new Date(stamp) : stamp;
  if (Number.isNaN(at.getTime())) return null;
  const offset = offsetMinutes ?? -at.getTimezoneOffset();
  // Shifted by the offset, the UTC fields of the shifted instant are the local ones.
  const local = new Date(at.getTime() + offset * 60_000);
  const abs = Math.abs(offset);
  return {
    date: `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`,
    time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`,
    offset: `${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`,
  };
}

/** 2026-12-07 07:30（UTC+08:00）: a stamp as a person reads it; the stored text itself when it is no time. */
export function localStamp(stamp: string | Date, offsetMinutes?: number): string {
  const p = localTimeParts(stamp, offsetMinutes);
  return p ? `${p.date} ${p.time}（UTC${p.offset}）` : String(stamp);
}

/** 2026-12-07: the local day of an instant (a file's name, 收藏于 …, today); the stored text's first ten characters when it is no time. */
export function localDay(stamp: string | Date, offsetMinutes?: number): string {
  return localTimeParts(stamp, offsetMinutes)?.date ?? String(stamp).slice(0, 10);
}
