/**
 * The statute graph on real corpus files: amendments (刑法修正案, numbered 一、二、…)
 * link to the articles they amend, citations mean the version in force when the
 * citing text took effect, and a library whose graph an older version built gets
 * it rebuilt. `lexdesk show` prints what the graph knows.
 */
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Engine } from '../../main/engine/index.js';
import type { TurnContext } from '../../main/consult/context.js';
import { CandidatePool } from '../../main/consult/pool.js';
import { expandAlongGraph } from '../../main/consult/stages/queries.js';
import type { StatuteArticle } from '../../main/library/articles.js';
import { ensureStatuteGraph, referencedBy, referencesOf, type LinkedArticle } from '../../main/library/graph/statuteGraph.js';
import os from 'node:os';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { ArticleDetailDto, CitedArticlesDto } from '../../preload/contract/dto.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# statute graph tests ${SKIP}`);

const LABOUR_INTERPRETATION = '司法解释/最高人民法院关于审理劳动争议案件适用法律问题的解释（一）(2020-12-29).md';
/** Repealed when 解释（一） of 2020 replaced it; its 第五条 still names 劳动合同法第三十八条. */
const REPEALED_LABOUR_INTERPRETATION = '司法解释/最高人民法院关于审理劳动争议案件适用法律若干问题的解释（四）(2013-01-18).md';

let lib: TempLibrary;
let engine: Engine;

function article(citation: string, version?: string): StatuteArticle {
  const r = engine.lookup(citation, version ? { version } : {});
  assert.ok(r.ok, `${citation}: ${r.ok ? '' : r.message}`);
  return r.article;
}

/** The articles linked to `id` by links of one kind, with whether each link was verified. */
function incoming(id: number, kind: LinkedArticle['kind']): Array<{ article: StatuteArticle; verified: boolean }> {
  const links = referencedBy(engine.db, id).filter((l) => l.kind === kind);
  const byId = new Map(engine.articles(links.map((l) => l.articleId)).map((a) => [a.id, a]));
  return links.map((l) => ({ article: byId.get(l.articleId) as StatuteArticle, verified: l.verified }));
}

