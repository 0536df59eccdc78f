/**
 * Article citations in user text: "民法典第1165条", "《劳动合同法》第三十八条第一款第二项",
 * "刑法264", "本法第十条", "第五百七十七条和第五百八十四条" (the second inherits the law),
 * "《公司法》（2018年修正）第七十一条" and "2018年公司法第七十一条" (a version pin).
 *
 * A citation's law is, in order of preference: a known law name directly before
 * the article (optionally in 《》, optionally with a revision note); 本法/本条例…
 * (sameLaw); an unknown law-like name directly before (law unknown, nothing
 * inherited); after 该法/上述条例…, the most recent law mention in the same
 * sentence; otherwise the law of the citation or name just before, when only
 * separators (、，和及与或至) stand between. Text that is not consumed, such as
 * 解释（三） in 公司法解释（三）第二十四条, breaks that link: it names another document.
 *
 * Numbers that share one 条 (第1165、1166条, 第三十八、四十六条) and the far end of a
 * range written without 第 (第1165条至1167条, 第1165-1167条) are citations too. The
 * articles inside a range (第1166条 in 第1165条至第1167条) are added only when asked
 * for (`ranges: 'expand'`), as a lookup or a search means them and an answer's audit
 * or the statute graph reads the endpoints the text writes.
 */
import { chineseToInt, digitsToInt, intToChinese, WRITTEN_YEAR } from '../../../preload/contract/numerals.js';
import { foldChar, isIgnorable, type LawNameIndex, type LawNameMatch } from './aliases.js';

export interface CitationRef {
  /** The law name as known to the index (normalized), null when same-law or unknown. */
  lawName: string | null;
  /** Keys of every law the name may mean; empty when lawName is null. */
  lawKeys: string[];
  /** 本法第十条 and citations inheriting it: the law of the text being read. */
  sameLaw: boolean;
  /** The year of the version the text names (（2018年修正） after the law, 2018年 before it); null when none. */
  versionYear: number | null;
  article: number;
  /** 之一 → 1; 0 when absent. */
  subNumber: number;
  /** "宪法序言": the law's 序言 rather than an article (article is then 0). */
  preamble?: boolean;
  /**
   * Set, with `ranges: 'expand'`, on a range's first end and the articles inside it: the articles
   * inserted after this number (第一百三十三条之一, 之二) lie inside the range too.
   */
  withInserted?: boolean;
  /**
   * Set, with `ranges: 'expand'`, on both ends of a range too wide to list (民法典第1条至第100条: more than
   * MAX_RANGE_SPAN articles): how many articles it spans, so a caller can say why only its ends are shown.
   */
  wideRange?: number;
  /** The first 款 cited (`parts[0]`); null when none, or when 项 are cited without their 款. */
  paragraph: number | null;
  /** The first 项 cited in that 款 (`parts[0]`); null when none. */
  item: number | null;
  /**
   * Every 款 cited, in order, each with the 项 cited in it: 第二、三款 → 2 and 3; 第一项至第三项 →
   * one part (no 款) with 1, 2, 3; 第三款第二项、第四款第一项 → 3 with 2, then 4 with 1. Empty when
   * the citation names the whole article.
   */
  parts: CitedPart[];
  /** Span of the citation in the text, including a law name written directly before it. */
  start: number;
  end: number;
  raw: string;
}

/** One 款 a citation names and the 项 it names in it (none: the whole 款); paragraph null for 项 named without their 款. */
export interface CitedPart {
  paragraph: number | null;
  items: number[];
}

export type SingleCitationFailure = 'no-article-number' | 'bad-article-number' | 'unknown-law' | 'no-law-name';

export type SingleCitationResult =
  | { ok: true; ref: CitationRef }
  | {
      ok: false;
      reason: SingleCitationFailure;
      /** Law names that nearly match what was typed; for 'bad-article-number', the citation as it was probably meant. */
      candidates?: string[];
      /**
       * For 'no-law-name': the parsed article, for the caller to resolve against a current law; for
       * 'unknown-law', the article number cited (a repealed law's, which 民法典 may now hold).
       */
      ref?: CitationRef;
      /** For 'unknown-law': the law name as typed before the article number. */
      lawName?: string;
    };

type LawContext =
  | { kind: 'law'; name: string; keys: string[]; versionYear: number | null }
  | { kind: 'same' }
  | { kind: 'unknown' };

/** A place after which a law is in context, for citations that inherit it. */
interface ContextMark {
  end: number;
  law: LawContext;
  /** For a document the library does not know (an unknown 《title》, 公司法若干问题的规定): its name as written, which says what kind of document it is. */
  title?: string;
}

