import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { rankArticles, type SearchFilters, type SearchHit } from '../../main/search/index.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';
import { STAND_IN_DOCUMENTS_SQL, standsIn } from '../../main/library/versions/versionGap.js';
import { standsInFor } from '../../main/library/citation/civilCodeStandIn.js';
import { retroactiveRule } from '../../main/library/citation/civilCodeRetroactive.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# search tests ${SKIP}`);

const WAGES_QUESTION = '用人单位拖欠工资，劳动者可以解除劳动合同吗？';
const SHAREHOLDERS = '股东会的职权';
const PROPERTY = '物业服务企业';

let lib: TempLibrary;
let engine: Engine;

const search = (text: string, filters?: SearchFilters, limit = 10): SearchHit[] => engine.search(text, { filters, limit });
const labels = (hits: SearchHit[]): string[] => hits.map((h) => `${h.article.shortName}${h.article.label}`);

describe('search on a corpus subset', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary(
      {
        files: [...CORE_SUBSET, '行政法规/劳动合同法实施条例(2008-09-18).md'],
        beijingFilesMatching: ['物业管理条例', '养犬管理'],
      },
      ['北京'],
    );
    engine = lib.engine;
  });
  after(async () => {
    await lib?.dispose();
  });

  test('the 北京 pack was imported', () => {
    assert.deepEqual(lib.summary.library.provinces, ['北京']);
    assert.equal(lib.summary.skipped.length, 0);
  });

  describe('ranking', () => {
    test('a natural question finds the relevant article', () => {
      const hits = search(WAGES_QUESTION);
      const top5 = hits.slice(0, 5);
      assert.ok(
        top5.some((h) => h.article.lawTitle === '中华人民共和国劳动合同法' && h.article.label === '第三十八条'),
        `劳动合同法第三十八条 should be in the top 5: ${labels(top5).join(', ')}`,
      );
      assert.ok(hits.every((h) => h.matchedBy === 'lexical'));
      for (let i = 1; i < hits.length; i += 1) assert.ok((hits[i - 1] as SearchHit).score >= (hits[i] as SearchHit).score, 'scores descend');
    });

    test('rank returns the ids search lists, and limit caps them', () => {
      const hits = search(WAGES_QUESTION, undefined, 7);
      assert.equal(hits.length, 7);
      assert.deepEqual(engine.rank(WAGES_QUESTION, { limit: 7 }), hits.map((h) => h.article.id));
      assert.equal(new Set(hits.map((h) => h.article.id)).size, 7, 'no article twice');
    });

    test('a cited article comes first, matched by citation', () => {
      const hits = search('民法典第一千一百六十五条规定的过错责任');
      const first = hits[0];
      assert.ok(first);
      assert.equal(first.matchedBy, 'citation');
      assert.equal(first.article.lawTitle, '中华人民共和国民法典');
      assert.equal(first.article.label, '第一千一百六十五条');
      assert.ok(hits.slice(1).every((h) => h.matchedBy === 'lexical' && h.article.id !== first.article.id));
      assert.ok(hits.length > 1, 'lexical matches follow the citation');
    });

    test('citationsOnly (dense mode) keeps the cited article and runs no BM25', () => {
      const { db, resolver, stats } = engine.searchDeps();
      const text = '民法典第一千一百六十五条规定的过错责任';
      const ranked = rankArticles(db, resolver, stats, text, { citationsOnly: true });
      assert.deepEqual(ranked.map((r) => r.matchedBy), ['citation']);
      assert.equal(ranked[0]?.id, search(text)[0]?.article.id);
      assert.deepEqual(rankArticles(db, resolver, stats, WAGES_QUESTION, { citationsOnly: true }), []);
    });
  });

  describe('filters', () => {
    test('levels keeps only the given levels', () => {
      const regs = search('劳动合同的解除', { levels: ['行政法规'] });
      assert.ok(regs.length > 0);
      assert.ok(regs.every((h) => h.article.level === '行政法规'), labels(regs).join(', '));
      const laws = search('劳动合同的解除', { levels: ['法律'] });
      assert.ok(laws.length > 0);
      assert.ok(laws.every((h) => h.article.level === '法律'));
      const both = search('劳动合同的解除', { levels: ['法律', '行政法规'] }, 50);
      assert.ok(both.some((h) => h.article.level === '法律') && both.some((h) => h.article.level === '行政法规'));
    });

    test('law keeps only laws whose title or short name contains it', () => {
      const hits = search('赔偿责任', { law: '《劳动合同法》' });
      assert.ok(hits.length > 0);
      assert.ok(hits.every((h) => h.article.lawTitle.includes('劳动合同法')), labels(hits).join(', '));
      assert.ok(search('赔偿责任').some((h) => !h.article.lawTitle.includes('劳动合同法')), 'without the filter other laws match');
      assert.deepEqual(search('赔偿责任', { law: '不存在的法' }), []);
      // LIKE's wildcards are plain characters in a law name; a name that is only brackets or spaces is refused.
      for (const wildcard of ['%', '_', '劳动%法']) assert.deepEqual(search('赔偿责任', { law: wildcard }), [], wildcard);
      assert.throws(() => search('赔偿责任', { law: '《 》' }), /names no law/);
    });

    test('current versions only by default; currentOnly:false adds superseded ones', () => {
      const current = search(SHAREHOLDERS, undefined, 20);
      assert.ok(current.length > 0);
      assert.ok(current.every((h) => h.article.status === 'current'), labels(current).join(', '));
      const all = search(SHAREHOLDERS, { currentOnly: false }, 20);
      assert.ok(all.some((h) => h.article.status === 'superseded' && h.article.publishDate === '2018-10-26'));
      assert.ok(all.some((h) => h.article.status === 'current'));
    });

    test('asOf keeps the version in force on that date', () => {
      const old = search(SHAREHOLDERS, { asOf: '2020-01-01', law: '公司法' });
      assert.ok(old.length > 0);
      assert.ok(old.every((h) => h.article.publishDate === '2018-10-26'), labels(old).join(', '));
      // The 2023 公司法 was published on 2023-12-29 and took effect on 2024-07-01 (its 第二百六十六条).
      const waiting = search(SHAREHOLDERS, { asOf: '2024-06-01', law: '公司法' });
      assert.ok(waiting.length > 0);
      assert.ok(waiting.every((h) => h.article.publishDate === '2018-10-26'), labels(waiting).join(', '));
      const recent = search(SHAREHOLDERS, { asOf: '2024-07-01', law: '公司法' });
      assert.ok(recent.length > 0);
      assert.ok(recent.every((h) => h.article.publishDate === '2023-12-29'));
      const minors = search('未成年人 监护', { asOf: '2022-01-01', law: '未成年人保护法' });
      assert.ok(minors.length > 0);
      assert.ok(minors.every((h) => h.article.publishDate === '2020-10-17'));
    });

    test('asOf leaves out documents not yet in force, and reads a law in force then in its first text when the library lacks that of the time', () => {
      const resolver = engine.searchDeps().resolver;
      const hits = search('过错 侵权责任', { asOf: '2020-06-01' }, 200);
      assert.ok(hits.length > 0);
      // 刑法 and 未成年人保护法 were law in 2020, in texts the library lacks: their first texts here (2020-12-26, 2020-10-17) stand in, said so.
      const inPlace = hits.filter((h) => (h.article.effectiveDate ?? '') > '2020-06-01');
      // 民法典's articles holding 侵权责任法's rules stand in for that law, which the library lacks (civilCodeStandIn.ts).
      assert.deepEqual([...new Set(inPlace.map((h) => h.article.shortName))].sort(), ['刑法', '未成年人保护法', '民法典'], labels(inPlace).join(', '));
      // (or, for 民法典, an article the time-effect interpretation applies to facts of then: 第一千一百七十六条 自甘风险)
      assert.ok(inPlace.every((h) => resolver.textGap(h.article.id, '2020-06-01') !== null || retroactiveRule(h.article, '2020-06-01') !== null), labels(inPlace).join(', '));
      assert.ok(hits.filter((h) => !inPlace.includes(h)).every((h) => resolver.textGap(h.article.id, '2020-06-01') === null));
      const code = hits.filter((h) => h.article.documentPath.startsWith('民法典/'));
      assert.ok(labels(code).includes('民法典第一千一百六十五条'), labels(code).join(', '));
      assert.ok(code.every((h) => standsInFor(h.article, '2020-06-01').length > 0 || retroactiveRule(h.article, '2020-06-01') !== null), '民法典 took effect on 2021-01-01: only its articles holding a rule then in force, or applied to facts of then');
      // The stand-in is a law's first text only: as of 2022 the 2020 刑法 is the text in force, no note; 公司法 of 2023 never stands in for 2018's.
      const theft = search('盗窃公私财物，数额较大', { asOf: '2019-06-01' }, 5);
      assert.equal(labels(theft)[0], '刑法第二百六十四条');
      assert.match(resolver.textGap(theft[0]!.article.id, '2019-06-01')!.zh, /^法规库中没有该法在 2019-06-01 施行的版本（最早的是 2020-12-26 版，2021-03-01 施行）；该法此后经 2020-12-26 修改；此为 2020-12-26 版/);
      assert.equal(resolver.textGap(theft[0]!.article.id, '2022-01-01'), null);
      const company2015 = search(SHAREHOLDERS, { asOf: '2015-01-01', law: '公司法' });
      assert.ok(company2015.length > 0 && company2015.every((h) => h.article.publishDate === '2018-10-26'), labels(company2015).join(', '));
    });

    test('the filter\'s stand-in rule in SQL is the resolver\'s', () => {
      const resolver = engine.searchDeps().resolver;
      const laws = lib.engine.db.prepare('SELECT DISTINCT law_id FROM documents').pluck().all() as number[];
      for (const asOf of ['1970-01-01', '1995-01-01', '2015-06-01', '2019-06-01', '2020-06-01', '2020-12-31', '2021-05-01', '2024-06-01']) {
        const bySql = new Set(lib.engine.db.prepare(`SELECT DISTINCT law_id FROM documents WHERE id IN (${STAND_IN_DOCUMENTS_SQL})`).pluck().all({ asOf }) as number[]);
        const byJs = new Set(laws.filter((id) => {
          const first = resolver.firstVersion(id);
          return first !== null && resolver.pickVersion(id, { asOf }) === null && standsIn(first, asOf);
        }));
        assert.deepEqual([...bySql].sort(), [...byJs].sort(), asOf);
        if (asOf === '2019-06-01') assert.ok(bySql.size >= 2, '刑法 and 未成年人保护法 at least');
      }
    });

    test('province packs are left out by default and included on request', () => {
      const national = search(PROPERTY, undefined, 30);
      assert.ok(national.every((h) => h.article.province === ''), labels(national).join(', '));
      const beijing = search(PROPERTY, { provinces: ['北京'] }, 30);
      assert.ok(beijing.some((h) => h.article.province === '北京' && h.article.lawTitle.includes('物业管理')));
      const all = search(PROPERTY, { provinces: 'all' }, 30);
      assert.ok(all.some((h) => h.article.province === '北京'));
      const other = search(PROPERTY, { provinces: ['上海'] }, 30);
      assert.ok(other.every((h) => h.article.province === ''));
      const dogs = search('养犬登记', { provinces: ['北京'], levels: ['地方性法规'] });
      assert.ok(dogs.length > 0 && dogs.every((h) => h.article.province === '北京'));
    });
  });

  describe('snippets', () => {
    test('highlights are ranges inside the snippet text that hold query words', () => {
      const query = '用人单位拖欠劳动报酬';
      const hits = search(query);
      assert.ok(hits.length > 0);
      for (const { snippet, article } of hits) {
        assert.ok(snippet.highlights.length > 0, `${article.label} has a highlight`);
        let last = 0;
        for (const [s, e] of snippet.highlights) {
          assert.ok(s >= last && s < e && e <= snippet.text.length, `range [${s}, ${e}) in ${snippet.text.length}`);
          assert.ok(query.includes(snippet.text.slice(s, e)), `"${snippet.text.slice(s, e)}" is a query word`);
          last = e;
        }
        assert.ok(snippet.text.replace(/^…|…$/g, '').length <= article.text.length);
      }
    });

    test('a citation hit has a snippet of its own text', () => {
      const [first] = search('民法典第1165条');
      assert.ok(first && first.matchedBy === 'citation');
      assert.ok(first.snippet.text.includes('过错'));
    });
  });

  describe('queries with nothing to search', () => {
    for (const text of ['', '   ', '的', '？？！', '请问怎么办？', '的了吗']) {
      test(`"${text}" gives no hits`, () => {
        assert.deepEqual(engine.search(text), []);
        assert.deepEqual(engine.rank(text), []);
      });
    }
  });
});

