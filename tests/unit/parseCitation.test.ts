import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { LawNameIndex, lawAliases } from '../../main/library/citation/aliases.js';
import { onlyCitations, parseCitations, parseSingleCitation, type CitationRef } from '../../main/library/citation/parseCitation.js';

const TITLES = [
  '中华人民共和国民法典',
  '中华人民共和国劳动合同法',
  '中华人民共和国刑法',
  '中华人民共和国民事诉讼法',
  '中华人民共和国农民专业合作社法',
  '中华人民共和国劳动法',
  '中华人民共和国公司法',
];

function sampleIndex(): LawNameIndex {
  return new LawNameIndex([
    ...TITLES.map((title) => ({ key: title, names: lawAliases(title) })),
    { key: 'beijing-fire', names: ['北京市消防条例', '消防条例'] },
    { key: 'shanghai-fire', names: ['上海市消防条例', '消防条例'] },
  ]);
}

const index = sampleIndex();

/** The parts of a CitationRef most tests care about. */
function brief(ref: CitationRef): unknown[] {
  return [ref.lawName, ref.article, ref.subNumber, ref.paragraph, ref.item, ref.raw];
}

function only(text: string): CitationRef {
  const refs = parseCitations(text, index);
  assert.equal(refs.length, 1, `expected one citation in ${text}, got ${JSON.stringify(refs)}`);
  return refs[0] as CitationRef;
}

describe('parseCitations: article forms', () => {
  const cases: Array<[string, unknown[]]> = [
    ['民法典第1165条', ['民法典', 1165, 0, null, null, '民法典第1165条']],
    ['《劳动合同法》第三十八条第一款第二项', ['劳动合同法', 38, 0, 1, 2, '《劳动合同法》第三十八条第一款第二项']],
    ['刑法264', ['刑法', 264, 0, null, null, '刑法264']],
    ['刑法第264条', ['刑法', 264, 0, null, null, '刑法第264条']],
    ['劳动合同法 38', ['劳动合同法', 38, 0, null, null, '劳动合同法 38']],
    ['劳动合同法第38条第1款', ['劳动合同法', 38, 0, 1, null, '劳动合同法第38条第1款']],
    ['《中华人民共和国民法典》第一千一百六十五条', ['中华人民共和国民法典', 1165, 0, null, null, '《中华人民共和国民法典》第一千一百六十五条']],
    ['刑法第一百三十三条之一', ['刑法', 133, 1, null, null, '刑法第一百三十三条之一']],
    ['民诉法第一百二十二条', ['民诉法', 122, 0, null, null, '民诉法第一百二十二条']],
    ['民法典1165条', ['民法典', 1165, 0, null, null, '民法典1165条']],
    ['刑法264条之一', ['刑法', 264, 1, null, null, '刑法264条之一']],
    ['刑法第264', ['刑法', 264, 0, null, null, '刑法第264']],
    ['劳动合同法第３８条', ['劳动合同法', 38, 0, null, null, '劳动合同法第３８条']],
    ['劳动合同法第 38 条', ['劳动合同法', 38, 0, null, null, '劳动合同法第 38 条']],
    ['劳动合同法第38条第1款第(二)项', ['劳动合同法', 38, 0, 1, 2, '劳动合同法第38条第1款第(二)项']],
    ['劳动合同法第三十八条（二）项', ['劳动合同法', 38, 0, null, 2, '劳动合同法第三十八条（二）项']],
    ['劳动合同法第三十八条第（三）项', ['劳动合同法', 38, 0, null, 3, '劳动合同法第三十八条第（三）项']],
    ['民法典第一千零七十九条', ['民法典', 1079, 0, null, null, '民法典第一千零七十九条']],
  ];
  for (const [text, expected] of cases) {
    it(text, () => assert.deepEqual(brief(only(text)), expected));
  }

  it('reports keys and the span of the citation', () => {
    const ref = only('请问《劳动合同法》第三十八条怎么理解');
    assert.deepEqual(ref.lawKeys, ['中华人民共和国劳动合同法']);
    assert.equal(ref.sameLaw, false);
    assert.equal(ref.start, 2);
    assert.equal(ref.end, 2 + '《劳动合同法》第三十八条'.length);
  });

  it('finds the law name behind a glued category prefix', () => {
    const ref = only('民法商法农民专业合作社法第三十三条的内容是什么？');
    assert.deepEqual(ref.lawKeys, ['中华人民共和国农民专业合作社法']);
    assert.equal(ref.article, 33);
    assert.equal(ref.raw, '农民专业合作社法第三十三条');
  });

  it('returns every key of an ambiguous name', () => {
    assert.deepEqual(only('消防条例第十条').lawKeys.sort(), ['beijing-fire', 'shanghai-fire']);
  });
});