interface ArticleHit {
  /** Start of the article number part (第… or the bare number). */
  start: number;
  end: number;
  article: number;
  subNumber: number;
  /** The law written directly before the article, if any, and where it starts. */
  direct: { law: LawContext; start: number } | null;
  preamble?: boolean;
}

const NUM = '[0-9０-９]+|[零〇一二三四五六七八九十百千万两]+';
const SUB = '[0-9０-９]+|[一二三四五六七八九十]+';
const EXPLICIT_ARTICLE = new RegExp(`第\\s*(${NUM})\\s*条(?:\\s*之\\s*(${SUB}))?`, 'g');
const ARTICLE_AFTER_NAME = new RegExp(`(第\\s*)?(${NUM})\\s*(条)?(?:\\s*之\\s*(${SUB}))?`, 'y');
/** A series of article numbers after one 第 (see seriesHits), and one of its items: the number, and 条 when written. */
const SERIES_CONNECTOR = '(?:[、，,和及与至到~～]|[-—–－])';
const SERIES = new RegExp(`第\\s*(?:${NUM})\\s*条?(?:\\s*${SERIES_CONNECTOR}\\s*(?:第\\s*)?(?:${NUM})\\s*条?)+`, 'g');
const SERIES_ITEM = new RegExp(`(?:^|\\s*${SERIES_CONNECTOR})\\s*(?:第\\s*)?(${NUM})\\s*(条)?`, 'g');
/** 第二款, 第二、三款, 第二款至第四款: 款 numbers after one 第, the last of them followed by 款. */
const PARAGRAPHS = new RegExp(`\\s*第\\s*(?:${NUM})\\s*款?(?:\\s*(?:[、，,和及与至到])\\s*(?:第\\s*)?(?:${NUM})\\s*款?)*`, 'y');
const PARAGRAPH_PART = new RegExp(`(?:^\\s*第|\\s*([、，,和及与至到])\\s*(?:第)?)\\s*(${NUM})\\s*(款)?`, 'g');
/** 第二项, 第一、二项, 第（一）、（二）项, 第一项至第三项: 项 numbers after one 第, the last of them followed by 项. */
const ITEMS = new RegExp(`\\s*第\\s*[（(]?\\s*(?:${NUM})\\s*[）)]?\\s*项?(?:\\s*(?:[、，,和及与至到])\\s*(?:第\\s*)?[（(]?\\s*(?:${NUM})\\s*[）)]?\\s*项?)*`, 'y');
const ITEM_PART = new RegExp(`(?:^\\s*第|\\s*([、，,和及与至到])\\s*(?:第)?)\\s*[（(]?\\s*(${NUM})\\s*[）)]?\\s*(项)?`, 'g');
const ITEM = new RegExp(`\\s*(?:第\\s*[（(]?\\s*(${NUM})\\s*[）)]?\\s*项|[（(]\\s*(${NUM})\\s*[）)]\\s*项?)`, 'y');
/** What may not follow a number that is not marked as an article (dates, amounts, counts). */
const NOT_AN_ARTICLE_AFTER = /^[0-9０-９.．:：/\-年月日号时分秒元角万亿千百次个名人岁天周期届倍%％‰件份页章节编款项级]/;
const SENTENCE_END = /[。！？!?；;\n\r]/;
const SAME_LAW_BEFORE = /本(?:实施|暂行)?(?:法|条例|规定|办法|解释|细则|决定|规则|章|节|编|分编)$/;
const LAW_LIKE_BEFORE = /[\u4e00-\u9fff]{2,30}(?:法|条例|办法|细则|规则|解释)$/;
/**
 * 该法, 同条例, 上述解释… right before an article: a document of that kind named earlier. 该规定 (上述规定, 此规定) too, of a
 * document named …规定 (证据规定, 公司法解释 written 若干问题的规定) — not 有关规定 or 相关规定, which say "the rules on it".
 */
const REFERRING_LAW_BEFORE = /(?:(?:该|此|(?<![合共协认不相连会赞如等陪随混大雷异伙胡视类趋苟])同|上述|前述|上列|下列|有关|相关)(法|条例|办法|细则|规则|解释)|(?:该|此|上述|前述)(规定))$/;
const PARAGRAPH_END = /[\n\r]/;
/** A name followed by these names another document (刑法修正案, 公司法》若干问题的规定, 公司法解释（三）). */
const DERIVED_DOCUMENT_AFTER =
  /^[^\s第，。；、,;《》]{0,6}?(?:实施条例|实施细则|实施办法|修正案|若干|解释|时间效力|确定罪名|[（(][一二三四五六七八九十\d]{1,3}[）)])/;
