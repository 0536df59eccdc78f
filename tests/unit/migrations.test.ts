/** A library from before the Chinese citation notes opens, keeps its turns' English notes, and stores both from then on. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../main/db/migrations.js';
import { openDatabase, schemaVersion } from '../../main/db/open.js';
import { ConsultationStore } from '../../main/consult/store.js';

test('migration 8 adds the Chinese note to citations stored before it, which read as null beside their English note', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-migrations-'));
  try {
    const file = path.join(dir, 'library.db');
    const old = new Database(file);
    for (const m of MIGRATIONS.filter((m) => m.version <= 7)) {
      old.exec(m.sql);
      old.pragma(`user_version = ${m.version}`);
    }
    old.prepare("INSERT INTO consultations (id, title, created_at, updated_at) VALUES (1, '工资', '2026-11-01', '2026-11-01')").run();
    old.prepare("INSERT INTO turns (id, consultation_id, seq, user_text, status, created_at) VALUES (1, 1, 1, '拖欠工资', 'done', '2026-11-01')").run();
    old.prepare("INSERT INTO citations (turn_id, seq, marker, label, note) VALUES (1, 1, '《合同法》第五十二条', 'unresolvable', 'no such law in the library')").run();
    old.close();

    const db = openDatabase(file);
    try {
      assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.version);
      const store = new ConsultationStore(db);
      const [before] = store.citations(1);
      assert.deepEqual([before!.note, before!.noteZh], ['no such law in the library', null]);
      store.saveCitations(1, [{ ...before!, note: 'no such law in the library', noteZh: '法规库中没有这部法律' }]);
      assert.equal(store.citations(1)[0]!.noteZh, '法规库中没有这部法律');
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
