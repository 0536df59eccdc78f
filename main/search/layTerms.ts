/**
 * Everyday words people use for legal matters, and the terms statutes use for
 * them (工资 → 劳动报酬, 房东 → 出租人, 车祸 → 交通事故). Clients describe
 * their matter in the first kind of words; articles are written in the second,
 * so a search for 「公司拖欠工资，我能直接走人吗」 would otherwise never meet
 * 劳动合同法 第三十八条 (「未及时足额支付劳动报酬的，劳动者可以解除劳动合同」).
 *
 * Written by hand from general legal usage. Each entry adds the statute terms
 * to the text that is searched; the user's words always stay.
 */
import { DOCTRINE_TERMS } from './doctrineTerms.js';
import { FAMILY_TERMS } from './familyTerms.js';
import { IP_TERMS } from './ipTerms.js';

import type { TermEntry } from './termEntry.js';

/** Asking for money: 补偿, 赔偿 (not 赔偿违约金), 赔钱, 赔我多少, 给钱, 拿多少钱. */
const MONEY_ON_LEAVING = '(补偿|赔偿(?!违约金)|赔钱|赔.{0,2}多少|给钱|拿.{0,2}钱|多少钱|钱.{0,2}没给|没给.{0,2}钱)';

/** Dismissed (开除, 辞退, 把我开了 …), told either way round. */
const DISMISSED = '(开除|辞退|炒鱿鱼|劝退|把我开了|被开了|给开了|裁员|被裁|解雇|不用(再)?来(上班|公司)?了|别来上班|让我走人|叫我走人)';

/**
 * Time gone by (八个月了, 半年, 一年多, 去年) and the client asking whether it is still open (还能告吗, 来得及吗, 过期了吗):
 * the time limit is the question. For a dispute with an employer it is the one-year 仲裁时效 of 劳动争议调解仲裁法 第二十七条.
 */
const TIME_GONE = '([0-9一二三四五六七八九十两几半]+多?个?多?(月|年)|去年|前年|好久|很久)';
const STILL_OPEN = '(还能|还可以|还可不可以|还能不能)(去)?(告|起诉|仲裁|申请|要|追|讨|维权)|来得及|晚不晚|晚了吗|过期|过了时效|超过时效|过时效';