/**
 * All that may stand between a citation and the next article inheriting its
 * law: separators, closing marks, and parts of the same law (刑法分则第三章第二节、
 * 第一百九十条; 第十七条第一项至第五项和第十八条).
 */
/** The named parts of 民法典 (民法典合同编第五百七十七条, 《民法典》婚姻家庭编第一千零七十九条) and any named 分编 (典型合同分编). */
const NAMED_PART = '(?:总则|物权|合同|人格权|婚姻家庭|继承|侵权责任)编|[\\u4e00-\\u9fff]{2,6}分编';
const SEPARATORS_ONLY = new RegExp(
  `^(?:[\\s、，,和及与或至到~～—–－\\-）)》”"]|以及|或者|[总分附]则|${NAMED_PART}|第\\s*(?:${NUM})\\s*(?:分编|编|章|节|款|项)|第?\\s*[（(]\\s*(?:${NUM})\\s*[）)]\\s*项?)*$`,
);
/**
 * The amendment formula 「在刑法第三百九十条后增加一条，作为第三百九十条之一」: the new
 * article's number belongs to the law just cited, though prose stands between them.
 */
const AMENDMENT_INSERTS = /^\s*之?后\s*增加\s*[一二两三四五六七八九十\d]*\s*[条款项]\s*[，,]?\s*作为\s*$/;
/** （2018年修正）, （2018修正）, （2018年）, （2018） between a law name and the article: the version of that year. */
const REVISION_NOTE_BEFORE = new RegExp(`[（(]\\s*(${WRITTEN_YEAR})\\s*年?\\s*(?:修正|修订)?(?:版|本|文本)?\\s*[）)]\\s*$`);
/** 2018年, 2018年修正的, 2018年版 before a law name: the version of that year. */
const YEAR_BEFORE_NAME = new RegExp(`(?<![0-9０-９])(${WRITTEN_YEAR})\\s*年(?:修正|修订)?(?:版|本)?的?\\s*$`);
/** 第…条 whose number is no well-formed numeral (第一百十条). */
const MALFORMED_ARTICLE = /第\s*([零〇一二三四五六七八九十百千万两]+)\s*条/g;
const PRC = '中华人民共和国';
const UNKNOWN: LawContext = { kind: 'unknown' };
const MAX_SMALL_NUMBER = 99;

export interface ParseOptions {
  /** 'expand': a range (第1165条至第1167条) also yields the articles inside it, up to MAX_RANGE_SPAN apart. */
  ranges?: 'endpoints' | 'expand';
}

/** Every article citation in the text, in order. */
export function parseCitations(text: string, names: LawNameIndex, opts: ParseOptions = {}): CitationRef[] {
  const refs = parseWithArticleStarts(text, names).map((c) => c.ref);
  return opts.ranges === 'expand' ? expandRanges(text, refs) : refs;
}

/** Marks that separate citations in a list of them, and the titles of laws the library may not know (《…》). */
const LIST_BREAKS = /《[^《》]{1,80}》|[\s、，,;；。.至到~～—–－\-]+/g;
/**
 * A word between citations of a list: a joining word, a law's name the library may not know
 * before one (合同法 in 民法典第1165条、合同法第52条), or both. One bounded quantifier, so
 * that no input makes it backtrack for long.
 */
const LIST_WORD = /^(?:以及|[和及与或])?(?:[\u4e00-\u9fff（）()]{0,30}(?:法|条例|办法|细则|规则|规定|解释|决定))?$/;

/** The text is nothing but citations (民法典第1165条、第1166条; 合同法第52条): no words to search besides them. */
export function onlyCitations(text: string, names: LawNameIndex): boolean {
  const refs = parseCitations(text, names);
  if (refs.length === 0) return false;
  const listWords = (gap: string) => gap.split(LIST_BREAKS).every((word) => LIST_WORD.test(word));
  let at = 0;
  for (const ref of refs) {
    if (ref.start > at && !listWords(text.slice(at, ref.start))) return false;
    at = Math.max(at, ref.end);
  }
  return listWords(text.slice(at));
}

/** Between two citations: they are the ends of a range (至, 到, a dash or a tilde). */
const RANGE_BETWEEN = /^\s*(?:至|到|[-—–－~～])\s*$/;
/** The widest range whose inside is listed; a wider one is more likely a misreading than a citation of every article. */
export const MAX_RANGE_SPAN = 50;

