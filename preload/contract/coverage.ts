import { bookTitle } from './citationLine.js';
import { daysBetween } from './calendarDate.js';

/**
 * How far the library's texts reach. A collection is a snapshot: what it calls 现行有效 is in force
 * as far as the texts it holds go, and a law amended after its newest text reads as unamended.
 * Reads say so when the date asked about lies well past that text (`coverageGapNote`). The
 * engine works it out (main/library/coverage.ts); the CLI, reports and the app word it alike here.
 */
export interface LibraryCoverage {
  /** The newest national text by its date of publication, and its title; null for an empty library. */
  newestText: { date: string; title: string } | null;
  /** The newest text of each installed province pack. */
  provinces: Array<{ province: string; date: string }>;
  /** When the last import finished (ISO time), null before any. */
  importedAt: string | null;
}

/**
 * Days the date asked about may lie past the newest text before reads warn: the national
 * legislature and the State Council publish something every few weeks, so a quarter without a
 * new text means the collection has most likely fallen behind.
 */
export const COVERAGE_GRACE_DAYS = 90;

/**
 * The warning for a read as of `asOf` when the library's newest text lies more than
 * COVERAGE_GRACE_DAYS before it, else null:
 * 「法规库收录的文本截至 2025-06-23，此后公布的法律文件和修改未收录；“现行有效”指截至该日，请核对官方现行文本。」
 */
export function coverageGapNote(coverage: Pick<LibraryCoverage, 'newestText'> | null | undefined, asOf: string): string | null {
  const newest = behindOn(coverage, asOf);
  if (!newest) return null;
  return `法规库收录的文本截至 ${newest}，此后公布的法律文件和修改未收录；“现行有效”指截至该日，请核对官方现行文本。`;
}

/** 「收录文本截至 2025-06-23（《蓄滞洪区运用补偿办法》）」, for `info` and the app's library panel. */
export function coverageLine(coverage: LibraryCoverage): string {
  if (!coverage.newestText) return '收录文本截至：—';
  const packs = coverage.provinces.length ? `；地方性法规：${coverage.provinces.map((p) => `${p.province} ${p.date}`).join('、')}` : '';
  return `收录文本截至 ${coverage.newestText.date}（${bookTitle(coverage.newestText.title)}）${packs}`;
}

/**
 * Under a consultation turn that applied the law as of a day a quarter past the library's newest text (`libraryBehind`
 * of the turn): 「法规库收录的文本截至 2025-06-23，此后的修改未收录；本轮所引法条请核对现行文本。」
 */
export function turnCoverageNote(newest: string, lang: 'zh' | 'en' = 'zh'): string {
  return lang === 'en'
    ? `The library's texts end on ${newest}: amendments published since are missing; check this turn's articles against the current text.`
    : `法规库收录的文本截至 ${newest}，此后的修改未收录；本轮所引法条请核对现行文本。`;
}

/** The newest text's date when `asOf` lies more than COVERAGE_GRACE_DAYS past it, else null. */
export function behindOn(coverage: Pick<LibraryCoverage, 'newestText'> | null | undefined, asOf: string): string | null {
  const newest = coverage?.newestText?.date;
  return newest && daysBetween(newest, asOf) > COVERAGE_GRACE_DAYS ? newest : null;
}
