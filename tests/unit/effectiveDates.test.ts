import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createEngine } from '../../main/engine/index.js';
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

test('migration 20 gives a library imported before it the regulations\' dates, and leaves a date the source gave', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-effective-'));
  const dbPath = path.join(dir, 'library.db');
  try {
    const engine = createEngine({ dbPath });
    const line = (law: string, publish: string, effective?: string) => JSON.stringify({ law, article: '第一条', text: `${law}的测试条文。`, publish, ...(effective ? { effective } : {}) });
    fs.writeFileSync(path.join(dir, 'a.jsonl'), [line('工伤保险条例', '2010-12-20'), line('全国年节及纪念日放假办法', '2024-11-10', '2024-11-12')].join('\n'));
    await engine.importPath(path.join(dir, 'a.jsonl'));
    // As an import before session 50 left it: no date for 工伤保险条例, and the library at migration 19.
    engine.db.prepare("UPDATE documents SET effective_date = NULL WHERE law_id IN (SELECT id FROM laws WHERE title = '工伤保险条例')").run();
    engine.db.pragma('user_version = 19');
    engine.close();
    const reopened = createEngine({ dbPath });
    try {
      const effective = (law: string) => reopened.db.prepare('SELECT d.effective_date FROM documents d JOIN laws l ON l.id = d.law_id WHERE l.title = ?').pluck().get(law);
      assert.equal(effective('工伤保险条例'), '2011-01-01');
      assert.equal(effective('全国年节及纪念日放假办法'), '2024-11-12', 'a date of its own is kept');
      assert.ok((reopened.db.pragma('user_version', { simple: true }) as number) >= 20);
    } finally {
      reopened.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
