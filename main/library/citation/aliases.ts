/**
 * Law-name recognition: every name a user may type for a law (`lawAliases`) and
 * an index that finds those names inside free text (`LawNameIndex`).
 *
 * All names are kept in normalized form (`normalizeLawName`): no 《》, quotes or
 * spaces, full-width ASCII folded to half-width (（试行） → (试行)). Text is
 * matched code unit by code unit with the same folding, so positions reported
 * for a text are positions in the original string.
 */

import { chineseToInt, WRITTEN_YEAR } from '../../../preload/contract/numerals.js';

const PRC_PREFIX = '中华人民共和国';

/**
 * Hand-written abbreviations: canonical short name (title without 中华人民共和国)
 * → what people write instead. The caller decides which law has that short name.
 */
const ABBREVIATIONS_BY_SHORT_NAME: ReadonlyMap<string, readonly string[]> = new Map([
  ['民事诉讼法', ['民诉法']],
  ['刑事诉讼法', ['刑诉法']],
  ['行政诉讼法', ['行诉法']],
  ['道路交通安全法', ['道交法', '道路交通法']],
  ['消费者权益保护法', ['消保法', '消法', '消费者保护法']],
  ['个人信息保护法', ['个保法']],
  ['劳动合同法', ['劳合法']],
  // 调解仲裁法 is how the labour-dispute interpretations themselves abbreviate it.
  ['劳动争议调解仲裁法', ['劳动争议仲裁法', '劳动仲裁法', '调解仲裁法']],
  ['社会保险法', ['社保法']],
  ['国家赔偿法', ['国赔法']],
  ['食品安全法', ['食安法']],
  ['环境保护法', ['环保法']],
  ['网络安全法', ['网安法']],
  ['数据安全法', ['数安法']],
  ['著作权法', ['版权法']],
  ['企业破产法', ['破产法']],
  ['未成年人保护法', ['未保法']],
  ['妇女权益保障法', ['妇女保障法']],
  ['老年人权益保障法', ['老年法']],
  ['治安管理处罚法', ['治安处罚法', '治安法']],
  ['税收征收管理法', ['税收征管法', '征管法']],
  ['个人所得税法', ['个税法']],
  ['反家庭暴力法', ['反家暴法']],
  ['电子商务法', ['电商法']],
  ['外商投资法', ['外资法']],
  ['反电信网络诈骗法', ['反电诈法']],
  ['招标投标法', ['招投标法']],
  ['反不正当竞争法', ['反不当竞争法']],
  ['涉外民事关系法律适用法', ['涉外法律适用法']],
  ['土地管理法', ['土管法']],
]);

/**
 * What practitioners call the common judicial interpretations, by the
 * interpretation's normalized title without 中华人民共和国. Numbered ones are
 * written (一), (二)…: the unbracketed and Arabic forms are added for every name.
 */
