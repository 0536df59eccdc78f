import type { Db } from '../db/open.js';
import type { LibraryCoverage } from '../../preload/contract/coverage.js';

export { behindOn, COVERAGE_GRACE_DAYS, coverageGapNote, coverageLine, turnCoverageNote, type LibraryCoverage } from '../../preload/contract/coverage.js';

/** How far the library's texts reach: its newest national text, each province pack's, and the last import. */
export function libraryCoverage(db: Db): LibraryCoverage {
  const newest = db
    .prepare(
      `SELECT d.publish_date AS date, l.title AS title FROM documents d JOIN laws l ON l.id = d.law_id
       WHERE d.province = '' AND d.publish_date IS NOT NULL ORDER BY d.publish_date DESC, l.title LIMIT 1`,
    )
    .get() as { date: string; title: string } | undefined;
  const provinces = db
    .prepare(
      `SELECT province, MAX(publish_date) AS date FROM documents
       WHERE province != '' AND publish_date IS NOT NULL GROUP BY province ORDER BY province`,
    )
    .all() as Array<{ province: string; date: string }>;
  const importedAt = (db.prepare('SELECT MAX(finished_at) FROM import_log').pluck().get() as string | null) ?? null;
  return { newestText: newest ?? null, provinces, importedAt };
}
