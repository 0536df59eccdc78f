/**
 * A statutory limit a text states beside a citation — 「五百万元以下的赔偿」, 「一倍以上五倍以下」 — read against the limits
 * of the articles cited in its sentence. The 2019–2020 amendments of the intellectual-property laws raised them (商标法
 * 第六十三条: 三百万 → 五百万 and 三倍 → 五倍; 著作权法 五十万 → 五百万; 反不正当竞争法 三百万 → 五百万), so a brief written
 * from an older text cites the right article with the wrong figure, and nothing else in the check sees it.
 *
 * Only limits (an amount or multiple followed by 以下, 以上 or 以内) are read, never a sum claimed; a cap (以下, 以内) is
 * said not to fit when none of the sentence's articles states it and one states another cap of the same kind (元 or 倍),
 * which is then quoted. Floors are not compared: over the judicial interpretations in force, 16 of 1,749 citations were
 * marked, all criminal thresholds (数额在五十万元以上) beside an article's fines (并处二万元以上…罚金).
 */
export interface StatedLimit {
  /** As written: 「三百万元以下」. */
  written: string;
  unit: '元' | '倍';
  side: 'below' | 'above';
  value: number;
}

const LIMIT = /([零〇一二两三四五六七八九十百千万亿\d.]+)(亿元|万元|元|倍)(以下|以上|以内)/g;
const DIGIT: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const SMALL_UNIT: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** A number written in Chinese numerals or Arabic digits, with 万 and 亿 inside it (五百万, 1.5万, 三十); NaN if unreadable. */
export function numberOf(written: string): number {
  if (/^[\d.]+$/.test(written)) return Number(written);
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (let i = 0; i < written.length; i++) {
    const ch = written[i]!;
    if (ch in DIGIT) digit = DIGIT[ch]!;
    else if (/[\d.]/.test(ch)) {
      const run = /^[\d.]+/.exec(written.slice(i))![0];
      digit = Number(run);
      i += run.length - 1;
    } else if (ch in SMALL_UNIT) {
      section += (digit ?? 1) * SMALL_UNIT[ch]!;
      digit = null;
    } else if (ch === '万' || ch === '亿') {
      section += digit ?? 0;
      total = (total + section) * (ch === '万' ? 10_000 : 100_000_000);
      section = 0;
      digit = null;
    } else return NaN;
  }
  return total + section + (digit ?? 0);
}

/** The limits stated in a text, in order. */
export function statedLimits(text: string): StatedLimit[] {
  const out: StatedLimit[] = [];
  for (const m of text.matchAll(LIMIT)) {
    const [written, digits, unit, side] = m as unknown as [string, string, string, string];
    const scale = unit === '亿元' ? 100_000_000 : unit === '万元' ? 10_000 : 1;
    const value = numberOf(digits) * scale;
    if (!Number.isFinite(value) || value <= 0) continue;
    out.push({ written, unit: unit === '倍' ? '倍' : '元', side: side === '以上' ? 'above' : 'below', value });
  }
  return out;
}

export interface LimitMismatch {
  written: string;
  /** The limits of the same kind the articles state, as written there. */
  stated: string[];
}

/**
 * The limits a sentence states that none of its cited articles holds while one of them states another limit of the same
 * kind; empty when all fit, or when the articles state no limit of that kind (the figure is then no limit of theirs).
 */
export function limitMismatches(sentence: string, articleTexts: readonly string[]): LimitMismatch[] {
  const held = articleTexts.flatMap(statedLimits);
  const out: LimitMismatch[] = [];
  // Only caps (以下, 以内): a floor in a text is most often a threshold of its own (「数额在五十万元以上的，应当认定为刑法第一百
  // 九十六条规定的‘数额巨大’」) beside an article's range of fines, which it was never meant to restate.
  for (const limit of statedLimits(sentence).filter((l) => l.side === 'below')) {
    const sameKind = held.filter((h) => h.unit === limit.unit && h.side === limit.side);
    if (sameKind.length === 0 || sameKind.some((h) => h.value === limit.value)) continue;
    if (out.some((o) => o.written === limit.written)) continue;
    out.push({ written: limit.written, stated: [...new Set(sameKind.map((h) => h.written))] });
  }
  return out;
}

/** The sentence around position `at` of `text`: from the last 。！？； or line break before it to the next one after it. */
export function sentenceAround(text: string, at: number, end: number): { start: number; end: number } {
  let start = at;
  while (start > 0 && !/[。！？；\n\r]/.test(text[start - 1]!)) start--;
  let stop = end;
  while (stop < text.length && !/[。！？；\n\r]/.test(text[stop]!)) stop++;
  return { start, end: stop };
}
