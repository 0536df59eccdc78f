/**
 * 民法典新旧条文对照: where the rule of an article of the civil laws that 民法典 第一千二百六十条 repealed
 * now stands in 民法典. The library holds none of those laws (LawRefBook keeps only laws in force), yet
 * judgments, contracts and briefs written before 2021 cite them on every page — 《合同法》第一百零七条
 * is 民法典 第五百七十七条 — so the citation check, lookups and search say where to read the rule now.
 *
 * Written here for the articles practice cites most, each with the rule it lays down so that a reader
 * can see at once whether the pair fits; not every article of those laws is here. 民法总则's first 204
 * articles kept their numbers as 民法典's 总则编. A rule 民法典 changed in substance is marked `changed`
 * (担保法 第十九条's 连带责任 presumed for a guarantee of unstated kind is now 一般保证).
 */
import { articleLabelOf, shortTitle } from './repealedSuccessor.js';
import type { CitedPart } from './parseCitation.js';
import { intToChinese } from '../../../preload/contract/numerals.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';

/** The 款 or 项 a citation names, as its successor's note says it (该项, 所引各款). */
export interface CitedUnit {
  /** 款项 when both whole 款 and 项 of another are cited (第一款第（一）项、第二款). */
  unit: '款' | '项' | '款项';
  several: boolean;
}

export interface Concordance {
  /** 民法典 article numbers that now hold the rule, the principal one first. */
  articles: number[];
  /** The rule, in a few words (违约责任). */
  topic: string;
  /** 民法典 changed the rule itself, not only its wording. */
  changed?: boolean;
  /** Set when the articles are those of the 款 or 项 cited, not of the whole article: which, and whether several. */
  part?: CitedUnit;
}

type Row = [old: number, now: number | number[], topic: string, changed?: 'changed'];