/** The citations with the articles inside each range of the same law added after its first end. */
function expandRanges(text: string, refs: CitationRef[]): CitationRef[] {
  const out: CitationRef[] = [];
  const wide = new Map<CitationRef, number>();
  refs.forEach((ref, i) => {
    const next = refs[i + 1];
    const isRange = next !== undefined && rangeOf(text, ref, next);
    // 第1167条至第1165条, written the wrong way round, means the same three articles.
    const span = isRange ? Math.abs(next.article - ref.article) : 0;
    if (isRange && span > MAX_RANGE_SPAN) {
      wide.set(ref, span + 1).set(next, span + 1);
    }
    if (!isRange || span < 1 || span > MAX_RANGE_SPAN) {
      out.push(wide.has(ref) ? { ...ref, wideRange: wide.get(ref)! } : ref);
      return;
    }
    out.push({ ...ref, withInserted: true });
    const raw = text.slice(ref.start, next.end);
    const step = next.article > ref.article ? 1 : -1;
    for (let n = ref.article + step; n !== next.article; n += step) {
      out.push({ ...ref, article: n, subNumber: 0, paragraph: null, item: null, parts: [], start: ref.start, end: next.end, raw, withInserted: true });
    }
  });
  return out;
}

/** Whether two citations in a row are the ends of one range (第1165条至第1167条): one law, only 至, 到, a dash or a tilde between them. */
export function rangeOf(text: string, from: CitationRef, to: CitationRef): boolean {
  return sameLawContext(from, to) && RANGE_BETWEEN.test(text.slice(from.end, to.start)) && !from.preamble && !to.preamble;
}

function sameLawContext(a: CitationRef, b: CitationRef): boolean {
  return a.sameLaw === b.sameLaw && a.versionYear === b.versionYear && a.lawKeys.join('|') === b.lawKeys.join('|');
}

/** For a lookup box: the whole input is one citation. */
export function parseSingleCitation(text: string, names: LawNameIndex): SingleCitationResult {
  const first = parseWithArticleStarts(text, names)[0];
  if (!first) {
    const meant = probablyMeant(text);
    if (meant.length > 0) return { ok: false, reason: 'bad-article-number', candidates: meant };
    return { ok: false, reason: 'no-article-number', candidates: names.similarNames(text.trim()) };
  }
  const { ref, articleStart } = first;
  if (ref.lawKeys.length > 0) return { ok: true, ref };
  const typedLaw = text.slice(0, articleStart).trim();
  if (ref.sameLaw || typedLaw === '') return { ok: false, reason: 'no-law-name', ref };
  return { ok: false, reason: 'unknown-law', candidates: names.similarNames(typedLaw), lawName: typedLaw, ref };
}

function parseWithArticleStarts(text: string, names: LawNameIndex): Array<{ ref: CitationRef; articleStart: number }> {
  const marks = contextMarks(text, names);
  // Series hits come last: where one starts where another does, the other (with its 之一) is kept.
  const hits = [...explicitHits(text, names), ...hitsAfterNames(text, names, marks), ...preambleHits(text, names, marks), ...seriesHits(text, names)]
    .sort((a, b) => a.start - b.start);
  const found: Array<{ ref: CitationRef; articleStart: number }> = [];
  let lastStart = -1;
  for (const hit of hits) {
    if (hit.start === lastStart) continue;
    lastStart = hit.start;
    const law = hit.direct?.law ?? inheritedLaw(text, hit.start, marks);
    const ref = buildRef(text, hit, law);
    // The next article inherits this one's law only if nothing but separators follows it.
    marks.push({ end: ref.end, law: law ?? UNKNOWN });
    found.push({ ref, articleStart: hit.start });
  }
  return found;
}

/**
 * 第一百十条 → 第一百一十条: the input with each malformed article numeral in
 * the forms it was probably meant; empty when there is none.
 */
function probablyMeant(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(MALFORMED_ARTICLE)) {
    const numeral = m[1] ?? '';
    if (chineseToInt(numeral) !== null) continue;
    const start = m.index ?? 0;
    for (const n of likelyValues(numeral)) {
      out.add(`${text.slice(0, start)}第${intToChinese(n)}条${text.slice(start + m[0].length)}`.trim());
    }
  }
  return [...out];
}

/**
 * Readings of a numeral that breaks the written rules: digit by digit
 * (一〇八七 → 1087), unit by unit (一百十 → 110, 一千八十七 → 1087), and for a
 * last digit right after 百 or 千 the spoken shorthand (一百五 → 150).
 */
