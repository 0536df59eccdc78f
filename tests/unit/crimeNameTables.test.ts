/**
 * The crime-name texts parsed as they are: shapes written out here, then the nine texts of the shared
 * corpus (the 1997 list of 最高人民检察院 and the 补充规定 to （八）), read oldest first as the library reads them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { articlesIn, crimeNameMap, crimeNameRows, splitNames } from '../../main/library/citation/crimeNameTables.js';
import { buildCrimeNameIndex, crimeNamesIn } from '../../main/library/citation/crimeNames.js';
import { CORPUS_DIR, sharedSkipReason } from '../helpers/library.js';

const art = (number: number, subNumber = 0) => ({ number, subNumber });

describe('crime-name shapes', () => {
  it('reads article references in Arabic and Chinese numerals, 之一 included, and only 刑法 分则 numbers', () => {
    assert.deepEqual(articlesIn('第114条、第115条第1款'), [art(114), art(115)]);
    assert.deepEqual(articlesIn('第二百七十六条之一'), [art(276, 1)]);
    assert.deepEqual(articlesIn('第371条第2条'), [art(371)], 'a slip (第2条 for 第2款) is no article of 分则');
  });

  it('splits names listed together only after 罪, not inside a name', () => {
    assert.deepEqual(splitNames('滥用职权罪、玩忽职守罪'), ['滥用职权罪', '玩忽职守罪']);
    assert.deepEqual(splitNames('盗窃、抢夺枪支、弹药、爆炸物、危险物质罪'), ['盗窃、抢夺枪支、弹药、爆炸物、危险物质罪']);
    assert.deepEqual(splitNames('为境外窃取、刺探、收买、非法提供 商业秘密罪'), ['为境外窃取、刺探、收买、非法提供商业秘密罪']);
  });

  it('reads a table row with its abolished names, an empty reference as the row above, and a rename sentence', () => {
    const table = [
      '| 刑法条文 |罪名 |', '|-----|-----|',
      '| 第201条 （《刑法修正案（七）》第3条） |逃税罪 （取消偷税罪罪名） |',
      '| 第291条之一（《修正案（三）》第8条） |投放虚假危险物质罪 |',
      '| |编造、故意传播虚假恐怖信息罪 |',
      '| 《决定》第1条 |骗购外汇罪 |',
      '| 第三百六十条第二款 （《刑法修正案（九）》第四十三条） |取消嫖宿幼女罪罪名 |',
    ].join('\n');
    assert.deepEqual(crimeNameRows(table), [
      { names: ['逃税罪'], abolished: ['偷税罪'], articles: [art(201)] },
      { names: ['投放虚假危险物质罪'], abolished: [], articles: [art(291, 1)] },
      { names: ['编造、故意传播虚假恐怖信息罪'], abolished: [], articles: [art(291, 1)] },
      { names: [], abolished: ['嫖宿幼女罪'], articles: [art(360)] },
    ]);
    assert.deepEqual(crimeNameRows('将《中华人民共和国刑法》第一百六十九条（《刑法修正案（十二）》第三条）的罪名由“徇私舞弊低价折股、出售国有资产罪”修改为“徇私舞弊低价折股、出售公司、企业资产罪”。'), [
      { names: ['徇私舞弊低价折股、出售公司、企业资产罪'], abolished: ['徇私舞弊低价折股、出售国有资产罪'], articles: [art(169)] },
    ]);
  });

  it('reads the 1997 list, a chapter heading and a bracket inside a name included', () => {
    assert.deepEqual(crimeNameRows('## 第二章 危害公共安全罪\n\n放火罪（第114条、第115条第1款） 14．决水罪（第114条） 250．组织他人偷越国（边）境罪（第318条）'), [
      { names: ['放火罪'], abolished: [], articles: [art(114), art(115)] },
      { names: ['决水罪'], abolished: [], articles: [art(114)] },
      { names: ['组织他人偷越国（边）境罪'], abolished: [], articles: [art(318)] },
    ]);
  });
});

describe('the crime-name texts of the shared corpus', () => {
  const skip = sharedSkipReason();
  const dir = path.join(CORPUS_DIR, '司法解释');
  /** Oldest first, by the date in the file name, as the library orders them by publication. */
  const texts = () => fs.readdirSync(dir)
    .filter((f) => f.includes('确定罪名') || f.includes('犯罪的罪名的意见'))
    .sort((a, b) => (/\((\d{4}-\d\d-\d\d)\)/.exec(a)?.[1] ?? '').localeCompare(/\((\d{4}-\d\d-\d\d)\)/.exec(b)?.[1] ?? ''))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));

  it('holds the nine texts and maps the names lawyers use to the articles that define them', { skip }, () => {
    const all = texts();
    assert.equal(all.length, 9);
    const map = crimeNameMap(all);
    assert.ok(map.size > 450, `${map.size} names`);
    for (const [name, article] of [
      ['拒不支付劳动报酬罪', art(276, 1)], ['帮助信息网络犯罪活动罪', art(287, 2)], ['危险驾驶罪', art(133, 1)],
      ['职务侵占罪', art(271)], ['诈骗罪', art(266)], ['故意伤害罪', art(234)], ['盗窃罪', art(264)], ['袭警罪', art(277)],
      ['侵犯公民个人信息罪', art(253, 1)], ['催收非法债务罪', art(293, 1)],
    ] as const) assert.deepEqual(map.get(name), [article], name);
  });

  it('lets a later text decide: renamed crimes lead to the article of the new name, an abolished one to none', { skip }, () => {
    const map = crimeNameMap(texts());
    assert.deepEqual(map.get('偷税罪'), [art(201)], 'renamed 逃税罪 in 2009');
    assert.deepEqual(map.get('出售、非法提供公民个人信息罪'), [art(253, 1)], 'merged into 侵犯公民个人信息罪 in 2015');
    assert.deepEqual(map.get('走私固体废物罪'), [art(152)], 'was 第155条第3项 in 1997, 第152条第2款 since 2002');
    assert.deepEqual(map.get('徇私舞弊低价折股、出售公司、企业资产罪'), [art(169)], '（八） of 2024');
    assert.equal(map.get('嫖宿幼女罪'), undefined, 'abolished in 2015 with no successor');
    assert.ok(![...map.keys()].some((n) => n.includes('决定') || n.includes('|') || /\s/.test(n)));
  });

  it('finds the names in a query, the longest where two end together, and the short forms', { skip }, () => {
    const index = buildCrimeNameIndex(texts());
    const names = (q: string) => crimeNamesIn(q, index).map((m) => m.name);
    assert.deepEqual(names('老板拖欠工资跑路了，能告他拒不支付劳动报酬罪吗？'), ['拒不支付劳动报酬罪']);
    assert.deepEqual(names('集资诈骗罪和诈骗罪的区别'), ['集资诈骗罪', '诈骗罪']);
    assert.deepEqual(names('醉驾怎么判，帮信罪呢'), ['醉驾', '帮信罪']);
    assert.deepEqual(names('强制猥亵罪和生产销售假药罪'), ['强制猥亵罪', '生产销售假药罪'], 'a compound\'s first alternative; a name without 、');
    assert.deepEqual(names('构成犯罪吗？组织罪犯越狱怎么判'), [], 'no name: 犯罪, and 组织罪 is no variant (under four characters)');
  });
});
