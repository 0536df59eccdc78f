import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  INTERPRETATION_NAMES,
  LAW_ABBREVIATIONS,
  LawNameIndex,
  lawAliases,
  normalizeLawName,
  shortNameFromFile,
} from '../../main/library/citation/aliases.js';
import { CORPUS_DIR, sharedSkipReason } from '../helpers/library.js';

describe('normalizeLawName', () => {
  it('strips book-title marks, quotes and spaces', () => {
    assert.equal(normalizeLawName('《中华人民共和国 劳动合同法》'), '中华人民共和国劳动合同法');
    assert.equal(normalizeLawName('“民法典”'), '民法典');
    assert.equal(normalizeLawName('民法典\u3000合同编'), '民法典合同编');
  });

  it('folds full-width forms to half-width', () => {
    assert.equal(normalizeLawName('人民检察院刑事诉讼规则（试行）'), '人民检察院刑事诉讼规则(试行)');
    assert.equal(normalizeLawName('宪法修正案（２０１８年）'), '宪法修正案(2018年)');
  });
});

describe('shortNameFromFile', () => {
  it('strips the folder, .md and the version date', () => {
    assert.equal(shortNameFromFile('劳动合同法(2012-12-28).md'), '劳动合同法');
    assert.equal(shortNameFromFile('民法商法/公司法(2023-12-29).md'), '公司法');
    assert.equal(shortNameFromFile('刑法.md'), '刑法');
  });

  it('keeps parentheses that are part of the name', () => {
    assert.equal(shortNameFromFile('刑法修正案（十二）(2023-12-29).md'), '刑法修正案（十二）');
  });
});

