/**
 * Revisions published after the library's texts (laterRevisions.ts): said for a law whose text in the library is older
 * than the revision, from its adoption on, in force or not yet; silent before it and once the library holds the new text.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { laterRevisionNote, laterRevisionsAmong, LATER_REVISIONS } from '../../main/library/versions/laterRevisions.js';

const AUCL = '中华人民共和国反不正当竞争法';

describe('revisions the library lacks', () => {
  test('反不正当竞争法 read in its 2019 text: superseded from 2025-10-15, adopted and pending between', () => {
    const now = laterRevisionNote(AUCL, '2019-04-23', '2026-12-08')!;
    assert.match(now.zh, /^该法已于 2025-06-27 修订，2025-10-15 起施行，法规库未收录修改后的文本（库中的是 2019-04-23 版，在 2026-12-08 已不是现行文本）/);
    const pending = laterRevisionNote(AUCL, '2019-04-23', '2025-08-01')!;
    assert.match(pending.zh, /将于 2025-10-15 起施行/);
    assert.equal(laterRevisionNote(AUCL, '2019-04-23', '2024-03-01'), null, 'the 2019 text applied then');
    assert.equal(laterRevisionNote(AUCL, '2025-06-27', '2026-12-08'), null, 'a library holding the revised text says nothing');
    assert.equal(laterRevisionNote('中华人民共和国商标法', '2019-04-23', '2026-12-08'), null);
  });

  test('one note per law among evidence and citations, headed by its title', () => {
    const among = laterRevisionsAmong([
      { lawTitle: AUCL, publishDate: '2019-04-23' },
      { lawTitle: AUCL, publishDate: '2019-04-23' },
      { lawTitle: '中华人民共和国网络安全法', publishDate: '2016-11-07' },
      { lawTitle: '中华人民共和国劳动合同法', publishDate: '2012-12-28' },
    ], '2026-12-08');
    assert.deepEqual(among.map((l) => [l.title, l.inForce]), [[AUCL, '2025-10-15'], ['中华人民共和国网络安全法', '2026-01-01']]);
    assert.match(among[0]!.zh, /^《中华人民共和国反不正当竞争法》：已于 2025-06-27 修订/);
  });

  test('each entry is dated consistently', () => {
    for (const r of LATER_REVISIONS) assert.ok(/^\d{4}-\d{2}-\d{2}$/.test(r.adopted) && r.adopted <= r.inForce, r.title);
  });
});
