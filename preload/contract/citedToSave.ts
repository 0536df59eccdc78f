/**
 * What ☆ beside a consultation's article (and `saved add --consultation`) saves of it: the 款 and 项 the answer's written
 * citations name (「依《公司法》第二十条第三款」), as the spans a turn stores in the article's text, or the whole article.
 */
import type { CitationAudit } from './dto.js';

/** An evidence marker ([2]) cites the article as a whole; a written citation may name its 款. */
const isMarker = (marker: string) => /^\[\d+\]$/.test(marker.trim());

/**
 * The spans (in `text`, the article as the turn stored it) of the 款 and 项 to save: those the answer's citations of the
 * article name (a written citation's own, or the [n] after it that the audit folded it into); none — the whole article —
 * when none names any, a written one cites it whole, or they were stored against another text of it. A bare [n] beside a
 * citation of a 款 does not make it whole.
 */
export function citedSpansToSave(citations: ReadonlyArray<Pick<CitationAudit, 'articleId' | 'marker' | 'text' | 'citedSpans'>>, articleId: number, text: string): Array<[number, number]> {
  const mine = citations.filter((c) => c.articleId === articleId);
  const naming = mine.filter((c) => c.citedSpans.length);
  if (!naming.length || naming.some((c) => c.text !== text) || mine.some((c) => !isMarker(c.marker) && !c.citedSpans.length)) return [];
  const seen = new Map(naming.flatMap((c) => c.citedSpans).map(([from, to]) => [`${from}-${to}`, [from, to] as [number, number]]));
  return [...seen.values()].sort((a, b) => a[0] - b[0]);
}
