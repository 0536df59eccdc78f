/**
 * Whether `s` is a day of the calendar written YYYY-MM-DD: 2024-02-29 is, 2023-02-29 and 2021-04-31 are not (Date.parse
 * would roll them over to March and May, and a date the user never meant would be applied).
 */
/** Whole days from `from` to `to` (both YYYY-MM-DD), negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const day = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s;
}
