/**
 * The civil laws 民法典 repealed (合同法, 物权法, 侵权责任法, …), cited as older judgments and briefs cite them, on a
 * real library holding 民法典 and its repealing clause: every entry of the table points into the part of 民法典
 * that took over its law and at an article about the rule it names; lookups, search, the citation check and
 * its compilation, and the app's routes say where the rule is now. Real SQLite, real FTS5.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { civilCodeCounterpart, concordanceEntries, concordanceParts, formerArticles, formerCitation } from '../../main/library/citation/civilCodeConcordance.js';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { buildCompilation, compilationOfCheck } from '../../main/report/compilation.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# civil code concordance tests ${SKIP}`);

/** The parts (编) of 民法典 that took over each repealed law's rules. */
const PARTS: Record<string, string[]> = {
  合同法: ['合同编', '总则'],
  物权法: ['物权编', '总则'],
  侵权责任法: ['侵权责任编', '总则'],
  婚姻法: ['婚姻家庭编'],
  继承法: ['继承编'],
  收养法: ['婚姻家庭编'],
  担保法: ['合同编', '物权编'],
  民法通则: ['总则', '合同编', '人格权编', '侵权责任编'],
};

/** Character pairs of Chinese text. */
function pairs(text: string): Set<string> {
  const han = text.replace(/[^\u4e00-\u9fff]/g, '');
  const out = new Set<string>();
  for (let i = 0; i + 1 < han.length; i++) out.add(han.slice(i, i + 2));
  return out;
}