const CONTRACT_LAW: Row[] = [
  [2, 464, '合同的定义'], [8, 465, '依法成立的合同受法律保护'], [10, 469, '合同的形式'], [12, 470, '合同的内容'],
  [13, 471, '要约、承诺方式订立'], [14, 472, '要约'], [15, 473, '要约邀请'], [21, 479, '承诺'],
  [25, 483, '承诺生效时合同成立'], [32, 490, '合同书形式的成立'], [36, 490, '未采用书面形式但已履行'], [37, 490, '签字盖章前已履行'],
  [39, 496, '格式条款'], [40, 497, '格式条款无效'], [41, 498, '格式条款的解释'], [42, 500, '缔约过失责任'],
  [43, 501, '商业秘密的保密义务'], [44, 502, '合同的生效'], [45, 158, '附条件的民事法律行为'], [46, 160, '附期限的民事法律行为'],
  [47, [145], '限制民事行为能力人订立的合同'], [48, 171, '无权代理'], [49, 172, '表见代理'], [50, 504, '越权订立的合同'],
  [51, 597, '无权处分', 'changed'], [52, [153, 154, 146], '合同无效的情形', 'changed'], [53, 506, '免责条款无效'],
  [54, [147, 148, 149, 150, 151], '可撤销的合同', 'changed'], [55, 152, '撤销权消灭'], [56, [155, 156], '无效、被撤销的效力'],
  [57, 507, '争议解决条款的独立性'], [58, 157, '无效、被撤销后的返还与赔偿'],
  [60, 509, '全面履行原则'], [61, 510, '约定不明的补充'], [62, 511, '约定不明时的履行规则'], [63, 513, '执行政府定价的价格调整'],
  [64, 522, '向第三人履行'], [65, 523, '第三人履行'], [66, 525, '同时履行抗辩权'], [67, 526, '后履行抗辩权'],
  [68, 527, '不安抗辩权：中止履行'], [69, 528, '不安抗辩权的行使'], [73, 535, '债权人代位权'], [74, [538, 539], '债权人撤销权'],
  [75, 541, '撤销权的行使期间'], [77, 543, '协商变更合同'], [79, 545, '债权转让'], [80, 546, '债权转让的通知'],
  [81, 547, '从权利随债权转让'], [82, 548, '债务人对受让人的抗辩'], [83, 549, '债务人的抵销'], [84, 551, '债务转移'],
  [88, 555, '合同权利义务一并转让'], [91, 557, '债权债务终止的情形'], [92, 558, '后合同义务'], [93, 562, '协商解除和约定解除'],
  [94, 563, '法定解除'], [95, 564, '解除权的行使期限'], [96, 565, '解除权的行使'], [97, 566, '解除的效力'],
  [98, 567, '结算清理条款的效力'], [99, 568, '法定抵销'], [100, 569, '约定抵销'], [101, 570, '提存'],
  [105, 575, '债务免除'], [106, 576, '债权债务混同'], [107, 577, '违约责任'], [108, 578, '预期违约'],
  [109, 579, '金钱债务的继续履行'], [110, 580, '非金钱债务的继续履行'], [111, 582, '质量不符合约定的违约责任'],
  [112, 583, '履行后的损失赔偿'], [113, 584, '违约损失赔偿的范围'], [114, 585, '违约金'], [115, [586, 587], '定金'],
  [116, 588, '违约金与定金的选择'], [117, [180, 590], '不可抗力'], [118, 590, '不可抗力的通知'], [119, 591, '减损规则：防止损失扩大'],
  [120, 592, '双方违约'], [121, 593, '因第三人原因违约'], [122, 186, '违约责任与侵权责任竞合'], [124, 467, '无名合同的法律适用'],
  [125, [466, 142], '合同条款的解释'], [129, 594, '国际货物买卖合同的时效'], [130, 595, '买卖合同的定义'],
  [134, 641, '所有权保留'], [142, 604, '标的物毁损灭失的风险转移'], [148, 610, '质量不符致目的不能实现'],
  [157, 620, '买受人的检验义务'], [158, 621, '检验期间'], [159, 626, '价款的数额和支付方式'], [161, 628, '价款的支付时间'],
  [167, 634, '分期付款买卖'], [174, 646, '有偿合同参照买卖合同'], [175, 647, '互易合同'], [176, 648, '供用电合同'],
  [185, 657, '赠与合同的定义'], [186, 658, '赠与人的任意撤销权'], [192, 663, '赠与人的法定撤销权'], [193, 664, '继承人的撤销权'],
  [195, 666, '赠与人的穷困抗辩'], [196, 667, '借款合同的定义'], [197, 668, '借款合同的形式和内容'], [200, 670, '利息不得预先扣除'],
  [205, 674, '利息的支付期限'], [206, 675, '还款期限'], [207, 676, '逾期还款的利息'], [210, 679, '自然人借款合同的成立'],
  [211, 680, '自然人借款的利息', 'changed'], [212, 703, '租赁合同的定义'], [214, 705, '租赁期限不超过二十年'],
  [215, 707, '租赁合同的书面形式'], [216, 708, '出租人的交付和维持义务'], [220, 712, '出租人的维修义务'],
  [221, 713, '出租人不履行维修义务'], [224, 716, '转租'], [226, 721, '租金的支付期限'], [227, 722, '承租人逾期支付租金'],
  [229, 725, '买卖不破租赁'], [230, 726, '承租人的优先购买权'], [232, 730, '不定期租赁'], [234, 732, '承租人死亡后的继续承租'],
  [235, 733, '租赁物的返还'], [236, 734, '期满继续使用视为不定期租赁'], [237, 735, '融资租赁合同的定义'],
  [251, 770, '承揽合同的定义'], [269, 788, '建设工程合同的定义'], [272, 791, '发包、分包与转包'], [279, 799, '竣工验收'],
  [286, 807, '建设工程价款优先受偿权'], [288, 809, '运输合同的定义'], [302, 823, '旅客伤亡的赔偿责任'],
  [311, 832, '货物毁损灭失的赔偿责任'], [322, 843, '技术合同的定义'], [365, 888, '保管合同的定义'],
  [374, 897, '保管物毁损灭失的责任'], [381, 904, '仓储合同的定义'], [396, 919, '委托合同的定义'],
  [402, 925, '受托人以自己名义订立合同，第三人知道代理关系'], [403, 926, '受托人以自己名义订立合同，委托人的介入权和第三人的选择权'],
  [410, 933, '委托合同的任意解除', 'changed'], [414, 951, '行纪合同的定义'], [424, 961, '居间合同，现称中介合同'], [426, 963, '居间人的报酬，现称中介人'],
];

