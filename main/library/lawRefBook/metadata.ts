import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { LawLevel } from '../types.js';

/** What LawRefBook's db.sqlite3 says about one Markdown file. */
export interface LawRefBookMeta {
  name: string;
  level: string;
  category: string;
  publish: string | null;
  validFrom: string | null;
  expired: boolean;
  subtitle: string | null;
}

export interface MetadataIndex {
  /** Keyed by the file path relative to the collection root, with "/" separators. */
  byPath: Map<string, LawRefBookMeta>;
  /** Set when db.sqlite3 is missing or unreadable; the import goes on with inferred metadata. */
  problem: string | null;
}

interface LawJoinRow {
  name: string;
  filename: string | null;
  publish: string | null;
  level: string;
  expired: number;
  subtitle: string | null;
  valid_from: string | null;
  folder: string;
  category: string;
}

/** Reads `db.sqlite3` in a LawRefBook folder (read-only); never throws. */
export function readLawRefBookMetadata(root: string): MetadataIndex {
  const file = path.join(root, 'db.sqlite3');
  const byPath = new Map<string, LawRefBookMeta>();
  if (!fs.existsSync(file)) return { byPath, problem: `${file}: missing; metadata is inferred from folders and file names` };
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db
      .prepare(
        `SELECT l.name, l.filename, l.publish, l.level, l.expired, l.subtitle, l.valid_from,
                c.folder, c.name AS category
           FROM law l JOIN category c ON c.id = l.category_id`,
      )
      .all() as LawJoinRow[];
    for (const row of rows) addRow(root, row, byPath);
    return { byPath, problem: null };
  } catch (err) {
    return {
      byPath,
      problem: `${file}: unreadable (${(err as Error).message}); metadata is inferred from folders and file names`,
    };
  } finally {
    db?.close();
  }
}

function addRow(root: string, row: LawJoinRow, byPath: Map<string, LawRefBookMeta>): void {
  const base = row.filename || row.name;
  const candidates = [`${row.folder}/${base}(${row.publish}).md`, `${row.folder}/${base}.md`];
  const rel = candidates.find((c) => fs.existsSync(path.join(root, c)));
  if (!rel) return;
  byPath.set(rel, {
    name: row.name,
    level: row.level,
    category: row.category,
    publish: cleanDate(row.publish),
    validFrom: cleanDate(row.valid_from),
    expired: row.expired === 1,
    subtitle: row.subtitle || null,
  });
}

function cleanDate(value: string | null): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The version date a file name carries: "劳动法(2018-12-29).md" → 2018-12-29. */
export function dateFromFileName(fileName: string): string | null {
  const m = /\((\d{4}-\d{2}-\d{2})\)\.md$/.exec(fileName);
  return m ? (m[1] ?? null) : null;
}

/** Short law name from a file name: "劳动法(2018-12-29).md" → "劳动法". */
export function shortNameFromFileName(fileName: string): string {
  return fileName.replace(/\.md$/, '').replace(/\(\d{4}-\d{2}-\d{2}\)$/, '').trim();
}

const FOLDER_LEVELS: Record<string, LawLevel> = {
  宪法: '宪法',
  行政法规: '行政法规',
  司法解释: '司法解释',
  部门规章: '部门规章',
  案例: '案例',
  其他: '其他',
  地方性法规: '地方性法规',
};

/** Level inferred from the top folder when db.sqlite3 has no row for a file. */
export function levelFromFolder(relPath: string): LawLevel {
  const top = relPath.split('/')[0] ?? '';
  return FOLDER_LEVELS[top] ?? '法律';
}

/** Normalises db.sqlite3 levels to the app's level names. */
export function normaliseLevel(level: string | null | undefined, relPath: string): LawLevel {
  const known: LawLevel[] = ['宪法', '法律', '行政法规', '司法解释', '部门规章', '地方性法规', '案例', '其他'];
  if (level && (known as string[]).includes(level)) return level as LawLevel;
  if (level && level.includes('地方')) return '地方性法规';
  return levelFromFolder(relPath);
}