export const INTERPRETATION_NAMES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['最高人民法院关于适用民事诉讼法的解释', ['民诉法解释', '民事诉讼法解释', '民事诉讼法司法解释', '民诉法司法解释', '民诉解释', '民诉司法解释']],
  ['最高人民法院关于适用刑事诉讼法的解释', ['刑诉法解释', '刑事诉讼法解释', '刑事诉讼法司法解释', '刑诉法司法解释', '刑诉解释', '刑诉司法解释']],
  ['最高人民法院关于适用行政诉讼法的解释', ['行诉法解释', '行政诉讼法解释', '行政诉讼法司法解释', '行诉法司法解释', '行诉解释', '行诉司法解释']],
  ['最高人民法院关于适用民法典总则编若干问题的解释', ['民法典总则编解释', '总则编解释']],
  ['最高人民法院关于适用民法典合同编通则若干问题的解释', ['民法典合同编通则解释', '合同编通则解释']],
  ['最高人民法院关于适用民法典有关担保制度的解释', ['民法典担保制度解释', '担保制度解释']],
  ['最高人民法院关于适用民法典时间效力的若干规定', ['民法典时间效力规定']],
  ...civilCodeBookInterpretations([['婚姻家庭编', '一'], ['婚姻家庭编', '二'], ['继承编', '一'], ['物权编', '一'], ['侵权责任编', '一']]),
  ...['一', '二', '三', '四', '五'].map((n): [string, string[]] => [
    `最高人民法院关于适用公司法若干问题的规定(${n})`,
    [`公司法解释(${n})`, `公司法司法解释(${n})`, `公司法规定(${n})`],
  ]),
  ['最高人民法院关于审理劳动争议案件适用法律问题的解释(一)', ['劳动争议解释(一)', '劳动争议司法解释(一)']],
  ['最高人民法院关于审理民间借贷案件适用法律若干问题的规定', ['民间借贷规定', '民间借贷司法解释', '民间借贷解释']],
  ['最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释', ['人身损害赔偿解释', '人身损害赔偿司法解释', '人损解释', '人身损害解释']],
  ['最高人民法院关于审理道路交通事故损害赔偿案件适用法律若干问题的解释', ['道路交通事故损害赔偿解释', '交通事故损害赔偿解释', '交通事故司法解释', '道交解释', '道交司法解释', '交通事故解释']],
  ...['一', '二', '三'].map((n): [string, string[]] => [
    `最高人民法院关于适用企业破产法若干问题的规定(${n})`,
    [`破产法解释(${n})`, `企业破产法解释(${n})`, `破产法司法解释(${n})`, `企业破产法司法解释(${n})`, `破产法规定(${n})`, `企业破产法规定(${n})`],
  ]),
  ['最高人民法院关于人民法院办理执行异议和复议案件若干问题的规定', ['执行异议和复议规定', '执行异议复议规定', '执行异议规定']],
  ['最高人民法院关于民事执行中变更、追加当事人若干问题的规定', ['变更追加当事人规定', '变更追加规定']],
  ['最高人民法院关于确定民事侵权精神损害赔偿责任若干问题的解释', ['精神损害赔偿解释', '精神损害赔偿司法解释']],
  ['最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释', ['买卖合同解释', '买卖合同司法解释']],
  ['最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释', ['商品房买卖合同解释', '商品房买卖合同司法解释']],
  ['最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释(一)', ['建设工程施工合同解释(一)', '建工解释(一)']],
  ['最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释', ['城镇房屋租赁合同解释', '城镇房屋租赁合同司法解释', '房屋租赁合同解释', '房屋租赁合同司法解释', '房屋租赁解释', '房屋租赁司法解释']],
  ['最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释', ['融资租赁合同解释', '融资租赁合同司法解释', '融资租赁解释']],
  ['最高人民法院关于审理物业服务纠纷案件适用法律若干问题的解释', ['物业服务解释', '物业服务司法解释', '物业纠纷解释']],
  ['最高人民法院关于审理民事案件适用诉讼时效制度若干问题的规定', ['诉讼时效规定', '诉讼时效司法解释', '诉讼时效制度规定']],
  ['最高人民法院关于民事诉讼证据的若干规定', ['民事证据规定', '民事诉讼证据规定', '民诉证据规定']],
  // Repealed with 民法典's entry into force, yet cited by every judgment of before 2021 (replacedBy.ts says what replaced them).
  ...['一', '二', '三'].map((n): [string, string[]] => [`最高人民法院关于适用婚姻法若干问题的解释(${n})`, [`婚姻法解释(${n})`, `婚姻法司法解释(${n})`]]),
  ...['一', '二'].map((n): [string, string[]] => [`最高人民法院关于适用合同法若干问题的解释(${n})`, [`合同法解释(${n})`, `合同法司法解释(${n})`]]),
  ['最高人民法院关于适用担保法若干问题的解释', ['担保法解释', '担保法司法解释']],
  ['最高人民法院关于适用物权法若干问题的解释(一)', ['物权法解释(一)', '物权法司法解释(一)']],
  ['最高人民法院关于审理涉及夫妻债务纠纷案件适用法律有关问题的解释', ['夫妻债务解释', '夫妻债务司法解释']],
  ['最高人民法院关于适用婚姻法若干问题的解释(二)的补充规定', ['婚姻法解释(二)的补充规定', '婚姻法司法解释(二)的补充规定']],
  ['最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释(二)', ['建设工程施工合同解释(二)', '建设工程施工合同司法解释(二)', '建工解释(二)', '建工司法解释(二)']],
]);

/** 婚姻家庭编解释(一) and 民法典婚姻家庭编解释(一) for 最高人民法院关于适用民法典婚姻家庭编的解释(一). */
function civilCodeBookInterpretations(books: Array<[string, string]>): Array<[string, string[]]> {
  return books.map(([book, n]) => [`最高人民法院关于适用民法典${book}的解释(${n})`, [`民法典${book}解释(${n})`, `${book}解释(${n})`]]);
}

/** Abbreviation → canonical short name (the inverse of the table above). */
export const LAW_ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  [...ABBREVIATIONS_BY_SHORT_NAME].flatMap(([short, abbrs]) => abbrs.map((a) => [a, short] as const)),
);