const PROPERTY_LAW: Row[] = [
  [2, [205, 114, 115], '物权的调整范围和定义'], [4, 207, '物权平等保护'], [6, 208, '物权公示原则'], [9, 209, '不动产登记的效力'],
  [14, 214, '不动产物权变动的生效时间'], [15, 215, '合同效力与物权变动区分'], [16, 216, '不动产登记簿的效力'],
  [17, 217, '不动产权属证书与登记簿'], [19, 220, '更正登记和异议登记'], [20, 221, '预告登记'], [23, 224, '动产物权的交付生效'],
  [24, 225, '特殊动产的登记对抗'], [25, 226, '简易交付'], [26, 227, '指示交付'], [27, 228, '占有改定'], [28, 229, '法律文书引起的物权变动'], [29, 230, '因继承取得物权'], [30, 231, '事实行为引起的物权变动'],
  [33, 234, '确认物权'], [34, 235, '返还原物'], [35, 236, '排除妨害、消除危险'], [36, 237, '修理、重作、更换或者恢复原状'],
  [37, 238, '损害赔偿'], [39, 240, '所有权的内容'], [42, 243, '征收'], [64, 266, '私人所有权'], [70, 271, '建筑物区分所有权'],
  [74, 275, '车位、车库的归属'], [76, 278, '业主共同决定的事项', 'changed'], [78, 280, '业主大会决定的效力'],
  [84, 288, '处理相邻关系的原则'], [86, 290, '用水、排水'], [87, 291, '通行'], [89, 293, '通风、采光和日照'],
  [93, 297, '共有的类型'], [94, 298, '按份共有'], [95, 299, '共同共有'], [96, 300, '共有物的管理'], [97, 301, '共有物的处分和重大修缮'],
  [99, 303, '共有物的分割请求'], [101, 305, '按份共有人的优先购买权'], [102, 307, '因共有产生的债权债务'],
  [103, 308, '共有性质不明的推定'], [106, 311, '善意取得'], [107, 312, '遗失物的善意取得'], [109, 314, '拾得遗失物的返还'],
  [112, 317, '拾得遗失物的费用和悬赏'], [114, 319, '拾得漂流物、发现埋藏物'], [117, 323, '用益物权的定义'],
  [125, 331, '土地承包经营权的定义'], [135, 344, '建设用地使用权的定义'], [149, 359, '住宅建设用地使用权的续期'],
  [152, 362, '宅基地使用权的定义'], [156, 372, '地役权的定义'], [170, 386, '担保物权的定义'], [172, 388, '担保合同的从属性'],
  [176, 392, '人保和物保并存：物的担保与人的担保'], [177, 393, '担保物权消灭'], [179, 394, '抵押权的定义'], [180, 395, '可以抵押的财产'],
  [184, 399, '禁止抵押的财产'], [186, 401, '流押：抵押财产归债权人所有的约定', 'changed'], [187, 402, '不动产抵押登记'], [188, 403, '动产抵押的登记对抗'],
  [189, 404, '动产浮动抵押不得对抗正常经营买受人'], [190, 405, '抵押权与租赁'], [191, 406, '抵押期间转让抵押财产', 'changed'],
  [195, 410, '抵押权的实现'], [199, 414, '同一财产多个抵押权的清偿顺序'], [200, 417, '建设用地使用权抵押后新增建筑物'],
  [202, 419, '抵押权的行使期间'], [203, 420, '最高额抵押'], [208, 425, '动产质权的定义'], [211, 428, '流质：质押财产归债权人所有的约定', 'changed'],
  [223, 440, '可以出质的权利'], [230, 447, '留置权的定义'], [231, 448, '留置财产与债权属于同一法律关系'],
  [239, 456, '留置权与抵押权、质权竞合'], [241, 458, '有权占有'], [245, 462, '占有保护'],
];

