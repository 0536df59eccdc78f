import assert from 'node:assert/strict';
import { test } from 'node:test';
import { featureTermExpansion, layTermExpansion, withTerms } from '../../main/search/layTerms.js';

const withLegalTerms = (text: string) => withTerms(text, layTermExpansion(text));

test('everyday words bring the statute terms for them, each once', () => {
  assert.deepEqual(layTermExpansion('公司拖欠工资三个月，我能直接走人吗'), ['劳动报酬', '劳动者', '解除劳动合同']);
  assert.deepEqual(layTermExpansion('房东不退押金，租客怎么办'), ['出租人', '承租人']);
  // 老公 and 老婆 map to the same terms: they come once.
  assert.deepEqual(layTermExpansion('老公和老婆吵架'), ['配偶', '夫妻']);
});

test('terms the text already uses are not added, and statute wording adds nothing', () => {
  assert.deepEqual(layTermExpansion('用人单位拖欠工资，劳动者能否解除劳动合同'), ['劳动报酬']);
  assert.deepEqual(layTermExpansion('用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同'), []);
  assert.deepEqual(layTermExpansion('民法典第一千一百六十五条'), []);
});

test('the searched text keeps the user\'s words first', () => {
  assert.equal(withLegalTerms('被狗咬了找谁赔钱'), '被狗咬了找谁赔钱 赔偿 损失 饲养的动物');
  assert.equal(withLegalTerms('劳动合同的解除'), '劳动合同的解除');
});

test('a collision followed by running off is a hit-and-run (逃逸); running off alone is not', () => {
  assert.deepEqual(layTermExpansion('开车撞了人逃跑会判几年'), ['交通事故', '机动车', '逃逸', '肇事', '驾驶']);
  assert.ok(layTermExpansion('发生车祸后司机跑了，找谁赔').includes('逃逸'));
  assert.ok(!layTermExpansion('老婆丢下孩子逃跑了，我能告她吗').includes('逃逸'));
});

test('everyday words inside other words do not fire', () => {
  // 出租车 is not 租车, 仓储物变质 is no food safety matter, a building's 保修期 is not a shop's 三包, 被关起来 (prison) is not 拘留.
  assert.deepEqual(layTermExpansion('出租车司机绕路多收费，我能拒付吗'), []);
  assert.deepEqual(layTermExpansion('保管人发现仓储物变质，应如何处理'), []);
  assert.deepEqual(layTermExpansion('承包人在保修期内是否承担保修责任'), []);
  assert.ok(!layTermExpansion('偷东西被抓，会被关起来吗').includes('拘留'));
  // Words that only look like the everyday ones.
  for (const [text, not] of [
    ['放学回家路上孩子被车撞了', '工伤'], ['工地发生安全事故，包工头跑了', '逃逸'], ['和老板谈判，老板不给加班费', '强制执行'],
    ['他离开公司三年了', '公司登记'], ['揭开公司面纱', '公司登记'], ['股东怎么分利润', '利率'], ['过失杀人判几年', '故意杀人'], ['老婆在家看孩子', '探望'],
    ['和朋友合伙开公司', '合伙合同'], ['银行卡被扣钱', '克扣'],
  ] as const) assert.ok(!layTermExpansion(text).includes(not), `${text} → ${layTermExpansion(text).join(' ')}`);
});

test('consumer, company and family wording reach the statute terms', () => {
  assert.deepEqual(layTermExpansion('网购买到假货能退一赔三吗'), ['网络购物', '电子商务', '欺诈', '产品质量', '消费者', '增加赔偿']);
  // Asking how many times the price comes back is the punitive-damages question (消费者权益保护法 第五十五条).
  assert.deepEqual(layTermExpansion('买到冒牌货能要求几倍赔偿'), ['欺诈', '产品质量', '消费者', '增加赔偿']);
  // Selling fakes is the seller's side: the words of 刑法 第一百四十条 and 产品质量法 第三十九条.
  // Asked as a crime, 销售金额 too: 刑法 第一百四十条 grades the crime by it, 产品质量法 never says it.
  assert.deepEqual(layTermExpansion('卖假货会判几年'), ['欺诈', '产品质量', '消费者', '以假充真', '以次充好', '销售金额']);
  assert.deepEqual(layTermExpansion('商家卖假货怎么赔'), ['经营者', '出卖人', '欺诈', '产品质量', '消费者', '以假充真', '以次充好'], 'the buyer asking the seller: no 销售金额');
  assert.deepEqual(layTermExpansion('商家赔几倍'), ['经营者', '出卖人', '欺诈', '增加赔偿', '消费者']);
  // 工伤保险条例 第十四条 says 应当认定为工伤 of 职工; 民法典 第一千零一十四条 forbids 盗用、假冒 another's name.
  assert.deepEqual(layTermExpansion('上班路上出车祸算不算工伤'), ['交通事故', '上下班途中', '认定为工伤', '职工'], 'a work-injury question: no road terms');
  assert.deepEqual(layTermExpansion('别人冒用我的名字贷款'), ['姓名权', '盗用', '假冒']);
  assert.deepEqual(layTermExpansion('我不算老员工'), ['劳动者'], '算 … 工 without 工伤 is no work-injury question');
  assert.deepEqual(layTermExpansion('国企可以作为普通合伙人吗'), ['国有企业']);
  assert.deepEqual(layTermExpansion('爷爷去世了，房子归叔叔还是我爸爸'), ['父母', '祖父母']);
});

