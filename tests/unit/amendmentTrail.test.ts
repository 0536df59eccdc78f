import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clauseEffects } from '../../main/library/versions/amendmentClauses.js';
import { articleThen, latestChange, type AmendmentTrail, type TrailChange } from '../../main/library/versions/amendmentTrail.js';

test('a clause of an amendment: what it rewrites whole, adds, deletes or changes in part, read from its instruction', () => {
  assert.deepEqual(clauseEffects('将刑法第三百九十条修改为:“对犯行贿罪的，处五年以下有期徒刑或者拘役，并处罚金。\n“行贿人在被追诉前主动交待行贿行为的，可以从轻或者减轻处罚。”'), [
    { kind: 'rewritten', key: { number: 390, subNumber: 0 }, text: '对犯行贿罪的，处五年以下有期徒刑或者拘役，并处罚金。\n行贿人在被追诉前主动交待行贿行为的，可以从轻或者减轻处罚。' },
  ]);
  // A 款 added and the whole article restated; a preamble before the instruction (刑法修正案（十）).
  assert.deepEqual(clauseEffects('为了惩治侮辱国歌的犯罪行为，在刑法第二百九十九条中增加一款作为第二款，将该条修改为:\n“在公共场合，故意侮辱国旗、国徽的，处三年以下有期徒刑。\n“故意篡改国歌歌词的，依照前款的规定处罚。”'), [
    { kind: 'rewritten', key: { number: 299, subNumber: 0 }, text: '在公共场合，故意侮辱国旗、国徽的，处三年以下有期徒刑。\n故意篡改国歌歌词的，依照前款的规定处罚。' },
  ]);
  // Two articles added in one clause, each quotation opening with its label; the anchor (第二百八十七条) is not changed.
  assert.deepEqual(clauseEffects('在刑法第二百八十七条后增加二条，作为第二百八十七条之一、第二百八十七条之二:\n“第二百八十七条之一 利用信息网络实施下列行为之一，情节严重的，处三年以下有期徒刑:\n“（一）设立网站的；\n“第二百八十七条之二 明知他人利用信息网络实施犯罪，为其提供帮助的，处三年以下有期徒刑。”'), [
    { kind: 'added', key: { number: 287, subNumber: 1 }, text: '利用信息网络实施下列行为之一，情节严重的，处三年以下有期徒刑：\n（一）设立网站的；' },
    { kind: 'added', key: { number: 287, subNumber: 2 }, text: '明知他人利用信息网络实施犯罪，为其提供帮助的，处三年以下有期徒刑。' },
  ]);
  // One article added without 在 or 刑法, its quotation without its label; and one whose closing mark the source lost.
  assert.deepEqual(clauseEffects('第一百六十二条后增加一条，作为第一百六十二条之一：“隐匿会计凭证，情节严重的，处五年以下有期徒刑。”'), [
    { kind: 'added', key: { number: 162, subNumber: 1 }, text: '隐匿会计凭证，情节严重的，处五年以下有期徒刑。' },
  ]);
  // Half-width punctuation after a Chinese character, as some amendments write it, is read as the consolidated text writes it.
  assert.deepEqual(clauseEffects('将刑法第一百四十四条修改为:“在生产、销售的食品中掺入有毒、有害的非食品原料的，处五年以下有期徒刑或者拘役,并处罚金;有下列情形之一的:\n“（一）罚金1,000元的。”'), [
    { kind: 'rewritten', key: { number: 144, subNumber: 0 }, text: '在生产、销售的食品中掺入有毒、有害的非食品原料的，处五年以下有期徒刑或者拘役，并处罚金；有下列情形之一的：\n（一）罚金1,000元的。' },
  ]);
  assert.deepEqual(clauseEffects('在刑法第二百八十条后增加一条作为第二百八十条之一:“使用伪造的身份证件，情节严重的，处拘役或者管制。\n“有前款行为，同时构成其他犯罪的，依照处罚较重的规定定罪处罚。'), [
    { kind: 'added', key: { number: 280, subNumber: 1 }, text: '使用伪造的身份证件，情节严重的，处拘役或者管制。\n有前款行为，同时构成其他犯罪的，依照处罚较重的规定定罪处罚。' },
  ]);
  assert.deepEqual(clauseEffects('删去刑法第一百九十九条。'), [{ kind: 'deleted', key: { number: 199, subNumber: 0 } }]);
  // A 款 deleted, a 款 or 项 rewritten, words replaced, a 项 added: changed, its new text not in the clause.
  for (const text of ['删去刑法第六十八条第二款。', '将刑法第三百八十七条第一款修改为：“国家机关索取他人财物的，处罚金。”', '将刑法第一百五十一条第三款中的“走私珍贵动物”修改为“走私珍稀植物”。', '刑法第二百二十五条增加一项，作为第三项：“（三）未经批准非法经营证券业务的；”']) {
    const effects = clauseEffects(text);
    assert.equal(effects?.length, 1, text);
    assert.equal(effects![0]!.kind, 'changed', text);
  }
  assert.deepEqual(clauseEffects('将刑法第一百二十条之一第一款修改为：“资助恐怖活动组织的，处五年以下有期徒刑。”'), [{ kind: 'changed', key: { number: 120, subNumber: 1 } }]);
  // No instruction: a preamble that announces the clauses, the clause that says when it takes effect.
  assert.deepEqual(clauseEffects('为了惩治破坏社会主义市场经济秩序的犯罪，对刑法作如下修改和补充'), []);
  assert.deepEqual(clauseEffects('本修正案自2024年3月1日起施行。'), []);
  // An instruction this does not read (宪法修正案（2018年）, inserting a section and renumbering), or a second one after the quotation: null.
  assert.equal(clauseEffects('宪法第三章“国家机构”中增加一节，作为第七节“监察委员会”；增加五条，分别作为第一百二十三条至第一百二十七条。内容如下：'), null);
  assert.equal(clauseEffects('宪法第四章章名“国旗、国徽、首都”修改为“国旗、国歌、国徽、首都”。宪法第一百三十六条增加一款，作为第二款：“中华人民共和国国歌是《义勇军进行曲》。”'), null);
  assert.equal(clauseEffects('将刑法第一条修改为：“甲。”删去刑法第二条。'), null);
  assert.equal(clauseEffects('监察机关办理职务犯罪案件，应当互相配合。\n第七节相应改为第八节，第一百二十三条至第一百三十八条相应改为第一百二十八条至第一百四十三条。'), null);
  // A change of the preamble changes no article; a 项 renumbered inside one article is a change of that article.
  assert.deepEqual(clauseEffects('宪法序言第十自然段末尾增加：“中国共产党领导的多党合作和政治协商制度将长期存在和发展。”'), []);
  assert.deepEqual(clauseEffects('宪法第八十九条“国务院行使下列职权”中增加一项，作为第六项“（六）领导和管理生态文明建设”，第六项至第十八项相应改为第七项至第十九项。'), [{ kind: 'changed', key: { number: 89, subNumber: 0 } }]);
});

