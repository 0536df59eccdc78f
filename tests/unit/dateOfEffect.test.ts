import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../main/db/migrations.js';
import { openDatabase } from '../../main/db/open.js';
import { dateOfEffect, effectiveFromHistory } from '../../main/library/lawRefBook/dateOfEffect.js';
import type { HistoryEntry } from '../../main/library/types.js';

const h = (date: string, event: string): HistoryEntry => ({ date, event });
const read = (publishDate: string | null, history: HistoryEntry[], ...closing: string[]) =>
  dateOfEffect({ stated: effectiveFromHistory(history), history, closing, publishDate });

test('a dated closing clause gives the date, also 「起执行」 and Chinese numerals, never one before publication', () => {
  assert.equal(read('1994-12-06', [], '第二十条 本规定自一九九五年一月一日起执行。'), '1995-01-01');
  assert.equal(read('2020-10-17', [h('2020-10-17', '通过')], '本法自2021年4月15日起施行。'), '2021-04-15');
  // An amended text keeps the original's clause: 2011 is no date for the 2016 text.
  assert.equal(read('2016-02-06', [h('2011-04-16', '国务院令第596号公布'), h('2014-02-19', '《国务院关于废止和修改部分行政法规的决定》第一次修订')], '本条例自2011年11月1日起施行。'), null);
  // A retroactive date in a file with no history could as well be an amended text's original date: left.
  assert.equal(read('1994-02-22', [], '本通知自1994年1月1日起施行。'), null);
});

test('a date the source states is never replaced by the text', () => {
  assert.equal(dateOfEffect({ stated: '2024-07-01', history: [], closing: ['本法自2025年1月1日起施行。'], publishDate: '2023-12-29' }), '2024-07-01');
  assert.equal(read('1994-12-06', [h('1995-01-01', '执行')], '本规定自1995年2月1日起施行。'), '1995-01-01', 'the 执行 line of the history is the source\'s');
});

test('「自公布之日起施行」 in an original text: its publication, as the history dates it', () => {
  const clause = '第六十二条 本条例自公布之日起施行。';
  assert.equal(read('2002-07-27', [h('2002-07-27', '国务院令第356号公布')], clause), '2002-07-27');
  // The history's publication line a day after the collection's date: the line, the text's own note, wins.
  assert.equal(read('1989-06-16', [h('1989-05-05', '国务院第40次常务会议通过'), h('1989-06-17', '国务院令第37号发布')], clause), '1989-06-17');
  // No history at all: nothing says the file is other than the text as promulgated.
  assert.equal(read('2025-06-20', [], '本规定自公布之日起施行。'), '2025-06-20');
  // Approved by the State Council, published by a ministry weeks later: the publication; a year later is no such pair.
  assert.equal(read('1995-06-29', [h('1995-06-06', '国务院批准')], '本规定自发布之日起施行。'), '1995-06-29');
  assert.equal(read('1996-06-29', [h('1995-06-06', '国务院批准')], '本规定自发布之日起施行。'), null);
  // Re-published years later with the original's history and clause (收养子女登记办法 of 2019): none.
  assert.equal(read('2019-03-02', [h('1999-05-12', '国务院批准'), h('1999-05-25', '民政部令第14号发布')], '本办法自发布之日起施行。'), null);
});

test('other wordings of the same clause: 颁布, 从…起, 本命令 … 生效', () => {
  assert.equal(read('1998-02-13', [], '本办法自颁布之日起施行。'), '1998-02-13');
  assert.equal(read('1981-04-06', [h('1981-04-06', '国务院发布')], '本规定从发布之日起施行。'), '1981-04-06');
  assert.equal(read('1984-02-27', [h('1984-02-27', '发布')], '本命令自发布之日起生效。'), '1984-02-27');
  assert.equal(read('1990-01-01', [], '本条例施行前已经设立的单位，应当自本条例施行之日起六个月内办理登记。'), null, 'no clause of effect');
});

