/**
 * What ☆ beside a consultation's article (and `saved add --consultation`) saves of it: the 款 and 项 the answer's written
 * citations name (「依《公司法》第二十条第三款」), as the spans a turn stores in the article's text, or the whole article.
 */
import type { CitationAudit } from './dto.js';

/** An evidence marker ([2]) cites the article as a whole; a written citation may name its 款. */
const isMarker = (marker: string) => /^\[\d+\]$/.test(marker.trim());

/**
 * The spans (in `text`, the article as the turn stored it) of the 款 and 项 to save: those the written citations of the
 * article name, when every one of them names some; none — the whole article — when one cites it whole, only markers
 * cite it, or the citations were stored against another text of it.
 */
export function citedSpansToSave(citations: ReadonlyArray<Pick<CitationAudit, 'articleId' | 'marker' | 'text' | 'citedSpans'>>, articleId: number, text: string): Array<[number, number]> {
  const written = citations.filter((c) => c.articleId === articleId && !isMarker(c.marker));
  if (!written.length || written.some((c) => c.text !== text || !c.citedSpans.length)) return [];
  const seen = new Map(written.flatMap((c) => c.citedSpans).map(([from, to]) => [`${from}-${to}`, [from, to] as [number, number]]));
  return [...seen.values()].sort((a, b) => a[0] - b[0]);
}