describe('lawAliases', () => {
  it('gives the full title, the title without 中华人民共和国 and the file short name', () => {
    const names = lawAliases('中华人民共和国劳动合同法', '劳动合同法(2012-12-28).md');
    assert.ok(names.includes('中华人民共和国劳动合同法'));
    assert.ok(names.includes('劳动合同法'));
    assert.ok(names.includes('劳合法'));
    assert.ok(!names.some((n) => n.includes('2012')));
  });

  it('adds well-known abbreviations', () => {
    assert.ok(lawAliases('中华人民共和国民事诉讼法').includes('民诉法'));
    assert.ok(lawAliases('中华人民共和国刑事诉讼法').includes('刑诉法'));
    assert.ok(lawAliases('中华人民共和国行政诉讼法').includes('行诉法'));
    assert.ok(lawAliases('中华人民共和国道路交通安全法').includes('道交法'));
    const consumer = lawAliases('中华人民共和国消费者权益保护法');
    assert.ok(consumer.includes('消保法') && consumer.includes('消法'));
    assert.ok(lawAliases('中华人民共和国个人信息保护法').includes('个保法'));
    assert.deepEqual(lawAliases('中华人民共和国合同法').sort(), ['中华人民共和国合同法', '合同法'].sort());
  });

  it('removes (试行) and (20xx年修正) notes but keeps numbering such as （一）', () => {
    assert.ok(lawAliases('人民检察院刑事诉讼规则（试行）').includes('人民检察院刑事诉讼规则'));
    assert.ok(lawAliases('中华人民共和国刑法（2020年修正）').includes('刑法'));
    const interpretation = lawAliases('最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（四）');
    assert.ok(interpretation.includes('最高人民法院关于适用公司法若干问题的规定(四)'));
    assert.ok(!interpretation.includes('最高人民法院关于适用公司法若干问题的规定'));
  });

  it('ignores file names that are parts of a code (民法典/合同编.md)', () => {
    const names = lawAliases('中华人民共和国民法典', '合同编.md');
    assert.deepEqual(names.sort(), ['中华人民共和国民法典', '民法典'].sort());
    assert.ok(!lawAliases('中华人民共和国民法典', '总则.md').includes('总则'));
  });

  it('adds 调解仲裁法, the short name the labour-dispute interpretations use', () => {
    assert.ok(lawAliases('中华人民共和国劳动争议调解仲裁法').includes('调解仲裁法'));
  });

  it('adds the names practitioners use for common judicial interpretations', () => {
    assert.ok(lawAliases('最高人民法院关于适用《中华人民共和国民事诉讼法》的解释').includes('民诉法解释'));
    assert.ok(lawAliases('最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释').includes('刑诉法解释'));
    const marriage = lawAliases('最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）');
    assert.ok(marriage.includes('婚姻家庭编解释(一)') && marriage.includes('民法典婚姻家庭编解释(一)'));
    assert.ok(lawAliases('最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）').includes('公司法解释(三)'));
    assert.ok(lawAliases('最高人民法院关于审理民间借贷案件适用法律若干问题的规定').includes('民间借贷规定'));
    assert.ok(lawAliases('最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释').includes('人身损害赔偿解释'));
    const construction = lawAliases('最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）');
    assert.ok(construction.includes('建工解释(一)') && construction.includes('建工解释一'));
    assert.ok(!lawAliases('最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（二）').includes('建工解释(一)'), 'the repealed (二) keeps its own name');
    assert.ok(lawAliases('最高人民法院关于适用《中华人民共和国民事诉讼法》的解释').includes('民诉解释'));
    assert.ok(lawAliases('最高人民法院关于适用《中华人民共和国行政诉讼法》的解释').includes('行诉解释'));
    assert.ok(!lawAliases('最高人民法院关于适用《中华人民共和国行政诉讼法》若干问题的解释').includes('行诉解释'), 'the earlier 若干问题的解释, which the 2018 one replaced, is not the one meant');
    assert.ok(lawAliases('最高人民法院关于审理道路交通事故损害赔偿案件适用法律若干问题的解释').includes('道交解释'));
    const bankruptcy = lawAliases('最高人民法院关于适用《中华人民共和国企业破产法》若干问题的规定（二）');
    assert.ok(bankruptcy.includes('破产法解释(二)') && bankruptcy.includes('破产法解释二') && bankruptcy.includes('企业破产法解释(二)'));
    assert.ok(lawAliases('最高人民法院关于人民法院办理执行异议和复议案件若干问题的规定').includes('执行异议复议规定'));
    assert.ok(lawAliases('最高人民法院关于民事执行中变更、追加当事人若干问题的规定').includes('变更追加规定'));
  });

  it('adds an interpretation\'s title without its court, as it is often cited', () => {
    assert.ok(lawAliases('最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释').includes('关于适用民法典有关担保制度的解释'));
    assert.ok(!lawAliases('最高人民法院、最高人民检察院关于办理盗窃刑事案件适用法律若干问题的解释').some((n) => n.startsWith('、')), 'a joint one keeps its courts');
  });

  it('writes a trailing （十一） also without brackets and in digits', () => {
    const names = lawAliases('中华人民共和国刑法修正案（十一）');
    assert.ok(names.includes('刑法修正案十一') && names.includes('刑法修正案(11)'));
    assert.ok(lawAliases('最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）').includes('公司法解释三'));
  });

  it('names only interpretations the corpus has', (t) => {
    const skip = sharedSkipReason();
    if (skip) {
      t.skip(skip);
      return;
    }
    const db = new Database(path.join(CORPUS_DIR, 'db.sqlite3'), { readonly: true });
    const titles = (db.prepare('SELECT DISTINCT name FROM law').all() as Array<{ name: string }>).map((r) => r.name);
    db.close();
    for (const key of INTERPRETATION_NAMES.keys()) {
      assert.ok(titles.some((title) => lawAliases(title).includes(key)), `${key} is no title in the corpus`);
    }
  });

  it('has an abbreviation table that maps to canonical short names', () => {
    assert.equal(LAW_ABBREVIATIONS.get('道交法'), '道路交通安全法');
    assert.equal(LAW_ABBREVIATIONS.get('消法'), '消费者权益保护法');
  });
});

function sampleIndex(): LawNameIndex {
  return new LawNameIndex([
    { key: 'coop', names: lawAliases('中华人民共和国农民专业合作社法') },
    { key: 'labour-contract', names: lawAliases('中华人民共和国劳动合同法') },
    { key: 'contract', names: lawAliases('中华人民共和国合同法') },
    { key: 'civil-code', names: lawAliases('中华人民共和国民法典') },
    { key: 'beijing-fire', names: ['北京市消防条例', '消防条例'] },
    { key: 'shanghai-fire', names: ['上海市消防条例', '消防条例'] },
    { key: 'company-iv', names: lawAliases('最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（四）') },
  ]);
}

