import type { ReactNode } from 'react';

/** The text with the cited 款 or 项 marked: [start, end) spans in the order of the text, not overlapping. */
export function MarkedText({ text, spans }: { text: string; spans: ReadonlyArray<readonly [number, number]> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    if (start < at || end > text.length || end <= start) continue;
    parts.push(text.slice(at, start), <mark key={start} data-testid="cited-part">{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
