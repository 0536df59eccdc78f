/** A library from before the Chinese citation notes, the cited spans, the evidence excerpts and the question's checked citations opens, keeps its turns as they were, and stores all four from then on. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../main/db/migrations.js';
import { openDatabase, schemaVersion } from '../../main/db/open.js';
import { ConsultationStore } from '../../main/consult/store.js';
import { nextIdSql } from '../../main/db/nextId.js';
import { savedArticle, savedRow, savedRows } from '../../main/library/saved/index.js';

test('migrations 8 to 11 add the Chinese note and the cited spans to citations, the excerpt to evidence and the checked question citations to turns, stored before them, which read as null and none', () => {
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
    old.prepare(
      `INSERT INTO evidence (turn_id, article_id, rank, law_title, article_label, level, province, status, text, found_by, score)
       VALUES (1, 38, 1, '中华人民共和国劳动合同法', '第三十八条', '法律', '', 'current', '用人单位有下列情形之一的：\n（二）未及时足额支付劳动报酬的；', '[]', 0.1)`,
    ).run();
    old.close();

    const db = openDatabase(file);
    try {
      assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.version);
      const store = new ConsultationStore(db);
      const [before] = store.citations(1);
      assert.deepEqual([before!.note, before!.noteZh, before!.citedSpans], ['no such law in the library', null, []]);
      store.saveCitations(1, [{ ...before!, note: 'no such law in the library', noteZh: '法规库中没有这部法律', citedSpans: [[3, 9], [12, 20]] }]);
      assert.deepEqual([store.citations(1)[0]!.noteZh, store.citations(1)[0]!.citedSpans], ['法规库中没有这部法律', [[3, 9], [12, 20]]]);
      const [evidence] = store.evidence(1);
      assert.equal(evidence!.excerpt, null, 'evidence stored before migration 10 has no excerpt, and the views open it at its start');
      store.saveEvidence(1, [{ ...evidence!, excerpt: { start: 14, hits: [[24, 28]] } }]);
      assert.deepEqual(store.evidence(1)[0]!.excerpt, { start: 14, hits: [[24, 28]] });
      assert.equal(store.turns(1)[0]!.question_citations, null, 'a turn stored before migration 11 has its question unchecked');
      store.updateTurn(1, { question_citations: '[{"marker":"合同法第52条"}]' });
      assert.equal(store.turns(1)[0]!.question_citations, '[{"marker":"合同法第52条"}]');
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('migration 18: a deleted last consultation or saved article leaves its id unused, also for ids given before the migration', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-ids-'));
  try {
    const file = path.join(dir, 'library.db');
    const old = new Database(file);
    for (const m of MIGRATIONS.filter((m) => m.version <= 17)) {
      old.exec(m.sql);
      old.pragma(`user_version = ${m.version}`);
    }
    for (const id of [1, 2, 3]) old.prepare("INSERT INTO consultations (id, title, created_at, updated_at) VALUES (?, '工资', '2026-11-01', '2026-11-01')").run(id);
    old.prepare("INSERT INTO saved_articles (id, saved_at, law_title, kind, article_label, text, status) VALUES (7, '2026-11-01', '中华人民共和国劳动合同法', 'article', '第三十八条', '……', 'current')").run();
    old.close();

    const db = openDatabase(file);
    try {
      const store = new ConsultationStore(db);
      store.delete(3);
      assert.equal(store.createConsultation('离婚'), 4, 'not 3, the id of the matter deleted');
      store.delete(4);
      store.delete(2);
      assert.equal(store.createConsultation('借款'), 5);
      const saved = db.prepare(`INSERT INTO saved_articles (id, saved_at, law_title, kind, article_label, text, status) VALUES (${nextIdSql('saved_articles')}, 'x', '民法典', 'article', '第一条', '…', 'current')`);
      db.prepare('DELETE FROM saved_articles WHERE id = 7').run();
      assert.equal(saved.run().lastInsertRowid, 8);
      db.prepare('DELETE FROM saved_articles WHERE id = 8').run();
      assert.equal(saved.run().lastInsertRowid, 9);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('migration 21: articles saved before it read as saved whole, keep their ids and notes; a folder may then hold two 款 of one article, not the same part twice', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-saved-part-'));
  try {
    const file = path.join(dir, 'library.db');
    const old = new Database(file);
    for (const m of MIGRATIONS.filter((m) => m.version <= 19)) {
      old.exec(m.sql);
      old.pragma(`user_version = ${m.version}`);
    }
    const insert = old.prepare("INSERT INTO saved_articles (id, folder, note, saved_at, law_title, publish_date, kind, article_label, text, status, as_of) VALUES (?, '人格否认', ?, '2026-11-01', '中华人民共和国公司法', '2018-10-26', 'article', ?, '……', 'superseded', ?)");
    insert.run(3, '逃避债务', '第二十条', '2020-06-01');
    insert.run(9, '', '第二十一条', null);
    old.prepare('DELETE FROM saved_articles WHERE id = 9').run();
    old.close();

    const db = openDatabase(file);
    try {
      assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.version);
      assert.deepEqual(savedRows(db).map((r) => [r.id, r.note, r.as_of, r.part, r.part_text]), [[3, '逃避债务', '2020-06-01', null, null]]);
      const s = savedArticle(db, savedRow(db, 3));
      assert.deepEqual([s.part, s.partText, s.citation], [null, null, '《中华人民共和国公司法》第二十条（2018-10-26 版）']);
      const add = (part: string | null) => db.prepare(`INSERT INTO saved_articles (id, folder, saved_at, law_title, publish_date, kind, article_label, text, status, part, part_text)
        VALUES (${nextIdSql('saved_articles')}, '人格否认', 'x', '中华人民共和国公司法', '2018-10-26', 'article', '第二十条', '……', 'superseded', ?, ?)`).run(part, part && '……').lastInsertRowid;
      assert.equal(add('[{"paragraph":3,"items":[]}]'), 10, 'above 9, deleted before the migration: the high-water mark and its trigger survive the rebuild');
      assert.equal(add('[{"paragraph":1,"items":[]}]'), 11);
      assert.throws(() => add('[{"paragraph":3,"items":[]}]'), /UNIQUE constraint failed/);
      assert.throws(() => add(null), /UNIQUE constraint failed/, 'the whole article once, as before');
      db.prepare('DELETE FROM saved_articles WHERE id = 11').run();
      assert.equal(add('[{"paragraph":1,"items":[]}]'), 12);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