function likelyValues(numeral: string): number[] {
  const digitwise = /^[〇零一二三四五六七八九两]+$/.test(numeral) ? digitsToInt(numeral) : null;
  if (digitwise !== null) return [digitwise].filter(isArticleNumber);
  let total = 0;
  let pending: number | null = null;
  let lastUnit = 0;
  for (const c of numeral) {
    const unit = NUMERAL_UNITS.get(c);
    if (unit === undefined) {
      if (c !== '零' && c !== '〇') pending = chineseToInt(c);
      continue;
    }
    total = unit === 10000 ? (total + (pending ?? 0)) * unit : total + (pending ?? 1) * unit;
    pending = null;
    lastUnit = unit;
  }
  const values = [total + (pending ?? 0)];
  if (pending !== null && lastUnit >= 100) values.push(total + (pending * lastUnit) / 10);
  return [...new Set(values)].filter(isArticleNumber);
}

const NUMERAL_UNITS: ReadonlyMap<string, number> = new Map([['十', 10], ['百', 100], ['千', 1000], ['万', 10000]]);

function isArticleNumber(n: number): boolean {
  return Number.isInteger(n) && n > 0 && n < 100000;
}

function buildRef(text: string, hit: ArticleHit, law: LawContext | null): CitationRef {
  const cited = hit.preamble ? { parts: [], end: hit.end } : partsAt(text, hit.end);
  const first = cited.parts[0];
  const start = hit.direct?.start ?? hit.start;
  return {
    ...(hit.preamble ? { preamble: true } : {}),
    lawName: law?.kind === 'law' ? law.name : null,
    lawKeys: law?.kind === 'law' ? [...law.keys] : [],
    sameLaw: law?.kind === 'same',
    versionYear: law?.kind === 'law' ? law.versionYear : null,
    article: hit.article,
    subNumber: hit.subNumber,
    paragraph: first?.paragraph ?? null,
    item: first?.items[0] ?? null,
    parts: cited.parts,
    start,
    end: cited.end,
    raw: text.slice(start, cited.end),
  };
}

/** Between two groups of 款 and 项 (第三款第二项、第四款第一项). */
const GROUP_SEPARATOR = /\s*(?:[、，,和及与]|以及|或者)/y;

/**
 * The 款 and 项 cited after an article ending at `pos`: groups of 款 (a list or a range), the 项
 * after a group belonging to its last 款, groups joined by 、，和及与; a group after the first must
 * name its 款 (第三款第二项、第四款第一项), so that 、第五项 or 、第十条 ends the citation.
 */
function partsAt(text: string, pos: number): { parts: CitedPart[]; end: number } {
  const parts: CitedPart[] = [];
  let end = pos;
  for (;;) {
    let from = end;
    if (parts.length > 0) {
      GROUP_SEPARATOR.lastIndex = end;
      if (!GROUP_SEPARATOR.test(text)) break;
      from = GROUP_SEPARATOR.lastIndex;
    }
    const paragraphs = matchList(PARAGRAPHS, PARAGRAPH_PART, text, from);
    if (parts.length > 0 && !paragraphs) break;
    const afterParagraphs = paragraphs?.end ?? from;
    const items = matchList(ITEMS, ITEM_PART, text, afterParagraphs) ?? oneItem(text, afterParagraphs);
    if (!paragraphs && !items) break;
    const numbers: Array<number | null> = paragraphs?.values ?? [null];
    numbers.forEach((paragraph, i) => parts.push({ paragraph, items: i === numbers.length - 1 ? (items?.values ?? []) : [] }));
    end = items?.end ?? afterParagraphs;
  }
  return { parts, end };
}

/**
 * The 款 or 项 cited at `pos` (第二款, 第二、三款, 第二款至第四款, a range listing what lies inside it;
 * the same for 项), up to the last number followed by its unit; null when there is none or a number
 * is too large to be one.
 */
function matchList(list: RegExp, part: RegExp, text: string, pos: number): { values: number[]; end: number } | null {
  list.lastIndex = pos;
  const m = list.exec(text);
  if (!m) return null;
  const parts = [...m[0].matchAll(part)];
  while (parts.length > 0 && parts.at(-1)?.[3] === undefined) parts.pop();
  const last = parts.at(-1);
  if (!last) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = chineseToInt(part[2] ?? '');
    if (value === null || value === 0 || value > MAX_SMALL_NUMBER) return null;
    const previous = values.at(-1);
    if ((part[1] === '至' || part[1] === '到') && previous !== undefined) for (let n = previous + 1; n < value; n++) values.push(n);
    if (!values.includes(value)) values.push(value);
  }
  return { values, end: pos + (last.index ?? 0) + last[0].length };
}

