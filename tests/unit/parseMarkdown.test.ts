import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { effectiveDatesInText, statedStarts } from '../../main/library/lawRefBook/effectiveClause.js';
import { parseLawMarkdown } from '../../main/library/lawRefBook/parseMarkdown.js';
import type { ParsedArticle, ParsedDocument } from '../../main/library/types.js';

function md(lines: readonly string[]): string {
  return lines.join('\n\n') + '\n';
}

function article(doc: ParsedDocument, label: string): ParsedArticle {
  const found = doc.articles.find((a) => a.label === label);
  assert.ok(found, `article ${label} not found; have ${doc.articles.map((a) => a.label).join(', ')}`);
  return found;
}

describe('parseLawMarkdown: header', () => {
  it('reads title, subtitle and history (ISO dates)', () => {
    const doc = parseLawMarkdown(
      md([
        '# 中华人民共和国民法典',
        '# 侵权责任编',
        '2020年5月28日 第十三届全国人民代表大会第三次会议通过',
        '1990年01月23日　发生了什么事情',
        '２０２１年１月１日 施行',
        '1998年7月31日北京市第十一届人民代表大会常务委员会第四次会议修订',
        '（根据某决定修正）',
        '第三十一条的决定》第一次修正',
        '<!-- INFO END -->',
        '第一条 本编调整民事关系。',
      ]),
    );
    assert.equal(doc.title, '中华人民共和国民法典');
    assert.equal(doc.subtitle, '侵权责任编');
    assert.deepEqual(doc.history, [
      { date: '2020-05-28', event: '第十三届全国人民代表大会第三次会议通过' },
      { date: '1990-01-23', event: '发生了什么事情' },
      { date: '2021-01-01', event: '施行' },
      { date: '1998-07-31', event: '北京市第十一届人民代表大会常务委员会第四次会议修订' },
    ]);
    assert.equal(doc.articles.length, 1);
    assert.deepEqual(doc.warnings, []);
  });

  it('has no subtitle when there is one title line, and ignores invalid dates', () => {
    const doc = parseLawMarkdown(
      md(['# 某法', '2020年13月1日 无效', '2021年2月29日 无效', '2020年2月29日 有效', '2020年3月1日', '<!-- INFO END -->', '第一条 内容。']),
    );
    assert.equal(doc.subtitle, null);
    assert.deepEqual(doc.history, [{ date: '2020-02-29', event: '有效' }]);
  });

  it('strips HTML comments, including inline and multi-line ones', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某条法律的标题 <!-- 比如中华人民共和国民法典 -->',
        '# 副标题 <!-- 人格权编 -->',
        '2021年11月1日 施行 <!-- 时间<空格>事件 -->',
        '<!-- INFO END -->',
        '<!-- 第五行是必须填写的，\n除此之外的备注可以在正文中忽略 -->',
        '## 第一篇 <!-- 层级 -->',
        '第一条 xxxxx',
        '<!-- FORCE BREAK -->',
        '第二条 yyyyy',
      ]),
    );
    assert.equal(doc.title, '某条法律的标题');
    assert.equal(doc.subtitle, '副标题');
    assert.deepEqual(doc.history, [{ date: '2021-11-01', event: '施行' }]);
    assert.equal(doc.preamble, '');
    assert.deepEqual(
      doc.articles.map((a) => [a.label, a.text, a.path]),
      [
        ['第一条', 'xxxxx', ['第一篇']],
        ['第二条', 'yyyyy', ['第一篇']],
      ],
    );
  });

  it('ignores front matter', () => {
    const doc = parseLawMarkdown(['---', 'bookHidden: true', 'title: x', '---', '', '# 某法', '', '<!-- INFO END -->', '', '第一条 内容。'].join('\n'));
    assert.equal(doc.title, '某法');
    assert.equal(doc.articles.length, 1);
    assert.deepEqual(doc.warnings, []);
  });

  it('handles CRLF line endings, a BOM and zero-width spaces', () => {
    const doc = parseLawMarkdown('\ufeff# 某法\r\n\r\n<!-- INFO END -->\r\n\r\n\u200b\r\n第一条 内容。\r\n\r\n第二条 另一内容。\r\n');
    assert.equal(doc.title, '某法');
    assert.deepEqual(
      doc.articles.map((a) => a.text),
      ['内容。', '另一内容。'],
    );
  });

  it('without INFO END, ends the header at the first heading', () => {
    const doc = parseLawMarkdown(md(['# 某法', '# 第一编', '2020年1月1日 通过', '## 第一章 总则', '第一条 内容。']));
    assert.equal(doc.title, '某法');
    assert.equal(doc.subtitle, '第一编');
    assert.deepEqual(doc.history, [{ date: '2020-01-01', event: '通过' }]);
    assert.deepEqual(doc.articles[0]?.path, ['第一章 总则']);
    assert.ok(doc.warnings.some((w) => w.includes('INFO END')));
  });

  it('without INFO END, ends the header at the first article or other text', () => {
    const direct = parseLawMarkdown(md(['# 某法', '2020年1月1日 通过', '第一条 内容。', '第二条 内容。']));
    assert.equal(direct.articles.length, 2);
    assert.equal(direct.history.length, 1);
    const withPreamble = parseLawMarkdown(md(['# 某批复', '某某高级人民法院：', '一、答复一。', '二、答复二。']));
    assert.equal(withPreamble.preamble, '某某高级人民法院：');
    assert.deepEqual(
      withPreamble.articles.map((a) => a.label),
      ['一', '二'],
    );
  });
});

