import type { CitationRef } from '../library/citation/parseCitation.js';
import type { CitationResolver, ResolveResult } from '../library/citation/resolver.js';
import type { GapNote } from '../library/versions/versionGap.js';
import { historyEventWord } from '../library/versions/historyEvent.js';

/**
 * A citation that names a year older than any text of its law in the library — 《著作权法》（2010年修正）第三条, while
 * LawRefBook holds only the 2020 text — cited a version that was law then, not a mistake; it was ✗ 「没有与引用所写的
 * 年份（2010年）对应的版本」. It is read in the library's first text, with a note that the text of that year is missing and
 * its numbering may differ (著作权法's 2020 revision moved most articles of its chapters two to five), so the words
 * around it are still weighed against the articles (topicFit.ts) and a different provision under the number is named.
 * Null when the year is within the versions the library holds, or the law's history records no text of it (a wrong
 * year, or a year with no version there, stays not found).
 */
export function olderYearRead(ref: CitationRef, resolver: CitationResolver): { hit: Extract<ResolveResult, { ok: true }>; note: GapNote } | null {
  if (ref.versionYear === null) return null;
  const law = resolver.lawOf(ref);
  const first = law ? resolver.firstVersion(law.id) : null;
  if (!law || !first?.publishDate || ref.versionYear >= Number(first.publishDate.slice(0, 4))) return null;
  const year = ref.versionYear;
  // Only a year the law's history records a text of (通过, 修正, 修订): 《公司法》（2016年修正） names none, and stays not found.
  const made = first.history.find((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.date) && Number(h.date.slice(0, 4)) === year);
  if (!made) return null;
  const hit = resolver.resolveRef({ ...ref, versionYear: null }, { version: first.publishDate });
  if (!hit.ok) return null;
  const effective = first.effectiveDate && first.effectiveDate !== first.publishDate ? first.effectiveDate : null;
  const since = first.history.filter((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.date) && Number(h.date.slice(0, 4)) > year && h.date <= first.publishDate).map((h) => h.date);
  const amended = since.length ? { en: `; amended since on ${since.join(', ')}`, zh: `；该法此后经 ${since.join('、')} 修改` } : { en: '', zh: '' };
  return {
    hit,
    note: {
      en: `the text cites the text of ${law.title} of ${made.date}, which the library lacks (its first is of ${first.publishDate}${effective ? `, in force ${effective}` : ''})${amended.en}; checked against the ${first.publishDate} version, whose numbering and wording may differ`,
      zh: `文中引用的是该法 ${made.date} ${historyEventWord(made.event)}的文本，法规库中没有（最早的是 ${first.publishDate} 版${effective ? `，${effective} 施行` : ''}）${amended.zh}；按 ${first.publishDate} 版核对，条号和内容可能与当时不同`,
    },
  };
}