const TORT_LAW: Row[] = [
  [2, [1164], '侵权责任编的调整范围'], [6, 1165, '过错责任和过错推定'], [7, 1166, '无过错责任'], [8, 1168, '共同侵权'],
  [9, 1169, '教唆、帮助侵权'], [10, 1170, '共同危险行为'], [11, 1171, '分别侵权的连带责任'], [12, 1172, '分别侵权的按份责任'],
  [13, 178, '连带责任'], [14, 178, '连带责任人的责任份额和追偿'], [15, 179, '承担民事责任的方式'], [16, 1179, '人身损害赔偿'],
  [17, 1180, '同一侵权造成多人死亡的赔偿'], [18, 1181, '被侵权人死亡时的请求权人'], [19, 1184, '财产损失的计算'],
  [20, 1182, '侵害人身权益造成财产损失'], [21, 1167, '停止侵害、排除妨碍、消除危险'], [22, 1183, '精神损害赔偿'],
  [23, 183, '因保护他人民事权益受损'], [24, 1186, '公平分担损失', 'changed'], [25, 1187, '赔偿费用的支付方式'],
  [26, 1173, '过失相抵：被侵权人有过错'], [27, 1174, '受害人故意'], [28, 1175, '第三人造成损害'], [29, 180, '不可抗力'],
  [30, 181, '正当防卫'], [31, 182, '紧急避险'], [32, 1188, '监护人责任'], [33, 1190, '暂时丧失意识的侵权'],
  [34, 1191, '用人单位责任和劳务派遣'], [35, 1192, '个人劳务关系中的侵权', 'changed'], [36, [1194, 1195, 1197], '网络侵权'],
  [37, 1198, '安全保障义务'], [38, 1199, '无民事行为能力人在教育机构受到损害'], [39, 1200, '限制民事行为能力人在教育机构受到损害'],
  [40, 1201, '第三人在教育机构内造成损害'], [41, 1202, '产品生产者责任'], [43, 1203, '产品缺陷的求偿对象和追偿'],
  [44, 1204, '运输者、仓储者等第三人的过错'], [45, 1205, '产品缺陷危及安全'], [46, 1206, '产品召回'], [47, 1207, '产品责任的惩罚性赔偿'],
  [48, 1208, '机动车交通事故责任'], [49, 1209, '租赁、借用机动车'], [50, 1210, '转让机动车未办理登记'],
  [51, 1214, '拼装车、报废车'], [52, 1215, '盗窃、抢劫、抢夺的机动车'], [53, 1216, '肇事后逃逸'], [54, 1218, '医疗损害过错责任'],
  [55, 1219, '医务人员的说明义务'], [56, 1220, '紧急情况的医疗措施'], [57, 1221, '医务人员未尽诊疗义务'],
  [58, 1222, '推定医疗机构有过错'], [59, 1223, '药品、医疗器械、血液的缺陷'], [60, 1224, '医疗机构免责'],
  [61, 1225, '病历资料'], [62, 1226, '患者隐私和个人信息'], [65, 1229, '环境污染责任'], [66, 1230, '环境污染的举证责任'],
  [67, 1231, '两个以上侵权人污染环境'], [68, 1233, '因第三人过错污染环境'], [69, 1236, '高度危险责任'],
  [70, 1237, '民用核设施'], [71, 1238, '民用航空器'], [72, 1239, '易燃、易爆、剧毒、放射性等高度危险物'],
  [73, 1240, '高空、高压、地下挖掘、高速轨道运输'], [74, 1241, '遗失、抛弃高度危险物'], [75, 1242, '非法占有高度危险物'],
  [76, 1243, '高度危险区域'], [77, 1244, '高度危险责任的赔偿限额'], [78, 1245, '饲养动物致害'], [79, 1246, '未采取安全措施的动物致害'],
  [80, 1247, '禁止饲养的危险动物'], [81, 1248, '动物园的动物致害'], [82, 1249, '遗弃、逃逸的动物致害'],
  [83, 1250, '因第三人过错致动物致害'], [84, 1251, '饲养动物应遵守法律'], [85, 1253, '建筑物、构筑物上的搁置物、悬挂物脱落'],
  [86, 1252, '建筑物、构筑物倒塌'], [87, 1254, '高空抛物、坠物：从建筑物中抛掷物品', 'changed'], [88, 1255, '堆放物倒塌'],
  [89, 1256, '公共道路上堆放、倾倒、遗撒妨碍通行的物品'], [90, 1257, '林木折断、倾倒'], [91, 1258, '地面施工、窨井等地下设施'],
];