describe('parseLawMarkdown: structure', () => {
  const code = md([
    '# 某法典',
    '2020年5月28日 通过',
    '<!-- INFO END -->',
    '## 第一编  总则',
    '### 第一分编 通则',
    '#### 第一章  一般规定',
    '第一条 为了规范……，制定本法。',
    '##### 第一节 小节',
    '第二条 第一款内容。',
    '第二款内容。',
    '第三款内容。',
    '###### 第一目 细目',
    '第三条 内容三。',
    '#### 第二章 其他规定',
    '第四条 内容四。',
    '第四条之一 插入的条文。',
    '第四条之二 又一插入的条文。',
    '### 第二分编 分则',
    '第五条 内容五。',
    '## 第二编 附则',
    '第六条 本法自公布之日起施行。',
  ]);
  const doc = parseLawMarkdown(code);

  it('builds the heading path by level, normalising whitespace', () => {
    assert.deepEqual(
      doc.articles.map((a) => [a.label, a.path]),
      [
        ['第一条', ['第一编 总则', '第一分编 通则', '第一章 一般规定']],
        ['第二条', ['第一编 总则', '第一分编 通则', '第一章 一般规定', '第一节 小节']],
        ['第三条', ['第一编 总则', '第一分编 通则', '第一章 一般规定', '第一节 小节', '第一目 细目']],
        ['第四条', ['第一编 总则', '第一分编 通则', '第二章 其他规定']],
        ['第四条之一', ['第一编 总则', '第一分编 通则', '第二章 其他规定']],
        ['第四条之二', ['第一编 总则', '第一分编 通则', '第二章 其他规定']],
        ['第五条', ['第一编 总则', '第二分编 分则']],
        ['第六条', ['第二编 附则']],
      ],
    );
    assert.deepEqual(doc.warnings, []);
  });

  it('numbers articles, including 之一 / 之二', () => {
    assert.deepEqual(
      doc.articles.map((a) => [a.kind, a.number, a.subNumber]),
      [
        ['article', 1, 0],
        ['article', 2, 0],
        ['article', 3, 0],
        ['article', 4, 0],
        ['article', 4, 1],
        ['article', 4, 2],
        ['article', 5, 0],
        ['article', 6, 0],
      ],
    );
  });

  it('splits an article into 款 and joins its text without the label', () => {
    const second = article(doc, '第二条');
    assert.deepEqual(
      second.paragraphs.map((p) => p.text),
      ['第一款内容。', '第二款内容。', '第三款内容。'],
    );
    assert.equal(second.text, '第一款内容。\n第二款内容。\n第三款内容。');
  });

  it('accepts U+3000, no separator, digit numbers and spaces inside the label', () => {
    const doc2 = parseLawMarkdown(
      md(['# 某法', '<!-- INFO END -->', '第一条\u3000全角空格。', '第二条紧接正文。', '第3条 数字编号。', '第 4 条 带空格。', '第一百二十八 条侦查。']),
    );
    assert.deepEqual(
      doc2.articles.map((a) => [a.label, a.number, a.text]),
      [
        ['第一条', 1, '全角空格。'],
        ['第二条', 2, '紧接正文。'],
        ['第3条', 3, '数字编号。'],
        ['第 4 条', 4, '带空格。'],
        ['第一百二十八 条', 128, '侦查。'],
      ],
    );
  });

  it('does not mistake a sentence starting with a reference for an article', () => {
    const doc2 = parseLawMarkdown(
      md(['# 某法', '<!-- INFO END -->', '第一条 内容。', '第十条的规定不适用于本条。', '第五条、第六条另有规定的除外。', '第二条 下一条。']),
    );
    assert.deepEqual(
      doc2.articles.map((a) => [a.label, a.paragraphs.length]),
      [
        ['第一条', 3],
        ['第二条', 1],
      ],
    );
  });

  it('keeps an article whose label stands alone on its line', () => {
    const doc2 = parseLawMarkdown(md(['# 某法', '<!-- INFO END -->', '第一条', '独立成段的内容。', '第二款。']));
    const first = article(doc2, '第一条');
    assert.deepEqual(
      first.paragraphs.map((p) => p.text),
      ['独立成段的内容。', '第二款。'],
    );
    assert.equal(first.text, '独立成段的内容。\n第二款。');
  });
});

