/**
 * Everyday words of family and inheritance matters (session 52, a family lawyer's review), for the statute terms of
 * 民法典 婚姻家庭编 and 继承编 and their interpretations: a house the parents paid toward, a mortgage taken before the
 * marriage and repaid in it, money hidden from the other spouse, a will typed, written on a phone or recorded, and an
 * heir who cannot work left out of a will. Each entry was checked to fire on no question of stard-train.jsonl and no
 * user turn of multiturn-dev.jsonl (tests/unit/familyTerms.test.ts reads both when the shared data is there).
 */

import type { TermEntry } from './termEntry.js';

/** Parents on either side: 爸妈, 公婆, 岳父母, 婆家, 娘家. */
const PARENTS = '(爸妈|父母|公婆|岳父|岳母|丈人|婆家|娘家)';
/** A will not written by hand: typed, on a phone or computer, or recorded. */
const NOT_HANDWRITTEN = '(手机|电脑|打印|打字|微信|短信|备忘录|录音|录像|视频|语音)';
/** An heir who cannot work or has no income. */
const CANNOT_WORK = '(残疾|瘫痪|卧床|没有劳动能力|丧失劳动能力|没劳动能力|没有收入|没收入|没有生活来源|智力障碍|智障)';

export const FAMILY_TERMS: ReadonlyArray<TermEntry> = [
  // 婚姻家庭编解释（一）第二十九条, 婚姻家庭编解释（二）第八条: the parents' money toward the couple's house.
  // About a house, and not already in the statute's words (「父母出资全款购买」).
  [[new RegExp(`^(?![\\s\\S]*出资)(?=[\\s\\S]*(买房|购房|房子|房款|首付|全款|买.{0,3}房))[\\s\\S]*${PARENTS}.{0,8}(出|给|拿|付).{0,6}(首付|钱|全款|房款)`)], ['父母', '购置房屋', '出资']],
  // 婚姻家庭编解释（一）第七十八条: bought before the marriage with a down payment and a loan, repaid from common money.
  [[/(婚前|结婚前).{0,24}(首付|贷款|按揭|房贷)[\s\S]{0,24}婚后.{0,12}(还|供)/], ['支付首付款', '共同财产还贷']],
  // 民法典 第一千零九十二条; found only after the divorce, 婚姻家庭编解释（一）第八十四条 (three years from the discovery).
  [[/离婚后.{0,10}(发现|才知道).{0,20}(藏|转移|隐瞒|转走)/], ['再次分割夫妻共同财产', '隐藏', '转移']],
  // 民法典 第一千一百三十六条 (打印遗嘱), 第一千一百三十七条 (录音录像遗嘱).
  [[new RegExp(`${NOT_HANDWRITTEN}.{0,12}遗嘱|遗嘱.{0,12}${NOT_HANDWRITTEN}`)], ['打印遗嘱', '录音录像']],
  [[/(视频|录像|录音|语音).{0,15}(财产|房子|遗产|存款).{0,6}(给|留)/], ['录音录像', '遗嘱']],
  // 民法典 第一千一百四十一条 (必留份).
  [[new RegExp(`^(?=[\\s\\S]*${CANNOT_WORK})(?=[\\s\\S]*(遗嘱|遗产))`)], ['缺乏劳动能力又没有生活来源的继承人', '必要的遗产份额']],
];