/** One 项 at `pos`, also bracketed without 第 (第三十八条（二）). */
function oneItem(text: string, pos: number): { values: number[]; end: number } | null {
  const item = matchSticky(ITEM, text, pos);
  return item ? { values: [item.value], end: item.end } : null;
}

/** A 款 or 项 number at `pos`; numbers above 99 are taken for something else. */
function matchSticky(re: RegExp, text: string, pos: number): { value: number; end: number } | null {
  re.lastIndex = pos;
  const m = re.exec(text);
  const digits = m?.[1] ?? m?.[2];
  if (!m || digits === undefined) return null;
  const value = chineseToInt(digits);
  if (value === null || value === 0 || value > MAX_SMALL_NUMBER) return null;
  return { value, end: re.lastIndex };
}

function explicitHits(text: string, names: LawNameIndex): ArticleHit[] {
  const hits: ArticleHit[] = [];
  for (const m of text.matchAll(EXPLICIT_ARTICLE)) {
    const article = chineseToInt(m[1] ?? '');
    const subNumber = m[2] === undefined ? 0 : chineseToInt(m[2]);
    if (article === null || article === 0 || subNumber === null) continue;
    const start = m.index ?? 0;
    hits.push({ start, end: start + m[0].length, article, subNumber, direct: directLaw(text, start, names) });
  }
  return hits;
}

/**
 * 第1165、1166条, 第三十八、四十六条, 第1165至1167条, 第1165条至1167条, 第1165-1167条:
 * every number of a series that ends in 条, each a hit; the first takes the law
 * written before the series, the others inherit it across the separators.
 */
function seriesHits(text: string, names: LawNameIndex): ArticleHit[] {
  const hits: ArticleHit[] = [];
  for (const m of text.matchAll(SERIES)) {
    const start = m.index ?? 0;
    const items = [...m[0].matchAll(SERIES_ITEM)];
    while (items.length > 0 && items.at(-1)?.[2] === undefined) items.pop();
    if (items.length < 2) continue;
    for (const [i, item] of items.entries()) {
      const article = chineseToInt(item[1] ?? '');
      if (article === null || article === 0) break;
      const at = start + (item.index ?? 0);
      const numberAt = i === 0 ? at : at + item[0].search(/[^\s、，,和及与至到\-—–－~～]/);
      hits.push({ start: numberAt, end: at + item[0].length, article, subNumber: 0, direct: i === 0 ? directLaw(text, numberAt, names) : null });
    }
  }
  return hits;
}

/** "刑法264", "劳动合同法 38", "民法典1165条", "刑法第264": numbers right after a known name. */
function hitsAfterNames(text: string, names: LawNameIndex, marks: ContextMark[]): ArticleHit[] {
  const hits: ArticleHit[] = [];
  for (const mark of marks) {
    if (mark.law.kind !== 'law') continue;
    const start = skipForward(text, mark.end);
    ARTICLE_AFTER_NAME.lastIndex = start;
    const m = ARTICLE_AFTER_NAME.exec(text);
    if (!m || (m[1] !== undefined && m[3] !== undefined)) continue; // 第X条 is an explicit hit
    const numberText = m[2] ?? '';
    const end = start + m[0].length;
    if (m[3] === undefined && !plausibleBareNumber(numberText, m[1] !== undefined, text.slice(end))) continue;
    const article = chineseToInt(numberText);
    const subNumber = m[4] === undefined ? 0 : chineseToInt(m[4]);
    if (article === null || article === 0 || subNumber === null) continue;
    hits.push({ start, end, article, subNumber, direct: directLaw(text, start, names) });
  }
  return hits;
}

/** "宪法序言", "《宪法》序言": 序言 right after a known law name. */
function preambleHits(text: string, names: LawNameIndex, marks: ContextMark[]): ArticleHit[] {
  const hits: ArticleHit[] = [];
  for (const mark of marks) {
    const start = skipForward(text, mark.end);
    if (mark.law.kind !== 'law' || !text.startsWith('序言', start)) continue;
    hits.push({ start, end: start + 2, article: 0, subNumber: 0, direct: directLaw(text, start, names), preamble: true });
  }
  return hits;
}

/** A number without 条: digits (Chinese numerals only after 第), not a date, amount or count. */
function plausibleBareNumber(numberText: string, afterDi: boolean, rest: string): boolean {
  if (!afterDi && !/^[0-9０-９]+$/.test(numberText)) return false;
  return !NOT_AN_ARTICLE_AFTER.test(rest.trimStart());
}