test('a text revised as a whole speaks of itself; one amended by a decision keeps the original\'s clause', () => {
  const clause = '本法自公布之日起施行。';
  assert.equal(read('2024-03-11', [h('1982-12-10', '第五届全国人民代表大会第五次会议通过'), h('2024-03-11', '第十四届全国人民代表大会第二次会议修订）')], clause), '2024-03-11');
  assert.equal(read('2008-08-05', [h('1996-01-29', '国务院令第193号发布'), h('2008-08-01', '国务院第20次常务会议修订通过'), h('2008-08-05', '国务院令第532号公布')], clause), '2008-08-05');
  assert.equal(read('2024-04-26', [h('1993-07-02', '通过'), h('2024-04-26', '第十四届全国人民代表大会常务委员会第九次会议《关于修改〈中华人民共和国农业技术推广法〉…的决定》修正')], clause), null);
  assert.equal(read('2017-03-01', [h('2003-08-15', '国务院令第388号公布'), h('2011-01-08', '《国务院关于废止和修改部分行政法规的决定》第一次修订')], clause), null);
  // A revision that is not the file's own date: a later re-publication.
  assert.equal(read('2019-03-02', [h('1990-01-01', '发布'), h('2008-08-01', '国务院第20次常务会议修订通过')], clause), null);
  // 「自修订发布之日起施行」: the revision is the file dated after its history's original.
  assert.equal(read('1986-06-03', [h('1982-03-16', '国务院发布')], '本条例自修订发布之日起施行。'), '1986-06-03');
});

test('migration 23 dates the stored LawRefBook documents the texts date, and touches no stored date', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-date-of-effect-'));
  const file = path.join(dir, 'library.db');
  try {
    const old = new Database(file);
    for (const m of MIGRATIONS.filter((m) => m.version <= 22)) {
      old.exec(m.sql);
      old.pragma(`user_version = ${m.version}`);
    }
    const law = old.prepare("INSERT INTO laws (title, short_name, level) VALUES (?, ?, '行政法规')");
    const doc = old.prepare(`INSERT INTO documents (law_id, source, path, level, publish_date, effective_date, history, content_hash)
      VALUES (?, ?, ?, '行政法规', ?, ?, ?, 'x')`);
    const article = old.prepare("INSERT INTO articles (document_id, ordinal, kind, label, number, paragraphs, text, hash) VALUES (?, ?, 'article', ?, ?, '[]', ?, 'x')");
    const add = (title: string, source: string, publish: string, effective: string | null, history: HistoryEntry[], texts: string[]) => {
      const id = doc.run(law.run(title, title).lastInsertRowid, source, `${title}.md`, publish, effective, JSON.stringify(history)).lastInsertRowid;
      texts.forEach((t, i) => article.run(id, i + 1, `第${i + 1}条`, i + 1, t));
    };
    add('工资规定', 'lawrefbook', '1994-12-06', null, [h('1995-01-01', '执行')], ['第一条 目的。', '第二条 本规定自一九九五年一月一日起执行。']);
    add('调解条例', 'lawrefbook', '1989-06-16', null, [h('1989-06-17', '国务院令第37号发布')], ['第一条 目的。', '第二条 本条例自发布之日起施行。', '第三条 解释权。']);
    add('重印条例', 'lawrefbook', '2011-01-08', null, [h('1993-08-01', '国务院令第120号发布')], ['第一条 本条例自发布之日起施行。']);
    add('有日条例', 'lawrefbook', '2002-07-27', '2002-09-01', [], ['第一条 本条例自公布之日起施行。']);
    add('别处条例', 'jsonl', '2002-07-27', null, [], ['第一条 本条例自公布之日起施行。']);
    old.close();
    const db = openDatabase(file);
    try {
      const effective = (title: string) => db.prepare('SELECT d.effective_date FROM documents d JOIN laws l ON l.id = d.law_id WHERE l.title = ?').pluck().get(title);
      assert.equal(effective('工资规定'), '1995-01-01');
      assert.equal(effective('调解条例'), '1989-06-17', 'the clause stands in the second-last article');
      assert.equal(effective('重印条例'), null, 'a re-published text keeps no date from the original\'s clause');
      assert.equal(effective('有日条例'), '2002-09-01', 'a stored date is kept');
      assert.equal(effective('别处条例'), null, 'another source\'s documents are not LawRefBook\'s to read');
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