describe('parseLawMarkdown: items (项)', () => {
  it('attaches （一）… paragraphs to the preceding 款', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某法',
        '<!-- INFO END -->',
        '第七十八条 有下列重大立功表现之一的，应当减刑：',
        '（一）阻止他人重大犯罪活动的；',
        '(二)检举监狱内外重大犯罪活动，经查证属实的；',
        '（三） 有发明创造或者重大技术革新的。',
        '减刑以后实际执行的刑期不能少于下列期限：',
        '（一）判处管制的，不能少于原判刑期的二分之一；',
        '（二）判处无期徒刑的，不能少于十三年。',
        '第七十九条 下一条。',
      ]),
    );
    const a = article(doc, '第七十八条');
    assert.equal(a.paragraphs.length, 2);
    assert.deepEqual(a.paragraphs[0], {
      text: '有下列重大立功表现之一的，应当减刑：',
      items: [
        { number: 1, text: '阻止他人重大犯罪活动的；' },
        { number: 2, text: '检举监狱内外重大犯罪活动，经查证属实的；' },
        { number: 3, text: '有发明创造或者重大技术革新的。' },
      ],
    });
    assert.deepEqual(
      a.paragraphs[1]?.items.map((i) => i.number),
      [1, 2],
    );
    assert.equal(
      a.text,
      [
        '有下列重大立功表现之一的，应当减刑：',
        '（一）阻止他人重大犯罪活动的；',
        '(二)检举监狱内外重大犯罪活动，经查证属实的；',
        '（三） 有发明创造或者重大技术革新的。',
        '减刑以后实际执行的刑期不能少于下列期限：',
        '（一）判处管制的，不能少于原判刑期的二分之一；',
        '（二）判处无期徒刑的，不能少于十三年。',
      ].join('\n'),
    );
  });

  it('splits several 项 written on one line', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某条例',
        '<!-- INFO END -->',
        '第四十七条 预案应当包括下列内容： （一）人员分工； （二）报警和接警处置措施； （三）应急疏散措施。',
        '第四十八条 有下列情形之一的：',
        '（一）故意侵权的； （二）拒不执行的； （三）构成犯罪的。',
        '第四十九条 依照本条例第 （二）、 （三）项规定处理。',
      ]),
    );
    const first = article(doc, '第四十七条');
    assert.equal(first.paragraphs[0]?.text, '预案应当包括下列内容：');
    assert.deepEqual(first.paragraphs[0]?.items, [
      { number: 1, text: '人员分工；' },
      { number: 2, text: '报警和接警处置措施；' },
      { number: 3, text: '应急疏散措施。' },
    ]);
    assert.equal(first.text, '预案应当包括下列内容： （一）人员分工； （二）报警和接警处置措施； （三）应急疏散措施。');
    const second = article(doc, '第四十八条');
    assert.deepEqual(
      second.paragraphs[0]?.items.map((i) => i.text),
      ['故意侵权的；', '拒不执行的；', '构成犯罪的。'],
    );
    const third = article(doc, '第四十九条');
    assert.deepEqual(third.paragraphs[0]?.items, []);
  });

  it('keeps sub-items (1．, （1）) inside the last 项', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某规定',
        '<!-- INFO END -->',
        '第四条 两类口岸的具体划分：',
        '（一）以下为一类口岸：',
        '1．对外国籍船舶开放的口岸；',
        '2．只允许我国籍船舶出入的口岸。',
        '（二）以下为二类口岸：',
        '（1）依靠其他口岸的港口；',
        '第五条 下一条。',
      ]),
    );
    const items = article(doc, '第四条').paragraphs[0]?.items;
    assert.deepEqual(items, [
      { number: 1, text: '以下为一类口岸：\n1．对外国籍船舶开放的口岸；\n2．只允许我国籍船舶出入的口岸。' },
      { number: 2, text: '以下为二类口岸：\n（1）依靠其他口岸的港口；' },
    ]);
  });

  // 国歌法第四条: "（一）…", an unnumbered paragraph, "（二）…" is one list of one 款.
  it('keeps unnumbered paragraphs inside a 项 when the list goes on after them', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某法',
        '<!-- INFO END -->',
        '第四条 海关可以行使下列权力：',
        '（一）检查进出境运输工具；',
        '（二）在海关监管区检查走私嫌疑人的身体；',
        '在海关监管区以外，经关长批准，可以进行检查。',
        '海关附近沿海沿边规定地区的范围，由海关总署确定。',
        '（三）法律规定由海关行使的其他权力。',
        '前款规定的权力，由海关工作人员行使。',
        '（一）另起的一组项。',
        '第五条 下一条。',
      ]),
    );
    const a = article(doc, '第四条');
    assert.deepEqual(a.paragraphs, [
      {
        text: '海关可以行使下列权力：',
        items: [
          { number: 1, text: '检查进出境运输工具；' },
          { number: 2, text: '在海关监管区检查走私嫌疑人的身体；\n在海关监管区以外，经关长批准，可以进行检查。\n海关附近沿海沿边规定地区的范围，由海关总署确定。' },
          { number: 3, text: '法律规定由海关行使的其他权力。' },
        ],
      },
      { text: '前款规定的权力，由海关工作人员行使。', items: [{ number: 1, text: '另起的一组项。' }] },
    ]);
    assert.ok(a.text.includes('在海关监管区以外'), 'the article text keeps every line');
  });

  it('treats 1．/（1） lists as 项 when they are the first list of a 款', () => {
    const doc = parseLawMarkdown(md(['# 某规定', '<!-- INFO END -->', '第一条 应当提交：', '1.申请书；', '2.证明材料。']));
    assert.deepEqual(
      article(doc, '第一条').paragraphs[0]?.items,
      [
        { number: 1, text: '申请书；' },
        { number: 2, text: '证明材料。' },
      ],
    );
  });
});