const LAY_TERMS: ReadonlyArray<TermEntry> = [
  // Employment
  [['工资', '薪水', '薪资', '薪酬', '欠薪', '工钱'], ['劳动报酬']],
  [['老板', '雇主', '东家'], ['用人单位']],
  [['员工', '打工', '上班族', '雇员', '工人'], ['劳动者']],
  [['辞职', '离职', '走人', '不干了', '不想干了', '跳槽'], ['劳动者', '解除劳动合同']],
  [['开除', '辞退', '炒鱿鱼', '劝退', '把我开了', '被开了', '给开了', /不用(再)?来(上班|公司)?了|别来上班|让我走人|叫我走人|卷铺盖/], ['用人单位', '解除劳动合同']],
  [[new RegExp(`^(?=[\\s\\S]*(${DISMISSED}|工资|劳动报酬|加班费|经济补偿|劳动仲裁|工伤))(?=[\\s\\S]*${TIME_GONE})(?=[\\s\\S]*(${STILL_OPEN}))`)], ['仲裁时效', '劳动争议']],
  [['裁员', '被裁'], ['裁减人员', '用人单位']],
  [['遣散费', '离职补偿', '辞退补偿', 'N+1'], ['经济补偿']],
  // Money asked for on leaving is 经济补偿 (劳动合同法 第四十六条, 第四十七条); on being dismissed also the 赔偿金 of an
  // unlawful dismissal (第四十八条, 第八十七条). Not when the worker is the one asked to pay (赔偿违约金).
  [[new RegExp(`(辞职|离职|走人|不干了|不想干了|跳槽).{0,14}${MONEY_ON_LEAVING}`)], ['经济补偿']],
  [[new RegExp(`${DISMISSED}.{0,30}${MONEY_ON_LEAVING}`)], ['经济补偿', '赔偿金']],
  [['加班'], ['延长工作时间']],
  [['社保'], ['社会保险']],
  [['五险一金'], ['社会保险', '住房公积金']],
  [['年假'], ['带薪年休假']],
  [['竞业'], ['竞业限制']],
  [['没签劳动合同', '未签劳动合同', '不签劳动合同', '没有劳动合同'], ['书面劳动合同']],
  [['双倍工资', '两倍工资'], ['二倍的工资']],
  [['怀孕', '孕妇'], ['孕期']],
  [['病假'], ['医疗期']],
  [['扣工资', '扣我工资'], ['克扣', '劳动报酬']],
  [['调岗', '降薪', '降职'], ['变更劳动合同']],
  [['转正'], ['试用期']],
  [['劳动仲裁'], ['劳动争议', '仲裁']],
  // Family and inheritance
  [['老公', '丈夫', '老婆', '妻子', '媳妇'], ['配偶', '夫妻']],
  [['孩子', '小孩', '儿子', '女儿'], ['子女']],
  [['爸', '妈'], ['父母']],
  [['爷爷', '奶奶'], ['祖父母']],
  [['外公', '外婆', '姥姥', '姥爷'], ['外祖父母']],
  [['哥哥', '弟弟', '姐姐', '妹妹', '兄妹', '姐弟', '兄弟', '姐妹'], ['兄弟姐妹']],
  [['孙子', '孙女'], ['孙子女']],
  [['后妈', '后爸'], ['继父母', '继子女']],
  [['抚养权'], ['直接抚养']],
  [['探视', '见孩子'], ['探望']],
  [['养孩子', '带孩子'], ['抚养']],
  // Not 养父母: that is the statute's word for adoptive parents.
  [['养老人', '养老送终'], ['赡养']],
  [['出轨', '小三', '婚外情', '包二奶'], ['与他人同居', '过错']],
  [['家暴', '打老婆', '打老公'], ['家庭暴力']],
  [['净身出户', '分家产', '分财产'], ['夫妻共同财产', '分割']],
  [['私生子', '私生女'], ['非婚生子女']],
  [['领养'], ['收养']],
  [['结婚证', '领证'], ['结婚登记']],
  [['彩礼钱'], ['彩礼']],
  [['遗产怎么分', '分遗产'], ['遗产', '继承']],
  [['遗书'], ['遗嘱']],
  // Property and housing
  [['房产证', '房本'], ['不动产权属证书', '不动产登记']],
  [['过户'], ['转移登记']],
  [['没过户', '未过户', '还没过户'], ['未办理登记']],
  [['房东'], ['出租人']],
  [['租客', '房客', '租户'], ['承租人']],
  [['租房', '租房子'], ['租赁合同']],
  [['二房东'], ['转租']],
  [['开发商'], ['出卖人', '房地产开发企业']],
  [['物业公司'], ['物业服务人']],
  [['拆迁'], ['征收', '补偿']],
  // A neighbour is a 相邻 matter (民法典 第二百八十八条 onward) unless the story is a bite or an injury the neighbour, or the
  // neighbour's animal, caused (「邻居家的狗把我孩子咬伤了」): that is tort (第一千二百四十五条), and 相邻 brought the
  // neighbour-relations articles above it.
  [[/^(?=[\s\S]*邻居)(?![\s\S]*(狗|犬|猫|宠物|咬|打伤|砍伤|撞伤|受伤))/], ['相邻']],
  [['漏水'], ['维修']],
  [['噪音'], ['噪声']],
  [['挡光', '挡阳光', '遮挡阳光'], ['通风', '采光', '日照']],
  [['中介'], ['中介人', '中介合同']],
  [['订金'], ['定金']],
  [['房贷', '按揭'], ['抵押', '借款合同']],
  [['违建', '违章建筑'], ['违法建设']],
  // Money, debts and contracts
  [['借钱', '欠钱', '欠款', '借了钱', '欠我钱', /借(了|走)?我.{0,4}([0-9一二三四五六七八九十两几百千万]+(万|块|元)|钱)/], ['借款', '债务']],
  [['借条', '欠条', '白条'], ['借据', '债权凭证']],
  [['还钱', '还款', '不还钱', '赖账', '拖着不还', '一直不还', '到期不还'], ['返还借款', '清偿']],
  [['月息', '年息', '几分利'], ['利率', '利息']],
  [['高利贷'], ['民间借贷', '利率']],
  [['老赖'], ['失信被执行人', '强制执行']],
  [['担保人'], ['保证人']],
  [['作保', '做担保', '替人担保', '帮人担保'], ['保证', '保证人']],
  [['替他还', '替她还', '帮他还', '帮她还'], ['保证责任']],
  [['催债', '讨债', '要债', '要账'], ['债权人', '清偿']],
  [['赔钱'], ['赔偿', '损失']],
  [['退钱', '退款'], ['返还']],
  [['合同作废'], ['合同无效', '撤销']],
  [['毁约', '反悔'], ['违约']],
  [['网购', '网上买', '淘宝'], ['网络购物', '电子商务']],
  [['商家', '卖家', '店家'], ['经营者', '出卖人']],
  [['买家'], ['买受人', '消费者']],
  [['假货', '冒牌'], ['欺诈', '产品质量', '消费者']],
  // Selling or making fakes, the seller's side: 刑法 第一百四十条 (以假充真，以次充好) and 产品质量法.
  [[/(卖|销售|生产|做|造)假货|售假|制假/], ['以假充真', '以次充好']],
  // … and asked as a crime: the 伪劣商品 crimes are graded by 销售金额, which 产品质量法 never says.
  [[/((卖|销售|生产|做|造)假货|售假|制假).{0,12}(判|坐牢|犯法|犯罪|刑事|罪)/], ['销售金额']],
  [['退一赔三', '假一赔三', '三倍赔偿', '几倍赔偿', '赔几倍'], ['欺诈', '增加赔偿', '消费者']],
  [['退一赔十', '假一赔十', '十倍赔偿'], ['食品安全标准', '十倍']],
  [[/过期的?(食品|食物|零食|饮料|牛奶|面包)|(食品|食物)变质|变质食品/], ['食品安全标准', '保质期']],
  [['七天无理由', '7天无理由', '无理由退货'], ['七日内退货', '无需说明理由']],
  [['办卡', '预付卡', '充值卡', '会员卡'], ['预收款']],
  [['霸王条款'], ['格式条款']],
  [['三包'], ['修理', '更换', '退货']],
  [['保理商'], ['保理人']],
  [[/合伙(?!.{0,6}公司).{0,3}(做生意|开|经营)/], ['合伙合同', '合伙人']],
  [['国企'], ['国有企业']],
  [['个体户'], ['个体工商户']],
  [['法人代表'], ['法定代表人']],
  [['分红'], ['分配利润']],
  [['查账', '看账本', '查看账目'], ['查阅', '会计账簿']],
  [['公司老板'], ['股东', '法定代表人']],
  [['退股'], ['股权转让', '退伙']],
  [['撤资', '抽资'], ['抽逃出资']],
  [[/(?<![离揭])开(个|家|一家)?公司/, '注册公司'], ['设立', '公司登记']],
  [['倒闭'], ['破产', '解散']],
  // Injury and personal rights
  [['车祸', '撞车', '撞人', '被撞', '撞伤', '撞了', '撞死', '追尾', '剐蹭'], ['交通事故', '机动车']],
  // Running off after a collision (not any 逃跑: 「丢下孩子逃跑」 is no hit-and-run).
  [[/(撞|肇事|车祸|交通事故).{0,12}(逃跑|逃走|跑了|跑掉|溜了)/], ['逃逸', '肇事']],
  [['开车', '驾车'], ['驾驶', '机动车']],
  [['没驾照', '没有驾照', '无证驾驶', '无证开车'], ['机动车驾驶证']],
  [['交强险'], ['机动车交通事故责任强制保险']],
  [['电动车'], ['电动自行车', '非机动车']],
  [['借车', '车借给'], ['机动车所有人', '使用人']],
  [['搭便车', '蹭车', '顺风车', '搭车'], ['无偿搭乘']],
  [['打人', '打伤', '被打', '殴打'], ['人身损害', '伤害']],
  [['打架', '打群架'], ['殴打', '斗殴']],
  [['砍人', '捅人', '砍伤', '捅伤'], ['故意伤害']],
  // An injury graded 轻伤 or 重伤 is what makes a beating the crime of 故意伤害 (刑法 第二百三十四条).
  [[/(打|砍|捅|伤)(成|得|到)?(了)?(轻伤|重伤)/], ['故意伤害']],
  [['见义勇为'], ['保护他人民事权益']],
  [['在学校', '学校里'], ['教育机构']],
  [['网暴', '网络暴力'], ['网络用户', '名誉权']],
  [['医疗事故', '看病出事'], ['医疗损害']],
  [['医院'], ['医疗机构']],
  // The animal may come first and the bite later: 「狗把我孩子咬伤了」, 「被邻居养的狗咬了」.
  [['狗咬', '被狗咬', '宠物', '猫抓', /(狗|犬|猫).{0,12}(咬|抓伤|抓破|扑倒|扑伤)|被.{0,8}(狗|犬)(咬|扑)/], ['饲养的动物']],
  // An unleashed dog is the 未对动物采取安全措施 of 民法典 第一千二百四十六条.
  [[/(没|没有|未|不)(拴|栓|牵|系)(狗)?绳|遛狗不牵|(没|不)戴嘴套/], ['未对动物采取安全措施']],
  [['高空抛物', '楼上扔东西'], ['从建筑物中抛掷物品']],
  [['摔倒', '滑倒', '摔伤'], ['安全保障义务']],
  [['精神损失'], ['精神损害']],
  [['造谣', '诽谤', '骂人', '辱骂'], ['名誉权', '侮辱']],
  [['偷拍', '泄露隐私', '人肉'], ['隐私权', '个人信息']],
  [['盗用照片', '乱用照片'], ['肖像权']],
  [[/冒用(了)?(我|他|她|别人|他人)?的?(名字|姓名|名义)|冒名/], ['姓名权', '盗用', '假冒']],
  // Crime
  [['偷东西', '小偷', '偷窃'], ['盗窃']],
  [['抢东西', '抢钱'], ['抢劫']],
  [['骗钱', '被骗', '骗子'], ['诈骗']],
  [['电信诈骗', '网络诈骗', '杀猪盘', '刷单'], ['诈骗', '电信网络诈骗']],
  [['非法集资'], ['非法吸收公众存款', '集资诈骗']],
  [['关几天', '拘留几天'], ['拘留']],
  [[/(?<!过失)杀了?人/], ['故意杀人']],
  [['过失杀人'], ['过失致人死亡']],
  [['偷税', '逃税', '漏税'], ['逃避缴纳税款']],
  [['开赌场'], ['开设赌场']],
  [['酒驾', '醉驾', '喝酒开车', '酒后开车', /喝醉了?开车|喝了酒.{0,2}开车/], ['醉酒', '危险驾驶']],
  [['吸毒'], ['毒品']],
  // Authorities and proceedings
  [['村委会'], ['村民委员会']],
  [['居委会'], ['居民委员会']],
  [['派出所', '警察', '报警'], ['公安机关']],
  [['打官司', '告他', '告他们', '告到法院'], ['起诉', '诉讼']],
  [['政府部门'], ['行政机关']],
  [['告政府', '民告官', '起诉政府'], ['行政诉讼', '行政机关']],
  [['罚单', '被罚款'], ['罚款', '行政处罚']],
  [['城管'], ['行政执法', '城市管理']],
  [['身份证'], ['居民身份证']],
  [['不执行判决', /(判决|判了|判下来|官司).{0,12}(不给钱|不给|不还|不执行)/], ['强制执行', '申请执行']],
  // 民事诉讼法's word for the time to ask for enforcement is 期间, and 强制执行 alone leads to 行政强制法.
  [[/申请(强制)?执行的?(期限|时限|时间|多久)|强制执行.{0,4}(期限|时限)|(多久|多长时间|期限).{0,6}申请(强制)?执行/], ['申请执行的期间', '申请执行时效']],
];

