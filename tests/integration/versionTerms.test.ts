/**
 * Term statistics within law versions (versionTerms.ts), on a real temp library:
 * the counts read from FTS5 and from the postings held in memory are the same,
 * the articles holding a word within a version agree with an FTS5 MATCH
 * restricted to that version, and province candidates are counted in the province index.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../../main/db/open.js';
import { queryTerms } from '../../main/search/lexical.js';
import { ResidentPostings } from '../../main/search/residentPostings.js';
import { TermStats } from '../../main/search/termStats.js';
import type { VersionCounts } from '../../main/search/versionTerms.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# version term statistics tests ${SKIP}`);

let lib: TempLibrary;

/** Candidates: the articles of `law` (its current national version) whose numbers are given, id → version. */
function candidatesOf(db: Db, lawWord: string, numbers: number[], province = ''): Map<number, number> {
  const rows = db.prepare(
    `SELECT a.id, a.document_id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      WHERE l.title LIKE ? AND d.province = ? AND a.number IN (SELECT value FROM json_each(?)) AND a.sub_number = 0
      ORDER BY d.publish_date DESC`,
  ).raw().all(`%${lawWord}%`, province, JSON.stringify(numbers)) as Array<[number, number]>;
  const version = rows[0]?.[1];
  return new Map(rows.filter((r) => r[1] === version));
}

const plain = (c: VersionCounts) => ({
  versions: [...c.versions].sort(), lengths: [...c.lengths].sort(),
  holders: [...c.holders].map(([w, m]) => [w, [...m].sort()]), occurrences: [...c.occurrences].map(([w, m]) => [w, [...m].sort()]),
});

describe('term statistics within law versions', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET, beijingFilesMatching: ['物业管理条例'] }, ['北京']);
  });
  after(async () => {
    await lib?.dispose();
  });

  test('FTS5 and the postings in memory give the same counts; holders agree with MATCH within the version', async () => {
    const db = lib.engine.db;
    const words = [...new Set(queryTerms('用人单位未及时足额支付劳动报酬，劳动者解除劳动合同，用人单位应当支付经济补偿'))];
    const candidates = new Map([...candidatesOf(db, '劳动合同法', [38, 46, 47, 1]), ...candidatesOf(db, '民法典', [563, 577])]);
    assert.equal(candidates.size, 6);
    const fromFts5 = new TermStats(db, 'national').versions.counts(words, candidates);
    const postings = new ResidentPostings(db, 'national');
    assert.ok(await postings.ready(), 'the index loads into memory');
    const fromMemory = new TermStats(db, 'national', postings).versions.counts(words, candidates);
    await postings.close();
    assert.deepEqual(plain(fromMemory), plain(fromFts5));

    const versions = [...new Set(candidates.values())];
    assert.equal(fromFts5.versions.size, 2);
    for (const version of versions) {
      const articles = db.prepare('SELECT COUNT(*) FROM articles WHERE document_id = ?').pluck().get(version) as number;
      assert.equal(fromFts5.versions.get(version)?.articles, articles, `articles of version ${version}`);
      for (const word of words) {
        const matching = db.prepare(
          `SELECT COUNT(*) FROM articles_fts f JOIN articles a ON a.id = f.rowid WHERE articles_fts MATCH ? AND a.document_id = ?`,
        ).pluck().get(`"${word}"`, version) as number;
        assert.equal(fromFts5.holders.get(word)?.get(version) ?? 0, matching, `${word} in version ${version}`);
      }
    }
    // Article 47 of the Labour Contract Law is about 经济补偿 and names it; article 1 does not.
    const [art47, art1] = [...candidatesOf(db, '劳动合同法', [47]).keys(), ...candidatesOf(db, '劳动合同法', [1]).keys()];
    assert.ok((fromFts5.occurrences.get('经济补偿')?.get(art47 as number) ?? 0) >= 1);
    assert.equal(fromFts5.occurrences.get('经济补偿')?.get(art1 as number), undefined);
    for (const id of candidates.keys()) assert.ok((fromFts5.lengths.get(id) ?? 0) > 0, `indexed length of ${id}`);
  });

  test('province articles are counted in the province index', () => {
    const db = lib.engine.db;
    const candidates = candidatesOf(db, '物业管理条例', [1, 2, 3], '北京');
    assert.equal(candidates.size, 3);
    const words = ['物业', '业主'];
    const local = new TermStats(db, 'local').versions.counts(words, candidates);
    const version = [...candidates.values()][0] as number;
    assert.ok((local.versions.get(version)?.articles ?? 0) > 3);
    assert.ok((local.holders.get('业主')?.get(version) ?? 0) > 0, 'the regulation\'s articles name 业主');
    // The national index holds none of the province articles.
    const national = new TermStats(db, 'national').versions.counts(words, candidates);
    assert.equal(national.versions.get(version)?.articles, 0);
  });
});