describe('parseCitations: citations in longer text', () => {
  it('lets a following article inherit the law of the sentence', () => {
    const refs = parseCitations('根据《民法典》第五百七十七条和第五百八十四条，违约方应当赔偿损失。', index);
    assert.deepEqual(refs.map(brief), [
      ['民法典', 577, 0, null, null, '《民法典》第五百七十七条'],
      ['民法典', 584, 0, null, null, '第五百八十四条'],
    ]);
  });

  it('reads a named part of 民法典 (合同编, 婚姻家庭编, 典型合同分编) between the law and the article as part of that law', () => {
    const refs = parseCitations('依照民法典合同编第五百七十七条、《民法典》婚姻家庭编第一千零七十九条和民法典合同编典型合同分编第五百九十五条', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.article]), [['民法典', 577], ['民法典', 1079], ['民法典', 595]]);
  });

  it('inherits a law across separators, and after 该法 from its sentence, but not across other words', () => {
    const refs = parseCitations('依照《民法典》，第五百七十七条和刑法分则第三章第二节、第一百九十条', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.article]), [['民法典', 577], ['刑法', 190]]);
    const referring = parseCitations('民法典对违约责任有规定，该法第五百七十七条是总则性条款。', index);
    assert.deepEqual(referring.map((r) => [r.lawName, r.article]), [['民法典', 577]]);
    const prose = parseCitations('民法典对违约责任有规定，其中第五百七十七条是总则性条款。', index);
    assert.deepEqual(prose.map((r) => [r.lawName, r.article]), [[null, 577]]);
    // 同法 is 该法 in drafting usage; the 同法 that ends 合同法 is a law's own name.
    const same = parseCitations('《民法典》第一千一百七十九条规定了赔偿范围，同法第一千一百八十三条规定了精神损害赔偿。', index);
    assert.deepEqual(same.map((r) => [r.lawName, r.article]), [['民法典', 1179], ['民法典', 1183]]);
    // (This sample index lacks 合同法: the article is then of no known law, and not 民法典's.)
    const contract = parseCitations('依照民法典第五百七十七条，违反合同法第五十二条。', index);
    assert.deepEqual(contract.map((r) => [r.lawName, r.article]), [['民法典', 577], [null, 52]]);
  });

  it('reads 该解释 and 该法 as the last document of that kind in the sentence, else earlier in the paragraph, never across paragraphs', () => {
    const fraud = '最高人民法院、最高人民检察院关于办理诈骗刑事案件具体应用法律若干问题的解释';
    const local = new LawNameIndex([
      ...['中华人民共和国刑法', fraud].map((title) => ({ key: title, names: lawAliases(title) })),
    ]);
    const read = (text: string) => parseCitations(text, local).map((r) => [r.lawName === null ? null : r.lawName.includes('诈骗') ? '诈骗解释' : r.lawName, r.article]);
    // 刑法 is mentioned last, but 该解释 is the interpretation, not 刑法第二条.
    assert.deepEqual(read(`根据《${fraud}》第一条，应当认定为刑法第二百六十六条规定的“数额巨大”，而依照该解释第二条，可以酌情从严惩处。`), [
      ['诈骗解释', 1], ['刑法', 266], ['诈骗解释', 2],
    ]);
    // The sentence before, in the same paragraph.
    assert.deepEqual(read(`根据《${fraud}》第一条，诈骗三千元以上为数额较大。依照该解释第七条，应当扣除。`), [['诈骗解释', 1], ['诈骗解释', 7]]);
    assert.deepEqual(read('根据《刑法》第六十七条，自动投案的是自首。依照该法第六十八条，有立功表现的可以从轻处罚。'), [['刑法', 67], ['刑法', 68]]);
    // 该法 passes over an interpretation to the law before it.
    assert.deepEqual(read(`依照刑法第二百六十六条和《${fraud}》第一条定罪。该法第六十七条另有规定。`), [['刑法', 266], ['诈骗解释', 1], ['刑法', 67]]);
    // A new paragraph, or no document of that kind before: no law.
    assert.deepEqual(read(`根据《${fraud}》第一条定罪。\n依照该解释第七条，应当扣除。`), [['诈骗解释', 1], [null, 7]]);
    assert.deepEqual(read('根据《刑法》第六十七条，自动投案的是自首。依照该解释第七条，应当扣除。'), [['刑法', 67], [null, 7]]);
  });

  it('reads 该法, 该条例, 该办法 and 该规定 a sentence later as the last document of that kind, never a contract or an interpretation', () => {
    const evidence = '最高人民法院关于民事诉讼证据的若干规定';
    const dispute = '最高人民法院关于审理劳动争议案件适用法律问题的解释（一）';
    const local = new LawNameIndex([
      ...['中华人民共和国劳动合同法', '中华人民共和国劳动合同法实施条例', '工伤保险条例', '失业保险金申领发放办法', evidence, dispute].map((title) => ({ key: title, names: lawAliases(title) })),
    ]);
    const short: Record<string, string> = { [evidence]: '证据规定', [dispute]: '劳动争议解释', 中华人民共和国劳动合同法实施条例: '实施条例' };
    const named = (name: string) => short[name] ?? short[`中华人民共和国${name}`] ?? (name.includes('劳动争议') ? '劳动争议解释' : name.replace(/^中华人民共和国/, ''));
    const read = (text: string) => parseCitations(text, local).map((r) => [r.lawName === null ? null : named(r.lawName), r.article]);
    // As briefs word it: the law named in one sentence, 该法 in the next (after other words, and after 此外/同时).
    assert.deepEqual(read('根据《中华人民共和国劳动合同法》的规定，用人单位应当依法支付经济补偿。该法第四十七条规定了经济补偿的计算标准。'), [['劳动合同法', 47]]);
    assert.deepEqual(read('《工伤保险条例》第十四条规定了认定工伤的情形。此外，该条例第十五条规定了视同工伤。'), [['工伤保险条例', 14], ['工伤保险条例', 15]]);
    assert.deepEqual(read('《失业保险金申领发放办法》第四条规定了申领手续。该办法第五条规定了所需材料。'), [['失业保险金申领发放办法', 4], ['失业保险金申领发放办法', 5]]);
    // 该规定 (and 上述规定): a 规定 named before, passing over the law named after it; with none, no law.
    assert.deepEqual(read(`《${evidence}》第一条规定，原告向人民法院起诉应当提供证据。该规定第二条亦有明确。`), [['证据规定', 1], ['证据规定', 2]]);
    assert.deepEqual(read(`《${evidence}》第一条规定了起诉时的举证。依据《劳动合同法》第十条，应当订立书面劳动合同。上述规定第二条亦有明确。`), [['证据规定', 1], ['劳动合同法', 10], ['证据规定', 2]]);
    assert.deepEqual(read('《中华人民共和国劳动合同法》第十条规定应当订立书面劳动合同。该规定第二条亦有明确。'), [['劳动合同法', 10], [null, 2]]);
    // 该法 is never the parties' contract, nor an interpretation named after the law: it reaches back to the law.
    assert.deepEqual(read('双方签订的《劳动合同》第五条约定了月工资。该法第八十二条规定了二倍工资。'), [[null, 5], [null, 82]]);
    assert.deepEqual(read('《中华人民共和国劳动合同法》第十条规定应当订立书面劳动合同。双方签订的《劳动合同》第五条约定了月工资。该法第八十二条规定了二倍工资。'), [
      ['劳动合同法', 10], [null, 5], ['劳动合同法', 82],
    ]);
    assert.deepEqual(read(`《中华人民共和国劳动合同法》第十条规定应当订立书面劳动合同。《${dispute}》第四十四条规定了举证责任。该法第八十二条规定了二倍工资。`), [
      ['劳动合同法', 10], ['劳动争议解释', 44], ['劳动合同法', 82],
    ]);
    // 该条例 after the law and its 实施条例: the 条例, not the law.
    assert.deepEqual(read('依照《劳动合同法》第八十二条和《劳动合同法实施条例》第六条。该条例第七条另有规定。'), [['劳动合同法', 82], ['实施条例', 6], ['实施条例', 7]]);
  });

  it('does not inherit across sentences', () => {
    const refs = parseCitations('依照刑法第二百六十四条定罪。第十条另有规定。', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.article]), [['刑法', 264], [null, 10]]);
  });

  it('switches law when a new one is named', () => {
    const refs = parseCitations('依照刑法第十七条、第十八条和民事诉讼法第一百二十二条、第一百二十三条', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.article]), [
      ['刑法', 17],
      ['刑法', 18],
      ['民事诉讼法', 122],
      ['民事诉讼法', 123],
    ]);
  });

  it('marks 本法 references as same-law, also for those inheriting it', () => {
    const refs = parseCitations('违反本法第十条和第十一条规定的，依照本条例第五条处理。', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.sameLaw, r.article, r.raw]), [
      [null, true, 10, '本法第十条'],
      [null, true, 11, '第十一条'],
      [null, true, 5, '本条例第五条'],
    ]);
    assert.ok(refs.every((r) => r.lawKeys.length === 0));
  });

  it('gives lawName null to an article without any law in its sentence', () => {
    const ref = only('第十条规定了什么？');
    assert.deepEqual([ref.lawName, ref.sameLaw, ref.article, ref.lawKeys], [null, false, 10, []]);
  });

  it('ignores 前款, 本条第二款 and other references without an article number', () => {
    assert.deepEqual(parseCitations('前款规定的情形，适用本条第二款。', index), []);
  });

  it('does not cite dates, amounts or counts', () => {
    const text = '民法典2020年5月28日通过，刑法5000元以上，劳动合同法第3次修正，罚款3000元。';
    assert.deepEqual(parseCitations(text, index), []);
    assert.deepEqual(parseCitations('刑法2020年修正，民法典第一编', index), []);
    assert.deepEqual(parseCitations('第十三届全国人民代表大会第三次会议通过', index), []);
  });

  it('does not give the law of a derived document to its articles', () => {
    const refs = parseCitations('刑法修正案（十一）第一条', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.article]), [[null, 1]]);
    const company = parseCitations('最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（四）第五条', index);
    assert.deepEqual(company.map((r) => [r.lawName, r.article]), [[null, 5]]);
  });

  it('does not inherit through an unknown law', () => {
    const refs = parseCitations('依照民法典第二百七十八条和《物业管理条例》第十一条、第十二条', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.article, r.raw]), [
      ['民法典', 278, '民法典第二百七十八条'],
      [null, 11, '《物业管理条例》第十一条'],
      [null, 12, '第十二条'],
    ]);
    const unbracketed = parseCitations('民法典规定之外，物业管理条例第十一条也适用', index);
    assert.deepEqual(unbracketed.map((r) => [r.lawName, r.article]), [[null, 11]]);
  });

  it('does not read a known name inside an unknown 《title》 as that law', () => {
    const refs = parseCitations('《北京市劳动合同法实施办法》第五条', index);
    assert.deepEqual(refs.map((r) => [r.lawName, r.article]), [[null, 5]]);
  });

  it('keeps 之规定 out of the sub-number', () => {
    assert.deepEqual(brief(only('依照刑法第二十三条之规定')), ['刑法', 23, 0, null, null, '刑法第二十三条']);
  });
});