/** Not paid in (没给我交, 没有缴纳, 不买, 未参加 …) before the insurance named, and after it (社保没交). */
const NOT_PAID = '(没|没有|未|不|不给)(给我|给员工|给职工|给我们|帮我|替我|为我)?(交|缴|买|上|办|参加)(纳)?(了)?';
const NOT_PAID_AFTER = '(也|都|一直)?(没|没有|未|不)(交|缴|买|上|办|参加)';

/**
 * What an injured person may claim (民法典 第一千一百七十九条: 医疗费、护理费…营养费…因误工减少的收入; 人身损害赔偿解释
 * 第六条 onward: 误工费), asked as 「能要求赔偿哪些费用」, 「能赔什么」, 「赔哪些钱」 — only where the text says someone was hurt.
 */
const INJURED = '(被撞|撞伤|撞了|受伤|受了伤|被打|打伤|骨折|住院|车祸|伤残|致残|摔伤|咬伤)';
/**
 * Hurt at work, told as what happened (在厂里上班时被机器轧伤了手, 在工地干活摔断了腿) rather than as 工伤: 工伤保险条例 第十四条 (一),
 * 在工作时间和工作场所内，因工作原因受到事故伤害.
 */
const HURT_AT_WORK = '(上班时|上班的时候|上班期间|干活|工作时|工作的时候|工作中|做工|厂里|工地|车间|工厂|生产线|流水线)[^，。；！？,.;!?]{0,14}(受伤|受了伤|伤了|轧|压伤|压断|砸|摔|烫伤|割伤|夹伤|夹断|绞|切断|断了|骨折|截肢)';
const CLAIM_ITEMS = '((赔偿?|索赔)(哪些|什么|啥)|哪些(费用|钱|赔偿)|赔(偿)?多少钱|能赔(什么|哪些|多少)|赔偿(项目|范围|标准))';

