/**
 * A range a brief cites (《劳动合同法》第三十六条至第五十条) checked between its ends, not at them only: a number the
 * version has no article of, an article deleted since (刑法 第一百九十九条, deleted in 2015), and a range written the
 * wrong way round. The library is real corpus files; for a version whose numbering has a gap, 劳动合同法's file is
 * imported with its 第四十条 taken out.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { copySubset, sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const LABOUR = '社会法/劳动合同法(2012-12-28).md';

describe('a range cited is checked between its ends', { skip: SKIP }, () => {
  let dir: string;
  let engine: Engine;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lexdesk-ranges-'));
    const root = await copySubset(dir, { files: ['刑法/刑法.md', LABOUR] });
    // 第四十条 and its four lines gone: the version numbers 第三十九条, then 第四十一条.
    const file = path.join(root, LABOUR);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const from = lines.findIndex((l) => l.startsWith('第四十条 '));
    const to = lines.findIndex((l) => l.startsWith('第四十一条 '));
    assert.ok(from > 0 && to > from);
    fs.writeFileSync(file, [...lines.slice(0, from), ...lines.slice(to)].join('\n'));
    engine = createEngine({ dbPath: path.join(dir, 'library.db') });
    await engine.importPath(root);
  });
  after(async () => {
    engine?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const check = (text: string, asOf = '2024-06-01') => checkDraft(engine.searchDeps().resolver, text, asOf).citations.map((c) => [c.marker, c.finding, c.noteZh]);

  test('a range across a number the version lacks names that number, on the citation closing it', () => {
    assert.equal(engine.lookup('劳动合同法第四十条').ok, false, 'the version read has no 第四十条');
    assert.deepEqual(check('用人单位依照《劳动合同法》第三十六条至第五十条的规定解除劳动合同。'), [
      ['《劳动合同法》第三十六条', 'ok', null],
      ['第五十条', 'check', '所引范围「第三十六条至第五十条」内，该法 2012-12-28 版没有第四十条，请核对条文范围'],
    ]);
    // The same numbers as a list, or a range that stays clear of the gap: nothing to say.
    assert.deepEqual(check('《劳动合同法》第三十六条、第五十条；《劳动合同法》第四十一条至第五十条。').map(([, finding]) => finding), ['ok', 'ok', 'ok', 'ok']);
    assert.equal(check('《劳动合同法》第一条至第九十八条')[1]![2], '所引范围「第一条至第九十八条」内，该法 2012-12-28 版没有第四十条，请核对条文范围', 'a range of the whole law, too wide to list, still checked');
  });

  test('a range written the wrong way round says the order meant, in the numerals written', () => {
    assert.deepEqual(check('另见《劳动合同法》第五十条至第三十六条。')[1], ['第三十六条', 'check',
      '「第五十条至第三十六条」条号前大后小，应写作「第三十六条至第五十条」；所引范围「第五十条至第三十六条」内，该法 2012-12-28 版没有第四十条，请核对条文范围']);
    assert.deepEqual(check('《劳动合同法》第50条到第46条')[1]![2], '「第50条到第46条」条号前大后小，应写作「第46条到第50条」');
  });

  test('a range across an article deleted since (刑法 第一百九十九条) says so as of a date after it, not before', () => {
    const text = '《刑法》第一百九十八条至第二百条规定了保险诈骗罪及单位犯罪。';
    const now = check(text, '2024-06-01');
    assert.deepEqual(now.map(([, finding]) => finding), ['ok', 'check']);
    assert.equal(now[1]![2], '所引范围「第一百九十八条至第二百条」内的第一百九十九条在 2024-06-01 已删去');
    const then = check(text, '2014-06-01');
    assert.doesNotMatch(String(then[1]![2]), /所引范围/, 'in 2014 第一百九十九条 was law');
  });

  test('a range whose law is inferred (同法…, a bare range a sentence after the law) reports a deletion by the date checked too', () => {
    const text = '被告人的行为构成《刑法》第一百九十八条规定的保险诈骗罪。同法第一百九十八条至第二百条规定了保险诈骗罪及其单位犯罪。第一百九十八条至第二百条另有规定。';
    const deleted = '所引范围「第一百九十八条至第二百条」内的第一百九十九条在 2024-06-01 已删去';
    const now = check(text, '2024-06-01');
    assert.deepEqual(now.map(([marker]) => marker), ['《刑法》第一百九十八条', '第一百九十八条', '第二百条', '第一百九十八条', '第二百条']);
    assert.ok(String(now[2]![2]).endsWith(deleted) && String(now[4]![2]).endsWith(deleted), 'as of 2024 both ranges cross a deleted article');
    // 同法 a sentence after 《刑法》 is read as 刑法 by the parser, as 该法 is (the last document of that kind in the paragraph).
    assert.equal(now[1]![1], 'ok', 'before: ✗ 「法规库中没有这部法律」');
    // As of 2014 第一百九十九条 was law: before, the inferred ranges said it had been deleted (by the version's 「（删去）」).
    const then = check(text, '2014-06-01');
    for (const [marker, , note] of then) assert.doesNotMatch(String(note), /已删去/, String(marker));
    // 合同法 ends in 同法 but is no 同法: still a law of its own (one this library lacks), not 刑法 named before it.
    const contract = check('依照《刑法》第一百九十八条处罚。依据合同法第五十二条，保险合同无效。', '2024-06-01');
    assert.deepEqual(contract[1]!.slice(0, 2), ['合同法第五十二条', 'unresolvable']);
    assert.doesNotMatch(String(contract[1]![2]), /刑法/);
  });
});