describe('parseLawMarkdown: article labels', () => {
  // 飞行基本规则 writes 第一条 to 第十条 on one line.
  it('splits articles run together on one line, each at the next number', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某规则',
        '<!-- INFO END -->',
        '## 第一章 总则',
        '第一条 为了维护秩序，制定本规则。 第二条 依照本规则执行；第五条 另有规定的除外。 第三条 飞行人员必须服从指挥。 经过批准的飞行，应当做好保障。',
        '第四条 下一条。',
      ]),
    );
    assert.deepEqual(doc.articles.map((a) => a.label), ['第一条', '第二条', '第三条', '第四条']);
    assert.equal(article(doc, '第二条').text, '依照本规则执行；第五条 另有规定的除外。', 'a cited 第五条 is not the next article');
    assert.deepEqual(article(doc, '第三条').paragraphs.map((p) => p.text), ['飞行人员必须服从指挥。', '经过批准的飞行，应当做好保障。']);
    assert.deepEqual(article(doc, '第三条').path, ['第一章 总则']);
    assert.deepEqual(doc.warnings, []);
  });

  // 农民专业合作社法 2017: "笫五十四条".
  it('reads 笫 as 第 at the start of an article', () => {
    const doc = parseLawMarkdown(md(['# 某法', '<!-- INFO END -->', '第五十三条 前一条。', '笫五十四条 清算组成员应当忠于职守。', '第五十五条 后一条。']));
    const a = article(doc, '第五十四条');
    assert.equal(a.number, 54);
    assert.equal(a.text, '清算组成员应当忠于职守。');
    assert.equal(article(doc, '第五十三条').paragraphs.length, 1);
    assert.deepEqual(doc.warnings, []);
  });

  it('warns when article numbers skip', () => {
    const doc = parseLawMarkdown(md(['# 某法', '<!-- INFO END -->', '第一条 甲。', '第二条 乙。', '第二条之一 乙之一。', '第三条 丙。', '第五条 戊。']));
    assert.deepEqual(doc.warnings, ['article numbers skip: 第五条 follows 第三条']);
  });
});

describe('parseLawMarkdown: preamble', () => {
  it('puts text before the first article into the preamble (宪法 序言)', () => {
    const doc = parseLawMarkdown(
      md([
        '# 中华人民共和国宪法',
        '1982年12月4日 第五届全国人民代表大会第五次会议通过',
        '<!-- INFO END -->',
        '## 序言',
        '中国是世界上历史最悠久的国家之一。',
        '<!-- FORCE BREAK -->',
        '本宪法以法律的形式确认了中国各族人民奋斗的成果。',
        '## 第一章 总纲',
        '第一条 中华人民共和国是……社会主义国家。',
      ]),
    );
    assert.equal(doc.preamble, '中国是世界上历史最悠久的国家之一。\n本宪法以法律的形式确认了中国各族人民奋斗的成果。');
    assert.deepEqual(doc.articles[0]?.path, ['第一章 总纲']);
  });
});