/**
 * Everyday words that say what the client asks, as a doctrine name says what a lawyer asks: is it a work injury, the
 * employer did not insure, which costs an injured person may claim. Their terms are read by the reranker's features
 * too (featureTermExpansion), not only searched: beside 「上班路上骑电动车被撞，能不能算工伤？」 the features, reading the
 * query alone, put ten 民法典 traffic-liability articles above 工伤保险条例 第十四条, which BM25 had found.
 */
const QUESTION_TERMS: ReadonlyArray<TermEntry> = [
  [[/(上班|下班|通勤).{0,8}(路上|途中)|上下班的?(时候|时|路上)/], ['上下班途中', '工伤']],
  [[/算(不算|是)?工伤|是不是工伤|属于工伤|是工伤吗|(能|可以)(不能|否)?(认定|评|定)为?工伤/], ['认定为工伤', '职工']],
  // The employer did not insure: 工伤保险条例 第六十二条 (应当参加工伤保险而未参加), 社会保险法 第四十一条 (未依法缴纳工伤保险费),
  // 第八十六条 and 劳动合同法 第三十八条 (未依法缴纳社会保险费). A contribution paid (「单位给我交了社保」) says nothing.
  [[new RegExp(`${NOT_PAID}工伤保险|工伤保险${NOT_PAID_AFTER}`)], ['未参加工伤保险', '未依法缴纳', '工伤保险费']],
  [[new RegExp(`${NOT_PAID}(社保|社会保险|五险)|(社保|社会保险)${NOT_PAID_AFTER}`)], ['未依法缴纳', '社会保险费']],
  [[new RegExp(HURT_AT_WORK)], ['工伤', '工作时间', '工作场所', '事故伤害']],
  // 「没买保险」 said of a work injury is the 工伤保险 not taken out (工伤保险条例 第六十二条).
  [[new RegExp(`^(?=[\\s\\S]*(工伤|${HURT_AT_WORK}))(?=[\\s\\S]*${NOT_PAID}(任何)?保险)`)], ['未参加工伤保险', '工伤保险费']],
  [[new RegExp(`(${NOT_PAID}(社保|社会保险|五险)|(社保|社会保险)${NOT_PAID_AFTER}).*工伤|工伤.*(${NOT_PAID}(社保|社会保险|五险)|(社保|社会保险)${NOT_PAID_AFTER})`)], ['未参加工伤保险', '工伤保险费']],
  [[new RegExp(`^(?=[\\s\\S]*${INJURED})(?=[\\s\\S]*${CLAIM_ITEMS})`)], ['医疗费', '护理费', '误工费', '营养费']],
];

