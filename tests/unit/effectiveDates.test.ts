import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { createEngine } from '../../main/engine/index.js';
import { MIGRATIONS } from '../../main/db/migrations.js';
import { openDatabase } from '../../main/db/open.js';
import { EFFECTIVE_DATE_FIXES, effectiveDateFixesSql } from '../../main/library/import/effectiveDates.js';
import { isCalendarDate } from '../../preload/contract/calendarDate.js';

test('a date of effect the source lacks is set from the amending decision; a date the source gives otherwise is kept', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-effective-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const line = (law: string, publish: string, effective?: string) => JSON.stringify({ law, article: '第一条', text: `${law}的测试条文。`, publish, ...(effective ? { effective } : {}) });
    fs.writeFileSync(path.join(dir, 'a.jsonl'), [
      line('测试程序法', '2021-12-24', '2022-01-01'), line('测试程序法', '2023-09-01'),
      line('测试监督法', '2024-12-25', '2024-12-25'), line('测试会计法', '2024-06-28', '2024-06-30'),
    ].join('\n'));
    await engine.importPath(path.join(dir, 'a.jsonl'));
    engine.db.exec(effectiveDateFixesSql([
      { title: '测试程序法', published: '2023-09-01', effective: '2024-01-01' },
      { title: '测试监督法', published: '2024-12-25', effective: '2025-06-01' },
      { title: '测试会计法', published: '2024-06-28', effective: '2024-07-01' },
    ]));
    const effective = (law: string, publish: string) => engine.db.prepare('SELECT d.effective_date FROM documents d JOIN laws l ON l.id = d.law_id WHERE l.title = ? AND d.publish_date = ?').pluck().get(law, publish);
    assert.equal(effective('测试程序法', '2023-09-01'), '2024-01-01', 'none given: the decision\'s date');
    assert.equal(effective('测试程序法', '2021-12-24'), '2022-01-01', 'another version untouched');
    assert.equal(effective('测试监督法', '2024-12-25'), '2025-06-01', 'the publication date given as the date of effect: replaced');
    assert.equal(effective('测试会计法', '2024-06-28'), '2024-06-30', 'a date of its own in the source: kept');
    // As of a day between, the text before the amendment is the law (the lookup picks the version in force).
    const r = engine.lookup('测试程序法第一条', { asOf: '2023-10-01' });
    assert.ok(r.ok && r.article.publishDate === '2021-12-24', JSON.stringify(r.ok ? r.article.publishDate : r.message));
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the shipped fixes are well formed: one entry per version, calendar dates, each later than its publication', () => {
  const keys = EFFECTIVE_DATE_FIXES.map((f) => `${f.title}|${f.published}`);
  assert.equal(new Set(keys).size, keys.length, 'no version listed twice');
  for (const f of EFFECTIVE_DATE_FIXES) {
    assert.ok(f.title.trim() === f.title && f.title.length > 3, f.title);
    assert.ok(isCalendarDate(f.published) && isCalendarDate(f.effective) && f.effective > f.published, JSON.stringify(f));
  }
});

test('migration 20 gives a library at migration 19 the regulations\' dates, and leaves a date the source gave', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-effective-'));
  const file = path.join(dir, 'library.db');
  try {
    // A library as session 49 left it: migrations up to 19, 工伤保险条例 of 2010 without a date of effect.
    const old = new Database(file);
    for (const m of MIGRATIONS.filter((m) => m.version <= 19)) {
      old.exec(m.sql);
      old.pragma(`user_version = ${m.version}`);
    }
    const law = old.prepare("INSERT INTO laws (title, short_name, level) VALUES (?, ?, '行政法规')");
    const doc = old.prepare("INSERT INTO documents (law_id, source, path, level, publish_date, effective_date, content_hash) VALUES (?, 'test', ?, '行政法规', ?, ?, 'x')");
    doc.run(law.run('工伤保险条例', '工伤保险条例').lastInsertRowid, 'a.md', '2010-12-20', null);
    doc.run(law.run('全国年节及纪念日放假办法', '全国年节及纪念日放假办法').lastInsertRowid, 'b.md', '2024-11-10', '2024-11-12');
    old.close();
    const db = openDatabase(file);
    try {
      const effective = (title: string) => db.prepare('SELECT d.effective_date FROM documents d JOIN laws l ON l.id = d.law_id WHERE l.title = ?').pluck().get(title);
      assert.equal(effective('工伤保险条例'), '2011-01-01');
      assert.equal(effective('全国年节及纪念日放假办法'), '2024-11-12', 'a date of its own is kept');
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