describe('statute graph', { skip: SKIP }, () => {
  before(async () => {
    lib = await buildLibrary({
      files: [
        '刑法/刑法.md',
        '刑法/刑法修正案（九）.md',
        '刑法/刑法修正案（十二）(2023-12-29).md',
        '宪法/宪法.md',
        '宪法/宪法修正案（2018年）.md',
        '诉讼与非诉讼程序法/民事诉讼法(2021-12-24).md',
        '诉讼与非诉讼程序法/民事诉讼法(2023-09-01).md',
        '社会法/劳动合同法(2012-12-28).md',
        // 民法典 is one file per 编: 本法第N条 in one may name an article of another.
        '民法典/总则.md',
        '民法典/合同编.md',
        LABOUR_INTERPRETATION,
        REPEALED_LABOUR_INTERPRETATION,
        // 刑法 第一百七十六条's interpretation, in force 2011-01-04 and replaced by that of 2022 (in force 2022-03-01).
        '司法解释/最高人民法院关于审理非法集资刑事案件具体应用法律若干问题的解释(2010-12-13).md',
        '司法解释/最高人民法院关于审理非法集资刑事案件具体应用法律若干问题的解释(2022-02-23).md',
      ],
    });
    engine = lib.engine;
    ensureStatuteGraph(engine.db, engine.searchDeps().resolver);
  });
  after(async () => {
    await lib?.dispose();
  });

  test('刑法修正案 items amend the 刑法 articles they rewrite', () => {
    const amendedBy = incoming(article('刑法第三百九十条').id, 'amends').map((l) => `${l.article.lawTitle}${l.article.label}`);
    assert.ok(amendedBy.includes('中华人民共和国刑法修正案（十二）五'), amendedBy.join('；'));
    assert.ok(amendedBy.includes('中华人民共和国刑法修正案（九）四十五'), amendedBy.join('；'));
    // 四十六、在刑法第三百九十条后增加一条…: 第三百九十条 only says where the new article goes.
    assert.ok(!amendedBy.includes('中华人民共和国刑法修正案（九）四十六'));
    const added = incoming(article('刑法第三百九十条之一').id, 'amends').map((l) => l.article.label);
    assert.deepEqual(added, ['四十六']);
  });

  test('宪法修正案 articles amend the 宪法 序言', () => {
    const amendedBy = incoming(article('宪法序言').id, 'amends');
    assert.ok(amendedBy.length > 0);
    assert.ok(amendedBy.every((l) => l.article.lawTitle === '中华人民共和国宪法修正案（2018年）' && l.verified));
  });

  test('a citation older than every version of the cited law is not taken as verified', () => {
    // 第二十四条 (2020) cites 民事诉讼法第二百三十七条 as numbered in 2017 (不予执行), which the 2023 第二百三十七条 is not.
    const citing = engine.articles(
      engine.db
        .prepare("SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id WHERE d.path = ? AND a.label = '第二十四条'")
        .pluck()
        .all(LABOUR_INTERPRETATION) as number[],
    )[0];
    assert.ok(citing && /民事诉讼法》?第二百三十七条/.test(citing.text));
    const civil2023 = article('民事诉讼法第二百三十七条', '2023-09-01');
    const links = referencesOf(engine.db, citing.id);
    const toCivil = links.filter((l) => l.articleId === civil2023.id);
    assert.deepEqual(toCivil.map((l) => l.verified), [false], 'linked to the current text only as unverified');
    assert.ok(links.every((l) => l.verified === false), 'no version of 民事诉讼法 in the library was in force on 2021-01-01');
  });

  test('a citation of the version in force when the citing text took effect is verified', () => {
    const interpretations = incoming(article('劳动合同法第三十八条').id, 'interprets');
    assert.ok(interpretations.some((l) => l.verified && l.article.documentPath === LABOUR_INTERPRETATION));
  });

  test('a consultation\'s graph expansion follows verified links only', () => {
    const expandFrom = (start: StatuteArticle, asOf?: string): StatuteArticle[] => {
      const pool = new CandidatePool();
      pool.addRanking('original', 'q', [start]);
      expandAlongGraph({ engine } as TurnContext, pool, 1, 10, asOf ? { asOf } : undefined);
      return pool.ranked().filter((a) => a.id !== start.id);
    };
    const civil2023 = article('民事诉讼法第二百三十七条', '2023-09-01');
    const unverified = referencedBy(engine.db, civil2023.id).filter((l) => !l.verified).map((l) => l.articleId);
    assert.ok(unverified.length > 0, 'the test needs an unverified link');
    assert.ok(!expandFrom(civil2023).some((a) => unverified.includes(a.id)), 'an article cited in an older numbering is not brought in');
    const verifiedFrom38 = incoming(article('劳动合同法第三十八条').id, 'interprets').filter((l) => l.verified).map((l) => l.article.id);
    assert.ok(expandFrom(article('劳动合同法第三十八条')).some((a) => verifiedFrom38.includes(a.id)), 'a checked interpretation is');
    // For facts of 2019 an interpretation in force from 2021 is no support: a consultation as of that date leaves it out.
    const interpretation = engine.articles(verifiedFrom38).find((a) => a.documentPath === LABOUR_INTERPRETATION)!;
    assert.equal(interpretation.effectiveDate, '2021-01-01');
    assert.ok(expandFrom(article('劳动合同法第三十八条'), '2021-06-01').some((a) => a.id === interpretation.id));
    assert.ok(!expandFrom(article('劳动合同法第三十八条'), '2019-06-01').some((a) => a.id === interpretation.id));
  });

  test('a graph built by an earlier version is rebuilt', () => {
    const importId = engine.db.prepare('SELECT max(id) FROM import_log').pluck().get() as number;
    // What the previous code stored: the import id alone.
    engine.db.prepare("UPDATE meta SET value = ? WHERE key = 'graph_generation'").run(String(importId));
    assert.equal(ensureStatuteGraph(engine.db, engine.searchDeps().resolver).built, true);
    assert.equal(ensureStatuteGraph(engine.db, engine.searchDeps().resolver).built, false);
  });

  test('show prints 项 with their numbers and the amendments of an article', async () => {
    const r = await runCli(['show', '刑法第三百九十条', '--db', lib.dbPath]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\n\s+（一）多次行贿或者向多人行贿的；\n\s+（二）国家工作人员行贿的；/);
    assert.match(r.stdout, /Amended by:\n(?:.*\n)*\s+《中华人民共和国刑法修正案（十二）》第五条/);
    // An amendment's item is cited 第五条, as the amendment is cited in practice, and a draft citing it so finds it.
    const item = await runCli(['show', '刑法修正案（十二）第五条', '--db', lib.dbPath]);
    assert.match(item.stdout, /^《中华人民共和国刑法修正案（十二）》第五条\n/);
    const draft = path.join(path.dirname(lib.dbPath), 'draft.txt');
    fs.writeFileSync(draft, '依照《中华人民共和国刑法修正案（十二）》第五条的规定。');
    const checked = await runCli(['check', draft, '--db', lib.dbPath]);
    assert.match(checked.stdout, /✓ 1\. 《中华人民共和国刑法修正案（十二）》第五条 → 《中华人民共和国刑法修正案（十二）》第五条（2023-12-29 版）/);
  });

  test('show lists an article\'s interpretations in force first and marks a repealed one, in text and in --json', async () => {
    const [text, json] = await Promise.all([
      runCli(['show', '劳动合同法第三十八条', '--db', lib.dbPath]),
      runCli(['show', '劳动合同法第三十八条', '--json', '--db', lib.dbPath]),
    ]);
    assert.equal(text.code, 0, text.stderr);
    const listed = text.stdout.split('Interpretations:\n')[1]?.split('\n').filter((l) => l.startsWith('  《')) ?? [];
    assert.match(listed[0] ?? '', /解释（一）》第四十六条$/, 'the interpretation in force first, unmarked');
    assert.match(listed.at(-1) ?? '', /解释（四）》第五条 \[已废止，2013-01-18 公布\]/);
    const { interpretations } = parseJsonOutput<{ interpretations: Array<{ citation: string; status: string }> }>(json);
    assert.deepEqual(interpretations.map((l) => l.status), ['current', 'repealed']);
  });

  test('show as of a date says how each interpretation stood then, those in force then first, and which one a crime of then is judged by', async () => {
    const [text, json, undated] = await Promise.all([
      runCli(['show', '刑法第一百七十六条', '--as-of', '2019-06-01', '--db', lib.dbPath]),
      runCli(['show', '刑法第一百七十六条', '--as-of', '2019-06-01', '--json', '--db', lib.dbPath]),
      runCli(['show', '刑法第一百七十六条', '--db', lib.dbPath]),
    ]);
    assert.equal(text.code, 0, text.stderr);
    const listed = text.stdout.split('Interpretations:\n')[1]?.split('\n').filter((l) => l.startsWith('  《')) ?? [];
    // The 2010 text applied in 2019 (superseded today); the 2022 text was not yet in force.
    assert.match(listed[0] ?? '', /非法集资.*第一条 \[2019-06-01 施行中；今已被修订，2010-12-13 公布\]/);
    assert.match(listed.at(-1) ?? '', /非法集资.*\[2019-06-01 本版尚未施行，2022-02-23 公布\]$/);
    assert.match(text.stdout, /Note: interpretations of the time and later ones are both listed.*关于适用刑事司法解释时间效力问题的规定》第三条/);
    const parsed = parseJsonOutput<{ interpretations: Array<{ publishDate: string; onDate: { standing: string } }>; interpretationTimesNote: string | null }>(json);
    const standings = new Map(parsed.interpretations.map((l) => [l.publishDate, l.onDate.standing]));
    assert.deepEqual([standings.get('2010-12-13'), standings.get('2022-02-23')], ['in-force', 'version-not-yet']);
    assert.ok(parsed.interpretationTimesNote);
    // Without a date: today's interpretation first, the old one marked, and no word on the time of the act.
    const today = undated.stdout.split('Interpretations:\n')[1]?.split('\n').filter((l) => l.startsWith('  《')) ?? [];
    assert.doesNotMatch(today[0] ?? '', /\[/);
    assert.match(today.at(-1) ?? '', /\[已被修订，2010-12-13 公布\]/);
    assert.doesNotMatch(undated.stdout, /interpretations of the time/);
  });

  test('the app\'s article view, opened with a date, lists the interpretations of that date first, each with how it stood', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-links-on-date-'));
    try {
      const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
      const cited = await api.call('statute.citations', { citation: '刑法第一百七十六条', asOf: '2019-06-01' });
      assert.ok(cited.ok, JSON.stringify(cited));
      const detail = (cited.data as CitedArticlesDto).detail as ArticleDetailDto;
      const opened = await api.call('statute.article', { id: detail.article.id, asOf: '2019-06-01' });
      assert.ok(opened.ok, JSON.stringify(opened));
      for (const d of [detail, opened.data as ArticleDetailDto]) {
        const on = new Map((d.interpretationsOnDate ?? []).map((l) => [l.id, l.onDate.standing]));
        const listed = d.interpretations.map((i) => [i.publishDate, on.get(i.id)]);
        assert.deepEqual(listed[0], ['2010-12-13', 'in-force']);
        assert.deepEqual(listed.at(-1), ['2022-02-23', 'version-not-yet']);
        // Which of them an act of 2019 is judged by: the note `show` prints, from the same engine code, in both languages.
        assert.match(d.interpretationTimes?.en ?? '', /^interpretations of the time and later ones are both listed: .*关于适用刑事司法解释时间效力问题的规定》第三条/);
        assert.match(d.interpretationTimes?.zh ?? '', /新解释施行前的行为，适用行为时的解释；但新解释对被告人更有利的，适用新解释（《最高人民法院、最高人民检察院关于适用刑事司法解释时间效力问题的规定》第三条）/);
      }
      const show = parseJsonOutput<{ interpretationTimesNote: string | null }>(await runCli(['show', '刑法第一百七十六条', '--as-of', '2019-06-01', '--json', '--db', lib.dbPath]));
      assert.equal(show.interpretationTimesNote, detail.interpretationTimes?.en, 'the CLI and the app say the same');
      const undated = await api.call('statute.article', { id: detail.article.id });
      assert.ok(undated.ok && (undated.data as ArticleDetailDto).interpretationsOnDate === undefined);
      assert.equal((undated.data as ArticleDetailDto).interpretationTimes ?? null, null, 'without a date, no word on the time of the act');
      assert.equal((undated.data as ArticleDetailDto).interpretations[0]?.publishDate, '2022-02-23', 'without a date, today\'s first');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('show says where each citing article names this one: the clause, the citation marked, after its list\'s lead', async () => {
    const [text, json] = await Promise.all([
      runCli(['show', '劳动合同法第三十八条', '--db', lib.dbPath]),
      runCli(['show', '劳动合同法第三十八条', '--json', '--db', lib.dbPath]),
    ]);
    assert.equal(text.code, 0, text.stderr);
    const citedBy = text.stdout.split('Cited by:\n')[1]?.split('\n\n')[0] ?? '';
    // 第四十六条 grants severance when the worker leaves under 第三十八条: its 项 (一), after the lead of its list.
    assert.match(citedBy, /《中华人民共和国劳动合同法》第四十六条\n\s+有下列情形之一的，用人单位应当向劳动者支付经济补偿[:：] （一）劳动者依照【本法第三十八条】规定解除劳动合同的；/);
    assert.match(citedBy, /第六十五条\n\s+被派遣劳动者可以依照本法第三十六条、【第三十八条】的规定与劳务派遣单位解除劳动合同。/);
    const interpretations = text.stdout.split('Interpretations:\n')[1] ?? '';
    assert.match(interpretations, /依据【劳动合同法第三十八条】规定与新用人单位解除劳动合同/);
    type Shown = { citation: string; passage: { lead: string | null; text: string; mark: [number, number] } | null };
    // 民法典 第四百七十五条 (合同编) names 第一百四十一条 (总则) as 本法第一百四十一条: another file of the same version.
    const civil = await runCli(['show', '民法典第一百四十一条', '--db', lib.dbPath]);
    assert.match(civil.stdout, /第四百七十五条\n\s+要约的撤回适用【本法第一百四十一条】的规定。/);
    const { citedBy: links } = parseJsonOutput<{ citedBy: Shown[] }>(json);
    const p = links.find((l) => l.citation.endsWith('第四十六条'))?.passage;
    assert.ok(p, '第四十六条 has its passage');
    assert.equal(p.text.slice(...p.mark), '本法第三十八条');
    assert.match(p.lead ?? '', /^有下列情形之一的，用人单位应当向劳动者支付经济补偿/);
  });

  test('show warns about a 项 that does not exist, in text and in --json', async () => {
    const text = await runCli(['show', '劳动合同法第三十八条第一款第九项', '--db', lib.dbPath]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /\(note: 第三十八条第1款 has only \d+ 项; 第9项 does not exist\.\)/);
    const json = parseJsonOutput<{ warning: string | null; paragraph: number; item: number }>(
      await runCli(['show', '劳动合同法第三十八条第二项', '--json', '--db', lib.dbPath]),
    );
    assert.deepEqual([json.paragraph, json.item, json.warning], [1, 2, null]);
  });
});