test('money asked for on leaving a job is 经济补偿; on being dismissed also the 赔偿金 of an unlawful dismissal', () => {
  assert.deepEqual(layTermExpansion('老板拖欠工资，我辞职能要补偿吗'), ['劳动报酬', '用人单位', '劳动者', '解除劳动合同', '经济补偿']);
  assert.deepEqual(layTermExpansion('老板一句话就把我开了，能赔多少钱'), ['用人单位', '解除劳动合同', '经济补偿', '赔偿金']);
  assert.ok(layTermExpansion('公司裁员，我能拿多少钱').includes('经济补偿'));
  // The worker asked to pay is no severance question (劳动合同法 第二十二条, 第二十三条, 第九十条).
  assert.ok(!layTermExpansion('劳动者辞职，需要赔偿违约金吗').includes('经济补偿'));
  // Leaving alone asks for no money.
  assert.ok(!layTermExpansion('辞职要提前多久通知公司').includes('经济补偿'));
});

test('the time to ask for enforcement is 民事诉讼法\'s 申请执行的期间, not 行政强制法\'s 期限', () => {
  for (const text of ['申请强制执行的期限', '判决生效后多久内要申请强制执行', '强制执行有没有时限']) {
    assert.deepEqual(layTermExpansion(text), ['申请执行的期间', '申请执行时效'], text);
  }
  assert.deepEqual(layTermExpansion('法院强制执行了我的房子'), [], 'enforcement alone asks nothing about time');
});

test('asking what a crime costs adds 有期徒刑 only when nothing names the crime', () => {
  assert.deepEqual(layTermExpansion('会判几年'), ['有期徒刑', '刑罚']);
  assert.deepEqual(layTermExpansion('被人打成轻伤，他会坐牢吗'), ['故意伤害']);
  // 醉驾 names the matter (刑法 第一百三十三条之一, whose penalty is 拘役): the 500 articles with 有期徒刑 would bury it.
  assert.deepEqual(layTermExpansion('醉驾会坐牢吗'), ['醉酒', '危险驾驶', '醉酒驾驶机动车'], 'and, as the shorthand of a crime, the article\'s own words (doctrineTerms.ts)');
});

test('doctrine names bring the words of the article that lays the doctrine down', () => {
  assert.deepEqual(layTermExpansion('不安抗辩权的行使条件'), ['中止履行', '确切证据']);
  assert.deepEqual(layTermExpansion('揭开公司面纱'), ['滥用公司法人独立地位', '股东有限责任']);
  assert.deepEqual(layTermExpansion('帮信罪怎么判'), ['利用信息网络实施犯罪', '技术支持']);
});

test('being told not to come in any more is a dismissal, and the money asked for is 经济补偿 and 赔偿金; a friend who borrowed a sum is a loan', () => {
  // A dismissal story told in plain words used to bring no statute terms at all, and search returned 民法典's divorce articles.
  const dismissal = '上周五公司HR突然口头通知我下周一不用来上班了，没有任何书面通知，也没说理由，也没给任何补偿。能要多少钱？';
  assert.deepEqual(layTermExpansion(dismissal), ['用人单位', '解除劳动合同', '经济补偿', '赔偿金']);
  assert.deepEqual(layTermExpansion('领导说明天别来上班'), ['用人单位', '解除劳动合同']);
  assert.deepEqual(layTermExpansion('朋友借了我10万元，到现在一直不还'), ['借款', '债务', '返还借款', '清偿']);
  assert.deepEqual(layTermExpansion('他借走我三千块'), ['借款', '债务']);
  // Not every 不用来 is a dismissal, nor every 借我 a loan asked back.
  assert.deepEqual(layTermExpansion('你不用来接我'), []);
  assert.deepEqual(layTermExpansion('借我的车开一下'), []);
});