const IGNORABLE = new Set([' ', '\t', '\u00a0', '《', '》', '〈', '〉', '<', '>', '"', '“', '”']);

/** Folds one UTF-16 code unit: full-width ASCII → ASCII, ideographic space → space. */
export function foldChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  if (code === 0x3000) return ' ';
  return c;
}

/** Whether a (folded) character is skipped when names are compared. */
export function isIgnorable(c: string): boolean {
  return IGNORABLE.has(c);
}

/** Strips 《》, quotes and spaces and folds full-width forms: "《劳动合同法》（试行）" → "劳动合同法(试行)". */
export function normalizeLawName(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const folded = foldChar(s.charAt(i));
    if (!isIgnorable(folded)) out += folded;
  }
  return out;
}

/** "民法商法/劳动合同法(2012-12-28).md" → "劳动合同法". */
export function shortNameFromFile(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? fileName;
  return base
    .replace(/\.md$/i, '')
    .replace(/\s*[（(]\d{4}-\d{1,2}-\d{1,2}[)）]\s*$/, '')
    .trim();
}

const REVISION_NOTE = new RegExp(`\\((?:试行|暂行|草案|征求意见稿|修正|修订|修正本|修订本|(?:${WRITTEN_YEAR})年(?:修正|修订)(?:本|文本)?)\\)`, 'g');

const COURT = '最高人民法院';
const COURT_BEFORE_TITLE = `${COURT}关于`;

/** Parts of a code that are no law name on their own (民法典 files 总则.md, 合同编.md). */
const PART_OF_CODE = /^(?:总则|分则|附则|.{1,6}编)$/;

/** A normalized title, without revision notes, and both without 中华人民共和国. */
function titleVariants(title: string): string[] {
  const normalized = normalizeLawName(title);
  const withoutNotes = normalized.replace(REVISION_NOTE, '');
  const variants = new Set([normalized, withoutNotes]);
  for (const v of [normalized, withoutNotes]) variants.add(v.split(PRC_PREFIX).join(''));
  // 关于适用《中华人民共和国民法典》有关担保制度的解释: an interpretation's title as cited without its court.
  for (const v of [...variants]) if (v.startsWith(COURT_BEFORE_TITLE)) variants.add(v.slice(COURT.length));
  return [...variants].filter((v) => v.length >= 2);
}

/**
 * Every name a user may type for a law, normalized: the full title, the title
 * without 中华人民共和国, the LawRefBook file short name (date stripped), titles
 * without (试行)/(修正)/(20xx年修订) notes, and known abbreviations.
 */
export function lawAliases(title: string, shortName?: string): string[] {
  const names = new Set(titleVariants(title));
  if (shortName !== undefined) {
    const short = shortNameFromFile(shortName);
    if (!PART_OF_CODE.test(normalizeLawName(short))) {
      for (const v of titleVariants(short)) names.add(v);
    }
  }
  for (const name of [...names]) {
    for (const abbr of ABBREVIATIONS_BY_SHORT_NAME.get(name) ?? []) names.add(abbr);
    for (const alias of INTERPRETATION_NAMES.get(name) ?? []) names.add(alias);
  }
  for (const name of [...names]) for (const v of numberingVariants(name)) names.add(v);
  return [...names];
}

const TRAILING_NUMBER = /\(([一二三四五六七八九十]{1,3})\)$/;
const NUMBERING_AT_END = /(?:\([一二三四五六七八九十0-9]{1,3}\)|[一二三四五六七八九十]{1,3})$/;

/**
 * 刑法修正案(十一) is also written 刑法修正案十一 and 刑法修正案(11). (Unbracketed
 * Arabic digits are left out: 公司法解释3 would swallow the 3 of an article number.)
 */
function numberingVariants(name: string): string[] {
  const m = TRAILING_NUMBER.exec(name);
  const value = m ? chineseToInt(m[1] ?? '') : null;
  if (!m || value === null) return [];
  const stem = name.slice(0, m.index);
  return [`${stem}${m[1]}`, `${stem}(${value})`];
}

export interface LawNameEntry {
  /** Identifies one law title. */
  key: string;
  names: string[];
}

export interface LawNameMatch {
  /** Every law key the name belongs to (more than one when it is ambiguous). */
  key: string[];
  /** The matched name, normalized. */
  name: string;
  /** Offset of the name's first character in the text. */
  start: number;
  /** Offset just past the name's last character. */
  end: number;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** Set when a name ends here (names are stored reversed). */
  name: string | null;
}