describe('LawNameIndex.match', () => {
  const index = sampleIndex();

  it('finds the longest name ending exactly at the offset, past a glued category prefix', () => {
    const text = '民法商法农民专业合作社法第三十三条的内容是什么？';
    const m = index.match(text, text.indexOf('第'));
    assert.deepEqual(m, { key: ['coop'], name: '农民专业合作社法', start: 4, end: 12 });
  });

  it('prefers the longer of two names ending at the same place', () => {
    const text = '劳动合同法第38条';
    assert.equal(index.match(text, 5)?.name, '劳动合同法');
    assert.deepEqual(index.match(text, 5)?.key, ['labour-contract']);
  });

  it('returns null when no name ends exactly there', () => {
    assert.equal(index.match('劳动合同法第38条', 4), null);
    assert.equal(index.match('《民法典》第一条', 5), null);
    assert.equal(index.match('', 0), null);
  });

  it('returns null for a name that is the tail of a longer word', () => {
    const text = '北京市劳动合同法第38条';
    assert.equal(index.match(text, text.indexOf('第')), null);
    assert.equal(index.match('经济合同法第5条', 5), null);
    assert.equal(index.match('依照合同法第5条', 5)?.name, '合同法');
    assert.equal(index.match('违反劳动合同法第5条', 7)?.name, '劳动合同法');
  });

  it('returns every key of an ambiguous name', () => {
    assert.deepEqual(index.match('消防条例', 4)?.key.sort(), ['beijing-fire', 'shanghai-fire']);
    assert.deepEqual(index.lookup('《消防条例》').sort(), ['beijing-fire', 'shanghai-fire']);
    assert.deepEqual(index.lookup('不存在法'), []);
  });

  it('skips 《》 inside a name written in the text', () => {
    const text = '最高人民法院关于适用《公司法》若干问题的规定（四）第五条';
    const m = index.match(text, text.indexOf('第'));
    assert.deepEqual(m?.key, ['company-iv']);
    assert.equal(m?.start, 0);
  });
});

describe('LawNameIndex.findAll', () => {
  const index = sampleIndex();

  it('finds every non-overlapping name, longest first, in text order', () => {
    const text = '《劳动合同法》与合同法不同，民法典取代了合同法。';
    const found = index.findAll(text).map((m) => [m.name, m.start, m.end]);
    assert.deepEqual(found, [
      ['劳动合同法', 1, 6],
      ['合同法', 8, 11],
      ['民法典', 14, 17],
      ['合同法', 20, 23],
    ]);
  });

  it('skips names that are the tail of a longer word', () => {
    const found = index.findAll('经济合同法与合同法不同').map((m) => [m.name, m.start]);
    assert.deepEqual(found, [['合同法', 6]]);
  });

  it('finds nothing in text without law names', () => {
    assert.deepEqual(index.findAll('2020年5月28日通过，罚款5000元。'), []);
  });
});

describe('LawNameIndex.similarNames', () => {
  const index = sampleIndex();

  it('lists names containing the typed text and names the typed text contains', () => {
    assert.deepEqual(index.similarNames('合作社'), ['农民专业合作社法', '中华人民共和国农民专业合作社法']);
    assert.ok(index.similarNames('民法商法农民专业合作社法').includes('农民专业合作社法'));
  });

  it('offers the numbered documents of a series once each, in their bracketed form', () => {
    const series = new LawNameIndex(
      ['一', '二'].map((n) => ({ key: n, names: lawAliases(`最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（${n}）`) })),
    );
    const near = series.similarNames('公司法解释(六)');
    assert.deepEqual([...near].sort(), ['公司法解释(一)', '公司法解释(二)'].sort());
  });

  it('falls back to names sharing character pairs for typos', () => {
    assert.equal(index.similarNames('劳动合同发')[0], '劳动合同法');
    assert.deepEqual(index.similarNames('完全无关'), []);
  });
});

describe('LawNameIndex.closeNames', () => {
  const index = new LawNameIndex([
    { key: 'implementing', names: lawAliases('中华人民共和国劳动合同法实施条例') },
    { key: 'contract', names: lawAliases('中华人民共和国劳动合同法') },
    { key: 'lease', names: lawAliases('最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释') },
  ]);

  it('offers the names a mistyped one was surely meant as, not every name it contains', () => {
    assert.deepEqual(index.closeNames('劳动合同法实施细则'), ['劳动合同法实施条例'], 'not 劳动合同法, which it merely contains');
    assert.deepEqual(index.closeNames('城镇房屋租赁合同纠纷解释'), ['城镇房屋租赁合同解释']);
    assert.deepEqual(index.closeNames('深圳经济特区和谐劳动关系促进条例'), []);
    assert.deepEqual(index.closeNames('法'), []);
  });
});

describe('LawNameIndex speed', () => {
  it('matches in microseconds with ~1,500 laws and ~6,000 names', () => {
    const entries = Array.from({ length: 1500 }, (_, i) => ({
      key: `law-${i}`,
      names: [`中华人民共和国测试${i}号法`, `测试${i}号法`, `试${i}号法`, `第${i}号管理条例`],
    }));
    const index = new LawNameIndex(entries);
    assert.equal(index.size, 6000);
    const text = '民法商法测试1234号法第三十三条的内容是什么？';
    const end = text.indexOf('第三');
    assert.equal(index.match(text, end)?.name, '测试1234号法');
    const rounds = 20000;
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) index.match(text, end);
    const microsPerCall = ((performance.now() - t0) * 1000) / rounds;
    assert.ok(microsPerCall < 50, `match took ${microsPerCall.toFixed(2)} µs per call`);
  });
});
