import type Database from 'better-sqlite3';
import { localDay } from '../../preload/contract/localTime.js';

// A subquery, so SQLite works the date out once per statement (a function call alone is
// evaluated per row; date('now', 'localtime') per row made a filter over the whole library
// 30 times slower). lexdesk_today() is registered on every connection (openDatabase).
export const TODAY_SQL = '(SELECT lexdesk_today())';

/** Connections whose "today" is fixed (training: see fixToday). */
const fixedToday = new WeakMap<Database.Database, string>();

/** Registers lexdesk_today(): the local date (as SQLite's date('now', 'localtime')), unless fixToday set one. */
export function registerToday(db: Database.Database): void {
  db.function('lexdesk_today', { deterministic: false }, () => fixedToday.get(db) ?? localDay(new Date()));
}

/**
 * Makes statuses on this connection read as of `date` instead of the clock's today. Training
 * sets the library's own latest date, so `npm run train-model` gives the same models whatever
 * day it runs, even once the corpus holds a version not yet in force.
 */
export function fixToday(db: Database.Database, date: string): void {
  fixedToday.set(db, date);
}

/** Today as statuses on this connection read it (the clock's local date, unless fixToday set one). */
export function todayOf(db: Database.Database): string {
  return (db.prepare('SELECT lexdesk_today() AS d').get() as { d: string }).d;
}