const change = (number: number, kind: TrailChange['kind'], effective: string, text: string | null = null, subNumber = 0): TrailChange =>
  ({ key: { number, subNumber }, kind, text, source: `《修正案》（${effective}）`, effective });

test('an article as of a date, by its law\'s amendments: not yet added, amended since (with the text of the date when known), unchanged, deleted', () => {
  const trail: AmendmentTrail = {
    from: '1997-10-01',
    unaccounted: ['2009-08-27'],
    adoptions: [],
    changes: [
      change(264, 'rewritten', '2011-05-01', '盗窃公私财物，数额较大的，或者多次盗窃、入户盗窃的…'),
      change(199, 'rewritten', '2011-05-01', '犯本节第一百九十二条规定之罪…'),
      change(390, 'rewritten', '2015-11-01', '对犯行贿罪的，处五年以下有期徒刑…'),
      change(199, 'deleted', '2015-11-01'),
      change(133, 'added', '2021-03-01', '对行驶中的公共交通工具的驾驶人员使用暴力…', 2),
      change(390, 'rewritten', '2024-03-01', '对犯行贿罪的，处三年以下有期徒刑…'),
      change(387, 'changed', '2024-03-01'),
    ],
  };
  const at = (number: number, asOf: string, subNumber = 0) => articleThen(trail, { number, subNumber }, asOf);
  assert.equal(at(264, '1990-01-01'), null, 'before the revision the amendments start from: no word');
  assert.deepEqual(at(133, '2019-06-01', 2), { kind: 'not-yet', added: trail.changes[4], vouches: true });
  assert.equal(at(133, '2021-03-01', 2)?.kind, 'unchanged', 'from the day it took effect');
  // 2022: amended in 2024; the text of 2022 is the 2015 rewrite's, nothing unaccounted between.
  assert.deepEqual(at(390, '2022-06-01'), { kind: 'amended-since', later: [trail.changes[5]], then: trail.changes[2], vouches: true });
  // 2010: amended in 2015 and 2024; the text of 2010 is unknown (no rewrite of it by then), and a decision of 2009 the
  // library lacks, whose date of effect it does not know, may have changed others after the date: the rest is unvouched.
  assert.deepEqual(at(390, '2010-01-01'), { kind: 'amended-since', later: [trail.changes[2], trail.changes[5]], then: null, vouches: false });
  assert.equal(at(263, '2010-01-01'), null);
  assert.deepEqual(at(263, '2010-09-01'), { kind: 'unchanged', since: null, last: null }, 'a year after that decision, the article is vouched for');
  assert.equal(at(387, '2022-06-01')?.kind, 'amended-since');
  // Unchanged: since its last change when the library accounts for that span, else only after the date.
  assert.deepEqual(at(264, '2019-06-01'), { kind: 'unchanged', since: '2011-05-01', last: trail.changes[0] });
  assert.deepEqual(at(263, '2019-06-01'), { kind: 'unchanged', since: null, last: null }, 'a decision of 2009 the library lacks may have changed it since 1997');
  assert.equal(at(263, '2005-06-01'), null, 'before that decision: no word either way on an article no held amendment changed');
  assert.equal(at(264, '2005-06-01')?.kind, 'amended-since', 'but a held amendment after the date is a fact');
  // The text of 2013 is the 2011 rewrite's (the 2009 decision lies before it); deleted in 2015, it points there.
  assert.deepEqual(at(199, '2013-01-01'), { kind: 'amended-since', later: [trail.changes[3]], then: trail.changes[1], vouches: true });
  assert.deepEqual(at(199, '2016-01-01'), { kind: 'deleted', deleted: trail.changes[3], before: trail.changes[1] });
  assert.equal(latestChange(trail, { number: 390, subNumber: 0 }), trail.changes[5]);
  assert.equal(latestChange(trail, { number: 1, subNumber: 0 }), null);
});
