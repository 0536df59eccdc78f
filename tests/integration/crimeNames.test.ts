/**
 * A crime's name leads to the 刑法 article that defines it, as a citation would: on a library built from 刑法,
 * its amendments (刑法修正案（八） added the article), the crime-name texts (1997 list and 补充规定 to （八）), 劳动合同法 and the 2013
 * interpretation of 拒不支付劳动报酬罪.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crimeNameIndex } from '../../main/library/citation/crimeNames.js';
import { buildLibrary, CORPUS_DIR, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const skip = sharedSkipReason();

describe('crime names in a search', { skip }, () => {
  let lib: TempLibrary;
  const label = (hit: { article: { lawTitle: string; label: string } }) => `${hit.article.lawTitle}${hit.article.label}`;

  before(async () => {
    const interpretations = readdirSync(path.join(CORPUS_DIR, '司法解释'))
      .filter((f) => f.includes('确定罪名') || f.includes('犯罪的罪名的意见') || f.includes('拒不支付劳动报酬刑事案件'))
      .map((f) => `司法解释/${f}`);
    lib = await buildLibrary({ files: ['刑法', '社会法/劳动合同法(2012-12-28).md', ...interpretations] });
  });
  after(() => lib?.dispose());

  it('ranks the article defining the crime first, above the interpretation of it', () => {
    const hits = lib.engine.search('老板拖欠工资跑路了，能告他拒不支付劳动报酬罪吗');
    assert.equal(label(hits[0]!), '中华人民共和国刑法第二百七十六条之一');
    assert.equal(hits[0]!.matchedBy, 'citation');
    assert.ok(hits.slice(1).some((h) => h.article.lawTitle.includes('拒不支付劳动报酬刑事案件')), 'the interpretation follows');
  });

  it('puts a written citation before a named crime, reads short forms, and keeps the filters', () => {
    const cited = lib.engine.search('刑法第二百六十四条和诈骗罪');
    assert.deepEqual(cited.slice(0, 2).map(label), ['中华人民共和国刑法第二百六十四条', '中华人民共和国刑法第二百六十六条']);
    assert.equal(label(lib.engine.search('醉驾会坐牢吗')[0]!), '中华人民共和国刑法第一百三十三条之一');
    const filtered = lib.engine.search('拒不支付劳动报酬罪', { filters: { law: '劳动合同法' } });
    assert.ok(filtered.every((h) => h.article.lawTitle.includes('劳动合同法')), 'a law filter leaves 刑法 out');
  });

  it('does not name a crime that was not one on the date asked', () => {
    // 第二百七十六条之一 came with 刑法修正案（八）, in force 2011-05-01.
    const hits = lib.engine.search('拒不支付劳动报酬罪', { filters: { asOf: '2010-06-01' } });
    assert.ok(!hits.some((h) => h.matchedBy === 'citation'), hits.map(label).join(' '));
  });

  it('reads the index once per text revision, quickly', () => {
    const db = lib.engine.db;
    const first = crimeNameIndex(db);
    assert.equal(crimeNameIndex(db), first, 'cached while the library is unchanged');
    assert.ok(first.byName.size > 450);
  });
});