function newNode(): TrieNode {
  return { next: new Map(), name: null };
}

/**
 * Finds law names in text. Names are stored in a trie of reversed names, so the
 * longest name ending at a given offset is one walk backwards from there.
 */
export class LawNameIndex {
  private readonly keysByName = new Map<string, string[]>();
  private readonly root = newNode();

  constructor(entries: Iterable<LawNameEntry>) {
    for (const entry of entries) {
      for (const raw of entry.names) this.add(normalizeLawName(raw), entry.key);
    }
  }

  /** Number of distinct names. */
  get size(): number {
    return this.keysByName.size;
  }

  /** Keys of a name typed exactly (after normalization); empty when unknown. */
  lookup(name: string): string[] {
    return [...(this.keysByName.get(normalizeLawName(name)) ?? [])];
  }

  /**
   * The longest known name ending exactly at `end` (ignorable characters inside
   * it are skipped), or null when there is none or it does not start at a word
   * boundary (then it is the tail of a name the index does not know).
   */
  match(text: string, end: number): LawNameMatch | null {
    const longest = this.matchesEndingAt(text, end).at(-1);
    return longest && startsAtBoundary(text, longest.start) ? longest : null;
  }

  /** Every non-overlapping name occurrence (as `match` finds them), longest first when they compete, in text order. */
  findAll(text: string): LawNameMatch[] {
    const candidates: LawNameMatch[] = [];
    for (let end = 1; end <= text.length; end++) {
      const m = this.match(text, end);
      if (m) candidates.push(m);
    }
    candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const taken = new Uint8Array(text.length);
    const chosen: LawNameMatch[] = [];
    for (const m of candidates) {
      if (taken.subarray(m.start, m.end).some((t) => t === 1)) continue;
      taken.fill(1, m.start, m.end);
      chosen.push(m);
    }
    return chosen.sort((a, b) => a.start - b.start);
  }

  /**
   * Names that nearly match typed text, for "did you mean": names contained in
   * it (longest first), names containing it (shortest first), and failing both,
   * names sharing at least two character pairs with it.
   */
  similarNames(typed: string, limit = 10): string[] {
    const t = normalizeLawName(typed);
    if (t.length < 2) return [];
    // 公司法解释(六) is unknown, but 公司法解释(一)…(五) are worth offering.
    const stem = t.replace(NUMBERING_AT_END, '');
    const contained: string[] = [];
    const containing: string[] = [];
    for (const name of this.keysByName.keys()) {
      if (t.includes(name)) contained.push(name);
      else if (name.includes(t) || (stem !== t && stem.length >= 2 && name.includes(stem))) containing.push(name);
    }
    contained.sort((a, b) => b.length - a.length);
    containing.sort((a, b) => a.length - b.length);
    const near = [...contained, ...containing];
    return withoutNumberingVariants(near.length > 0 ? near : this.namesSharingPairs(t)).slice(0, limit);
  }

  /**
   * Names close enough to a name typed that a reader would take one for the other (房屋租赁合同的解释 for
   * 房屋租赁合同解释): most of the typed name's character pairs are theirs and most of theirs are the typed
   * name's. Not the loose neighbours `similarNames` offers a search filter.
   */
  closeNames(typed: string, limit = 3): string[] {
    const t = normalizeLawName(typed);
    const pairs = charPairs(t);
    if (pairs.size < 2) return [];
    const share = (name: string) => {
      const theirs = charPairs(name);
      let shared = 0;
      for (const p of theirs) if (pairs.has(p)) shared++;
      return Math.min(shared / pairs.size, shared / theirs.size);
    };
    const near = [...new Set([...this.similarNames(t, 20), ...this.namesSharingPairs(t).slice(0, 20)])];
    const seen = new Set<string>();
    return near.map((name) => ({ name, share: share(name) })).filter((n) => n.share >= 0.6)
      .sort((a, b) => b.share - a.share)
      // One name per law: 城镇房屋租赁合同解释 and 城镇房屋租赁合同司法解释 are one interpretation.
      .filter((n) => { const key = (this.keysByName.get(n.name) ?? []).join('|'); return !seen.has(key) && Boolean(seen.add(key)); })
      .map((n) => n.name).slice(0, limit);
  }