const MARRIAGE_LAW: Row[] = [
  [2, 1041, '婚姻家庭的基本原则'], [3, 1042, '禁止包办、买卖婚姻和家庭暴力'], [4, 1043, '家庭成员互相尊重'],
  [5, 1046, '结婚自愿'], [6, 1047, '法定婚龄：结婚年龄'], [7, 1048, '禁止结婚的情形', 'changed'], [8, 1049, '结婚登记'],
  [9, 1050, '男方可以成为女方家庭成员'], [10, 1051, '无效婚姻'], [11, 1052, '受胁迫的可撤销婚姻'], [12, 1054, '婚姻无效、被撤销的后果'],
  [13, 1055, '夫妻地位平等'], [17, 1062, '夫妻共同财产'], [18, 1063, '夫妻个人财产'], [19, 1065, '夫妻财产约定'],
  [20, 1059, '夫妻扶养义务'], [21, 1067, '父母与子女之间的抚养、赡养义务'], [24, 1061, '夫妻遗产继承权'],
  [25, 1071, '非婚生子女'], [27, 1072, '继父母子女'], [28, 1074, '祖孙之间的抚养、赡养'], [29, 1075, '兄弟姐妹之间的扶养'],
  [31, 1076, '协议离婚'], [32, 1079, '诉讼离婚'], [33, 1081, '现役军人的配偶要求离婚'], [34, 1082, '女方怀孕、分娩、终止妊娠期间男方不得提出离婚'],
  [35, 1083, '复婚'], [36, 1084, '离婚后的父母子女关系'], [37, 1085, '离婚后子女抚养费'], [38, 1086, '探望权'],
  [39, 1087, '离婚时夫妻共同财产的处理'], [40, 1088, '离婚家务劳动补偿', 'changed'], [41, 1089, '离婚时夫妻共同债务的清偿'],
  [42, 1090, '离婚经济帮助'], [46, 1091, '离婚损害赔偿', 'changed'], [47, 1092, '隐藏、转移、变卖、毁损、挥霍夫妻共同财产'],
];

const SUCCESSION_LAW: Row[] = [
  [2, 1121, '继承开始的时间'], [3, 1122, '遗产的范围'], [5, 1123, '法定继承、遗嘱继承、遗赠和遗赠扶养协议'],
  [7, 1125, '丧失继承权', 'changed'], [9, 1126, '继承权男女平等'], [10, 1127, '法定继承人的范围和顺序'], [11, 1128, '代位继承', 'changed'],
  [12, 1129, '丧偶儿媳、女婿的继承权'], [13, 1130, '遗产分配'], [14, 1131, '可以分给适当遗产的人'], [15, 1132, '继承问题的协商处理'],
  [16, 1133, '遗嘱处分个人财产'], [17, [1134, 1135, 1137, 1138, 1139], '遗嘱的形式', 'changed'], [18, 1140, '遗嘱见证人的资格'],
  [19, 1141, '必留份：保留必要的遗产份额'], [20, 1142, '遗嘱的撤回、变更和多份遗嘱', 'changed'], [21, 1144, '附义务的遗嘱'], [22, 1143, '遗嘱无效的情形'],
  [23, 1150, '继承开始的通知'], [24, 1151, '遗产的保管'], [25, 1124, '继承和遗赠的接受、放弃'], [26, 1153, '夫妻共同财产的析出'],
  [27, 1154, '按照法定继承办理的情形'], [28, 1155, '胎儿的保留份额'], [29, 1156, '遗产的分割'], [30, 1157, '再婚时处分所继承的财产'],
  [31, 1158, '遗赠扶养协议'], [32, 1160, '无人继承的遗产'], [33, 1161, '限定继承'], [34, 1162, '执行遗赠不得妨碍清偿债务'],
];

