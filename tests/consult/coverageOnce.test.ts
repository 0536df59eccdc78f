/**
 * A consultation read back reads the library's coverage (for each turn's `libraryBehind`) once, not once a turn: the
 * queries are counted on the real library's connection while a consultation of three turns is read.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();

describe('the library\'s coverage in a consultation read back', { skip: SKIP, timeout: 300_000 }, () => {
  let bench: Bench;
  before(async () => {
    bench = await startBench();
  });
  after(async () => bench?.dispose());

  test('read once for all its turns, and each turn still says whether the library is behind its date', async () => {
    const c = bench.consultations({ offline: true });
    const first = await c.ask({ text: WAGES });
    await c.ask({ consultationId: first.consultationId, text: '工作了五年，补偿怎么算？' });
    await c.ask({ consultationId: first.consultationId, text: '公司说是我自己辞职的，怎么办？' });
    const db = c.store.db;
    const prepare = db.prepare.bind(db);
    let reads = 0;
    db.prepare = ((sql: string) => {
      if (sql.includes('FROM import_log')) reads++;
      return prepare(sql);
    }) as typeof db.prepare;
    try {
      const { turns } = c.get(first.consultationId);
      assert.equal(turns.length, 3);
      assert.equal(reads, 1, 'one read for the consultation');
      // The bench's today (2026-11-22) is far past the subset's newest text: every turn says so.
      assert.ok(turns.every((t) => typeof t.libraryBehind === 'string'), JSON.stringify(turns.map((t) => t.libraryBehind)));
      reads = 0;
      c.turn(first.turnId);
      assert.equal(reads, 1, 'a single turn read alone reads it once too');
    } finally {
      db.prepare = prepare;
    }
  });
});