/** The sample laws plus laws whose names end longer names, or begin derived documents. */
const wider = new LawNameIndex(
  [
    ...TITLES,
    '中华人民共和国仲裁法',
    '中华人民共和国监察法',
    '中华人民共和国企业所得税法',
    '中华人民共和国刑法修正案',
    '最高人民法院关于审理劳动争议案件适用法律若干问题的解释',
  ].map((title) => ({ key: title, names: lawAliases(title) })),
);

function lawsOf(text: string): unknown[] {
  return parseCitations(text, wider).map((r) => [r.lawName, r.article]);
}

describe('parseCitations: lists and ranges', () => {
  it('reads numbers that share one 条 as one citation each, all of the law before them', () => {
    assert.deepEqual(parseCitations('民法典第1165、1166条', index).map(brief), [
      ['民法典', 1165, 0, null, null, '民法典第1165'],
      ['民法典', 1166, 0, null, null, '1166条'],
    ]);
    assert.deepEqual(parseCitations('依照劳动合同法第三十八、四十六和四十七条', index).map((r) => [r.lawName, r.article]), [
      ['劳动合同法', 38], ['劳动合同法', 46], ['劳动合同法', 47],
    ]);
    assert.deepEqual(parseCitations('违反本法第十、十一条的', index).map((r) => [r.sameLaw, r.article]), [[true, 10], [true, 11]]);
  });

  it('leaves numbers that are no articles alone: 款 lists, periods, counts, 审', () => {
    assert.deepEqual(parseCitations('民法典第一千零八十四条第一、二款', index).map((r) => r.article), [1084], '款 are no articles');
    assert.deepEqual(parseCitations('劳动法第三十六条、三十日内', index).map((r) => r.article), [36]);
    assert.deepEqual(parseCitations('刑法第五条、第三款', index).map((r) => r.article), [5]);
    assert.deepEqual(parseCitations('第一、二审程序', index), []);
  });

  it('reads the far end of a range written without 第 (至, 到, a dash) and keeps 之一 on an end', () => {
    for (const text of ['民法典第1165条至1167条', '民法典第1165至1167条', '民法典第1165-1167条', '民法典第1165条—第1167条', '民法典第1165条到第1167条']) {
      assert.deepEqual(parseCitations(text, index).map((r) => [r.lawName, r.article]), [['民法典', 1165], ['民法典', 1167]], text);
    }
    assert.deepEqual(parseCitations('刑法第一百三十三条至第一百三十三条之一', index).map((r) => [r.article, r.subNumber]), [[133, 0], [133, 1]]);
  });

  it('reads several 款 of one article: a list, each with 款 or sharing one, and a range with what lies inside it', () => {
    const paragraphs = (text: string) => parseCitations(text, index).map((r) => [r.article, r.paragraph, r.parts.map((p) => p.paragraph), r.raw]);
    assert.deepEqual(paragraphs('民法典第一千零八十四条第一、二款'), [[1084, 1, [1, 2], '民法典第一千零八十四条第一、二款']]);
    assert.deepEqual(paragraphs('民法典第1084条第2款、第3款'), [[1084, 2, [2, 3], '民法典第1084条第2款、第3款']]);
    assert.deepEqual(paragraphs('民法典第1084条第一款至第三款'), [[1084, 1, [1, 2, 3], '民法典第1084条第一款至第三款']]);
    assert.deepEqual(paragraphs('民法典第1084条第二款'), [[1084, 2, [2], '民法典第1084条第二款']]);
    assert.deepEqual(paragraphs('民法典第1084条'), [[1084, null, [], '民法典第1084条']]);
    assert.deepEqual(paragraphs('民法典第1084条第一款、第1085条'), [[1084, 1, [1], '民法典第1084条第一款'], [1085, null, [], '第1085条']], 'an article after a 款 is an article');
    assert.deepEqual(paragraphs('民法典第1084条第2款和第1085条第1款'), [[1084, 2, [2], '民法典第1084条第2款'], [1085, 1, [1], '第1085条第1款']]);
  });

  it('reads several 项 of one 款 the same way, with or without brackets', () => {
    const items = (text: string) => parseCitations(text, index).map((r) => [r.article, r.paragraph, r.item, r.parts.flatMap((p) => p.items)]);
    assert.deepEqual(items('劳动合同法第38条第1款第一、二项'), [[38, 1, 1, [1, 2]]]);
    assert.deepEqual(items('劳动合同法第38条第一款第（一）、（二）项'), [[38, 1, 1, [1, 2]]]);
    assert.deepEqual(items('劳动合同法第38条第1款第一项至第三项'), [[38, 1, 1, [1, 2, 3]]]);
    assert.deepEqual(items('劳动合同法第38条第二项和第三项'), [[38, null, 2, [2, 3]]]);
    assert.deepEqual(items('劳动合同法第38条（二）'), [[38, null, 2, [2]]], 'a bracketed 项 alone, as before');
    assert.deepEqual(items('劳动合同法第三十八条第一款第二项、第四十六条'), [[38, 1, 2, [2]], [46, null, null, []]]);
  });

  it('gives each 款 its own 项: groups joined by 、 or 和, the 项 after a list of 款 belonging to its last', () => {
    const parts = (text: string) => parseCitations(text, index).map((r) => [r.article, r.parts, r.raw]);
    assert.deepEqual(parts('劳动合同法第四十一条第一款第二项、第二款第三项'), [
      [41, [{ paragraph: 1, items: [2] }, { paragraph: 2, items: [3] }], '劳动合同法第四十一条第一款第二项、第二款第三项'],
    ]);
    assert.deepEqual(parts('劳动合同法第41条第1款第一、二项和第2款'), [[41, [{ paragraph: 1, items: [1, 2] }, { paragraph: 2, items: [] }], '劳动合同法第41条第1款第一、二项和第2款']]);
    assert.deepEqual(parts('劳动合同法第41条第一款、第二款第三项'), [[41, [{ paragraph: 1, items: [] }, { paragraph: 2, items: [3] }], '劳动合同法第41条第一款、第二款第三项']], 'not 第一款第三项');
    assert.deepEqual(parts('劳动合同法第41条第二项、第三款'), [[41, [{ paragraph: null, items: [2] }, { paragraph: 3, items: [] }], '劳动合同法第41条第二项、第三款']]);
    assert.deepEqual(
      parts('劳动合同法第41条第一款第二项、第四十二条第三项'),
      [[41, [{ paragraph: 1, items: [2] }], '劳动合同法第41条第一款第二项'], [42, [{ paragraph: null, items: [3] }], '第四十二条第三项']],
      'a later group must name its 款, so the next article stays an article',
    );
    assert.deepEqual(parts('劳动合同法第41条第一款第二项、第五项'), [[41, [{ paragraph: 1, items: [2, 5] }], '劳动合同法第41条第一款第二项、第五项']]);
  });

  it('tells text of citations alone from a question that holds citations', () => {
    for (const text of ['民法典第1165条', '刑法264', '民法典第1165条至第1167条', '劳动合同法第三十八条、第四十六条。', '民法典第1165条、合同法第52条', '《民法典》第一千一百六十五条第二款']) {
      assert.equal(onlyCitations(text, index), true, text);
    }
    for (const text of ['民法典第1165条规定的过错责任是什么意思', '劳动合同法第三十八条和第四十六条有什么关系', '拖欠工资', '']) {
      assert.equal(onlyCitations(text, index), false, text);
    }
    const started = performance.now();
    assert.equal(onlyCitations(`民法典第1165条、${'法'.repeat(190)}x`, index), false);
    assert.ok(performance.now() - started < 1000, 'a long run of 法 does not make the check backtrack for long');
  });

  it('adds the articles inside a range only when asked, and only within one law and a plausible span', () => {
    assert.deepEqual(parseCitations('刑法第二百六十三条至第二百六十六条', index).map((r) => r.article), [263, 266]);
    const expanded = parseCitations('刑法第二百六十三条至第二百六十六条', index, { ranges: 'expand' });
    assert.deepEqual(expanded.map((r) => [r.lawName, r.article]), [['刑法', 263], ['刑法', 264], ['刑法', 265], ['刑法', 266]]);
    assert.equal(expanded[1]?.raw, '刑法第二百六十三条至第二百六十六条', 'an article inside the range points at the whole range');
    assert.deepEqual(parseCitations('刑法第十条、第十三条', index, { ranges: 'expand' }).map((r) => r.article), [10, 13], 'a list is no range');
    assert.deepEqual(parseCitations('刑法第十条至民法典第十三条', index, { ranges: 'expand' }).map((r) => r.article), [10, 13], 'two laws are no range');
    assert.deepEqual(parseCitations('刑法第一条至第一百条', index, { ranges: 'expand' }).map((r) => [r.article, r.wideRange]), [[1, 100], [100, 100]], 'wider than 50: the ends only, marked with the span so a caller can say so');
    assert.deepEqual(parseCitations('刑法第二百六十六条至第二百六十三条', index, { ranges: 'expand' }).map((r) => r.article), [266, 265, 264, 263], 'written the wrong way round: the same articles, as written');
    assert.equal(parseCitations('刑法第二百六十三条至第二百六十六条', index, { ranges: 'expand' }).some((r) => r.wideRange !== undefined), false);
    const marked = (text: string) => parseCitations(text, index, { ranges: 'expand' }).map((r) => [r.article, r.withInserted ?? false]);
    assert.deepEqual(marked('刑法第一百三十三条至第一百三十五条'), [[133, true], [134, true], [135, false]], 'articles inserted after the first end and the inside (之一) belong to the range; after the far end they do not');
    assert.deepEqual(marked('刑法第一百三十三条至第一百三十四条'), [[133, true], [134, false]], 'a range of two adjacent numbers holds what was inserted between them');
    assert.deepEqual(marked('刑法第一百三十三条、第一百三十四条'), [[133, false], [134, false]]);
  });
});