describe('parseLawMarkdown: item-numbered documents', () => {
  it('numbers a 批复 by 一、二、…, with continuation paragraphs and 项', () => {
    const doc = parseLawMarkdown(
      md([
        '# 最高人民法院关于某问题的批复',
        '2021年1月1日 施行',
        '<!-- INFO END -->',
        '某某高级人民法院：',
        '你院《关于某问题的请示》收悉。经研究，批复如下：',
        '一、关于适用范围问题。',
        '二、申请材料包括：',
        '（一）申请书；',
        '（二）证明材料。',
        '对于性质不明的案件，可以先行受理。',
        '十二、本批复自2021年1月1日起施行。',
        '此复。',
      ]),
    );
    assert.equal(doc.preamble, '某某高级人民法院：\n你院《关于某问题的请示》收悉。经研究，批复如下：');
    assert.deepEqual(
      doc.articles.map((a) => [a.kind, a.label, a.number, a.subNumber]),
      [
        ['item', '一', 1, 0],
        ['item', '二', 2, 0],
        ['item', '十二', 12, 0],
      ],
    );
    const second = article(doc, '二');
    assert.equal(second.paragraphs.length, 2);
    assert.deepEqual(
      second.paragraphs[0]?.items.map((i) => i.text),
      ['申请书；', '证明材料。'],
    );
    assert.equal(second.text, '申请材料包括：\n（一）申请书；\n（二）证明材料。\n对于性质不明的案件，可以先行受理。');
    assert.equal(article(doc, '十二').text, '本批复自2021年1月1日起施行。\n此复。');
  });

  it('numbers a document by 1．/1. running through its headings', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某规定',
        '<!-- INFO END -->',
        '为了……，制定本规定。',
        '## 一、执行机构',
        '1．人民法院设立执行机构。',
        '2.执行机构负责执行下列文书：',
        '（1）判决；',
        '（2）裁定。',
        '## 二、执行管辖',
        '3．由第一审人民法院执行。',
      ]),
    );
    assert.deepEqual(
      doc.articles.map((a) => [a.label, a.number, a.path]),
      [
        ['1', 1, ['一、执行机构']],
        ['2', 2, ['一、执行机构']],
        ['3', 3, ['二、执行管辖']],
      ],
    );
    assert.deepEqual(
      article(doc, '2').paragraphs[0]?.items.map((i) => i.number),
      [1, 2],
    );
  });

  it('uses "## 一、…" headings as items when the paragraph numbering restarts under each', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某方案',
        '<!-- INFO END -->',
        '## 一、关于原则',
        '(一)全面把握；',
        '(二)体现宗旨。',
        '## 二、关于机构',
        '总体说明。',
        '(一)只能组建一个；',
        '三、关于其他',
        '## 四、关于经费',
        '由政府解决。',
      ]),
    );
    assert.deepEqual(
      doc.articles.map((a) => [a.kind, a.label, a.number]),
      [
        ['item', '一', 1],
        ['item', '二', 2],
        ['item', '三', 3],
        ['item', '四', 4],
      ],
    );
    assert.equal(article(doc, '二').text, '关于机构\n总体说明。\n(一)只能组建一个；');
    assert.deepEqual(article(doc, '一').paragraphs[0]?.items.length, 2);
    assert.deepEqual(doc.warnings, []);
  });

  it('numbers a document by （一） at the top level', () => {
    const doc = parseLawMarkdown(md(['# 保护海底电缆规定', '<!-- INFO END -->', '(一) 保护海底电缆是重要措施。', '(二) 舰船锚泊应当避开电缆。', '说明文字。']));
    assert.deepEqual(
      doc.articles.map((a) => [a.label, a.number, a.text]),
      [
        ['一', 1, '保护海底电缆是重要措施。'],
        ['二', 2, '舰船锚泊应当避开电缆。\n说明文字。'],
      ],
    );
  });

  it('returns no articles and a warning when nothing is numbered', () => {
    const doc = parseLawMarkdown(md(['# 某解释', '<!-- INFO END -->', '为了正确适用刑法，现解释如下：', '对变造邮票的行为，依照刑法处罚。']));
    assert.equal(doc.articles.length, 0);
    assert.equal(doc.preamble, '为了正确适用刑法，现解释如下：\n对变造邮票的行为，依照刑法处罚。');
    assert.ok(doc.warnings.some((w) => w.startsWith('no articles found')));
  });

  it('prefers 第X条 articles over item numbering', () => {
    const doc = parseLawMarkdown(md(['# 某办法', '<!-- INFO END -->', '一、总则', '第一条 内容。', '二、分则', '第二条 内容。']));
    assert.deepEqual(
      doc.articles.map((a) => [a.kind, a.label, a.path, a.text]),
      [
        ['article', '第一条', ['一、总则'], '内容。'],
        ['article', '第二条', ['二、分则'], '内容。'],
      ],
    );
  });
});

