/**
 * Law-name recognition: every name a user may type for a law (`lawAliases`) and
 * an index that finds those names inside free text (`LawNameIndex`).
 *
 * All names are kept in normalized form (`normalizeLawName`): no 《》, quotes or
 * spaces, full-width ASCII folded to half-width (（试行） → (试行)). Text is
 * matched code unit by code unit with the same folding, so positions reported
 * for a text are positions in the original string.
 */

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
  ['劳动争议调解仲裁法', ['劳动争议仲裁法', '劳动仲裁法']],
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

const REVISION_NOTE =
  /\((?:试行|暂行|草案|征求意见稿|修正|修订|修正本|修订本|(?:\d{4}|[〇零一二三四五六七八九]{4})年(?:修正|修订)(?:本|文本)?)\)/g;

/** Parts of a code that are no law name on their own (民法典 files 总则.md, 合同编.md). */
const PART_OF_CODE = /^(?:总则|分则|附则|.{1,6}编)$/;

/** A normalized title, without revision notes, and both without 中华人民共和国. */
function titleVariants(title: string): string[] {
  const normalized = normalizeLawName(title);
  const withoutNotes = normalized.replace(REVISION_NOTE, '');
  const variants = new Set([normalized, withoutNotes]);
  for (const v of [normalized, withoutNotes]) variants.add(v.split(PRC_PREFIX).join(''));
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
  }
  return [...names];
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

  /** The longest known name ending exactly at `end` (ignorable characters inside it are skipped). */
  match(text: string, end: number): LawNameMatch | null {
    const all = this.matchesEndingAt(text, end);
    return all[all.length - 1] ?? null;
  }

  /** Every non-overlapping name occurrence, longest first when they compete, in text order. */
  findAll(text: string): LawNameMatch[] {
    const candidates: LawNameMatch[] = [];
    for (let end = 1; end <= text.length; end++) candidates.push(...this.matchesEndingAt(text, end));
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
    const contained: string[] = [];
    const containing: string[] = [];
    for (const name of this.keysByName.keys()) {
      if (t.includes(name)) contained.push(name);
      else if (name.includes(t)) containing.push(name);
    }
    contained.sort((a, b) => b.length - a.length);
    containing.sort((a, b) => a.length - b.length);
    const near = [...contained, ...containing];
    return (near.length > 0 ? near : this.namesSharingPairs(t)).slice(0, limit);
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

function charPairs(s: string): Set<string> {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) pairs.add(s.slice(i, i + 2));
  return pairs;
}