test('query words are case-folded over all of Unicode, as the index is: full-width capitals find their article', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-fold-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const file = path.join(dir, 'a.jsonl');
    writeFileSync(file, `${JSON.stringify({ law: '测试合作法', article_no: 1, text: '政府和社会资本合作（ＰＰＰ）项目的实施机构应当公开信息。', publish: '2020-01-01' })}\n`);
    await engine.importPath(file);
    for (const query of ['ＰＰＰ', 'ｐｐｐ']) assert.equal(engine.search(query).length, 1, query);
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a query word with a separator inside ("2.5", "GB-7258") is split as the index split it, so it finds its article, from FTS5 and from memory', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-split-'));
  const engine = createEngine({ dbPath: path.join(dir, 'library.db') });
  try {
    const file = path.join(dir, 'a.jsonl');
    const articles = [
      '本办法所称重大投资，是指金额在2.5亿元以上的投资。',
      '机动车应当符合国家标准GB-7258规定的安全技术条件。',
      '本办法所称一般投资，是指其他投资。',
    ];
    writeFileSync(file, articles.map((text, i) => JSON.stringify({ law: '测试投资办法', article_no: i + 1, text, publish: '2020-01-01' })).join('\n') + '\n');
    await engine.importPath(file);
    const first = (query: string) => engine.search(query)[0]?.article.text;
    assert.equal(first('2.5'), articles[0], 'FTS5');
    assert.equal(first('gb-7258'), articles[1], 'FTS5');
    assert.equal(await engine.warmIndex(), true);
    assert.ok(engine.searchDeps().stats('national').postings?.isReady);
    assert.equal(first('2.5'), articles[0], 'from memory');
    assert.equal(first('gb-7258'), articles[1], 'from memory');
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