const GUARANTEE_LAW: Row[] = [
  [5, [388, 682], '担保合同的从属性和无效的责任'], [6, 681, '保证合同的定义'], [12, 699, '共同保证'], [16, 686, '保证的方式'], [17, 687, '一般保证和先诉抗辩权'],
  [18, 688, '连带责任保证'], [19, 686, '保证方式约定不明时的推定，由连带责任改为一般保证', 'changed'], [21, 691, '保证的范围'],
  [22, 696, '保证期间债权转让'], [23, 697, '保证期间债务转移'], [24, 695, '主合同变更'], [25, [692, 694], '一般保证的保证期间'],
  [26, [692, 694], '连带责任保证的保证期间'], [28, 392, '人保和物保并存：物的担保与人的担保', 'changed'], [31, 700, '保证人的追偿权'],
  [33, 394, '抵押权的定义'], [34, 395, '可以抵押的财产'], [41, 402, '抵押登记：由合同生效改为抵押权设立', 'changed'], [53, 410, '抵押权的实现'],
  [63, 425, '动产质押'], [75, 440, '可以质押的权利'], [82, 447, '留置'], [87, 453, '留置财产的宽限期和变价', 'changed'], [89, [586, 587], '定金'], [90, 586, '定金合同自实际交付定金时成立'], [91, 586, '定金数额不超过主合同标的额的百分之二十'],
];

const GENERAL_PRINCIPLES: Row[] = [
  [4, [5, 6, 7], '自愿、公平、诚实信用原则'], [54, 133, '民事法律行为的定义'], [55, 143, '民事法律行为的有效条件'],
  [58, [144, 146, 153, 154], '无效的民事行为', 'changed'], [59, [147, 151], '可变更、可撤销的民事行为', 'changed'],
  [63, [161, 162], '代理'], [66, [171, 164], '无权代理和代理人的责任'], [84, 118, '债权'], [92, [122, 985], '不当得利'],
  [93, [121, 979], '无因管理'], [106, [1165, 1166], '民事责任：违约、过错责任和无过错责任'], [119, 1179, '人身损害赔偿'], [120, 995, '人格权受到侵害时的请求权'],
  [123, [1236, 1239, 1240], '高度危险作业'], [126, 1253, '建筑物上的搁置物、悬挂物致害'], [127, 1245, '饲养动物致害'],
  [130, 1168, '共同侵权'], [131, 1173, '受害人过错'], [134, 179, '承担民事责任的方式'],
  [135, 188, '诉讼时效期间，由二年改为三年', 'changed'], [137, 188, '诉讼时效的起算和二十年最长期间'],
  [139, 194, '诉讼时效中止'], [140, 195, '诉讼时效中断'], [153, 180, '不可抗力'],
];

const ADOPTION_LAW: Row[] = [
  [4, 1093, '可以被收养的未成年人，不再限于不满十四周岁', 'changed'], [5, 1094, '可以作送养人的'], [6, 1098, '收养人的条件', 'changed'],
  [15, 1105, '收养登记'], [23, 1111, '收养的效力'], [25, 1113, '收养行为无效'], [26, 1114, '解除收养关系'],
];

const TABLES: Record<string, Row[]> = {
  合同法: CONTRACT_LAW,
  物权法: PROPERTY_LAW,
  侵权责任法: TORT_LAW,
  婚姻法: MARRIAGE_LAW,
  继承法: SUCCESSION_LAW,
  担保法: GUARANTEE_LAW,
  民法通则: GENERAL_PRINCIPLES,
  收养法: ADOPTION_LAW,
};

/** The law whose articles the table points to, as the library titles it. */
export const CIVIL_CODE_TITLE = '中华人民共和国民法典';
/** 民法总则's articles 1 to 204 are 民法典's under the same numbers; its last two went to the 附则. */
const GENERAL_PART_LAST = 204;
const GENERAL_PART_TOPIC = '总则编沿用原条号';
/** 民法总则 第二百零五条 (what 以上, 以下, 以内 … mean) went to the 附则. */
const GENERAL_PART_DEFINITIONS = { old: 205, now: 1259, topic: '“以上”“以下”等的含义' };

const byLaw = new Map(Object.entries(TABLES).map(([law, rows]) => [law, new Map(rows.map((r) => [r[0], r]))]));

/**
 * Where 民法典 holds the rule of `article` of the repealed law titled `lawTitle` (with or without 中华人民共和国),
 * or null when the table does not hold that article (or that law).
 */
