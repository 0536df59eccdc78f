/**
 * Chinese numerals as used in legal numbering (第一千一百六十五条, 之二, 十二、…).
 *
 * Parsing is strict about the canonical written form: 一百零五 (105) is accepted,
 * the colloquial 一百五 (150) is not, so a malformed label is reported rather than
 * silently misread. ASCII and full-width digit strings are accepted as well.
 */

const DIGIT_VALUES: ReadonlyMap<string, number> = new Map([
  ['零', 0],
  ['〇', 0],
  ['一', 1],
  ['二', 2],
  ['两', 2],
  ['三', 3],
  ['四', 4],
  ['五', 5],
  ['六', 6],
  ['七', 7],
  ['八', 8],
  ['九', 9],
]);

const UNIT_VALUES: ReadonlyMap<string, number> = new Map([
  ['十', 10],
  ['百', 100],
  ['千', 1000],
]);

const TEN_THOUSAND = 10000;
const CANONICAL_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const CANONICAL_UNITS = ['', '十', '百', '千'];
const FULL_WIDTH_ZERO = 0xff10;

/** Converts full-width digits (０-９) to ASCII digits; other characters are kept. */
export function toAsciiDigits(s: string): string {
  return s.replace(/[０-９]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - FULL_WIDTH_ZERO + 48));
}

/** A year as statutes and citations write it, for use inside a RegExp: 2018, ２０１８, 二〇一八, 二○一八. */
export const WRITTEN_YEAR = '[0-9０-９]{4}|[〇○零一二三四五六七八九]{4}';

/** Zero as written in a digit-by-digit numeral: 〇, 零, and the look-alike ○ (U+25CB) that typeset dates often use. */
const DIGITWISE_ZEROS: ReadonlySet<string> = new Set(['〇', '零', '○']);

/**
 * A number written digit by digit, as years are (二〇二四, ２０２４, 2024, 二○一八,
 * mixed forms too); null when any character is not a digit. Unlike
 * `chineseToInt`, units are not allowed: 二千零二十四 is not a digit string.
 */
export function digitsToInt(s: string): number | null {
  if (s.length === 0 || s.length > 15) return null;
  let out = '';
  for (const ch of toAsciiDigits(s)) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (DIGITWISE_ZEROS.has(ch)) out += '0';
    else {
      const digit = DIGIT_VALUES.get(ch);
      if (digit === undefined) return null;
      out += String(digit);
    }
  }
  return Number.parseInt(out, 10);
}

function parseDigitString(s: string): number | null {
  const ascii = toAsciiDigits(s);
  if (!/^[0-9]{1,15}$/.test(ascii)) return null;
  return Number.parseInt(ascii, 10);
}

/**
 * State of the left-to-right scan over a Chinese numeral. `place` is the place
 * value of the last written unit inside the current 万 section (Infinity at the
 * very start), `pendingDigit` a digit still waiting for its unit.
 */
interface ScanState {
  total: number;
  section: number;
  place: number;
  pendingDigit: number | null;
  zeroPending: boolean;
  sawTenThousand: boolean;
}

/**
 * Whether a group with place value `groupPlace` may follow the previous unit:
 * directly below it, or further below when a 零 marks the gap.
 */
function placeFits(state: ScanState, groupPlace: number): boolean {
  if (state.place === Number.POSITIVE_INFINITY) return true;
  if (state.zeroPending) return groupPlace * 10 < state.place;
  return groupPlace * 10 === state.place;
}

function acceptZero(state: ScanState): boolean {
  const afterUnit = state.place !== Number.POSITIVE_INFINITY && state.pendingDigit === null;
  if (!afterUnit || state.zeroPending) return false;
  state.zeroPending = true;
  return true;
}

function acceptDigit(state: ScanState, digit: number): boolean {
  if (state.pendingDigit !== null) return false;
  state.pendingDigit = digit;
  return true;
}

function acceptUnit(state: ScanState, unit: number): boolean {
  let digit = state.pendingDigit;
  const bareTenAtStart = digit === null && unit === 10 && state.section === 0 && !state.zeroPending;
  if (bareTenAtStart) digit = 1;
  if (digit === null || !placeFits(state, unit)) return false;
  state.section += digit * unit;
  state.place = unit;
  state.pendingDigit = null;
  state.zeroPending = false;
  return true;
}