describe('the civil laws 民法典 repealed, cited as older texts cite them', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['民法典'] });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('each entry points into the part of 民法典 that took over its law, at an article about the rule it names', () => {
    const entries = concordanceEntries();
    assert.ok(entries.length > 250, `${entries.length} entries`);
    for (const e of entries) {
      const where = `${e.law} 第${e.article}条 → ${e.articles.join('、')}`;
      assert.ok(PARTS[e.law], where);
      const articles = e.articles.map((n) => {
        const r = lib.engine.lookup(`民法典第${n}条`);
        assert.ok(r.ok, `${where}: 民法典第${n}条 is not in the library`);
        return r.article;
      });
      for (const a of articles) assert.ok(PARTS[e.law]!.includes(a.subtitle ?? ''), `${where}: ${a.label} is in ${a.subtitle}`);
      // The rule's name shares words with the articles' text or headings: a wrong number would point at another rule.
      const body = articles.map((a) => `${a.text}${a.path.join('')}`).join('');
      assert.ok([...pairs(e.topic)].some((p) => body.includes(p)), `${where}: 「${e.topic}」 shares no words with ${articles.map((a) => a.label).join('、')}`);
      assert.equal(new Set(e.articles).size, e.articles.length, where);
    }
  });

  test('well-known pairs, read against the text of 民法典', () => {
    const known: Array<[string, number, number, string]> = [
      ['合同法', 107, 577, '继续履行、采取补救措施或者赔偿损失等违约责任'],
      ['合同法', 114, 585, '约定的违约金过分高于造成的损失'],
      ['合同法', 94, 563, '因不可抗力致使不能实现合同目的'],
      ['合同法', 286, 807, '折价或者拍卖的价款优先受偿'],
      ['物权法', 106, 311, '受让人受让该不动产或者动产时是善意'],
      ['物权法', 202, 419, '主债权诉讼时效期间行使抵押权'],
      ['侵权责任法', 6, 1165, '行为人因过错侵害他人民事权益造成损害的'],
      ['侵权责任法', 37, 1198, '未尽到安全保障义务'],
      ['婚姻法', 32, 1079, '感情确已破裂'],
      ['婚姻法', 17, 1062, '夫妻的共同财产'],
      ['继承法', 10, 1127, '第一顺序：配偶、子女、父母'],
      ['担保法', 19, 686, '按照一般保证承担保证责任'],
      ['民法通则', 135, 188, '诉讼时效期间为三年'],
      ['民法总则', 184, 184, '因自愿实施紧急救助行为造成受助人损害的'],
    ];
    for (const [law, old, now, words] of known) {
      const c = civilCodeCounterpart(law, old);
      assert.deepEqual(c?.articles[0], now, `${law} 第${old}条`);
      const r = lib.engine.lookup(`民法典第${now}条`);
      assert.ok(r.ok && r.article.text.includes(words), `民法典第${now}条 holds 「${words}」`);
    }
    assert.equal(civilCodeCounterpart('中华人民共和国合同法', 107)?.articles[0], 577, 'the full title works too');
    assert.equal(civilCodeCounterpart('合同法', 107, 1), null, 'no 之一 in the old laws');
    assert.equal(civilCodeCounterpart('民法总则', 206), null, 'its closing clause has no counterpart');
    assert.equal(civilCodeCounterpart('劳动合同法', 38), null, 'a law 民法典 did not repeal');
  });

  test('an article whose 款 or 项 went to different articles: the part cited names its own', async () => {
    // Every split lies in the part of 民法典 that took over its law.
    const parts = concordanceParts();
    assert.ok(parts.length >= 20, `${parts.length} parts`);
    for (const p of parts) {
      for (const n of p.articles) {
        const r = lib.engine.lookup(`民法典第${n}条`);
        assert.ok(r.ok && PARTS[p.law]!.includes(r.article.subtitle ?? ''), `${p.law} ${p.article} ${p.part} → ${n}`);
      }
    }
    const item = lib.engine.lookup('合同法第五十二条第（五）项');
    assert.ok(!item.ok && item.code === 'unknown-law');
    assert.deepEqual(item.successor?.articles.map((a) => a.label), ['第一百五十三条']);
    assert.match(item.messageZh, /；该项（合同无效的情形）现对应《中华人民共和国民法典》第一百五十三条，规则有实质修改。$/);
    assert.ok(lib.engine.lookup('民法典第153条').ok && (lib.engine.lookup('民法典第153条') as { article: { text: string } }).article.text.includes('违反法律、行政法规的强制性规定的民事法律行为无效'));
    const labels = (r: ReturnType<typeof lib.engine.lookup>) => (!r.ok && r.code === 'unknown-law' ? r.successor?.articles.map((a) => a.label) : null);
    const two = lib.engine.lookup('合同法第52条第2项、第3项');
    assert.deepEqual(labels(two), ['第一百五十四条', '第一百四十六条']);
    assert.match(!two.ok ? two.messageZh : '', /；所引各项（合同无效的情形）现对应/);
    const paragraph = lib.engine.lookup('合同法第117条第2款');
    assert.deepEqual(labels(paragraph), ['第一百八十条'], 'the definition of 不可抗力');
    assert.match(!paragraph.ok ? paragraph.message : '', /; the paragraph cited \(不可抗力\) is now 《中华人民共和国民法典》第一百八十条\.$/);
    // A part 民法典 kept nothing of names no article (合同法第五十四条第三款: no action to vary any more); the whole article names every one.
    const dropped = lib.engine.lookup('合同法第54条第3款');
    assert.ok(!dropped.ok && dropped.code === 'unknown-law' && !dropped.successor);
    assert.match(dropped.message, /Look for the rule in 民法典\.$/);
    assert.deepEqual(labels(lib.engine.lookup('合同法第54条')), ['第一百四十七条', '第一百四十八条', '第一百四十九条', '第一百五十条', '第一百五十一条']);
    // Whole 款 and 项 of another cited together are parts, and several take a plural.
    const mixed = lib.engine.lookup('合同法第54条第1款第1项、第2款');
    assert.deepEqual(labels(mixed), ['第一百四十七条', '第一百四十八条', '第一百五十条', '第一百五十一条']);
    assert.match(!mixed.ok ? mixed.message : '', /; the parts cited \(可撤销的合同\) are now /);
    assert.match(!mixed.ok ? mixed.messageZh : '', /；所引各款项（可撤销的合同）现对应/);
    // The other way: a 民法典 article that took some parts of an old article names those parts.
    const formerParts = (n: number) => formerArticles(n).filter((f) => f.law !== '民法总则').map((f) => formerCitation(f));
    assert.deepEqual(formerParts(153), ['《合同法》第五十二条第（一）项、第（四）项、第（五）项', '《民法通则》第五十八条']);
    assert.deepEqual(formerParts(151), ['《合同法》第五十四条第一款第（二）项、第二款', '《民法通则》第五十九条']);
    assert.deepEqual(formerParts(540), ['《合同法》第七十四条第二款'], 'an article that holds only one part is found too');
    assert.deepEqual(formerParts(577), ['《合同法》第一百零七条', '《民法通则》第一百零六条第一款'], 'an article not split is named whole, a part as such');
    // The check and search read the part too.
    const check = checkDraft(lib.engine.searchDeps().resolver, '该合同违反《合同法》第五十二条第（五）项的规定，应属无效。', '2026-01-01');
    assert.deepEqual(check.citations[0]!.successor?.articles.map((a) => a.label), ['第一百五十三条']);
    const hits = lib.engine.search('合同法第52条第5项', { limit: 3 });
    assert.deepEqual(hits.filter((h) => h.matchedBy === 'citation').map((h) => h.article.label), ['第一百五十三条']);
  });

  test('the other way: a 民法典 article names the articles of the old laws it took over, as older texts cite them', async () => {
    assert.deepEqual(formerArticles(577).map((f) => [f.law, f.article]), [['合同法', 107], ['民法通则', 106]]);
    assert.deepEqual(formerArticles(188).map((f) => [f.law, f.article, f.changed]), [['民法总则', 188, false], ['民法通则', 135, true], ['民法通则', 137, false]]);
    assert.deepEqual(formerArticles(1000), [], '人格权编 第一千条 took over no article the table holds');
    assert.deepEqual(formerArticles(1259).map((f) => [f.law, f.article]), [['民法总则', 205]], 'what 以上 and 以下 mean went to the 附则');
    // Every table entry is found again from each of its 民法典 articles.
    for (const e of concordanceEntries()) {
      for (const n of e.articles) assert.ok(formerArticles(n).some((f) => f.law === e.law && f.article === e.article), `${e.law} ${e.article} from ${n}`);
    }
    const shown = parseJsonOutput<{ formerly: Array<{ law: string; article: number; topic: string }> }>(await runCli(['show', '民法典第586条', '--json', '--db', lib.dbPath]));
    assert.deepEqual(shown.formerly.map((f) => `${f.law}${f.article}`), ['合同法115', '担保法89', '担保法90', '担保法91']);
    const text = await runCli(['show', '民法典第1079条', '--db', lib.dbPath]);
    assert.match(text.stdout, /\nFormerly \(before 民法典\): 《婚姻法》第三十二条（诉讼离婚）\n/);
    const other = parseJsonOutput<{ formerly: unknown[] }>(await runCli(['show', '民法典第1000条', '--json', '--db', lib.dbPath]));
    assert.deepEqual(other.formerly, []);
  });

  test('a lookup, and several at once, name the article in force that holds the rule', () => {
    const one = lib.engine.lookup('物权法第一百零六条');
    assert.ok(!one.ok && one.code === 'unknown-law' && one.successor);
    assert.equal(one.messageZh, '“物权法第一百零六条”引用的《中华人民共和国物权法》不在法规库中：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；该条（善意取得）现对应《中华人民共和国民法典》第三百一十一条。');
    // A date before 民法典 still names its article (its only version), for reference.
    const then = lib.engine.lookup('合同法第107条', { asOf: '2019-06-01' });
    assert.ok(!then.ok && then.code === 'unknown-law');
    assert.deepEqual(then.successor?.articles.map((a) => [a.label, a.publishDate]), [['第五百七十七条', '2020-05-28']]);
    assert.equal(then.messageZh, '“合同法第107条”引用的《中华人民共和国合同法》在 2019-06-01 仍然有效，但法规库中没有其条文：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；自 2021-01-01 起，该条（违约责任）现对应《中华人民共和国民法典》第五百七十七条。');
    const compiled = buildCompilation(lib.engine, '合同法第107条', { asOf: '2019-06-01' });
    assert.deepEqual(compiled.articles[0]!.notes, ['所引《中华人民共和国合同法》第一百零七条（违约责任）在 2019-06-01 仍然有效，法规库中没有其条文；此为民法典中规则相应的条文（2021-01-01 起施行），当时的条文可能与此不同。']);
    // Words that only say which law is meant: 我国, 原, 已废止的.
    for (const text of ['我国合同法第107条', '原《合同法》第一百零七条', '已废止的合同法第107条']) {
      const r = lib.engine.lookup(text);
      assert.deepEqual(!r.ok && r.code === 'unknown-law' ? r.successor?.articles.map((a) => a.label) : null, ['第五百七十七条'], text);
    }
    const foreign = lib.engine.lookup('技术合同法第5条');
    assert.ok(!foreign.ok && foreign.code === 'unknown-law' && !foreign.repeal, 'a name ending in 合同法 is not 合同法');
    const several = lib.engine.lookupAll('《合同法》第九十四条、第九十六条');
    assert.deepEqual(several.map((r) => (!r.ok && r.code === 'unknown-law' ? r.successor?.articles[0]?.label : null)), ['第五百六十三条', '第五百六十五条']);
  });

  test('a search typed as an old citation lists the articles in force that hold its rule, as cited', async () => {
    const hits = await lib.engine.retrieval.search('合同法第52条', { mode: 'lexical', limit: 5 });
    assert.deepEqual(hits.slice(0, 3).map((h) => [h.article.label, h.matchedBy]).sort(), [
      ['第一百五十三条', 'citation'], ['第一百五十四条', 'citation'], ['第一百四十六条', 'citation'],
    ].sort());
    const listed = await lib.engine.retrieval.search('依据合同法第一百零七条、第一百一十三条，对方应赔偿损失', { mode: 'lexical', limit: 5 });
    assert.deepEqual(listed.slice(0, 2).map((h) => [h.article.label, h.matchedBy]), [['第五百七十七条', 'citation'], ['第五百八十四条', 'citation']]);
    // As of a date 合同法 still governed, 民法典 was no law: its articles are cited only as standing in for 合同法's (civilCodeStandIn.ts),
    // and as of a date before 合同法 (1995) not at all.
    const then = await lib.engine.retrieval.search('合同法第52条', { mode: 'lexical', limit: 5, filters: { asOf: '2019-06-01' } });
    assert.deepEqual(then.filter((h) => h.matchedBy === 'citation').map((h) => h.article.label).sort(), ['第一百五十三条', '第一百五十四条', '第一百四十六条'].sort());
    const before = await lib.engine.retrieval.search('合同法第52条', { mode: 'lexical', limit: 5, filters: { asOf: '1995-06-01' } });
    assert.ok(before.every((h) => h.matchedBy !== 'citation'), JSON.stringify(before.map((h) => h.article.label)));
    // 劳动合同法 is no 合同法: a law the library lacks whose name ends in 合同法 is not taken for it.
    const other = await lib.engine.retrieval.search('技术合同法第5条', { mode: 'lexical', limit: 5 });
    assert.ok(other.every((h) => h.matchedBy !== 'citation'), JSON.stringify(other.map((h) => h.article.label)));
  });

  test('the citation check: each article of a list, a date the old law governed, the compilation', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const text = '根据《合同法》第一百零七条、第一百一十三条的规定，被告应赔偿损失。依照合同法第五十二条第（五）项，合同无效。另依《民法总则》第一百八十八条。';
    const now = checkDraft(resolver, text, '2026-11-27');
    assert.deepEqual(now.citations.map((c) => [c.marker, c.finding, c.successor?.articles.map((a) => a.label) ?? null]), [
      ['《合同法》第一百零七条', 'unresolvable', ['第五百七十七条']],
      ['第一百一十三条', 'unresolvable', ['第五百八十四条']],
      ['合同法第五十二条第（五）项', 'unresolvable', ['第一百五十三条']],
      ['《民法总则》第一百八十八条', 'unresolvable', ['第一百八十八条']],
    ]);
    assert.equal(now.citations[1]!.noteZh, '第一百一十三条没有写明法律，按前面的《合同法》读作其第一百一十三条；已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；该条（违约损失赔偿的范围）现对应《中华人民共和国民法典》第五百八十四条；请引用现行法律');
    // A contract's own heading on the next line is not read as the same repealed law's article.
    const contract = checkDraft(resolver, '第九条 违约责任\n任何一方违约的，依照《合同法》第一百零七条\n第十条 争议解决', '2026-11-27');
    assert.deepEqual(contract.citations.map((c) => [c.marker, c.successor?.articles[0]?.label ?? null]), [['《合同法》第一百零七条', '第五百七十七条']]);
    // Nor is a 第十条 run on after a line break (no space: as a citation reads), which may begin a list of its own.
    const runOn = checkDraft(resolver, '依照《合同法》第一百零七条\n第十条规定的情形', '2026-11-27');
    assert.deepEqual(runOn.citations.map((c) => [c.marker, c.successor?.articles[0]?.label ?? null]), [['《合同法》第一百零七条', '第五百七十七条'], ['第十条', null]]);
    // Words that introduce the citation are not the law's name.
    for (const lead of ['即', '违反了', '本案应引用']) {
      const [c] = checkDraft(resolver, `${lead}合同法第五十二条。`, '2026-11-27').citations;
      assert.deepEqual(c!.successor?.articles.map((a) => a.label), ['第一百五十三条', '第一百五十四条', '第一百四十六条'], lead);
    }
    const compiled = compilationOfCheck(lib.engine, now, 'brief.txt');
    assert.deepEqual(compiled.articles.map((a) => a.citation.replace('《中华人民共和国民法典》', '')), [
      '第五百七十七条', '第五百八十四条', '第一百五十三条', '第一百八十八条',
    ]);
    assert.equal(compiled.notFound.length, 4, 'each citation of a repealed law is still listed, with its note');
    // A matter of 2020 is governed by 合同法: citing it is right, only its text is not here to check.
    const then = checkDraft(resolver, text, '2020-06-01');
    assert.deepEqual(then.citations.map((c) => c.finding), ['check', 'check', 'check', 'check']);
    assert.match(then.citations[0]!.noteZh!, /^《中华人民共和国合同法》在 2020-06-01 仍然有效（已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）），法规库中没有其条文，无法核验；该条（违约责任）现对应/);
    assert.equal(compilationOfCheck(lib.engine, then, 'brief.txt').articles.length, 0, '民法典 was no law then: nothing compiled in its name');
  });

  test('the routes: a citation looked up lists the articles in force; a checked text gives them to open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-concordance-'));
    const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const cited = await api.call('statute.citations', { citation: '婚姻法第三十二条' });
    assert.ok(cited.ok, JSON.stringify(cited));
    const data = cited.data as { hits: Array<{ article: { label: string }; matchedBy: string }>; successors: number; notFound: Array<{ messageZh: string }> };
    assert.deepEqual(data.hits.map((h) => [h.article.label, h.matchedBy]), [['第一千零七十九条', 'citation']]);
    assert.equal(data.successors, 1, 'the hit holds the repealed article\'s rule; it was not typed');
    assert.match(data.notFound[0]!.messageZh, /该条（诉讼离婚）现对应《中华人民共和国民法典》第一千零七十九条/);
    // A law filter naming a repealed law: said so (the filter still matches titles containing the name).
    const filtered = await api.call('statute.search', { query: '违约金过高', filters: { law: '合同法' } });
    assert.ok(filtered.ok, JSON.stringify(filtered));
    assert.match((filtered.data as { repealedLaw: { messageZh: string } | null }).repealedLaw?.messageZh ?? '', /^筛选的“合同法”指《中华人民共和国合同法》，法规库中没有这部法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）。筛选仍按名称包含“合同法”的法律进行；要找其规定，请改按“民法典”筛选。$/);
    const plain = await api.call('statute.search', { query: '违约金过高', filters: { law: '民法典' } });
    assert.equal(plain.ok ? (plain.data as { repealedLaw: unknown }).repealedLaw : 'failed', null);
    const cli = await runCli(['search', '违约金过高', '--law', '合同法', '--mode', 'lexical', '--db', lib.dbPath]);
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stderr, /the law filter "合同法" names 《中华人民共和国合同法》, which is not in the library: it was repealed by 《中华人民共和国民法典》第一千二百六十条 \(in force 2021-01-01\)\. The filter matches the laws whose titles contain "合同法"; for the rules of 《中华人民共和国合同法》, filter by 民法典\./);
    const checked = await api.call('statute.checkText', { text: '依据《继承法》第十条，原告为第一顺序继承人。' });
    assert.ok(checked.ok, JSON.stringify(checked));
    const [c] = (checked.data as { citations: Array<{ successor?: { topic: string; articles: Array<{ articleId: number; label: string }> } }> }).citations;
    assert.equal(c!.successor?.topic, '法定继承人的范围和顺序');
    const opened = await api.call('statute.article', { id: c!.successor!.articles[0]!.articleId });
    assert.ok(opened.ok, JSON.stringify(opened));
    const shown = opened.data as { article: { label: string }; formerly: Array<{ citation: string; topic: string; changed: boolean }> };
    assert.equal(shown.article.label, '第一千一百二十七条');
    assert.deepEqual(shown.formerly, [{ citation: '《继承法》第十条', topic: '法定继承人的范围和顺序', changed: false }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