describe('parseLawMarkdown: oddities and warnings', () => {
  it('warns about a missing title, out-of-order and duplicate articles', () => {
    const doc = parseLawMarkdown(md(['<!-- INFO END -->', '第十二条 甲。', '第十条 乙。', '第十条 丙。']));
    assert.equal(doc.title, '');
    assert.deepEqual(doc.warnings, ['no title line', 'article numbers out of order: 第十条 after 第十二条', 'duplicate article 第十条']);
    assert.equal(doc.articles.length, 3);
  });

  it('keeps text after the last article under a new heading as the appendix', () => {
    const doc = parseLawMarkdown(
      md(['# 某法', '<!-- INFO END -->', '## 第一章 总则', '第一条 内容。', '## 附件一', '1．某条例', '2．某决定', '## 附件二', '某清单']),
    );
    assert.equal(doc.articles.length, 1);
    assert.equal(article(doc, '第一条').text, '内容。');
    assert.equal(doc.appendix, '附件一\n1．某条例\n2．某决定\n附件二\n某清单');
    assert.deepEqual(doc.warnings, ['3 paragraph(s) outside any article kept as appendix (from heading "附件一")']);
  });

  it('has no appendix property when there is none', () => {
    const doc = parseLawMarkdown(md(['# 某法', '<!-- INFO END -->', '第一条 内容。', '## 附件', '']));
    assert.equal('appendix' in doc, false);
  });

  it('joins a chapter heading wrapped onto a second line', () => {
    const doc = parseLawMarkdown(
      md(['# 某法', '<!-- INFO END -->', '## 第五章 卷烟纸、滤嘴棒、烟用丝束、', '烟草专用机械的生产和销售', '第三十条 内容。']),
    );
    assert.deepEqual(doc.articles[0]?.path, ['第五章 卷烟纸、滤嘴棒、烟用丝束、烟草专用机械的生产和销售']);
    assert.deepEqual(doc.warnings, []);
  });

  it('turns chapter titles written as plain paragraphs into headings', () => {
    const doc = parseLawMarkdown(
      md([
        '# 某条例',
        '<!-- INFO END -->',
        '国际邮轮在港口',
        '靠港补给的规定',
        '总 则',
        '第一条 内容一。',
        '## 第二章 管理',
        '第二条 内容二：',
        '（一）甲；',
        '（二）乙',
        '第三条 内容三。',
        '事业单位、科技性的社会团体',
        '从事经营活动的登记管理',
        '第四条 内容四。',
        '应纳税额＝销售额×税率',
        '第五条 内容五。',
        '法律责任',
        '第六条 内容六。',
        '## 第四章 附则',
        '（一）动产质押',
        '第七条 内容七。',
        '（二）权利质押',
        '第八条 内容八。',
      ]),
    );
    assert.equal(doc.preamble, '国际邮轮在港口\n靠港补给的规定');
    assert.deepEqual(
      doc.articles.map((a) => [a.label, a.path, a.text]),
      [
        ['第一条', ['总 则'], '内容一。'],
        ['第二条', ['第二章 管理'], '内容二：\n（一）甲；\n（二）乙'],
        ['第三条', ['第二章 管理'], '内容三。'],
        ['第四条', ['事业单位、科技性的社会团体从事经营活动的登记管理'], '内容四。\n应纳税额＝销售额×税率'],
        ['第五条', ['事业单位、科技性的社会团体从事经营活动的登记管理'], '内容五。'],
        ['第六条', ['法律责任'], '内容六。'],
        ['第七条', ['第四章 附则', '（一）动产质押'], '内容七。'],
        ['第八条', ['第四章 附则', '（二）权利质押'], '内容八。'],
      ],
    );
  });

  it('never throws on garbage', () => {
    const inputs: unknown[] = [
      '',
      '\n\n\n',
      'just some text',
      '#',
      '######',
      '# ',
      '---',
      '---\nunclosed: front matter',
      '<!-- unclosed comment',
      '<!-- INFO END -->',
      '# 只有标题',
      '第条 第零条 第一二条',
      '（一）\n（二）\n一、\n1.',
      '\u0000\u0001\ufffd\ud800',
      '#'.repeat(50),
      '第一条 '.repeat(10000),
      'x'.repeat(200000),
      undefined,
      null,
      42,
    ];
    for (const input of inputs) {
      const doc = parseLawMarkdown(input as string);
      assert.equal(typeof doc.title, 'string');
      assert.ok(Array.isArray(doc.articles));
      assert.ok(Array.isArray(doc.warnings));
    }
  });

  it('caps the number of warnings', () => {
    const lines = ['# 某法', '<!-- INFO END -->'];
    for (let i = 0; i < 200; i++) lines.push('第一条 重复。');
    const doc = parseLawMarkdown(md(lines));
    assert.equal(doc.articles.length, 200);
    assert.ok(doc.warnings.length <= 51);
    assert.match(doc.warnings[doc.warnings.length - 1] ?? '', /more warnings/);
  });

  it('parses an _index.md file (front matter only) without crashing', () => {
    const doc = parseLawMarkdown('---\nbookCollapseSection: true\n------\nbookCollapseSection: true\n---\n');
    assert.equal(doc.articles.length, 0);
    assert.equal(doc.preamble, '');
  });
});

// ---------------------------------------------------------------------------
// The real LawRefBook corpus, when it is present next to the repository.

const CORPUS = path.resolve(process.cwd(), '../shared/corpus/lawrefbook');
const corpusMissing = existsSync(CORPUS) ? false : `corpus not found at ${CORPUS}`;

function listMarkdown(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listMarkdown(full, out);
    else if (name.endsWith('.md')) out.push(full);
  }
  return out;
}

function isNationalLaw(file: string): boolean {
  const rel = path.relative(CORPUS, file).split(path.sep).join('/');
  return !rel.startsWith('DLC/') && !rel.includes('案例') && !rel.endsWith('_index.md') && rel.includes('/');
}

/**
 * National files that legitimately have no articles: single-paragraph
 * interpretations and 批复, 罪名 tables, one-change amendments, a standard
 * numbered 4.1.1, and 修改决定 without numbering. Their text is in `preamble`.
 */
const KNOWN_WITHOUT_ARTICLES = new Set([
  '人体损伤程度鉴定标准(2014-01-01).md',
  '刑法修正案（二）.md',
  '刑法修正案（十）.md',
  '最高人民检察院关于工人等非监管机关在编监管人员私放在押人员行为和失职致使在押人员脱逃行为适用法律问题的解释(2001-03-02).md',
  '最高人民检察院关于擅自销售进料加工保税货物的行为法律适用问题的解释(2000-10-16).md',
  '最高人民检察院关于构成嫖宿幼女罪主观上是否需要具备明知要件的解释(2001-06-11).md',
  '最高人民检察院关于检察工作中具体适用修订刑法第十二条若干问题的通知(1997-10-06).md',
  '最高人民法院、最高人民检察院关于办理伪造、贩卖伪造的高等院校学历、学位证明刑事案件如何适用法律问题的解释(2001-07-03).md',
  '最高人民法院、最高人民检察院关于执行《刑法》 确定罪名的补充规定（七）(2021-02-26).md',
  '最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定(2002-03-15).md',
  '最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定（三）(2007-10-25).md',
  '最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定（二）(2003-08-15).md',
  '最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定（五）(2011-04-27).md',
  '最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定（八）(2024-01-30).md',
  '最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定（六）(2015-10-30).md',
  '最高人民法院、最高人民检察院关于执行《刑法》确定罪名的补充规定（四）(2009-10-14).md',
  '最高人民法院关于修改《关于审理掩饰、隐瞒犯罪所得、犯罪所得收益刑事案件适用法律若干问题的解释》的决定.md',
  '最高人民法院关于修改《最高人民法院关于审理食品药品纠纷案件适用法律若干问题的规定》的决定.md',
  '最高人民法院关于国有资产产权管理行政案件管辖问题的解释(2001-02-16).md',
  '最高人民法院关于如何认定国有控股、参股股份有限公司中的国有公司、企业人员的解释(2005-08-01).md',
  '最高人民法院关于对为索取法律不予保护的债务非法拘禁他人行为如何定罪问题的解释(2000-07-13).md',
  '最高人民法院关于对变造、倒卖变造邮票行为如何适用法律问题的解释(2000-12-05).md',
  '最高人民法院关于当事人申请财产保全错误造成案外人损失应否承担赔偿责任问题的解释(2005-08-15).md',
  '最高人民法院关于海关行政处罚案件诉讼管辖问题的解释(2002-01-30).md',
  '最高人民法院关于知识产权侵权诉讼中被告以原告滥用权利为由请求赔偿合理开支问题的批复.md',
  '国务院关于高级专家退休问题的补充规定(1986-02-18).md',
]);