/**
 * Someone's data as a company holds it: users', customers', members', employees' 数据 / 信息 / 资料, or a kind of it
 * (手机号, 通讯录, 身份证号). 信息 alone is not enough (内幕信息, 侵权信息), nor 名单: a 客户名单 is mostly a trade secret.
 */
const PERSONAL_DATA = '((用户|客户|会员|顾客|消费者|员工|职工|个人|公民|学生|业主|患者|病人|孩子|儿童|未成年人|玩家|骑手|乘客)的?(数据|信息|资料|隐私|档案|照片|手机号|电话)|手机号|电话号码|身份证号|通讯录|个人数据|个人资料)';
/** Data of the asker's or a named person's own, or any 数据: what may leak or be deleted. */
const OWN_DATA = `(${PERSONAL_DATA}|(我|我们|他|她|他们)的?(数据|信息|资料|隐私)|数据)`;
/** A place outside 中华人民共和国境内 as the data-export rules count it (Hong Kong, Macao and Taiwan included). */
const PLACE_ABROAD = '(境外|海外|国外|外国|美国|欧洲|欧盟|日本|韩国|新加坡|香港|澳门|台湾|英国|德国|法国)';
/** Data sent, shared, copied or stored somewhere: the verb of a transfer. */
const SEND = '(传|发|给|提供|共享|转|存|放|上传|同步|调取|拷|汇总)';
/**
 * Data going abroad: sent there (传给境外, 存到国外), to a parent company, head office or server there (境外母公司,
 * 总部在美国), or said so (数据出境, 跨境传输). A bare 境外 beside a 信息 is not (「犯罪团伙在境外」 of a fraud by telephone).
 */