describe('parseCitations: names inside longer names', () => {
  it('takes a name for a law only where a word starts, not at the tail of a longer name', () => {
    assert.deepEqual(lawsOf('行政监察法第十八条'), [[null, 18]]);
    assert.deepEqual(lawsOf('外商投资企业和外国企业所得税法第一条'), [[null, 1]]);
    assert.deepEqual(lawsOf('依照调解仲裁法第十六条'), [[null, 16]]);
    // After citing words, conjunctions, a category name or 中华人民共和国 a word starts.
    assert.deepEqual(lawsOf('依照监察法第十八条、违反仲裁法第十六条和企业所得税法第一条'), [['监察法', 18], ['仲裁法', 16], ['企业所得税法', 1]]);
    assert.deepEqual(lawsOf('货值金额达到刑法第一百四十条'), [['刑法', 140]]);
    assert.deepEqual(lawsOf('诉讼与非诉讼程序法仲裁法第十六条'), [['仲裁法', 16]]);
    assert.deepEqual(lawsOf('《中华人民共和国监察法》第十八条'), [['中华人民共和国监察法', 18]]);
  });

  it('reports the name as unknown with the shorter name as a candidate', () => {
    const result = parseSingleCitation('行政监察法第十八条', wider);
    assert.ok(!result.ok && result.reason === 'unknown-law');
    assert.ok(!result.ok && result.candidates?.includes('监察法'));
  });
});

