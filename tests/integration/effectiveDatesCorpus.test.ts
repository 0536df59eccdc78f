/**
 * Dates of effect the source lacks (main/library/import/effectiveDates.ts) against the real LawRefBook texts: every
 * entry names a version the collection holds and gives no date of its own for, and on a library of real files the
 * version in force on a day between publication and effect is the one before — 全国年节及纪念日放假办法 on 2024-12-15
 * still gives the 2013 holidays; 企业所得税法实施条例 of 2024-12-06 governs only from 2025-01-20.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { after, before, describe, test } from 'node:test';
import { EFFECTIVE_DATE_FIXES } from '../../main/library/import/effectiveDates.js';
import { buildLibrary, CORPUS_DIR, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# effective dates on the real corpus ${SKIP}`);

/** The collection's list names laws without 中华人民共和国, wherever it stands (外国人在收养子女登记办法). */
const bare = (title: string) => title.replaceAll('中华人民共和国', '');

describe('dates of effect the source lacks, on the real LawRefBook texts', { skip: SKIP }, () => {
  test('every entry names a national version the collection holds, with no date of effect of its own after publication', () => {
    const corpus = new Database(path.join(CORPUS_DIR, 'db.sqlite3'), { readonly: true });
    try {
      const rows = corpus.prepare('SELECT name, publish, valid_from FROM law').all() as Array<{ name: string; publish: string | null; valid_from: string | null }>;
      for (const f of EFFECTIVE_DATE_FIXES) {
        const held = rows.filter((r) => bare(r.name) === bare(f.title) && r.publish === f.published);
        assert.equal(held.length, 1, `${f.title} of ${f.published}: not in the collection once`);
        const own = held[0]!.valid_from;
        assert.ok(!own || own === f.published, `${f.title} of ${f.published}: the source now gives ${own}, and the entry is moot`);
      }
    } finally {
      corpus.close();
    }
  });

  let lib: TempLibrary;
  before(async () => {
    if (SKIP) return;
    lib = await buildLibrary({
      files: [
        '行政法规/全国年节及纪念日放假办法(2013-12-11).md', '行政法规/全国年节及纪念日放假办法(2024-11-10).md',
        '行政法规/企业所得税法实施条例(2019-04-23).md', '行政法规/企业所得税法实施条例(2024-12-06).md', '行政法规/工伤保险条例(2010-12-20).md',
      ],
    });
  });
  after(async () => {
    await lib?.dispose();
  });

  const versionOn = (citation: string, asOf: string) => {
    const r = lib.engine.lookup(citation, { asOf });
    assert.ok(r.ok, `${citation} as of ${asOf}: ${r.ok ? '' : r.message}`);
    return { publishDate: r.article.publishDate, effectiveDate: r.article.effectiveDate, text: r.article.text };
  };

  test('the 2024 holiday rules govern from 2025-01-01: a day of December 2024 still reads the 2013 text', () => {
    const before2025 = versionOn('全国年节及纪念日放假办法第二条', '2024-12-15');
    assert.equal(before2025.publishDate, '2013-12-11');
    assert.ok(before2025.text.includes('春节，放假3天') || before2025.text.includes('春节'), before2025.text);
    const after2025 = versionOn('全国年节及纪念日放假办法第二条', '2025-01-02');
    assert.deepEqual([after2025.publishDate, after2025.effectiveDate], ['2024-11-10', '2025-01-01']);
    assert.notEqual(after2025.text, before2025.text, 'the two texts differ (the added holidays)');
  });

  test('a regulation of the 2024-12-06 batch governs from 2025-01-20; 工伤保险条例 of 2010 from 2011-01-01', () => {
    assert.equal(versionOn('企业所得税法实施条例第一条', '2025-01-10').publishDate, '2019-04-23');
    assert.deepEqual(Object.values(versionOn('企业所得税法实施条例第一条', '2025-01-20')).slice(0, 2), ['2024-12-06', '2025-01-20']);
    assert.equal(versionOn('工伤保险条例第十四条', '2024-06-01').effectiveDate, '2011-01-01');
  });
});

describe('dates of effect read from the texts themselves, on the real LawRefBook texts', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    if (SKIP) return;
    lib = await buildLibrary({
      files: [
        '行政法规/工资支付暂行规定(1994-12-06).md', '宪法相关法/国务院组织法(2024-03-11).md', '行政法规/人民调解委员会组织条例(1989-06-16).md',
        '行政法规/中国人民解放军文职人员条例(2017-09-27).md', '行政法规/中国人民解放军文职人员条例(2022-12-10).md',
        '行政法规/中国公民收养子女登记办法(2019-03-02).md', '行政法规/中国公民收养子女登记办法(2023-07-20).md',
      ],
    });
  });
  after(async () => {
    await lib?.dispose();
  });

  const effectiveOf = (file: string) => {
    const db = new Database(lib.dbPath, { readonly: true });
    try {
      return db.prepare('SELECT effective_date FROM documents WHERE path = ?').pluck().get(file);
    } finally {
      db.close();
    }
  };

  test('each file\'s own clause dates it: 起执行, a text revised as a whole, a publication the history dates', () => {
    // 「本规定自一九九五年一月一日起执行」 (and the history's 「1995年1月1日 执行」): wages paid in December 1994 were not yet under it.
    assert.equal(effectiveOf('行政法规/工资支付暂行规定(1994-12-06).md'), '1995-01-01');
    // Revised as a whole in 2024, its 「本法自公布之日起施行」 is the 2024 text's.
    assert.equal(effectiveOf('宪法相关法/国务院组织法(2024-03-11).md'), '2024-03-11');
    // Filed as 1989-06-16; its history: 「1989年6月17日 中华人民共和国国务院令第37号发布」.
    assert.equal(effectiveOf('行政法规/人民调解委员会组织条例(1989-06-16).md'), '1989-06-17');
  });

  test('two revisions as a whole each carry their own clause, so a day between reads the earlier text', () => {
    assert.equal(effectiveOf('行政法规/中国人民解放军文职人员条例(2017-09-27).md'), '2017-09-27');
    assert.equal(effectiveOf('行政法规/中国人民解放军文职人员条例(2022-12-10).md'), '2023-01-01');
    const r = lib.engine.lookup('中国人民解放军文职人员条例第一条', { asOf: '2022-12-20' });
    assert.ok(r.ok && r.article.publishDate === '2017-09-27', JSON.stringify(r.ok ? r.article.publishDate : r.message));
  });

  test('texts amended by decree keep the 1999 original\'s 「自发布之日起施行」 and get no date from it', () => {
    assert.equal(effectiveOf('行政法规/中国公民收养子女登记办法(2019-03-02).md'), null);
    assert.equal(effectiveOf('行政法规/中国公民收养子女登记办法(2023-07-20).md'), null);
  });
});