const CROSS_BORDER = `^(?=[\\s\\S]*(数据|信息|资料|${PERSONAL_DATA}))(?=[\\s\\S]*(${SEND}(到|至|往)?${PLACE_ABROAD}|${PLACE_ABROAD}的?(母公司|总部|集团|关联公司|服务器|云)|(母公司|总部|集团)(设)?(在|位于)${PLACE_ABROAD}|(数据|信息)(出境|跨境)|跨境(传输|提供|流动)))`;
/** Kept abroad: stored or hosted there, on a server or in a data centre there. */
const STORED_ABROAD = `^(?=[\\s\\S]*(数据|信息|资料))(?=[\\s\\S]*((存|存储|存放|放|部署|托管)(在|到|于)?${PLACE_ABROAD}|服务器.{0,4}(在|位于|设在)${PLACE_ABROAD}|${PLACE_ABROAD}的?(服务器|机房|云服务|云端|数据中心)))`;

/**
 * Personal information and data, as a company's counsel or product manager asks about it (个人信息保护法, 数据安全法,
 * 网络安全法, the 人脸识别 interpretation). Like QUESTION_TERMS these say what the question is about, and the reranker's
 * features read them too: only searched, they brought the articles into BM25's top 10 and the features, reading the
 * query without them, ranked the 民法典 articles on personal information (第一千零三十二条 onward) above them
 * (「我们的游戏有很多小学生玩家，收集他们的信息要注意什么」: 个人信息保护法 第三十一条 first in BM25, outside the top 10).
 */