export function civilCodeCounterpart(lawTitle: string, article: number, subNumber = 0, parts: readonly CitedPart[] = []): Concordance | null {
  const whole = wholeArticle(lawTitle, article, subNumber);
  const narrowed = whole && parts.length ? partArticles(shortTitle(lawTitle), article, parts) : null;
  // A part 民法典 kept nothing of (合同法 第五十四条第三款) has no counterpart: better none than the whole article's.
  if (narrowed && narrowed.articles.length === 0) return null;
  return whole && narrowed ? { ...whole, articles: narrowed.articles, part: narrowed.part } : whole;
}

/**
 * Where 民法典 put the 款 or 项 of an article whose parts went to different articles: 合同法 第五十二条's grounds of
 * invalidity are 民法典 第一百五十三条 (第四项, 第五项), 第一百五十四条 (第二项) and 第一百四十六条 (第三项). Keys are
 * 款.项 (款 1 for an article whose 项 are cited without it; 项 0 for the whole 款).
 */
const BY_PART: ReadonlyMap<string, Readonly<Record<string, number[]>>> = new Map<string, Readonly<Record<string, number[]>>>([
  // (一) fraud or coercion harming the state's interest: now voidable, unless void as against the law or public order.
  ['合同法|52', { '1.1': [148, 150, 153], '1.2': [154], '1.3': [146], '1.4': [153], '1.5': [153] }],
  // 重大误解 and 显失公平; fraud, coercion and 乘人之危 (now part of 显失公平); a request to vary only is no longer kept apart.
  // 第三款 (a court may not rescind where only 变更 was asked) has none: 民法典 no longer lets a party ask to vary.
  ['合同法|54', { '1.0': [147, 151], '1.1': [147], '1.2': [151], '2.0': [148, 150, 151], '3.0': [] }],
  ['合同法|74', { '1.0': [538, 539], '2.0': [540] }],
  ['合同法|117', { '1.0': [590], '2.0': [180] }],
  ['物权法|2', { '1.0': [205], '2.0': [115], '3.0': [114] }],
  ['侵权责任法|36', { '1.0': [1194], '2.0': [1195], '3.0': [1197] }],
  ['民法通则|106', { '1.0': [176, 577], '2.0': [1165], '3.0': [1166] }],
]);

/** The table's split articles, for checking: each 款.项 with the 民法典 articles that hold it. */
export function concordanceParts(): Array<{ law: string; article: number; part: string; articles: number[] }> {
  return [...BY_PART].flatMap(([key, split]) => {
    const [law, article] = key.split('|') as [string, string];
    return Object.entries(split).map(([part, articles]) => ({ law, article: Number(article), part, articles }));
  });
}

/** The articles that hold the cited parts, in order; null when the table does not split the article or a part is not in it. */
function partArticles(law: string, article: number, parts: readonly CitedPart[]): { articles: number[]; part: CitedUnit } | null {
  const split = BY_PART.get(`${law}|${article}`);
  if (!split) return null;
  const keys = parts.flatMap((p) => (p.items.length ? p.items.map((i) => `${p.paragraph ?? 1}.${i}`) : [`${p.paragraph ?? 1}.0`]));
  if (keys.some((k) => !split[k])) return null;
  const items = parts.some((p) => p.items.length);
  const whole = parts.some((p) => !p.items.length);
  return { articles: [...new Set(keys.flatMap((k) => split[k]!))], part: { unit: items && whole ? '款项' : items ? '项' : '款', several: keys.length > 1 } };
}

function wholeArticle(lawTitle: string, article: number, subNumber: number): Concordance | null {
  if (subNumber !== 0) return null;
  const law = shortTitle(lawTitle);
  if (law === '民法总则') {
    if (article >= 1 && article <= GENERAL_PART_LAST) return { articles: [article], topic: GENERAL_PART_TOPIC };
    if (article === GENERAL_PART_DEFINITIONS.old) return { articles: [GENERAL_PART_DEFINITIONS.now], topic: GENERAL_PART_DEFINITIONS.topic };
    return null;
  }
  const row = byLaw.get(law)?.get(article);
  return row ? ruleOf(row) : null;
}

/** A row of the table as its Concordance. */
function ruleOf([, now, topic, changed]: Row): Concordance {
  return { articles: Array.isArray(now) ? now : [now], topic, ...(changed ? { changed: true } : {}) };
}

