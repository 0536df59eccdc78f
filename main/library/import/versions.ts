import type { Db } from '../../db/open.js';
import { effectiveDateFixesSql } from './effectiveDates.js';

/**
 * Recomputes version status per law title. The published `expired` flag is
 * unreliable for older versions (two versions of 未成年人保护法 are both marked
 * current), so the current version is the one with the latest publish date;
 * older ones are superseded; the latest is "repealed" only when flagged expired.
 */
export function recomputeStatuses(db: Db): void {
  db.exec(effectiveDateFixesSql());
  // Parts of one version (the 编 of 民法典) share an effective date; some parts lack the 施行 line.
  db.exec(`
    UPDATE documents SET effective_date = (
      SELECT MAX(d2.effective_date) FROM documents d2
       WHERE d2.law_id = documents.law_id AND d2.publish_date = documents.publish_date)
     WHERE publish_date IS NOT NULL
  `);
  db.exec(`
    UPDATE documents SET status = CASE
      WHEN COALESCE(publish_date, '') <
           (SELECT MAX(COALESCE(d2.publish_date, '')) FROM documents d2 WHERE d2.law_id = documents.law_id)
        THEN 'superseded'
      WHEN expired_flag = 1 THEN 'repealed'
      ELSE 'current'
    END
  `);
}