const DATA_TERMS: ReadonlyArray<TermEntry> = [
  // Data sent or kept abroad — to a parent company or head office there, on a server there — is 向境外提供 (个人信息保护法
  // 第三十八条 to 第四十条, 网络安全法 第三十七条); 境外 alone is not (公司法's 外国公司).
  [[new RegExp(CROSS_BORDER)], ['向境外提供', '个人信息', '境外接收方', '安全评估', '单独同意']],
  [[new RegExp(STORED_ABROAD)], ['境内存储', '重要数据']],
  [[new RegExp(PERSONAL_DATA)], ['个人信息']],
  // Face, fingerprint and voice are biometric data, sensitive personal information that needs separate consent.
  [['刷脸', '人脸', '面部识别', '脸部识别', '声纹', '虹膜', /指纹(识别|打卡|解锁|信息|数据|采集)|(采集|收集|录入).{0,4}指纹/], ['人脸信息', '生物识别', '敏感个人信息', '单独同意']],
  // Where someone is: 行踪轨迹, sensitive personal information (个人信息保护法 第二十八条).
  [[/位置信息|地理位置|定位(信息|数据|轨迹|权限|功能)|实时定位|(获取|收集|采集|读取|上传|追踪|跟踪).{0,8}(位置|定位|行踪)|行踪|(行动|运动|出行)轨迹|GPS/i], ['行踪轨迹', '敏感个人信息']],
  // A privacy policy is the 个人信息处理规则 an operator must publish and the 告知 it must give (第七条, 第十七条).
  [['隐私政策', '隐私协议', '隐私条款', '隐私声明'], ['个人信息处理规则', '告知', '个人信息']],
  // 「不同意就不让用」: refusing the service to a user who does not consent (第十六条).
  [[/不(同意|授权|勾选).{0,12}(不让|不能|无法|不给|就不|拒绝).{0,4}(用|使用|服务|注册|登录|下载)/], ['拒绝提供产品或者服务', '同意']],
  // A breach: 泄露、篡改、丢失, remedial measures and notice (第五十七条; 网络安全法 第四十二条).
  [[new RegExp(`${OWN_DATA}.{0,8}(泄露|泄漏|外泄|被盗|被窃|被偷|丢失|被黑)|(泄露|泄漏|外泄)了?.{0,6}${OWN_DATA}`)], ['个人信息', '泄露', '丢失', '补救措施']],
  // Selling someone's data: 非法买卖 (个人信息保护法 第十条), 非法出售 (网络安全法 第四十四条), 出售…公民个人信息 (刑法 第二百五十三条之一).
  [[new RegExp(`(卖|出售|倒卖|贩卖|转卖|买卖).{0,10}${PERSONAL_DATA}|${PERSONAL_DATA}.{0,10}(卖|出售|倒卖|贩卖|转卖|买卖)`)], ['出售', '非法买卖', '公民个人信息']],
  // A child's data: 不满十四周岁, the parents' or guardian's consent (个人信息保护法 第三十一条, 未成年人保护法 第七十二条).
  [[/^(?=[\s\S]*(小学生|儿童|孩子|小孩|未成年|小朋友|幼儿|十四岁以下|14岁以下|不满十四|不满14))(?=[\s\S]*((收集|采集|获取|处理|读取|上传|使用).{0,10}(信息|数据|资料|位置|定位|照片|人脸|指纹)|(信息|数据|资料).{0,4}(收集|采集)))/], ['不满十四周岁', '未成年人个人信息', '监护人', '同意']],
  // An employer watching its staff: personal information processed for 人力资源管理 (第十三条), and their 私密信息 (民法典 第一千零三十三条).
  [[/(监控|监视|监听|查看|偷看|检查|审查|截屏|读取).{0,12}(员工|职工|下属|雇员).{0,12}(电脑|聊天|微信|邮件|邮箱|手机|上网|通话)|(员工|职工|下属|雇员)的?(电脑|聊天|微信|邮件|邮箱|手机|上网).{0,12}(监控|监视|监听|查看|检查|审查|截屏)/], ['人力资源管理', '个人信息', '私密信息', '隐私']],
  // Closing an account or asking for one's data to go: 删除 and the 保存期限 (第四十七条, 第十九条).
  [[new RegExp(`注销(账号|帐号|用户)|(删除|删掉|清除).{0,8}${OWN_DATA}`)], ['删除', '个人信息', '保存期限']],
];