describe('parseCitations: documents named after a law', () => {
  it('does not give the law to an article of its interpretation, amendment or numbered sequel', () => {
    assert.deepEqual(lawsOf('公司法解释（三）第二十四条'), [[null, 24]]);
    assert.deepEqual(lawsOf('民法典婚姻家庭编解释（一）第二十九条'), [[null, 29]]);
    assert.deepEqual(lawsOf('刑法修正案十一第一条'), [[null, 1]]);
    assert.deepEqual(lawsOf('刑法修正案（十一）第一条'), [[null, 1]]);
    assert.deepEqual(lawsOf('最高人民法院关于审理劳动争议案件适用法律若干问题的解释（五）第一条'), [[null, 1]]);
  });

  it('lists the numbered documents of the same series as candidates', () => {
    const index = new LawNameIndex(
      ['一', '二', '三'].map((n) => ({ key: n, names: lawAliases(`最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（${n}）`) })),
    );
    const result = parseSingleCitation('公司法解释（六）第一条', index);
    assert.ok(!result.ok && result.reason === 'unknown-law');
    assert.deepEqual(!result.ok ? [...(result.candidates ?? [])].sort() : [], ['公司法解释(一)', '公司法解释(三)', '公司法解释(二)'].sort());
  });
});

describe('parseCitations: version pins', () => {
  it('reads （2018年修正） after the name and 2018年 before it as the version year', () => {
    const noted = parseCitations('《公司法》（2018年修正）第七十一条、第七十二条', index);
    assert.deepEqual(noted.map((r) => [r.lawName, r.article, r.versionYear, r.raw]), [
      ['公司法', 71, 2018, '《公司法》（2018年修正）第七十一条'],
      ['公司法', 72, 2018, '第七十二条'],
    ]);
    const leading = only('依照2018年公司法第七十一条');
    assert.deepEqual([leading.lawName, leading.versionYear, leading.raw], ['公司法', 2018, '2018年公司法第七十一条']);
    assert.equal(only('二〇一八年修订的公司法第七十一条').versionYear, 2018);
    assert.equal(only('二○一八年公司法第七十一条').versionYear, 2018, 'the look-alike circle ○ is a zero too');
    assert.equal(only('公司法（２０１８年修正）第七十一条').versionYear, 2018);
    assert.equal(only('公司法第七十一条').versionYear, null);
    assert.equal(only('2018年10月26日公布的公司法第七十一条').versionYear, null, 'a date is no version');
    // As databases and judgments write it: the year alone, 修正 without 年, 年 without 修正, the note inside the title's brackets.
    for (const text of ['公司法（2018）第七十一条', '公司法(2018修正)第71条', '公司法（2018年）第七十一条', '《中华人民共和国公司法（2018修正）》第七十一条']) {
      assert.equal(only(text).versionYear, 2018, text);
    }
  });
});

