/**
 * A citation whose surrounding words describe another article of the same law — the right law with a wrong
 * number, an older numbering, a model's invented number — is marked to check, with the article the words fit
 * when one stands out. Real LawRefBook texts in a real SQLite library; briefs through checkDraft, the CLI and
 * the host's route, and a consultation answer through the audit with its evidence.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { auditCitations } from '../../main/consult/citationAudit.js';
import { citationWordsIn } from '../../main/consult/citationWords.js';
import { cjkPairs } from '../../main/library/citation/topicFit.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import type { Evidence } from '../../main/consult/types.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SKIP = sharedSkipReason();
if (SKIP) console.log(`# citation topic tests ${SKIP}`);

const AS_OF = '2026-11-28';

describe('words beside a citation that fit another article of its law', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['民法典', '诉讼与非诉讼程序法/民事诉讼法(2023-09-01).md', '民法商法/合伙企业法(2006-08-27).md', '刑法/刑法.md', '社会法/劳动合同法(2012-12-28).md', '诉讼与非诉讼程序法/刑事诉讼法(2018-10-26).md'] });
  });
  after(async () => {
    await lib?.dispose();
  });
  const check = (text: string) => checkDraft(lib.engine.searchDeps().resolver, text, AS_OF).citations;
  const articleId = (citation: string) => {
    const r = lib.engine.lookup(citation);
    assert.ok(r.ok, citation);
    return r.article.id;
  };

  test('a wrong number of the right law: marked to check, with the article the words fit', () => {
    const [wrong] = check('依据《民法典》第一千零六十三条，婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产。');
    assert.equal(wrong?.finding, 'check');
    assert.deepEqual(wrong?.closer, { articleId: articleId('民法典第1062条'), label: '第一千零六十二条' });
    assert.match(wrong!.noteZh!, /^文中此处所述与该条内容不符（该条为「下列财产为夫妻一方的个人财产：/);
    assert.match(wrong!.noteZh!, /与该法第一千零六十二条相符（「夫妻在婚姻关系存续期间所得的下列财产/);
    assert.match(wrong!.note!, /^what the text says here does not match this article .*第一千零六十二条 of the same law fits it/);
    // The right number, the same words: nothing to say.
    const [right] = check('依据《民法典》第一千零六十二条，婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产。');
    assert.equal(right?.finding, 'ok');
    assert.equal(right?.note, null);
    assert.equal('closer' in right!, false);
  });

  test('a typo into another 编 of 民法典: the whole law is compared, and the article named is in 婚姻家庭编', () => {
    const [typo] = check('根据《民法典》第一千一百六十二条，婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产。');
    assert.equal(typo?.finding, 'check');
    assert.match(typo!.noteZh!, /该条为「执行遗赠不得妨碍清偿遗赠人依法应当缴纳的税款和债务。」/);
    assert.equal(typo?.closer?.label, '第一千零六十二条');
  });

  test('words of a formula dozens of articles share say nothing of which article was meant', () => {
    const [formula] = check('没有约定或者约定不明确的，依据《民法典》第一千零六十三条的规定处理。');
    assert.equal(formula?.finding, 'ok');
  });

  test('an older numbering: 民事诉讼法 第一百一十九条 for the conditions of a suit is 第一百二十二条 since 2021', () => {
    const [old] = check('《民事诉讼法》第一百一十九条规定了起诉的条件：原告是与本案有直接利害关系的公民、法人和其他组织，有明确的被告，有具体的诉讼请求和事实、理由。');
    assert.equal(old?.finding, 'check');
    assert.equal(old?.closer?.label, '第一百二十二条');
    assert.match(old!.noteZh!, /该条为「拘传、罚款、拘留必须经院长批准/);
  });

  test('a number a model invented for a crime: marked, though no one article stands out to name', () => {
    const [invented] = check('根据《刑法》第二百六十条之规定，诈骗公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。');
    assert.equal(invented?.finding, 'check');
    assert.match(invented!.noteZh!, /该条为「虐待家庭成员，情节恶劣的/);
    const [fraud] = check('根据《刑法》第二百六十六条之规定，诈骗公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。');
    assert.equal(fraud?.finding, 'ok');
  });

  test('words restating an article that applies the one cited are no mismatch; cited for another article they are', () => {
    const words = '合伙企业财产少于合伙企业债务的，退伙人应当依照《合伙企业法》第三十三条第一款的规定分担亏损。';
    const [applied] = check(words);
    assert.equal(applied?.finding, 'ok', '第五十四条 says so of 第三十三条: the words restate it');
    const [other] = check(words.replace('第三十三条第一款', '第十条'));
    assert.equal(other?.finding, 'check');
    assert.equal(other?.closer?.label, '第五十四条');
  });

  test('words another article cited beside it holds, a bracketed citation after its words, and words too few to tell', () => {
    // 第一千零八十五条 beside it holds the words: the sentence is about both.
    const [custody, support] = check('根据《民法典》第一千零八十四条、第一千零八十五条，离婚后，子女由一方直接抚养的，另一方应当负担部分或者全部抚养费。');
    assert.deepEqual([custody?.finding, support?.finding], ['ok', 'ok']);
    // Read alone, 第一千零八十四条 (custody) would be marked, the words fitting 第一千零八十九条 better than it; but
    // 第一千零八十七条 beside it holds them (the division of common property), so the list is right as a whole.
    const listed = check('根据《民法典》第一千零八十四条和第一千零八十七条，离婚时，夫妻的共同财产由双方协议处理。');
    assert.deepEqual(listed.map((c) => c.finding), ['ok', 'ok']);
    // In brackets, a citation supports the words before it; the words after it are the next point's.
    const text = '动产物权设立和转让前，权利人已经占有该动产的，物权自民事法律行为生效时发生效力（《民法典》第二百二十六条）。';
    assert.equal(check(text)[0]?.finding, 'ok');
    const [moved] = check(text.replace('第二百二十六条', '第二百二十九条'));
    assert.equal(moved?.closer?.label, '第二百二十六条');
    const cited = { pos: text.indexOf('《民法典》'), marker: '《民法典》第二百二十六条' };
    assert.equal(citationWordsIn(`${text}另有约定的除外（《民法典》第二百二十七条）`)(cited, [cited]).words, '动产物权设立和转让前，权利人已经占有该动产的，物权自民事法律行为生效时发生效力');
    // Too few words to compare.
    assert.equal(check('依照《民法典》第一千零六十三条的规定处理。')[0]?.finding, 'ok');
    assert.deepEqual([...cjkPairs('共同财产，A4')].sort(), ['共同', '同财', '财产']);
  });

  test('a rule broken and its penalty, a judgment\'s operative clause, a list in one pair of brackets: not read against the article', () => {
    // The words are the breach and its penalty, which 第八十九条 holds; 第五十条 is the rule broken.
    const breach = '用人单位未按照《劳动合同法》第五十条规定向劳动者出具解除或者终止劳动合同的书面证明的，由劳动行政部门责令改正。';
    assert.equal(check(breach)[0]?.finding, 'ok');
    const cited = { pos: breach.indexOf('《'), marker: '《劳动合同法》第五十条' };
    assert.equal(citationWordsIn(breach)(cited, [cited]).words, '', 'no words to compare');
    const operative = check('综上所述，原告的诉讼请求成立，依照《民法典》第五百七十七条、《民事诉讼法》第六十七条之规定，判决如下：');
    assert.deepEqual(operative.map((c) => c.finding), ['ok', 'ok']);
    // A defence brief's closing prayer: the words are the sentence asked for, which no article of 刑事诉讼法 holds.
    const prayer = '综上，恳请合议庭依据《刑法》第二百六十六条、第七十二条，《刑事诉讼法》第十五条、第二百零一条，对被告人王某判处有期徒刑一年，宣告缓刑。';
    assert.deepEqual(check(prayer).map((c) => [c.articleLabel, c.finding]), [['第二百六十六条', 'ok'], ['第七十二条', 'ok'], ['第十五条', 'ok'], ['第二百零一条', 'ok']]);
    const procedure = { pos: prayer.indexOf('《刑事诉讼法》'), marker: '《刑事诉讼法》第十五条' };
    assert.equal(citationWordsIn(prayer)(procedure, [procedure]).words, '', 'no words to compare');
    // The same words argued, not prayed for, are still read against 第十五条, and fit another article.
    const argued = check('依据《刑事诉讼法》第十五条，被告人被判处有期徒刑，宣告缓刑的，由社区矫正机构负责执行。');
    assert.equal(argued[0]?.finding, 'check');
    assert.ok(argued[0]?.closer, 'another article is named');
    // 第五百八十五条 in the same brackets holds the words: the brackets are one list.
    const bracketed = check('约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少（《民法典》第五百七十七条、第五百八十五条第二款）。');
    assert.deepEqual(bracketed.map((c) => [c.articleLabel, c.finding]), [['第五百七十七条', 'ok'], ['第五百八十五条', 'ok']]);
    // Alone in the brackets, 第五百七十七条 is marked for those words.
    assert.equal(check('约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少（《民法典》第五百七十七条）。')[0]?.closer?.label, '第五百八十五条');
  });

  test('an unclosed quotation mark reads to the end of its line only', () => {
    // Paired with the closing mark two lines down, it would make one quotation of all three lines.
    const [after] = check('原告称“被告已经违约。\n依据《民法典》第一千零六十三条，婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产。\n被告辩称已经履行。”');
    assert.equal(after?.closer?.label, '第一千零六十二条');
  });

  test('in a consultation answer, a written citation of an evidence article says so, as an answer\'s note', () => {
    const resolver = lib.engine.searchDeps().resolver;
    const found = lib.engine.lookup('民法典第1063条');
    assert.ok(found.ok);
    const a = found.article;
    const evidence: Evidence[] = [{ articleId: a.id, lawTitle: a.lawTitle, articleLabel: a.label, text: a.text, publishDate: a.publishDate, effectiveDate: a.effectiveDate, status: a.status, province: a.province, level: a.level, path: a.path, why: [], excluded: false } as unknown as Evidence];
    const [audit] = auditCitations('根据《民法典》第一千零六十三条的规定，婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产。', evidence, resolver, AS_OF);
    assert.equal(audit?.label, 'verified', 'it is the evidence article; the note says what is wrong with it');
    assert.match(audit!.noteZh!, /^回答此处所述与该条内容不符/);
    assert.equal(audit?.closer?.label, '第一千零六十二条');
    // Followed by its own marker, the written citation is listed as the marker; the marker carries the note.
    const marked = auditCitations('根据《民法典》第一千零六十三条[1]，婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产。', evidence, resolver, AS_OF);
    assert.deepEqual(marked.map((c) => [c.marker, c.label, c.closer?.label]), [['[1]', 'verified', '第一千零六十二条']]);
    assert.match(marked[0]!.noteZh!, /^回答此处所述与该条内容不符/);
    // A marker alone is not read this way: what the evidence supports is the judge's to weigh.
    const alone = auditCitations('婚姻关系存续期间所得的工资、奖金和生产、经营、投资的收益，为夫妻的共同财产[1]。', evidence, resolver, AS_OF);
    assert.deepEqual(alone.map((c) => [c.marker, c.note, 'closer' in c]), [['[1]', null, false]]);
  });

  test('the CLI and the route give the note and the article the words fit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-topic-'));
    try {
      const brief = path.join(dir, 'brief.txt');
      fs.writeFileSync(brief, '《民事诉讼法》第一百一十九条规定了起诉的条件：原告是与本案有直接利害关系的公民、法人和其他组织，有明确的被告。\n');
      const cli = await runCli(['check', brief, '--db', lib.dbPath]);
      assert.equal(cli.code, 0, cli.stderr);
      assert.match(cli.stdout, /! 1\. 《民事诉讼法》第一百一十九条/);
      assert.match(cli.stdout, /与该法第一百二十二条相符/);
      const json = parseJsonOutput<{ citations: Array<{ closer?: { label: string } }> }>(await runCli(['check', brief, '--db', lib.dbPath, '--json']));
      assert.equal(json.citations[0]?.closer?.label, '第一百二十二条');
      const api = createHostApi({ engine: lib.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
      const routed = await api.call('statute.checkText', { text: fs.readFileSync(brief, 'utf8') });
      assert.ok(routed.ok, JSON.stringify(routed));
      assert.equal((routed.data as { citations: Array<{ closer?: { label: string } }> }).citations[0]?.closer?.label, '第一百二十二条');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