/** Adds a trailing digit (the ones place) to the current section. */
function flushOnes(state: ScanState): boolean {
  if (state.pendingDigit === null) return !state.zeroPending;
  if (!placeFits(state, 1)) return false;
  state.section += state.pendingDigit;
  state.pendingDigit = null;
  state.zeroPending = false;
  return true;
}

function acceptTenThousand(state: ScanState): boolean {
  if (state.sawTenThousand || !flushOnes(state) || state.section === 0) return false;
  state.total = state.section * TEN_THOUSAND;
  state.section = 0;
  state.place = TEN_THOUSAND;
  state.sawTenThousand = true;
  return true;
}

function acceptChar(state: ScanState, ch: string): boolean {
  const digit = DIGIT_VALUES.get(ch);
  if (digit === 0) return acceptZero(state);
  if (digit !== undefined) return acceptDigit(state, digit);
  const unit = UNIT_VALUES.get(ch);
  if (unit !== undefined) return acceptUnit(state, unit);
  if (ch === '万') return acceptTenThousand(state);
  return false;
}

function parseChineseNumeral(s: string): number | null {
  if (s === '零' || s === '〇') return 0;
  const state: ScanState = {
    total: 0,
    section: 0,
    place: Number.POSITIVE_INFINITY,
    pendingDigit: null,
    zeroPending: false,
    sawTenThousand: false,
  };
  for (const ch of s) {
    if (!acceptChar(state, ch)) return null;
  }
  if (!flushOnes(state)) return null;
  const value = state.total + state.section;
  return value > 0 ? value : null;
}

/**
 * Parses a Chinese numeral (一千一百六十五, 一百零五, 十二, 两万) or a string of
 * ASCII / full-width digits ("1165", "１１６５"). Returns null when invalid.
 */
export function chineseToInt(s: string): number | null {
  const trimmed = s.trim();
  if (trimmed === '') return null;
  if (/^[0-9０-９]+$/.test(trimmed)) return parseDigitString(trimmed);
  return parseChineseNumeral(trimmed);
}

function digitChar(digit: number): string {
  return CANONICAL_DIGITS[digit] ?? '';
}

/** Writes one 万 section (1..9999) in canonical form, e.g. 1010 → 一千零一十. */
function sectionToChinese(n: number, omitLeadingOne: boolean): string {
  let out = '';
  let zeroPending = false;
  for (let power = 3; power >= 0; power--) {
    const digit = Math.floor(n / 10 ** power) % 10;
    if (digit === 0) {
      zeroPending = out !== '';
      continue;
    }
    if (zeroPending) out += '零';
    zeroPending = false;
    const skipOne = omitLeadingOne && out === '' && power === 1 && digit === 1;
    out += (skipOne ? '' : digitChar(digit)) + (CANONICAL_UNITS[power] ?? '');
  }
  return out;
}

/**
 * Canonical legal form of an integer 0 < n < 100000: 1165 → 一千一百六十五,
 * 10 → 十, 105 → 一百零五, 1010 → 一千零一十, 10010 → 一万零一十.
 * Throws a RangeError outside that range.
 */
export function intToChinese(n: number): string {
  if (!Number.isInteger(n) || n <= 0 || n >= 100000) {
    throw new RangeError(`intToChinese: expected an integer 0 < n < 100000, got ${n}`);
  }
  const high = Math.floor(n / TEN_THOUSAND);
  const low = n % TEN_THOUSAND;
  if (high === 0) return sectionToChinese(low, true);
  const head = `${digitChar(high)}万`;
  if (low === 0) return head;
  const gap = low < 1000 ? '零' : '';
  return head + gap + sectionToChinese(low, false);
}

export interface ArticleNumber {
  number: number;
  subNumber: number;
}

const ARTICLE_LABEL = /^第\s*([^\s条之][^条之]*?)\s*条\s*(?:之\s*(\S+))?$/u;

/**
 * Parses an article label: 第一千一百六十五条 → {1165, 0}, 第四十二条之一 → {42, 1},
 * 第133条之二 → {133, 2}, "第 38 条" → {38, 0}. Returns null when invalid.
 */
export function parseArticleLabel(label: string): ArticleNumber | null {
  const match = ARTICLE_LABEL.exec(label.trim());
  if (!match || match[1] === undefined) return null;
  const number = chineseToInt(match[1].replace(/\s+/g, ''));
  if (number === null || number === 0) return null;
  if (match[2] === undefined) return { number, subNumber: 0 };
  const subNumber = chineseToInt(match[2]);
  if (subNumber === null || subNumber === 0) return null;
  return { number, subNumber };
}
