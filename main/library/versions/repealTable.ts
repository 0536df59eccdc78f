/**
 * Dates the library reads from its own texts and keeps in tables, so that SQL sees them: the day each law first took
 * effect (law_origins, lawOrigins.ts), and the repeals it can date.
 *
 * The repeals the library can date, kept in `document_repeals` so that every status read in SQL (statusSql) sees a
 * repeal from the day it takes effect. LawRefBook files some documents as in force that a later law it also holds has
 * repealed: 印花税暂行条例 (repealed by 印花税法 第二十条 from 2022-07-01), 增值税暂行条例 (增值税法, 2026-01-01),
 * 进出口关税条例 (关税法, 2024-12-01). Those, and the documents it files as repealed whose repeal a clause or the table of
 * the interpretations 民法典 replaced dates, are listed once per text revision and version of the rules: in each
 * import's own transaction, and on opening writable a library an earlier version wrote.
 */
import { cachedStatement, getMeta, setMeta, type Db } from '../../db/open.js';
import { todayOf } from '../../db/today.js';
import { RecentCache } from '../../util/recentCache.js';
import { textRevision } from '../../search/ftsTables.js';
import { repealRule } from './replacedBy.js';
import { readOrigins } from './lawOrigins.js';

const REVISION_KEY = 'repeals_revision';
/**
 * Raised whenever the rules that find repeals or origins change (the table of interpretations in replacedBy.ts, the
 * clause reader in repealedLaws.ts, lawOrigins.ts), so that a library's lists are made again by the new rules, not only
 * after its next import. 2: the origins listed too; 3: not from a clause of another act, nor of a text that replaced a
 * namesake; 4: the clause's act the title's own kind exactly (a 办法's 「本法自…」 is not its own); 5: the clause read more
 * loosely (「本法由…通过，自…起施行」, 「本规定从…起施行」); 6: a law that replaced a namesake, known from the day that was issued.
 */
const RULES_VERSION = 6;

/**
 * Lists the repeals and the laws' origins again when the library's text, or the rules, changed since they were last
 * listed (or never were). An import calls it in its own transaction; an engine opening a library writable, for one an
 * earlier version wrote.
 */
export function refreshDateLists(db: Db): void {
  const revision = currentRevision(db);
  if (getMeta(db, REVISION_KEY) === revision) return;
  writeDateLists(db, () => setMeta(db, REVISION_KEY, revision));
}

/**
 * For a connection opened read-only on a library whose lists are stale (written by an earlier version, not yet opened
 * writable since): the lists made now, in temporary tables that shadow the stored ones for this connection alone, so
 * that it reads statuses and dates as a writable opening would. For short-lived readers (the bench's children): an
 * import by another process afterwards relists the stored tables, which the shadow then hides.
 */
export function shadowStaleDateLists(db: Db): void {
  if (getMeta(db, REVISION_KEY) === currentRevision(db)) return;
  db.exec(`CREATE TEMP TABLE document_repeals (document_id INTEGER PRIMARY KEY, repealed_on TEXT NOT NULL, by_law TEXT NOT NULL, by_article TEXT);
    CREATE TEMP TABLE law_origins (law_id INTEGER PRIMARY KEY, took_effect TEXT NOT NULL, clause TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'own');`);
  writeDateLists(db, () => undefined);
}

function currentRevision(db: Db): string {
  return `${RULES_VERSION}:${textRevision(db)}`;
}

/** Makes both lists and writes them (to the temporary tables where a read-only connection made them), then `done` in the same transaction. */
function writeDateLists(db: Db, done: () => void): void {
  // Each national law's latest document: a repeal ends the law, whose older versions a later one had superseded anyway.
  const latest = db.prepare(`SELECT d.id, l.title AS lawTitle, d.publish_date AS publishDate FROM documents d JOIN laws l ON l.id = d.law_id
      WHERE d.province = '' AND COALESCE(d.publish_date, '') = (SELECT MAX(COALESCE(g.publish_date, '')) FROM documents g WHERE g.law_id = d.law_id)`)
    .all() as Array<{ id: number; lawTitle: string; publishDate: string | null }>;
  const repeals = latest.flatMap((d) => {
    const rule = repealRule(db, d);
    return rule?.repealedOn ? [{ id: d.id, on: rule.repealedOn, law: rule.repealedBy.law, article: rule.repealedBy.article }] : [];
  });
  const origins = readOrigins(db);
  db.transaction(() => {
    db.prepare('DELETE FROM law_origins').run();
    const origin = db.prepare('INSERT INTO law_origins (law_id, took_effect, clause, kind) VALUES (?, ?, ?, ?)');
    for (const o of origins) origin.run(o.lawId, o.tookEffect, o.clause, o.kind);
    db.prepare('DELETE FROM document_repeals').run();
    const insert = db.prepare('INSERT INTO document_repeals (document_id, repealed_on, by_law, by_article) VALUES (?, ?, ?, ?)');
    for (const r of repeals) insert.run(r.id, r.on, r.law, r.article);
    done();
  })();
}

/**
 * The national documents whose repeal the library can date, by id, with the day they stopped applying
 * (环境噪声污染防治法: 2022-06-05; 印花税暂行条例: 2022-07-01), as refreshDateLists listed them.
 */
export function knownRepeals(db: Db): Map<number, string> {
  const rows = cachedStatement(db, 'SELECT document_id AS id, repealed_on AS repealedOn FROM document_repeals').all() as Array<{ id: number; repealedOn: string }>;
  return new Map(rows.map((r) => [r.id, r.repealedOn]));
}

/**
 * The ids of the documents repealed on or before `asOf`: no law of that date. Those whose repeal the library dates
 * (knownRepeals), and from today on those it files as repealed without a date (信访条例 of 2005, 疫苗流通和预防接种管理条例),
 * which are repealed today whenever that happened; before today the library cannot say (lawOnDate.ts: repeal-undated).
 */
export function repealedBy(db: Db, asOf: string): number[] {
  const dated = cachedStatement(db, 'SELECT document_id FROM document_repeals WHERE repealed_on <= ?').pluck().all(asOf) as number[];
  return asOf >= todayOf(db) ? [...dated, ...undatedRepeals(db)] : dated;
}

const undatedCache = new RecentCache<Set<number>>(1);

/** Documents filed as repealed whose repeal the library cannot date: the latest of their law, with no repealing clause or table entry. */
export function undatedRepeals(db: Db): Set<number> {
  return undatedCache.get(db, `${textRevision(db)}|${getMeta(db, REVISION_KEY) ?? ''}`, () => new Set(db.prepare(
    `SELECT d.id FROM documents d WHERE d.status = 'repealed' AND d.id NOT IN (SELECT document_id FROM document_repeals)
        AND COALESCE(d.publish_date, '') = (SELECT MAX(COALESCE(g.publish_date, '')) FROM documents g WHERE g.law_id = d.law_id)`,
  ).pluck().all() as number[]));
}