/** The law written directly before an article starting at `start`, if any. */
function directLaw(text: string, start: number, names: LawNameIndex): ArticleHit['direct'] {
  const { pos, closed } = skipBackward(text, start);
  const note = REVISION_NOTE_BEFORE.exec(text.slice(Math.max(0, pos - 16), pos));
  if (note) {
    const named = knownLawBefore(text, pos - note[0].length, names);
    return named ? pinned(named, yearOf(note[1] ?? '')) : { law: UNKNOWN, start };
  }
  const named = knownLawBefore(text, start, names);
  if (named) return named;
  if (closed) return { law: UNKNOWN, start: bracketStart(text, pos) };
  const before = text.slice(Math.max(0, pos - 30), pos);
  const sameLaw = SAME_LAW_BEFORE.exec(before);
  if (sameLaw) return { law: { kind: 'same' }, start: pos - sameLaw[0].length };
  // Where an unbracketed unknown name starts cannot be told; the span keeps to the article.
  if (LAW_LIKE_BEFORE.test(before) && !REFERRING_LAW_BEFORE.test(before)) return { law: UNKNOWN, start };
  return null;
}

/** A known name (or an unknown 《title》) ending at `end`, past spaces and 》; null when neither. */
function knownLawBefore(text: string, end: number, names: LawNameIndex): ArticleHit['direct'] {
  const { pos, closed } = skipBackward(text, end);
  const match = names.match(text, pos);
  if (!match) return closed ? { law: UNKNOWN, start: bracketStart(text, pos) } : null;
  const open = openingBefore(text, match);
  if (closed && open === null) return { law: UNKNOWN, start: bracketStart(text, pos) };
  const nameStart = open ?? match.start;
  const pin = yearBefore(text, nameStart);
  return { law: lawOf(match, pin?.year ?? null), start: pin?.start ?? nameStart };
}

function pinned(direct: NonNullable<ArticleHit['direct']>, versionYear: number | null): ArticleHit['direct'] {
  return direct.law.kind === 'law' ? { ...direct, law: { ...direct.law, versionYear } } : direct;
}

/** "2018", "２０１８", "二〇一八" or "二○一八" → 2018. */
function yearOf(digits: string): number | null {
  return [...digits].length === 4 ? digitsToInt(digits) : null;
}

/** The version year written right before a name starting at `nameStart` (2018年公司法), and where it starts. */
function yearBefore(text: string, nameStart: number): { year: number; start: number } | null {
  const m = YEAR_BEFORE_NAME.exec(text.slice(Math.max(0, nameStart - 12), nameStart));
  const year = m ? yearOf(m[1] ?? '') : null;
  return m && year !== null ? { year, start: nameStart - m[0].length } : null;
}

/**
 * The law an article without a law of its own takes: after 该法/上述条例…, the most recent document of that kind
 * (该解释 an interpretation, not the 刑法 article it construes) mentioned in its sentence, else earlier in its
 * paragraph (「根据《…解释》第一条，…。依照该解释第七条…」); otherwise the law of the citation or name right
 * before it, when only separators stand between them.
 */
function inheritedLaw(text: string, pos: number, marks: ContextMark[]): LawContext | null {
  const sentenceStart = sentenceStartBefore(text, pos);
  const referring = referredKind(text, pos);
  if (referring) {
    return referredLaw(marks, pos, sentenceStart, referring) ?? referredLaw(marks, pos, paragraphStartBefore(text, sentenceStart), referring);
  }
  let best: ContextMark | null = null;
  for (const mark of marks) {
    if (mark.end > pos || mark.end <= sentenceStart) continue;
    if (!best || mark.end >= best.end) best = mark;
  }
  if (!best) return null;
  const between = text.slice(best.end, pos);
  if (SEPARATORS_ONLY.test(between) || AMENDMENT_INSERTS.test(between)) return best.law;
  return null;
}

