/** Which article of another version holds a provision: the closest by shared character pairs, unless another article of this one's version has it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseCounterpart, type ChoiceCandidate } from '../../main/library/versions/counterpartChoice.js';
import { textPairs } from '../../main/library/versions/textPairs.js';

let nextId = 1;
const article = (text: string): ChoiceCandidate & { text: string } => ({
  id: nextId++, text, pairs: textPairs(text), parts: text.split('\n').map(textPairs).filter((p) => p.total >= 25),
});
const chosen = (mine: ChoiceCandidate, candidates: Array<ChoiceCandidate & { text: string }>, own: ChoiceCandidate[] | null, recast = false) =>
  (chooseCounterpart(mine, candidates, own, recast)?.c as { text: string } | undefined)?.text ?? null;

test('a formula shared with an article that another article of this version holds does not make it the counterpart', () => {
  // 公司法: 2018 第二十一条 is 2023 第二十二条 word for word; 2023 第五十三条 shares its closing formula but carries 2018 第三十五条.
  const old21 = article('公司的控股股东、实际控制人、董事、监事、高级管理人员不得利用其关联关系损害公司利益。\n违反前款规定，给公司造成损失的，应当承担赔偿责任。');
  const old35 = article('公司成立后，股东不得抽逃出资。');
  const new22 = article(old21.text);
  const new53 = article('公司成立后，股东不得抽逃出资。\n违反前款规定的，股东应当返还抽逃的出资；给公司造成损失的，负有责任的董事、监事、高级管理人员应当与该股东承担连带赔偿责任。');
  assert.equal(chosen(new53, [old21, old35], null), old21.text, 'without its own version, the closest as before');
  assert.equal(chosen(new53, [old21, old35], [new22, new53]), old35.text);
  assert.equal(chosen(new22, [old21, old35], [new22, new53]), old21.text);
});

test('an article that lives on unchanged elsewhere is not the successor of one that only repeats its words', () => {
  // 反垄断法: 2007 第八条 is 2022 第十条; 2022 第四十五条 holds its words but is 2007 第三十七条 amended.
  const old8 = article('行政机关和法律、法规授权的具有管理公共事务职能的组织不得滥用行政权力，排除、限制竞争。');
  const old37 = article('行政机关不得滥用行政权力，制定含有排除、限制竞争内容的规定。');
  const new10 = article(old8.text);
  const new45 = article('行政机关和法律、法规授权的具有管理公共事务职能的组织不得滥用行政权力，制定含有排除、限制竞争内容的规定。');
  assert.equal(chosen(new45, [old8, old37], [new10, new45]), old37.text);
  assert.equal(chosen(new10, [old8, old37], [new10, new45]), old8.text);
});

test('a split article is the counterpart of both its parts; a provision recast below the threshold only between versions of one law', () => {
  const old3 = article('各级人民代表大会常务委员会行使监督职权，应当围绕国家工作大局，以经济建设为中心，坚持中国共产党的领导，坚持社会主义道路，坚持改革开放。');
  const new3 = article('各级人民代表大会常务委员会行使监督职权，应当坚持中国共产党的领导，坚持中国特色社会主义道路。');
  const new4 = article('各级人民代表大会常务委员会行使监督职权，应当围绕党和国家工作大局，以经济建设为中心，坚持改革开放，推动高质量发展。');
  assert.equal(chosen(new3, [old3], [new3, new4]), old3.text);
  assert.equal(chosen(new4, [old3], [new3, new4]), old3.text, 'what 第四条 shares with it is its own, not 第三条\'s');
  const oldFiling = article('股东认足公司章程规定的出资后，由全体股东指定的代表或者共同委托的代理人向公司登记机关报送公司登记申请书、公司章程等文件，申请设立登记。');
  const newFiling = article('申请设立公司，应当提交设立登记申请书、公司章程等文件，提交的相关材料应当真实、合法和有效。');
  const unrelated = article('公司可以设立分公司。');
  assert.equal(chosen(newFiling, [oldFiling, unrelated], [newFiling], true), oldFiling.text, 'each the other\'s closest');
  assert.equal(chosen(newFiling, [oldFiling, unrelated], [newFiling], false), null, 'not across laws');
});
