import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { auditCitations, normalizeForQuote } from '../../main/consult/citationAudit.js';
import type { Evidence } from '../../main/consult/types.js';
import type { StatuteArticle } from '../../main/library/articles.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { sharedSkipReason } from '../helpers/library.js';

const SKIP = sharedSkipReason();
let bench: Bench;

function asEvidence(a: StatuteArticle): Evidence {
  return {
    articleId: a.id, lawTitle: a.lawTitle, articleLabel: a.label, level: a.level, province: a.province, status: a.status,
    publishDate: a.publishDate, effectiveDate: a.effectiveDate, path: a.path, text: a.text, score: 1, foundBy: [], excluded: null, excerpt: null,
  };
}

function article(citation: string, version?: string): StatuteArticle {
  const r = bench.lib.engine.lookup(citation, version ? { version } : {});
  assert.ok(r.ok, `${citation} resolves`);
  return r.article;
}

describe('citation audit', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
  });
  after(async () => {
    await bench?.dispose();
  });
  beforeEach(() => bench.llm.reset());

  const audit = (answer: string, evidence: Evidence[]) => auditCitations(answer, evidence, bench.lib.engine.searchDeps().resolver, '2026-11-22');

  test('a marker with a verbatim quote is verified; punctuation width does not matter', () => {
    const a38 = article('劳动合同法第38条');
    const quote = a38.text.slice(a38.text.indexOf('未及时足额支付劳动报酬'), a38.text.indexOf('未及时足额支付劳动报酬') + 12);
    const [c] = audit(`公司拖欠工资，你可以解除合同，法律规定“${quote}”[1]。`, [asEvidence(a38)]);
    assert.equal(c!.label, 'verified');
    assert.equal(c!.quote, quote);
    assert.equal(normalizeForQuote('甲, 乙；丙'), normalizeForQuote('甲，乙;丙'));
  });

  test('a 款 or 项 the article does not have is unresolvable, the article kept for the reader', () => {
    const a38 = article('劳动合同法第38条');
    const items = a38.paragraphs[0]!.items.length;
    const [bad] = audit(`依据《劳动合同法》第三十八条第一款第${items + 1}项，你可以解除合同。`, [asEvidence(a38)]);
    assert.equal(bad!.label, 'unresolvable');
    assert.equal(bad!.articleId, a38.id);
    assert.match(bad!.note ?? '', new RegExp(`does not exist: 第三十八条第1款 has only ${items} 项`));
    assert.match(bad!.noteZh ?? '', /^引用的款或项不存在：第三十八条第1款只有\d+项/);
    // The same with a marker right after it: the marker does not vouch for a 项 the article lacks.
    const withMarker = audit(`依据《劳动合同法》第三十八条第一款第${items + 1}项[1]，你可以解除合同。`, [asEvidence(a38)]);
    assert.deepEqual(withMarker.map((c) => c.label), ['unresolvable', 'verified']);
    const [good] = audit('依据《劳动合同法》第三十八条第一款第二项，你可以解除合同。', [asEvidence(a38)]);
    assert.deepEqual([good!.label, good!.note], ['verified', null]);
    // A bare 第N条 read in the law named before it is checked the same way.
    const bare = audit(`《劳动合同法》第三十八条规定了劳动者的解除权，其中第三十八条第${items + 1}项……`, [asEvidence(a38)]);
    assert.equal(bare.at(-1)!.label, 'unresolvable');
    assert.match(bare.at(-1)!.note ?? '', /names no law; read as 《中华人民共和国劳动合同法》第三十八条.*; the cited 款 or 项 does not exist/);
  });

  test('the 款 and 项 a written citation names are kept as places in the stored text, on the marker that covers it too', () => {
    const a38 = article('劳动合同法第38条');
    const marked = (c: { text: string | null; citedSpans: Array<[number, number]> }) => c.citedSpans.map(([start, end]) => c.text!.slice(start, end));
    const [written] = audit('依据《劳动合同法》第三十八条第一款第二项，你可以解除合同。', [asEvidence(a38)]);
    assert.deepEqual(marked(written!), ['未及时足额支付劳动报酬的；']);
    const viaMarker = audit('依据《劳动合同法》第三十八条第一款第一项、第二项[1]，你可以解除合同。', [asEvidence(a38)]);
    assert.deepEqual(viaMarker.map((c) => c.marker), ['[1]'], 'one entry: the marker');
    assert.deepEqual(marked(viaMarker[0]!), ['未按照劳动合同约定提供劳动保护或者劳动条件的；', '未及时足额支付劳动报酬的；']);
    assert.deepEqual(audit('依据《劳动合同法》第三十八条，你可以解除合同。', [asEvidence(a38)])[0]!.citedSpans, [], 'the whole article');
    assert.deepEqual(audit('你可以解除合同[1]。', [asEvidence(a38)])[0]!.citedSpans, []);
    // A bare 第N条 read as the only evidence article with that number is checked in that article too.
    const [bare] = audit('依据第三十八条第一款第二项，你可以解除合同。', [asEvidence(a38)]);
    assert.deepEqual([bare!.label, marked(bare!)], ['verified', ['未及时足额支付劳动报酬的；']]);
    const [lacking] = audit('依据第三十八条第一款第九项，你可以解除合同。', [asEvidence(a38)]);
    assert.equal(lacking!.label, 'unresolvable');
    assert.match(lacking!.noteZh ?? '', /读作证据中唯一有此条号的《中华人民共和国劳动合同法》第三十八条；引用的款或项不存在：第三十八条第1款只有\d+项，没有第9项。$/);
  });

  test('a wrong quote is quote_mismatch', () => {
    const a38 = article('劳动合同法第38条');
    const [c] = audit('法律规定“用人单位拖欠工资满三个月的，劳动者可以要求双倍赔偿”[1]。', [asEvidence(a38)]);
    assert.equal(c!.label, 'quote_mismatch');
    assert.equal(c!.noteZh, '引文与法条原文不一致', 'words found nowhere in the law');
    assert.equal(c!.quoteSource, undefined);
  });

  test('an answer quoting another article of the law under a marker is told which article the words are', () => {
    const [a38, a87] = [article('劳动合同法第38条'), article('劳动合同法第87条')];
    const quote = a87.text.slice(0, 30);
    const [c] = audit(`公司违法解除的，法律规定“${quote}”[1]。`, [asEvidence(a38)]);
    assert.equal(c!.label, 'quote_mismatch');
    assert.equal(c!.quoteSource?.articleId, a87.id);
    assert.equal(c!.noteZh, '引文不在第三十八条中：引文是本版第八十七条的条文，条号可能有误');
  });

  test('a quote whose 。 is inside the quote marks, or that ends a sentence before its marker, is still checked', () => {
    const a38 = article('劳动合同法第38条');
    const madeUp = '用人单位可以随意解雇劳动者并不支付工资';
    for (const answer of [`依据规定“${madeUp}。”[1]`, `依据规定：“${madeUp}。”[1]。`, `依据规定“${madeUp}”。[1]`]) {
      const [c] = audit(answer, [asEvidence(a38)]);
      assert.equal(c!.label, 'quote_mismatch', answer);
      assert.equal(normalizeForQuote(c!.quote!), madeUp, answer);
    }
    const lastSentence = a38.text.slice(a38.text.lastIndexOf('\n') + 1);
    assert.match(lastSentence, /。$/);
    const [c] = audit(`法律规定“${lastSentence}”[1]另外，公司应当支付工资。`, [asEvidence(a38)]);
    assert.equal(c!.label, 'verified');
    assert.equal(c!.quote, lastSentence, 'a verbatim sentence with its 。 is checked and passes');
  });

  test('a quote before a marker list goes to the listed article that contains it', () => {
    const [a38, a46] = [article('劳动合同法第38条'), article('劳动合同法第46条')];
    const quote = a46.text.slice(0, 14);
    assert.ok(!normalizeForQuote(a38.text).includes(normalizeForQuote(quote)));
    for (const list of ['[1,2]', '[1、2]']) {
      const cites = audit(`辞职后可以要求经济补偿，法律规定“${quote}”${list}。`, [asEvidence(a38), asEvidence(a46)]);
      assert.deepEqual(cites.map((c) => [c.marker, c.label, c.quote]), [['[1]', 'verified', null], ['[2]', 'verified', quote]], list);
    }
    const wrong = audit('法律规定“用人单位应当支付三倍工资作为赔偿”[1,2]。', [asEvidence(a38), asEvidence(a46)]);
    assert.deepEqual(wrong.map((c) => c.label), ['quote_mismatch', 'verified'], 'a quote in neither article is still a mismatch');
  });

  test('an unknown law without brackets and 该法 in a paragraph naming no law are unresolvable; 该法 reaches back through its paragraph; 本法 in a quote is not', () => {
    const [a38, a46] = [article('劳动合同法第38条'), article('劳动合同法第46条')];
    const answer =
      '根据劳动者权益保障法第十条，你可以索赔。依据《劳动合同法》第三十八条可以解除[1]。该法第九百条还规定可以索赔三倍工资。' +
      '经济补偿见劳动合同法第四十六条，该法第三十八条也相关。法律规定“劳动者依照本法第三十八条规定解除劳动合同的”[2]。' +
      '\n该法第四十六条另有规定。';
    const cites = audit(answer, [asEvidence(a38), asEvidence(a46)]);
    assert.deepEqual(cites.map((c) => [c.marker, c.label]), [
      ['劳动者权益保障法第十条', 'unresolvable'],
      ['[1]', 'verified'],
      // 该法 in the sentence after 《劳动合同法》 is that law, which has no 第九百条.
      ['第九百条', 'unresolvable'],
      ['劳动合同法第四十六条', 'verified'],
      ['第三十八条', 'verified'],
      ['[2]', 'verified'],
      // A new paragraph opening with 该法 names no law it could mean.
      ['该法第四十六条', 'unresolvable'],
    ]);
    assert.equal(cites[0]!.note, 'no such law in the library');
    assert.equal(cites[0]!.noteZh, '法规库中没有这部法律');
    assert.match(cites[2]!.noteZh!, /第900条|第九百条/);
    assert.doesNotMatch(cites[2]!.noteZh!, /没有写明/);
    assert.match(cites[6]!.note!, /该法/);
    assert.match(cites[6]!.noteZh!, /^“该法”所指的法律在本句和本段前文中都没有写明/);
  });

  test('a law the library says was repealed (《合同法》, by 民法典 第一千二百六十条) is unresolvable with what repealed it', () => {
    const a38 = article('劳动合同法第38条');
    const cites = audit('依据《合同法》第五十二条，该合同无效；另见侵权责任法第六条。', [asEvidence(a38)]);
    assert.deepEqual(cites.map((c) => [c.marker, c.label]), [['《合同法》第五十二条', 'unresolvable'], ['侵权责任法第六条', 'unresolvable']]);
    // Each says where 民法典 holds the article's rule now, and gives those articles to open.
    assert.deepEqual(cites.map((c) => [c.note, c.noteZh]), [
      [
        'a repealed law: it was repealed by 《中华人民共和国民法典》第一千二百六十条 (in force 2021-01-01); its rule (合同无效的情形) is now 《中华人民共和国民法典》第一百五十三条、第一百五十四条、第一百四十六条, changed in substance; cite the law in force',
        '已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；该条（合同无效的情形）现对应《中华人民共和国民法典》第一百五十三条、第一百五十四条、第一百四十六条，规则有实质修改；请引用现行法律',
      ],
      [
        'a repealed law: it was repealed by 《中华人民共和国民法典》第一千二百六十条 (in force 2021-01-01); its rule (过错责任和过错推定) is now 《中华人民共和国民法典》第一千一百六十五条; cite the law in force',
        '已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；该条（过错责任和过错推定）现对应《中华人民共和国民法典》第一千一百六十五条；请引用现行法律',
      ],
    ]);
    assert.deepEqual(cites[1]!.successor, { topic: '过错责任和过错推定', changed: false, articles: [{ articleId: article('民法典第1165条').id, lawTitle: '中华人民共和国民法典', label: '第一千一百六十五条' }] });
    // An article the table lacks still says only what repealed the law.
    const [bare] = audit('依据《合同法》第三条。', [asEvidence(a38)]);
    assert.equal(bare!.noteZh, '已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止（2021-01-01起施行）；请引用现行法律');
    assert.equal(bare!.successor, undefined);
    const [unknown] = audit('又见《外星人权益保障法》第三条。', [asEvidence(a38)]);
    assert.equal(unknown!.note, 'no such law in the library', 'a law nobody repealed is just unknown');
  });

  test('a fabricated article, an unknown law and a marker beyond the evidence are unresolvable', () => {
    const a38 = article('劳动合同法第38条');
    const cites = audit('参见《劳动合同法》第九百九十九条。又见《外星人权益保障法》第三条。另见[7]。', [asEvidence(a38)]);
    assert.deepEqual(cites.map((c) => c.label), ['unresolvable', 'unresolvable', 'unresolvable']);
    assert.match(cites[0]!.note!, /no 第999条/);
    assert.match(cites[0]!.noteZh!, /^中华人民共和国劳动合同法（2012-12-28版本）没有第999条。$/);
    assert.equal(cites[2]!.noteZh, '回答引用了[7]，但本轮证据只有 1 条');
  });

  test('a real article not in the evidence is outside_evidence; one in the evidence named in words is verified', () => {
    const a38 = article('劳动合同法第38条');
    const cites = audit('依据《中华人民共和国劳动合同法》第三十八条可以解除；侵权另见民法典第一千一百六十五条。', [asEvidence(a38)]);
    assert.deepEqual(cites.map((c) => c.label), ['verified', 'outside_evidence']);
    assert.equal(cites[1]!.lawTitle, '中华人民共和国民法典');
  });

  test('numbers sharing one 条 are each audited; a range is audited at its ends, as written', () => {
    const a38 = article('劳动合同法第38条');
    const list = audit('依据《劳动合同法》第三十八、四十六条，可以解除并要求经济补偿。', [asEvidence(a38)]);
    assert.deepEqual(list.map((c) => [c.articleLabel, c.label]), [['第三十八条', 'verified'], ['第四十六条', 'outside_evidence']]);
    const range = audit('参见《劳动合同法》第三十八条至四十条。', [asEvidence(a38)]);
    assert.deepEqual(range.map((c) => c.articleLabel), ['第三十八条', '第四十条']);
  });

  test('a citation outside the evidence whose number the version before gave to another text says so (公司法第七十一条)', () => {
    const a38 = article('劳动合同法第38条');
    const [renumbered, same] = audit('依据《公司法》第七十一条，股东可以向股东以外的人转让股权；另见《公司法》第一条。', [asEvidence(a38)]);
    assert.deepEqual([renumbered!.label, renumbered!.publishDate, same!.label], ['outside_evidence', '2023-12-29', 'outside_evidence']);
    assert.match(renumbered!.note!, /^cited in the answer but not among the evidence of this turn; 第七十一条 of the 2018-10-26 version reads otherwise \(「有限责任公司的股东之间可以相互转让/);
    assert.match(renumbered!.noteZh!, /^回答引用了这一条，但它不在本轮证据中；2018-10-26 版的第七十一条内容不同（「有限责任公司的股东之间/);
    assert.match(renumbered!.noteZh!, /回答指的可能是那一条，现为第八十四条$/, 'and where that provision stands now');
    assert.match(renumbered!.note!, /, now 第八十四条$/);
    // When the evidence holds it there, the note says which evidence article it is.
    const a84 = article('公司法第84条');
    const [pointed] = audit('依据《公司法》第七十一条，股东可以向股东以外的人转让股权。', [asEvidence(a38), asEvidence(a84)]);
    assert.match(pointed!.noteZh!, /现为第八十四条，即证据\[2\]$/);
    assert.equal(same!.note, 'cited in the answer but not among the evidence of this turn', '第一条 reads alike in both versions');
    const [named] = audit('依据2018年公司法第七十一条，股东可以转让股权。', [asEvidence(a38)]);
    assert.equal(named!.publishDate, '2018-10-26', 'a citation that names its version is read as written');
    assert.doesNotMatch(named!.note ?? '', /reads otherwise/, 'and needs no word on another version');
  });

  test('an answer citing a renumbered article for what the version in force provides gets no word on the earlier numbering', () => {
    const a38 = article('劳动合同法第38条');
    const [fiveYears, forfeiture] = audit(
      '依据《公司法》第四十七条，全体股东认缴的出资额由股东按照公司章程的规定自公司成立之日起五年内缴足。股东经催缴仍未缴纳出资的，公司可以向其发出失权通知（《公司法》第五十条）。',
      [asEvidence(a38)],
    );
    // 2018's 第四十七条 is on board meetings: the answer meant 2023's, which its words are.
    assert.equal(fiveYears!.noteZh, '回答引用了这一条，但它不在本轮证据中');
    assert.equal(fiveYears!.earlierMeaning, undefined);
    // 失权 is 第五十二条: said as a wrong number, not as 2018's 第五十条 (执行董事).
    assert.match(forfeiture!.noteZh!, /^回答引用了这一条，但它不在本轮证据中；回答此处所述与该条内容不符.*与该法第五十二条相符/);
    assert.doesNotMatch(forfeiture!.noteZh!, /2018-10-26/);
  });

  test('a written citation followed by its own marker counts once', () => {
    const a38 = article('劳动合同法第38条');
    const cites = audit('《劳动合同法》第三十八条[1]规定了劳动者的解除权。', [asEvidence(a38)]);
    assert.equal(cites.length, 1);
    assert.equal(cites[0]!.marker, '[1]');
  });

  test('a marker closing a sentence that names another article of its law as its authority is told to be checked', () => {
    const [a38, a46] = [article('劳动合同法第38条'), article('劳动合同法第46条')];
    const evidence = [asEvidence(a38), asEvidence(a46)];
    // The sentence says 第三十八条; its [2] is 第四十六条 (经济补偿): a misnumbered marker, which a report would footnote.
    const [written, marker] = audit('依据《劳动合同法》第三十八条，用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同[2]。', evidence);
    assert.equal(written!.label, 'verified');
    assert.deepEqual([marker!.marker, marker!.label, marker!.closer?.label], ['[2]', 'verified', '第三十八条']);
    assert.match(marker!.noteZh!, /^此句写明依据的是该法第三十八条，\[2\]却是第四十六条（「有下列情形之一的，用人单位应当向劳动者支付经济补偿/);
    // Not when the sentence cites the marker's article too, the list names the written one, another marker stands
    // between, or the marker is in the next sentence.
    const fine = [
      '依据《劳动合同法》第三十八条解除后，还可依第四十六条要求经济补偿[2]。',
      '依据《劳动合同法》第三十八条，劳动者可以解除劳动合同并要求经济补偿[1][2]。',
      '依据《劳动合同法》第三十八条，劳动者可以解除劳动合同[1]，并要求经济补偿[2]。',
      '依据《劳动合同法》第三十八条，劳动者可以解除劳动合同。解除后可以要求经济补偿[2]。',
    ];
    for (const answer of fine) {
      const notes = audit(answer, evidence).filter((c) => c.closer !== undefined);
      assert.deepEqual(notes.map((c) => c.marker), [], answer);
    }
  });

  test('a bare 第N条 naming no law is read as the evidence article with that number, or said to be uncheckable; a contract clause is no citation', () => {
    const a38 = article('劳动合同法第38条');
    const a46 = article('劳动合同法第46条');
    const cc46 = article('民法典第46条');
    const [marked, bare] = audit('根据《劳动合同法》第三十八条[1]，劳动者可以解除合同；用人单位还应当依照第四十六条支付经济补偿。', [asEvidence(a38), asEvidence(a46)]);
    assert.equal(marked!.marker, '[1]');
    assert.deepEqual([bare!.marker, bare!.label, bare!.articleId], ['第四十六条', 'verified', a46.id]);
    assert.match(bare!.note!, /names no law; read as 《中华人民共和国劳动合同法》第四十六条, of the law the answer named last/);
    const [alone] = audit('用人单位还应当依照第四十六条支付经济补偿。', [asEvidence(a38), asEvidence(a46)]);
    assert.deepEqual([alone!.label, alone!.articleId], ['verified', a46.id]);
    assert.match(alone!.note!, /the only evidence article with that number/);
    // After a named law, the bare article is that law's, looked up in the library, even when the evidence holds another law's.
    const [, civil] = audit('依照民法典第五百七十七条，又依照第四十七条。', [asEvidence(article('劳动合同法第47条'))]);
    assert.deepEqual([civil!.label, civil!.lawTitle, civil!.articleLabel], ['outside_evidence', '中华人民共和国民法典', '第四十七条']);
    const [, fraud] = audit('刑法第二百六十四条规定盗窃罪；第二百六十六条规定诈骗罪。', []);
    assert.deepEqual([fraud!.label, fraud!.lawTitle, fraud!.articleLabel], ['outside_evidence', '中华人民共和国刑法', '第二百六十六条']);
    assert.deepEqual(audit('关于第二条建议：尽快收集证据。劳动合同中第五条约定了工作地点。', [asEvidence(a38)]), [], 'points and clauses of documents are not statutes');

    const [lost] = audit('公司应当依照第八十七条支付赔偿金。', [asEvidence(a38)]);
    assert.deepEqual([lost!.label, lost!.articleId], ['unresolvable', null]);
    assert.match(lost!.note!, /no evidence article has that number/);

    const both = [asEvidence(a38), asEvidence(a46), asEvidence(cc46)];
    const [, named] = audit('依据《劳动合同法》第三十八条可以解除；此外依照第四十六条还可以主张经济补偿。', both);
    assert.deepEqual([named!.label, named!.articleId], ['verified', a46.id], 'of two, the law the answer named last');
    assert.match(named!.note!, /of the law the answer named last/);
    const [unsure] = audit('依照第四十六条处理。', both);
    assert.equal(unsure!.label, 'unresolvable');
    assert.match(unsure!.note!, /the evidence has it in 《中华人民共和国劳动合同法》、《中华人民共和国民法典》/);
    assert.equal(unsure!.noteZh, '第四十六条没有写明法律，而证据中《中华人民共和国劳动合同法》、《中华人民共和国民法典》都有此条号：无法核验这条引用');
    assert.equal(named!.noteZh, '第四十六条没有写明法律，按回答前面最后提到的法律读作《中华人民共和国劳动合同法》第四十六条');

    const clauses = audit('根据劳动合同第三条的约定，试用期为三个月；公司章程第十条另有规定[1]。', [asEvidence(a38)]);
    assert.deepEqual(clauses.map((c) => c.marker), ['[1]'], 'contract and by-law clauses are not audited as statutes');
    const once = audit('用人单位应当依照第四十六条[2]支付经济补偿。', [asEvidence(a38), asEvidence(a46)]);
    assert.deepEqual(once.map((c) => c.marker), ['[2]'], 'a bare article followed by its own marker counts once');
  });

  test('citing a superseded version is flagged as not current', () => {
    const old = article('公司法第1条', '2018-10-26');
    assert.equal(old.status, 'superseded');
    const [c] = audit('见[1]。', [asEvidence(old)]);
    assert.equal(c!.label, 'verified');
    assert.equal(c!.notCurrent, true);
    assert.match(c!.note!, /superseded/);
    assert.equal(c!.noteZh, '引用的是已被修订的版本（2018-10-26）；适用的法律截至 2026-11-22，该日适用的 2023-12-29 版中为第一条，内容有修改');
    assert.match(c!.note!, /, when the 2023-12-29 version holds it as 第一条 \(amended\)$/);
    // Renumbered: 2018's 第七十一条 (transfer of shares) is 2023's 第八十四条.
    const [moved] = audit('见[1]。', [asEvidence(article('公司法第71条', '2018-10-26'))]);
    assert.match(moved!.noteZh!, /，该日适用的 2023-12-29 版中为第八十四条，内容有修改$/);
    // Applying the law of 2020, the 2018 text is the one in force then: cited rightly, and what became of it said.
    const [then] = auditCitations('见[1]。', [asEvidence(old)], bench.lib.engine.searchDeps().resolver, '2020-06-01');
    assert.equal(then!.noteZh, '2018-10-26 版在 2020-06-01 适用；该版其后已被修订，现行的 2023-12-29 版中为第一条，内容有修改');
    assert.deepEqual([then!.label, then!.notCurrent, then!.appliedThen], ['verified', true, true], 'still not the current text, which the report says');
  });

  test('in a full turn, each label is stored with the text and version of the cited article', async () => {
    const old = article('公司法第1条', '2018-10-26');
    bench.llm.queue('answer', {
      text: '可以解除合同[1]。另参见《劳动合同法》第九百九十九条，以及民法典第一千一百六十五条。法律规定“劳动者可以领取三倍工资”[2]。',
    });
    const r = await bench.consultations().ask({ text: WAGES });
    assert.equal(r.status, 'done', JSON.stringify(r.error));
    const labels = r.citations.map((c) => c.label);
    assert.deepEqual(labels, ['verified', 'unresolvable', 'outside_evidence', 'quote_mismatch']);
    assert.deepEqual(r.citationCounts, { verified: 1, unresolvable: 1, outside_evidence: 1, quote_mismatch: 1 });
    const first = r.citations[0]!;
    assert.equal(first.text, r.evidence.filter((e) => !e.excluded)[0]!.text, 'the citation keeps the text it cited');
    assert.ok(first.publishDate);
    assert.ok(old.id);
    assert.deepEqual(r.citations.slice(1).map((c) => c.noteZh), [
      '中华人民共和国劳动合同法（2012-12-28版本）没有第999条。',
      '回答引用了这一条，但它不在本轮证据中',
      '引文与法条原文不一致',
    ]);
    assert.deepEqual(bench.consultations().get(r.consultationId).turns[0]!.citations, r.citations, 'both notes are stored with the turn');
  });
});