test('a commute, a work-injury question, an employer that did not insure (session 49)', () => {
  // 工伤保险条例 第十四条 (六) 上下班途中; 第六十二条 未参加工伤保险; 社会保险法 第四十一条 未依法缴纳工伤保险费.
  assert.deepEqual(layTermExpansion('我在上班路上骑电动车被撞，能不能算工伤？单位没给我交工伤保险怎么办？'),
    ['交通事故', '上下班途中', '认定为工伤', '职工', '未参加工伤保险', '未依法缴纳', '工伤保险费'], 'a work-injury question keeps no road terms');
  assert.deepEqual(layTermExpansion('下班途中摔伤能认定工伤吗'), ['安全保障义务', '上下班途中', '认定为工伤', '职工']);
  assert.deepEqual(layTermExpansion('上下班的时候出了车祸'), ['交通事故', '上下班途中', '工伤']);
  assert.ok(layTermExpansion('这算是工伤吗').includes('认定为工伤'));
  assert.deepEqual(layTermExpansion('公司一直不给我交社保'), ['社会保险', '未依法缴纳', '社会保险费']);
  assert.deepEqual(layTermExpansion('社保没交，受了工伤找谁'), ['社会保险', '未依法缴纳', '社会保险费', '未参加工伤保险', '工伤保险费']);
  // A contribution paid, or wanted, says nothing of an employer that did not pay.
  for (const text of ['单位已经给我交了社保', '我不想交社保', '工伤保险怎么交']) {
    assert.ok(!layTermExpansion(text).includes('未依法缴纳'), `${text} → ${layTermExpansion(text).join(' ')}`);
  }
  // 电动车 keeps its road terms when no work injury is asked.
  assert.deepEqual(layTermExpansion('骑电动车被撞了'), ['交通事故', '机动车', '电动自行车', '非机动车']);
});

test('the costs an injured person may claim, only where someone was hurt (session 49)', () => {
  // 民法典 第一千一百七十九条: 医疗费、护理费…营养费…因误工减少的收入; 人身损害赔偿解释 第七条 误工费.
  assert.deepEqual(layTermExpansion('我骑电动车被汽车撞了，对方全责，能要求赔偿哪些费用？'),
    ['交通事故', '机动车', '电动自行车', '非机动车', '医疗费', '护理费', '误工费', '营养费']);
  for (const text of ['被人打伤了能赔什么', '被狗咬伤了赔多少钱', '受伤住院，赔偿项目有哪些']) {
    assert.ok(layTermExpansion(text).includes('护理费'), `${text} → ${layTermExpansion(text).join(' ')}`);
  }
  // No one hurt: a landlord's breach, a delayed delivery.
  for (const text of ['房东违约能要求赔偿哪些费用', '快递晚到了能赔什么', '合同解除后赔偿范围怎么算']) {
    assert.ok(!layTermExpansion(text).includes('护理费'), `${text} → ${layTermExpansion(text).join(' ')}`);
  }
});

test('the terms the reranker\'s features read: a client\'s question and doctrine names, not every everyday word', () => {
  assert.deepEqual(featureTermExpansion('上班路上被撞算工伤吗'), ['上下班途中', '认定为工伤', '职工']);
  assert.deepEqual(featureTermExpansion('老板拖欠工资'), []);
  assert.deepEqual(featureTermExpansion('不安抗辩权'), ['中止履行', '确切证据']);
});