function parseCorpusFile(relative: string): ParsedDocument {
  return parseLawMarkdown(readFileSync(path.join(CORPUS, relative), 'utf8'));
}

describe('parseLawMarkdown: real corpus', { skip: corpusMissing }, () => {
  it('parses every national file quickly, with 60k–72k articles in total', () => {
    const files = listMarkdown(CORPUS).filter(isNationalLaw);
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    const started = performance.now();
    const docs = texts.map((t) => parseLawMarkdown(t));
    const elapsedMs = performance.now() - started;

    const total = docs.reduce((sum, d) => sum + d.articles.length, 0);
    const empty = files.filter((_, i) => docs[i]?.articles.length === 0).map((f) => path.basename(f));
    const untitled = files.filter((_, i) => docs[i]?.title === '').map((f) => path.basename(f));
    console.log(`corpus: ${files.length} national files, ${total} articles, ${empty.length} without articles, parsed in ${Math.round(elapsedMs)} ms`);

    assert.ok(files.length > 1000, `only ${files.length} files found`);
    assert.ok(total >= 60000 && total <= 72000, `total articles ${total}`);
    assert.deepEqual(empty.filter((name) => !KNOWN_WITHOUT_ARTICLES.has(name)), []);
    assert.deepEqual(untitled, []);
    assert.ok(elapsedMs < 5000, `parsing took ${elapsedMs} ms`);
  });

  it('民法典 侵权责任编: subtitle, article 1165 with 2 款 under 第一章', () => {
    const doc = parseCorpusFile('民法典/侵权责任编.md');
    assert.equal(doc.title, '中华人民共和国民法典');
    assert.equal(doc.subtitle, '侵权责任编');
    assert.deepEqual(doc.history[0], { date: '2020-05-28', event: '第十三届全国人民代表大会第三次会议通过' });
    const a = article(doc, '第一千一百六十五条');
    assert.equal(a.number, 1165);
    assert.equal(a.paragraphs.length, 2);
    assert.deepEqual(a.path, ['第一章 一般规定']);
    assert.ok(a.text.startsWith('行为人因过错侵害他人民事权益造成损害的'));
    assert.equal(doc.articles.length, 1258 - 1164 + 1);
  });

  it('民法典 合同编: 分编 / 章 / 节 path', () => {
    const doc = parseCorpusFile('民法典/合同编.md');
    const guarantee = doc.articles.find((a) => a.number === 681);
    assert.deepEqual(guarantee?.path, ['第二分编 典型合同', '第十三章 保证合同', '第一节 一般规定']);
  });

  it('刑法: 之一 articles, items and the appendix', () => {
    const doc = parseCorpusFile('刑法/刑法.md');
    const a = article(doc, '第一百三十三条之一');
    assert.equal(a.number, 133);
    assert.equal(a.subNumber, 1);
    assert.ok((a.paragraphs[0]?.items.length ?? 0) >= 4);
    assert.deepEqual(a.path, ['第二编 分则', '第二章 危害公共安全罪']);
    assert.ok(doc.appendix?.startsWith('附件一'));
    assert.ok(doc.history.length >= 15);
  });

  it('宪法: 序言 in the preamble, 143 articles', () => {
    const doc = parseCorpusFile('宪法/宪法.md');
    assert.ok(doc.preamble.startsWith('中国是世界上历史最悠久的国家之一。'));
    assert.equal(doc.articles.length, 143);
    assert.deepEqual(doc.articles[0]?.path, ['第一章 总纲']);
  });

  it('项 that run over unnumbered paragraphs stay one list (国歌法, 香港基本法, 海关法, 诉讼费用交纳办法)', () => {
    const cases: Array<[string, string, string]> = [
      ['宪法相关法/国歌法(2017-09-01).md', '第四条', '中国人民政治协商会议全国委员会会议'],
      ['宪法相关法/香港特别行政区基本法(1990-04-04).md', '第四十八条', '签署立法会通过的财政预算案'],
      ['行政法/海关法(2021-04-29).md', '第六条', '海关附近沿海沿边规定地区的范围'],
      ['行政法规/诉讼费用交纳办法(2006-12-19).md', '第十四条', '财产数额不超过1000元'],
    ];
    for (const [file, label, continuation] of cases) {
      const a = article(parseCorpusFile(file), label);
      assert.equal(a.paragraphs.length, 1, `${label} is one 款 with one list`);
      const items = a.paragraphs[0]?.items ?? [];
      assert.deepEqual(items.map((i) => i.number), items.map((_, i) => i + 1), `${label} items run 1, 2, …`);
      const holder = items.find((i) => i.text.includes(continuation));
      assert.ok(holder && !holder.text.startsWith(continuation), `${label}: "${continuation}" continues the 项 before it`);
    }
  });

  it('飞行基本规则: articles run together on a line are found; 农民专业合作社法 2017: 笫五十四条', () => {
    const flight = parseCorpusFile('行政法规/飞行基本规则(2007-10-18).md');
    const numbers = flight.articles.map((a) => a.number);
    assert.deepEqual(numbers, numbers.map((_, i) => i + 1), 'every article from 第一条 on, in order');
    assert.ok(article(flight, '第二条').text.startsWith('凡辖有航空器的单位'));
    const coop = parseCorpusFile('民法商法/农民专业合作社法(2017-12-27).md');
    assert.ok(article(coop, '第五十四条').text.startsWith('清算组成员应当忠于职守'));
    assert.ok(!article(coop, '第五十三条').text.includes('清算组成员'));
  });

  it('刑法修正案（十一）: items 一、二、…', () => {
    const doc = parseCorpusFile('刑法/刑法修正案（十一）.md');
    assert.ok(doc.articles.length >= 40);
    assert.ok(doc.articles.every((a) => a.kind === 'item'));
    assert.deepEqual(doc.articles.slice(0, 3).map((a) => a.label), ['一', '二', '三']);
  });

  it('司法解释 numbered 1．… through its headings', () => {
    const doc = parseCorpusFile('司法解释/最高人民法院关于人民法院执行工作若干问题的规定（试行）(2020-12-29).md');
    assert.equal(doc.articles.length, 79);
    assert.deepEqual(doc.articles[0]?.path, ['一、执行机构及其职责']);
    assert.deepEqual(doc.warnings, []);
  });
});