/** 该法第十条, 上述条例第五条: the article belongs to a document named earlier, of the kind said (法, 条例, 解释…); null when none is said. */
function referredKind(text: string, pos: number): string | null {
  const before = skipBackward(text, pos).pos;
  const m = REFERRING_LAW_BEFORE.exec(text.slice(Math.max(0, before - 8), before));
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** The most recent document of the kind referred to, mentioned between `from` and `pos`. */
function referredLaw(marks: ContextMark[], pos: number, from: number, kind: string): LawContext | null {
  let best: ContextMark | null = null;
  for (const mark of marks) {
    if (mark.end > pos || mark.end <= from || (best && mark.end < best.end)) continue;
    if (markFits(mark, kind)) best = mark;
  }
  return best?.law ?? null;
}

/**
 * Whether 该<kind> can mean the document of this mark: 本法 and documents of that kind; a 规定 or 决定 for 该解释, as the
 * court's 规定 are interpretations; for 该规定 only a 规定 (not a 法 or a 解释: 「该规定」 is never 劳动合同法).
 */
function markFits(mark: ContextMark, kind: string): boolean {
  if (mark.law.kind === 'same') return true;
  const name = mark.law.kind === 'law' ? mark.law.name : mark.title;
  if (name === undefined) return false;
  if (kind === '规定') return bareName(name).endsWith('规定');
  const own = documentKind(name);
  return own === kind || (kind === '解释' && own === null);
}

/** 法 (民法典 too), 条例, 办法, 细则, 规则 or 解释, by how a name ends (its （一）, （2018年修正） aside); null for others (规定, 决定, 修正案). */
function documentKind(name: string): string | null {
  const bare = bareName(name);
  for (const kind of ['解释', '条例', '办法', '细则', '规则']) if (bare.endsWith(kind)) return kind;
  return /法典?$/.test(bare) ? '法' : null;
}

/** A name without the notes after it (（一）, （2018年修正）) and its closing 》. */
function bareName(name: string): string {
  return name.replace(/(?:[（(][^（）()]*[）)])+$/, '').replace(/[》\s]+$/, '');
}

function sentenceStartBefore(text: string, pos: number): number {
  for (let i = pos - 1; i >= 0; i--) if (SENTENCE_END.test(text.charAt(i))) return i + 1;
  return 0;
}

function paragraphStartBefore(text: string, pos: number): number {
  for (let i = pos - 1; i >= 0; i--) if (PARAGRAPH_END.test(text.charAt(i))) return i + 1;
  return 0;
}

/** Law mentions in the text: known names, derived documents and unknown 《titles》. */
function contextMarks(text: string, names: LawNameIndex): ContextMark[] {
  const unknownTitles = unknownBracketSpans(text, names);
  const marks: ContextMark[] = unknownTitles.map((s) => ({ end: s.end, law: UNKNOWN, title: text.slice(s.start + 1, s.end - 1) }));
  for (const m of names.findAll(text)) {
    if (unknownTitles.some((s) => m.start >= s.start && m.end <= s.end)) continue;
    const derived = DERIVED_DOCUMENT_AFTER.exec(text.slice(skipForward(text, m.end), m.end + 24));
    if (derived) marks.push({ end: m.end, law: UNKNOWN, title: `${m.name}${derived[0]}` });
    else marks.push({ end: m.end, law: lawOf(m, yearBefore(text, openingBefore(text, m) ?? m.start)?.year ?? null) });
  }
  return marks.sort((a, b) => a.end - b.end);
}

/** 《…》 spans whose content is not a known name (optionally after 中华人民共和国). */
function unknownBracketSpans(text: string, names: LawNameIndex): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const m of text.matchAll(/《([^《》]{1,80})》/g)) {
    const start = m.index ?? 0;
    const close = start + m[0].length - 1;
    const match = names.match(text, skipBackward(text, close).pos);
    if (!match || openingBefore(text, match) !== start) spans.push({ start, end: close + 1 });
  }
  return spans;
}

/**
 * Where the 《 opening a name sits, when the name fills the brackets (an
 * optional 中华人民共和国 before it is allowed); null when there is no such 《.
 */
function openingBefore(text: string, match: LawNameMatch): number | null {
  let i = match.start;
  while (i > 0 && foldChar(text.charAt(i - 1)) === ' ') i--;
  if (i >= PRC.length && text.slice(i - PRC.length, i) === PRC) i -= PRC.length;
  return text.charAt(i - 1) === '《' ? i - 1 : null;
}

function bracketStart(text: string, pos: number): number {
  const open = text.lastIndexOf('《', pos);
  return open >= 0 && pos - open <= 80 ? open : pos;
}

function lawOf(match: LawNameMatch, versionYear: number | null): LawContext {
  return { kind: 'law', name: match.name, keys: match.key, versionYear };
}

/** Skips spaces, 》 and quotes forward from `pos`. */
function skipForward(text: string, pos: number): number {
  let i = pos;
  while (i < text.length && isIgnorable(foldChar(text.charAt(i))) && text.charAt(i) !== '《') i++;
  return i;
}

/** Skips spaces, 》 and quotes backward from `pos`; `closed` tells whether a 》 was passed. */
function skipBackward(text: string, pos: number): { pos: number; closed: boolean } {
  let i = pos;
  let closed = false;
  while (i > 0) {
    const c = foldChar(text.charAt(i - 1));
    if (!isIgnorable(c) || c === '《') break;
    if (c === '》') closed = true;
    i--;
  }
  return { pos: i, closed };
}
