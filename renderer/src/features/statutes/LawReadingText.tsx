import type { FoundSegment } from './findInText.js';
import { articleHead, type ReadingBlock } from '../../../../preload/contract/lawReading.js';
import { useT } from '../../i18n.js';

/** A paragraph with the words found marked, the current one apart. */
export function Segments({ segments, active }: { segments: readonly FoundSegment[]; active: number }) {
  return (
    <>
      {segments.map((s, k) => (s.match === undefined ? <span key={k}>{s.text}</span> : <mark key={k} data-match={s.match} className={s.match === active ? 'active' : ''}>{s.text}</mark>))}
    </>
  );
}

/** One article of a law read whole: how it stood on the date read as of, its number (opening it), its paragraphs with the words found. */
export function ReadingArticle({ index, block, current, cut, active, dated, onOpen }: {
  index: number;
  block: Extract<ReadingBlock, { kind: 'article' }>;
  current: boolean;
  /** The words found, by `${index}.h` (the number) and `${index}.${paragraph}`. */
  cut: ReadonlyMap<string, FoundSegment[]>;
  active: number;
  dated: string | null;
  onOpen(id: number): void;
}) {
  const t = useT();
  const head = articleHead(block.articleKind, block.label);
  return (
    <div className={`law-article ${current ? 'current' : ''}`} data-block={index} data-article-id={block.id} data-testid="law-article">
      {dated && <p className="warn law-dated" data-testid="law-article-dated">{dated}</p>}
      {block.paragraphs.map((p, j) => (
        <p key={j}>
          {j === 0 && head && (
            <>
              <button className="link law-article-label" onClick={() => onOpen(block.id)} data-testid="law-article-open">
                <Segments segments={cut.get(`${index}.h`) ?? [{ text: head.trim() }]} active={active} />
              </button>
              {'　'}
            </>
          )}
          <Segments segments={cut.get(`${index}.${j}`) ?? [{ text: p }]} active={active} />
        </p>
      ))}
      {block.notes.map((n, j) => <p key={`n${j}`} className="muted source-note" data-testid="law-article-note">{t.sourceNote}{n}</p>)}
    </div>
  );
}

/** The indices of the headings a block stands under (its 编, 章 and 节), outermost first. */
export function headingsAbove(blocks: readonly ReadingBlock[], at: number): number[] {
  const chain: Array<{ depth: number; index: number }> = [];
  for (let i = 0; i <= at && i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.kind !== 'heading') continue;
    while (chain.length && chain.at(-1)!.depth >= b.depth) chain.pop();
    chain.push({ depth: b.depth, index: i });
  }
  return chain.map((c) => c.index);
}