  private namesSharingPairs(t: string): string[] {
    const pairs = charPairs(t);
    const scored: Array<{ name: string; score: number }> = [];
    for (const name of this.keysByName.keys()) {
      let score = 0;
      for (const p of charPairs(name)) if (pairs.has(p)) score++;
      if (score >= 2) scored.push({ name, score });
    }
    scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length);
    return scored.map((s) => s.name);
  }

  private add(name: string, key: string): void {
    if (name.length === 0) return;
    const keys = this.keysByName.get(name);
    if (keys) {
      if (!keys.includes(key)) keys.push(key);
      return;
    }
    this.keysByName.set(name, [key]);
    let node = this.root;
    for (let i = name.length - 1; i >= 0; i--) {
      const c = name.charAt(i);
      let child = node.next.get(c);
      if (!child) {
        child = newNode();
        node.next.set(c, child);
      }
      node = child;
    }
    node.name = name;
  }

  /** All names ending exactly at `end`, shortest first. */
  private matchesEndingAt(text: string, end: number): LawNameMatch[] {
    const found: LawNameMatch[] = [];
    let node = this.root;
    for (let i = end - 1; i >= 0; i--) {
      const c = foldChar(text.charAt(i));
      if (isIgnorable(c)) {
        if (node === this.root) break;
        continue;
      }
      const child = node.next.get(c);
      if (!child) break;
      node = child;
      if (node.name !== null) {
        found.push({ key: [...(this.keysByName.get(node.name) ?? [])], name: node.name, start: i, end });
      }
    }
    return found;
  }
}

/**
 * What may stand right before a law name written in running text: words that
 * introduce, join or date a citation (依照民法典, 认定为刑法, 达到刑法, 和民法典,
 * 修正后刑法, 新公司法, 2018年公司法), the 法 ending a law or category name
 * written before it (民法商法公司法, as LawBench writes), and 中华人民共和国.
 * Any other Chinese character means the name is the tail of a longer one:
 * 调解仲裁法 is not 仲裁法, 行政监察法 not 监察法, 执业医师法 not 医师法. The verbs
 * are those found before cited names in the national corpus, plus common ones;
 * single characters only where they end no modifier of a law title.
 */
const WORDS_BEFORE_NAME = [
  '中华人民共和国', '现行', '修正前', '修正后', '修订前', '修订后', '修改前', '修改后', '以及', '或者', '还是',
  '依照', '根据', '依据', '按照', '参照', '对照', '比照', '遵照', '违反', '违背', '触犯', '援用', '援引', '参见', '详见', '参考',
  '符合', '构成', '实施', '遵守', '遵循', '具有', '具备', '属于', '涉及', '关于', '基于', '针对', '删去', '修改', '修正', '修订',
  '达到', '超过', '超出', '满足', '认定', '确定', '界定', '指定', '规定', '履行', '执行', '行使', '承担', '影响', '审理', '受理',
  '审查', '处理', '采取', '包括', '收到', '支付', '提交', '提供', '提起', '提出', '制造', '主张', '考虑', '从事', '计入', '取得',
  '虚开', '隐瞒', '出售', '藏匿', '免除', '排除', '落入', '产生', '告知', '通知', '赔偿', '结合', '拨付', '处分', '未尽', '保存', '计算',
  '视同', '办理', '引进', '邮寄', '理解', '查阅', '学习',
];
const CHARACTERS_BEFORE_NAME = '和及与或并暨了的在是为对由将把被从向按依照据于即见如以就除但且因其用经至无仅未称引犯有受指看版新旧原条款项法';
const WORD_BEFORE_NAME = new RegExp(
  `(?:${WORDS_BEFORE_NAME.join('|')}|(?:${WRITTEN_YEAR})\\s*年|[${CHARACTERS_BEFORE_NAME}])$`,
);
const CHINESE_CHARACTER = /[\u3400-\u9fff\uf900-\ufaff]/;
const LOOK_BEHIND = 12;

/** Whether a name starting at `start` is a word of its own (see WORD_BEFORE_NAME). */
function startsAtBoundary(text: string, start: number): boolean {
  if (start === 0 || !CHINESE_CHARACTER.test(text.charAt(start - 1))) return true;
  return WORD_BEFORE_NAME.test(text.slice(Math.max(0, start - LOOK_BEHIND), start));
}

/** Drops 刑法修正案十一 and 刑法修正案(11) where 刑法修正案(十一) is listed, so candidates stay readable. */
function withoutNumberingVariants(names: string[]): string[] {
  const listed = new Set(names);
  const variants = new Set([...listed].flatMap(numberingVariants));
  return names.filter((n) => !variants.has(n));
}

function charPairs(s: string): Set<string> {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) pairs.add(s.slice(i, i + 2));
  return pairs;
}
