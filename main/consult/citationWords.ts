/**
 * The words a text says a citation for: its sentence (to 。！？； or a line break), or, for a citation in brackets
 * after what it supports (「…可以采用简易交付（《民法典》第二百二十六条）」), the words before the brackets; less every
 * citation, law title and quotation in them, which say nothing of what the article provides. topicFit.ts compares them
 * with the article.
 */

export interface PlacedCitation {
  pos: number;
  marker: string;
}

const SENTENCE_END = '。！？!?；;\n\r';
const QUOTED = /[“"「][^”"」]*[”"」]/g;
/** A citation in brackets: at most this many characters between it and the closing bracket. */
const BRACKET_TAIL = /^[^（()）\n]{0,40}[)）]/;

export interface CitationWords<C extends PlacedCitation> {
  words: string;
  /** The other citations of the same stretch of text, whose articles the words may be about. */
  beside: C[];
}

/** Reads the words of each citation of one text (its quotations found once). */
export function citationWordsIn(text: string): <C extends PlacedCitation>(cited: C, all: readonly C[]) => CitationWords<C> {
  // A sentence does not end inside a quotation (“…同意。”).
  const inQuote = new Uint8Array(text.length);
  for (const m of text.matchAll(QUOTED)) inQuote.fill(1, m.index! + 1, m.index! + m[0].length - 1);
  const ends = (i: number) => SENTENCE_END.includes(text[i]!) && !inQuote[i];
  return (cited, all) => wordsOf(text, ends, cited, all);
}

function wordsOf<C extends PlacedCitation>(text: string, ends: (i: number) => boolean, cited: C, all: readonly C[]): CitationWords<C> {
  let start = cited.pos;
  while (start > 0 && !ends(start - 1)) start--;
  let end = cited.pos + cited.marker.length;
  while (end < text.length && !ends(end)) end++;
  const open = Math.max(text.lastIndexOf('（', cited.pos), text.lastIndexOf('(', cited.pos));
  const closedBefore = Math.max(text.lastIndexOf('）', cited.pos), text.lastIndexOf(')', cited.pos));
  if (open >= start && open > closedBefore && BRACKET_TAIL.test(text.slice(cited.pos))) {
    // The words it supports run back from the bracket to the sentence's start or the bracket before.
    end = open;
    const previous = Math.max(text.lastIndexOf('）', open), text.lastIndexOf(')', open));
    if (previous >= start) start = previous + 1;
  }
  const beside = all.filter((c) => c !== cited && c.pos >= start && c.pos < end);
  let words = text.slice(start, end);
  for (const c of [cited, ...beside]) words = words.split(c.marker).join('，');
  // A quotation is another citation's, checked word for word against it (a citation with its own is not read here).
  words = words.replace(/《[^》]*》/g, '，').replace(QUOTED, '，');
  return { words, beside };
}