describe('effectiveDatesInText: the 施行 clause a statute closes with', () => {
  it('reads Arabic, full-width and Chinese numerals, for 本法 and the other kinds of act', () => {
    const cases: Array<[string, string[]]> = [
      ['本法自2024年7月1日起施行。', ['2024-07-01']],
      ['本条例自２０１３年１月１日起施行。', ['2013-01-01']],
      ['本解释自二〇二一年一月一日起施行。', ['2021-01-01']],
      ['本规定自一九九二年九月三十日起施行。', ['1992-09-30']],
      ['本实施细则自二零零七年十二月二十一日起施行。', ['2007-12-21']],
      ['本规则自2020年1月1日零时起施行。', ['2020-01-01']],
      ['本办法自二○○五年三月一日起施行。', ['2005-03-01']],
    ];
    for (const [text, dates] of cases) assert.deepEqual(effectiveDatesInText(text), dates, text);
  });

  it('ignores clauses without a date, for another act, or for a single article', () => {
    assert.deepEqual(effectiveDatesInText('本法自公布之日起施行。'), []);
    assert.deepEqual(effectiveDatesInText('《中华人民共和国民法通则》自1987年1月1日起施行。'), []);
    assert.deepEqual(effectiveDatesInText('本法自2018年1月1日起施行。本法第十条自2019年1月1日起施行。'), ['2018-01-01']);
    assert.deepEqual(effectiveDatesInText('本办法自2020年13月1日起施行。'), [], 'no month 13');
  });
});

describe('statedStarts: the 施行 clause read loosely, with its act, for the day a law first took effect', () => {
  it('reads the forms the strict clause misses, and the strict ones, with the act each speaks of', () => {
    const cases: Array<[string, Array<{ date: string; act: string }>]> = [
      ['本法由全国人民代表大会通过，自1984年10月1日起施行。', [{ date: '1984-10-01', act: '法' }]],
      ['本法自1986年10月1日施行。', [{ date: '1986-10-01', act: '法' }]],
      ['本法（原称《中国人民解放军现役军官服役条例》）自1989年1月1日起施行。', [{ date: '1989-01-01', act: '法' }]],
      ['本规定从1986年7月1日起施行。', [{ date: '1986-07-01', act: '规定' }]],
      ['本解释自2004年4月1日起施行。', [{ date: '2004-04-01', act: '解释' }]],
      ['本暂行办法自二○○五年三月一日起施行。', [{ date: '2005-03-01', act: '办法' }]],
    ];
    for (const [text, starts] of cases) assert.deepEqual(statedStarts(text), starts, text);
  });

  it('never a clause for part of the act, nor for another act', () => {
    assert.deepEqual(statedStarts('本法第十条的规定，自2019年1月1日起施行。'), []);
    assert.deepEqual(statedStarts('《中华人民共和国民法通则》自1987年1月1日起施行。'), []);
    assert.deepEqual(statedStarts('本法自公布之日起施行。'), []);
  });
});
