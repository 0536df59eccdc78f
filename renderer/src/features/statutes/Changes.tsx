import type { DiffPart } from '../../../../preload/contract/index.js';

/** What changed, older to newer: deletions struck through, insertions underlined. */
export function Changes({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="text changes" data-testid="version-changes">
      {parts.map(([op, text], i) => (op === 0 ? <span key={i}>{text}</span> : op < 0 ? <del key={i}>{text}</del> : <ins key={i}>{text}</ins>))}
    </p>
  );
}