/** An article of a repealed law whose rule a 民法典 article holds now (合同法 第一百零七条 for 第五百七十七条). */
export interface FormerArticle {
  /** The repealed law's short title (合同法) and the article's number. */
  law: string;
  article: number;
  /** The 款 and 项 of it this 民法典 article took, when it took only some (第（四）项、第（五）项); absent for the whole article. */
  parts?: string;
  topic: string;
  changed: boolean;
}

let formerIndex: Map<number, FormerArticle[]> | undefined;

/**
 * The articles of the repealed laws whose rules 民法典 article `number` holds now, by the table (民法总则's under
 * the same number too), in the table's order of laws: what older judgments, contracts and case law cite for it.
 */
export function formerArticles(number: number): FormerArticle[] {
  if (!formerIndex) {
    formerIndex = new Map();
    for (const e of concordanceEntries()) {
      // The articles that hold only one part count too (合同法 第七十四条第二款 → 第五百四十条).
      const split = Object.values(BY_PART.get(`${e.law}|${e.article}`) ?? {}).flat();
      for (const n of new Set([...e.articles, ...split])) {
        const parts = partsHeldBy(e.law, e.article, n);
        formerIndex.set(n, [...(formerIndex.get(n) ?? []), { law: e.law, article: e.article, ...(parts ? { parts } : {}), topic: e.topic, changed: e.changed === true }]);
      }
    }
  }
  return [...generalPartFormer(number), ...(formerIndex.get(number) ?? [])];
}

/**
 * The parts of a split article that 民法典 article `now` holds (合同法 第五十二条 → 第一百五十三条: 「第（一）项、第（四）项、第（五）项」),
 * or null when it holds them all or the table does not split the article. A whole 款's key is left out where its 项 are listed.
 */
function partsHeldBy(law: string, article: number, now: number): string | null {
  const split = BY_PART.get(`${law}|${article}`);
  if (!split) return null;
  const keys = Object.keys(split).map((k) => k.split('.').map(Number) as [number, number]);
  const itemised = new Set(keys.filter(([, i]) => i > 0).map(([p]) => p));
  const named = keys.filter(([p, i]) => i > 0 || !itemised.has(p));
  const held = named.filter(([p, i]) => split[`${p}.${i}`]!.includes(now));
  if (held.length === 0 || held.length === named.length) return null;
  const severalParagraphs = keys.some(([p]) => p > 1);
  return held
    .map(([p, i]) => (i === 0 ? `第${intToChinese(p)}款` : `${severalParagraphs ? `第${intToChinese(p)}款` : ''}第（${intToChinese(i)}）项`))
    .join('、');
}

/** 民法总则's article that 民法典 article `number` kept (1–204 by number, 第一千二百五十九条 its 第二百零五条), if any. */
function generalPartFormer(number: number): FormerArticle[] {
  const general = { law: '民法总则', changed: false };
  if (number >= 1 && number <= GENERAL_PART_LAST) return [{ ...general, article: number, topic: GENERAL_PART_TOPIC }];
  if (number === GENERAL_PART_DEFINITIONS.now) return [{ ...general, article: GENERAL_PART_DEFINITIONS.old, topic: GENERAL_PART_DEFINITIONS.topic }];
  return [];
}

/** 「《合同法》第一百零七条」. */
export function formerCitation(f: Pick<FormerArticle, 'law' | 'article' | 'parts'>): string {
  return `${bookTitle(f.law)}${articleLabelOf(f.article)}${f.parts ?? ''}`;
}

/** The 民法典 articles' former articles, for an article of any law (none but 民法典's have them). */
export function formerArticlesOf(article: { lawTitle: string; number: number; subNumber: number }): FormerArticle[] {
  return article.lawTitle === CIVIL_CODE_TITLE && article.subNumber === 0 ? formerArticles(article.number) : [];
}

/** Every entry of the table, for its tests. */
export function concordanceEntries(): Array<{ law: string; article: number } & Concordance> {
  return [...byLaw].flatMap(([law, rows]) => [...rows.values()].map((r) => ({ law, article: r[0], ...ruleOf(r) })));
}
