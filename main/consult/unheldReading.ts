import type { CitationRef } from '../library/citation/parseCitation.js';
import type { CitationResolver, ResolveResult } from '../library/citation/resolver.js';
import { unheldArticle, type UnheldArticle } from '../library/versions/unheldNumbering.js';
import { intToChinese, parseArticleLabel } from '../../preload/contract/numerals.js';
import type { Note } from './auditNotes.js';

export interface UnheldReading {
  entry: UnheldArticle;
  /** The article that holds the provision now, the citation's 款 and 项 looked up in it. */
  hit: Extract<ResolveResult, { ok: true }>;
  note: Note;
}

/**
 * A citation of a version the library lacks, by the year it names (2012年刑事诉讼法第一百七十三条第二款) or, naming
 * none, as of a date that version governed: when unheldNumbering.ts says where its provision stands in the version
 * held (2018's 第一百七十七条), that article, with a note saying so; null otherwise (the library has the text of the
 * time, the table has no such number, or the article it names is not found).
 */
export function unheldReading(ref: CitationRef, resolver: CitationResolver, asOf: string): UnheldReading | null {
  if (ref.preamble || ref.subNumber !== 0 || !ref.lawKeys.length) return null;
  const law = resolver.lawOf(ref);
  if (!law) return null;
  const entry = unheldArticle(law.title, `第${intToChinese(ref.article)}条`, { year: ref.versionYear, asOf });
  if (!entry) return null;
  // Only where the library lacks the text of the time: a version of that year, or in force on the date.
  const direct = resolver.resolveRef(ref, { asOf });
  const lacking = direct.ok ? direct.gap !== undefined : direct.code === 'version-not-found';
  const now = parseArticleLabel(entry.now.label);
  if (!lacking || !now) return null;
  const hit = resolver.resolveRef({ ...ref, article: now.number, subNumber: now.subNumber, versionYear: null }, { version: entry.now.version });
  if (!hit.ok) return null;
  const span = `${entry.from} 至 ${entry.until}`;
  return {
    entry, hit,
    note: {
      en: `the library does not hold the ${entry.year} text of this law (in force ${entry.from} to ${entry.until}); its ${entry.label} (${entry.subject}) is ${entry.now.label} of the ${entry.now.version} version, checked against that`,
      zh: `法规库中没有该法 ${entry.year} 年的文本（${span} 施行）；该文本的${entry.label}（${entry.subject}）在 ${entry.now.version} 版中为${entry.now.label}，按该条核对`,
    },
  };
}
