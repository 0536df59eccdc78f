import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from './migrations.js';
import { registerToday } from './today.js';
import { LexError } from '../util/errors.js';

export type Db = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
  /** Create the file (and its folder) when missing. Default true unless readonly. */
  create?: boolean;
}

/** Opens (and migrates) a library database file. */
export function openDatabase(file: string, opts: OpenOptions = {}): Db {
  const readonly = opts.readonly ?? false;
  const create = opts.create ?? !readonly;
  if (!fs.existsSync(file)) {
    if (!create) {
      throw new LexError('library-missing', `No statute library at ${file}. Import one first: lexdesk import PATH (or --download).`);
    }
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  let db: Db;
  try {
    db = new Database(file, { readonly, fileMustExist: !create });
  } catch (err) {
    throw new LexError('library-unreadable', `Cannot open the library ${file}: ${(err as Error).message}`);
  }
  try {
    configure(db, readonly);
    if (!readonly) migrate(db);
    else assertMigrated(db, file);
  } catch (err) {
    db.close();
    if (err instanceof LexError) throw err;
    throw new LexError('library-unreadable', `The library ${file} is not a LexDesk database or is damaged: ${(err as Error).message}`);
  }
  return db;
}

function configure(db: Db, readonly: boolean): void {
  if (!readonly) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  db.pragma('temp_store = MEMORY');
  db.pragma('busy_timeout = 5000');
  registerToday(db);
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function migrate(db: Db): void {
  const current = schemaVersion(db);
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      m.run?.(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}

function assertMigrated(db: Db, file: string): void {
  const latest = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
  if (schemaVersion(db) < latest) {
    throw new LexError('library-outdated', `The library ${file} uses an older schema; open it once without --readonly to upgrade it.`);
  }
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * A prepared statement kept for the life of its connection, for the small queries that run
 * on every search (revision checks); better-sqlite3 would otherwise compile them each time.
 * Callers set the mode they need (`raw`, `pluck`) on every use.
 */
export function cachedStatement(db: Db, sql: string): Database.Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let statement = byText.get(sql);
  if (!statement) byText.set(sql, (statement = db.prepare(sql)));
  return statement;
}

export function getMeta(db: Db, key: string): string | null {
  const value = cachedStatement(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
  return value ?? null;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