describe('parseSingleCitation', () => {
  it('accepts a well-formed citation', () => {
    const result = parseSingleCitation('劳动合同法第38条第1款', index);
    assert.ok(result.ok);
    assert.deepEqual(brief(result.ref), ['劳动合同法', 38, 0, 1, null, '劳动合同法第38条第1款']);
  });

  it('accepts an ambiguous law name, leaving the choice to the caller', () => {
    const result = parseSingleCitation('消防条例 12', index);
    assert.ok(result.ok);
    assert.equal(result.ref.lawKeys.length, 2);
  });

  it('reports a missing article number with candidate names', () => {
    const result = parseSingleCitation('劳动合同法', index);
    assert.equal(result.ok, false);
    assert.ok(!result.ok && result.reason === 'no-article-number');
    assert.ok(!result.ok && result.candidates?.includes('劳动合同法'));
    const nothing = parseSingleCitation('怎么申请仲裁', index);
    assert.ok(!nothing.ok && nothing.reason === 'no-article-number');
  });

  it('reports an unknown law with near names', () => {
    const typo = parseSingleCitation('劳动合同发第38条', index);
    assert.ok(!typo.ok && typo.reason === 'unknown-law');
    assert.ok(!typo.ok && typo.candidates?.[0] === '劳动合同法');
    const part = parseSingleCitation('合作社法第3条', index);
    assert.ok(!part.ok && part.reason === 'unknown-law');
    assert.ok(!part.ok && part.candidates?.includes('农民专业合作社法'));
    const unknown = parseSingleCitation('《物业管理条例》第5条', index);
    assert.ok(!unknown.ok && unknown.reason === 'unknown-law');
  });

  it('reports an article numeral it cannot read, with the reading it probably meant', () => {
    const result = parseSingleCitation('刑法第一百十条', index);
    assert.ok(!result.ok && result.reason === 'bad-article-number');
    assert.deepEqual(!result.ok ? result.candidates : [], ['刑法第一百一十条']);
    const spoken = parseSingleCitation('刑法第一百五条', index);
    assert.deepEqual(!spoken.ok ? spoken.candidates : [], ['刑法第一百零五条', '刑法第一百五十条']);
  });

  it('reports a citation without a law name and hands back the parsed article', () => {
    const bare = parseSingleCitation('第十条', index);
    assert.ok(!bare.ok && bare.reason === 'no-law-name');
    assert.equal(!bare.ok ? bare.ref?.article : undefined, 10);
    const same = parseSingleCitation('本法第十条', index);
    assert.ok(!same.ok && same.reason === 'no-law-name' && same.ref?.sameLaw === true);
  });
});