test('client stories from the legal-aid review: a dog bite, an uninsured work injury, a dismissal months ago', () => {
  // The dog comes before the bite; the neighbour is only its owner, so no 相邻 (民法典 第二百八十八条 onward).
  assert.deepEqual(layTermExpansion('邻居家的狗把我孩子咬伤了，花了医药费，邻居不肯赔，怎么办'), ['子女', '饲养的动物']);
  assert.deepEqual(layTermExpansion('邻居的狗没拴绳，扑上来把我腿咬伤了，能让他赔吗'), ['饲养的动物', '未对动物采取安全措施']);
  assert.ok(layTermExpansion('我家孩子在小区里被邻居养的狗咬了，打了狂犬疫苗').includes('饲养的动物'));
  // A neighbour in a neighbour's matter still brings 相邻; a bite or a beating does not.
  assert.ok(layTermExpansion('邻居在我家南边加盖了两层，挡住了阳光').includes('相邻'));
  assert.ok(layTermExpansion('在楼顶养鸽子，影响到邻居，需要承担责任吗').includes('相邻'));
  assert.ok(!layTermExpansion('邻居帮忙带孩子时候，把别人打伤了').includes('相邻'));
  // Hurt at work, told as what happened: 工伤保险条例 第十四条; 没买保险 of a work injury is 第六十二条's 未参加工伤保险.
  assert.deepEqual(layTermExpansion('我在厂里上班时被机器轧伤了手，老板没给我交工伤保险，现在不管我了'),
    ['用人单位', '未参加工伤保险', '未依法缴纳', '工伤保险费', '工作时间', '工作场所', '事故伤害']);
  assert.deepEqual(layTermExpansion('在工地干活从架子上摔下来腿断了，老板没买保险，医药费都是自己出的'),
    ['用人单位', '工伤', '工作时间', '工作场所', '事故伤害', '未参加工伤保险', '工伤保险费']);
  assert.deepEqual(layTermExpansion('干活的时候手被机器压断了，公司说我是临时工不给算工伤，也没交保险'),
    ['认定为工伤', '职工', '工作时间', '工作场所', '事故伤害', '未参加工伤保险', '工伤保险费']);
  // 没买保险 with no injury at work is no work-injury matter; hurt on the way home from school is no injury at work.
  assert.ok(!layTermExpansion('买车没买保险，被撞了怎么办').includes('未参加工伤保险'));
  assert.ok(!layTermExpansion('放学路上摔断了腿').includes('工作场所'));
  // Dismissed months ago and asking whether it is still open: 劳动争议调解仲裁法 第二十七条 (仲裁时效, one year).
  assert.deepEqual(layTermExpansion('公司突然把我开除了，也没给补偿，已经过去八个月了，还能去告吗'),
    ['用人单位', '解除劳动合同', '仲裁时效', '劳动争议', '经济补偿', '赔偿金']);
  assert.deepEqual(layTermExpansion('去年被公司辞退，什么钱都没给，现在一年多了还能申请劳动仲裁吗'),
    ['用人单位', '解除劳动合同', '仲裁时效', '劳动争议', '经济补偿', '赔偿金']);
  assert.ok(!layTermExpansion('借给朋友的钱过了三年了，还能要回来吗').includes('仲裁时效'), 'a loan is no labour dispute');
});

test('a company counsel\'s data questions: data sent abroad, faces, locations, breaches, sales, children, staff, deletion', () => {
  // The in-house counsel's review (session 51): 个人信息保护法 第三十八条, 第三十九条 (向境外提供, 境外接收方, 单独同意).
  assert.deepEqual(layTermExpansion('把用户数据传给境外母公司需要什么手续'), ['向境外提供', '个人信息', '境外接收方', '安全评估', '单独同意']);
  assert.deepEqual(featureTermExpansion('把用户数据传给境外母公司需要什么手续'), ['向境外提供', '个人信息', '境外接收方', '安全评估', '单独同意'], 'the reranker reads them too');
  assert.ok(layTermExpansion('公司把用户信息发到美国总部').includes('向境外提供'));
  assert.ok(layTermExpansion('我们的数据存放在香港的服务器上').includes('境内存储'));
  assert.deepEqual(layTermExpansion('App要用人脸识别登录，需要用户怎么同意'), ['人脸信息', '生物识别', '敏感个人信息', '单独同意']);
  assert.ok(layTermExpansion('我们的APP想收集用户的位置信息').includes('行踪轨迹'));
  assert.ok(layTermExpansion('隐私政策要写些什么').includes('个人信息处理规则'));
  assert.ok(layTermExpansion('公司服务器被黑客攻击，用户信息泄露了，要通知谁').includes('补救措施'));
  assert.ok(layTermExpansion('把会员的手机号卖给别的公司违法吗').includes('公民个人信息'));
  assert.ok(layTermExpansion('我们的游戏有很多小学生玩家，收集他们的信息要注意什么').includes('不满十四周岁'));
  assert.ok(layTermExpansion('公司在员工电脑上装监控软件查看聊天记录合法吗').includes('人力资源管理'));
  assert.ok(layTermExpansion('用户要求注销账号后，我们还能保留他的数据吗').includes('保存期限'));
  // 境外, 信息, 泄露, 删除, 指纹 and 名单 in other matters: a fraud gang abroad, a foreign company, insider information,
  // a takedown notice, currency taken out of the country, a hacking crime, fingerprint evidence, a trade secret.
  for (const text of [
    '犯罪团伙在境外，冒充公安骗取身份信息后让被害人转账', '外国公司在境内设立分支机构需要什么手续', '内幕信息泄露的法律责任',
    '网络服务提供者接到通知后删除侵权信息', '携带外币存款出境有限额吗', '黑客入侵计算机系统判几年', '指纹鉴定能作为证据吗',
    '员工带走了公司的客户名单', '境外母公司要求子公司分红', '把财产转移到境外',
  ]) {
    const terms = layTermExpansion(text);
    assert.ok(!terms.some((t) => t.includes('个人信息') || t === '向境外提供' || t === '境内存储'), `${text} → ${terms.join(' ')}`);
  }
});