/**
 * Words that ask what a crime costs rather than which crime it is. Their terms are added only when no other
 * everyday word says more: 有期徒刑 is in about 500 articles of 刑法, short ones among them, and beside a matter
 * already named (醉驾 → 醉酒 危险驾驶) it pushed the matter's own article out of BM25's top 50 (刑法 第一百三十三条之一,
 * whose penalty is 拘役 anyway). For 「会判几年」 alone they are all there is to search.
 */
const SENTENCE_TERMS: ReadonlyArray<TermEntry> = [[['坐牢', '判几年', '判多少年', '判刑'], ['有期徒刑', '刑罚']]];

/**
 * A work-injury question (工伤, a commute): the collision in it is the occasion, which 工伤保险条例 第十四条 (六) calls
 * 交通事故, and the road terms of its vehicle words (车祸, 被撞 → 机动车; 电动车 → 电动自行车 非机动车) are left out: beside
 * 「上班路上骑电动车被撞…算工伤吗」 they brought the rules of the road (道路交通安全法) and the liability articles
 * (民法典 第一千二百零八条 onward) above every work-injury article.
 */
const WORK_INJURY = new RegExp(`工伤|(上班|下班|通勤).{0,8}(路上|途中)|上下班的?(时候|时|路上)|${HURT_AT_WORK}`);
const ROAD_TERMS = ['机动车', '电动自行车', '非机动车'];

/** The terms of every entry one of whose words the text holds, into `out`, leaving out those the text already holds. */
function addTerms(entries: ReadonlyArray<TermEntry>, text: string, out: Set<string>): void {
  for (const [words, terms] of entries) {
    if (!words.some((word) => (typeof word === 'string' ? text.includes(word) : word.test(text)))) continue;
    for (const term of terms) if (!text.includes(term)) out.add(term);
  }
}

/** Statute terms for the everyday words and doctrine names (doctrineTerms.ts) in a text, each once, leaving out those the text already holds. */
export function layTermExpansion(text: string): string[] {
  const out = new Set<string>();
  addTerms(LAY_TERMS, text, out);
  addTerms(FAMILY_TERMS, text, out);
  addTerms(QUESTION_TERMS, text, out);
  addTerms(DATA_TERMS, text, out);
  addTerms(IP_TERMS, text, out);
  addTerms(DOCTRINE_TERMS, text, out);
  if (WORK_INJURY.test(text)) for (const term of ROAD_TERMS) out.delete(term);
  if (out.size === 0) addTerms(SENTENCE_TERMS, text, out);
  return [...out];
}

/** The statute terms the reranker's features read besides the query: those of the client's question (QUESTION_TERMS, DATA_TERMS, IP_TERMS) and of doctrine names. */
export function featureTermExpansion(text: string): string[] {
  const out = new Set<string>();
  addTerms(QUESTION_TERMS, text, out);
  addTerms(DATA_TERMS, text, out);
  addTerms(IP_TERMS, text, out);
  addTerms(DOCTRINE_TERMS, text, out);
  return [...out];
}

/** The text to search: the user's words, then the given statute terms. */
export function withTerms(text: string, terms: readonly string[]): string {
  return terms.length ? `${text} ${terms.join(' ')}` : text;
}