interface LawBenchRecord {
  query: string;
  relevant: Array<{ law: string; article_no: number; file: string }>;
}

const LAWBENCH = path.resolve(process.cwd(), '../shared/eval/lawbench-citation-lookup.jsonl');

describe('LawBench citation lookup', () => {
  it('finds the gold law and article in at least 97% of records', (t) => {
    if (!fs.existsSync(LAWBENCH)) {
      t.skip(`${LAWBENCH} not found`);
      return;
    }
    const records = fs
      .readFileSync(LAWBENCH, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as LawBenchRecord);
    const files = new Map(records.flatMap((r) => r.relevant.map((g) => [g.law, g.file] as const)));
    const names = new LawNameIndex([...files].map(([law, file]) => ({ key: law, names: lawAliases(law, file) })));
    const labelled = records.filter((r) => r.relevant.length > 0);
    const failures: string[] = [];
    for (const record of labelled) {
      const refs = parseCitations(record.query, names);
      const hit = record.relevant.some((g) => refs.some((r) => r.lawKeys.includes(g.law) && r.article === g.article_no));
      if (!hit) failures.push(`${record.query} → ${JSON.stringify(refs.map((r) => [r.lawName, r.article]))}`);
    }
    const rate = (labelled.length - failures.length) / labelled.length;
    t.diagnostic(`LawBench citation rate ${(rate * 100).toFixed(1)}% of ${labelled.length} labelled records`);
    assert.ok(labelled.length >= 400, `only ${labelled.length} labelled records`);
    assert.ok(rate >= 0.97, `rate ${rate.toFixed(3)}; failures:\n${failures.slice(0, 20).join('\n')}`);
  });
});
