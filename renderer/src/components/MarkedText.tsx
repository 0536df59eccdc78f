import type { ReactNode } from 'react';

interface Props {
  text: string;
  /** The cited 款 or 项: [start, end) spans in the order of the text, not overlapping (one inside another is skipped). */
  spans: ReadonlyArray<readonly [number, number]>;
  /** The words of the queries that found the article, [start, end) in order; marked more lightly, outside the cited spans. */
  hits?: ReadonlyArray<readonly [number, number]>;
  /** The part of the text shown, [from, to) (an excerpt); marks outside it are left out. */
  from?: number;
  to?: number;
}

/** The text from `from` to `to` with the cited 款 or 项 marked, and the query's words in the rest. */
export function MarkedText({ text, spans, hits = [], from = 0, to = text.length }: Props) {
  const parts: ReactNode[] = [];
  let at = from;
  // The plain text up to `end`, with the query's words inside it marked.
  const plainUntil = (end: number) => {
    for (const [start, stop] of hits) {
      if (start < at || stop > end || stop <= start) continue;
      parts.push(text.slice(at, start), <mark key={`h${start}`} className="hit" data-testid="query-hit">{text.slice(start, stop)}</mark>);
      at = stop;
    }
    parts.push(text.slice(at, end));
    at = end;
  };
  for (const [start, end] of spans) {
    if (start < at || end > to || end <= start) continue;
    plainUntil(start);
    parts.push(<mark key={start} data-testid="cited-part">{text.slice(start, end)}</mark>);
    at = end;
  }
  plainUntil(to);
  return <>{parts}</>;
}
