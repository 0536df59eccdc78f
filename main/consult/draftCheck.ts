import type { CitationResolver } from '../library/citation/resolver.js';
import { parseCitations } from '../library/citation/parseCitation.js';
import { auditCitations } from './citationAudit.js';
import { rangeNotes } from './draftRanges.js';
import { draftFigureNotes, type ExtraNote } from './draftFigures.js';
import { readDraft } from './draftReading.js';
import { titleStyleOf, type TitleStyle } from './titleStyle.js';
import type { CitationAudit } from './types.js';

/**
 * A lawyer's own text — a brief, an opinion, a contract — checked citation by citation, as the consultation
 * audits an answer (citationAudit.ts), with no evidence to compare against: each written citation
 * (《X法》第N条, its 款 and 项, 该法 and a bare 第N条 after a law) looked up as of a date, a law that was
 * repealed said with what repealed it, a 款 or 项 the article lacks, a number an earlier version gave to
 * another provision, a version not in force, and a quotation that is not the article's text word for word. A clause
 * of the parties' own documents (《借款合同》第八条) or of a judgment is no statute: listed apart, not checked.
 */
export type DraftFinding =
  /** Found, in force, nothing to say. */
  | 'ok'
  /**
   * Found, but worth a look: a version not in force, or a number an earlier version gave to another provision;
   * or a law the library lacks that was in force on the date checked (合同法 before 2021), which cannot be checked.
   */
  | 'check'
  /** The quotation beside it is not the article's text. */
  | 'quote_mismatch'
  /** Not found: a law not in the library (or repealed), an article, 款 or 项 it does not have, no law named. */
  | 'unresolvable'
  /** No law: a clause of a contract, a charter or a court's document (《借款合同》第八条, partyDocument.ts), not checked. */
  | 'not_statute';

export interface DraftCitation extends Omit<CitationAudit, 'label'> {
  finding: DraftFinding;
  /** For a quotation that differs: the sentence of the article nearest to it, to set beside it; null otherwise. */
  original: string | null;
  /**
   * Where it stands in the text, to find it again: the PDF page (null for other files), the line — a paragraph
   * (第N段) in a Word file, a PDF or a web page, whose lines are paragraphs — and the words around it.
   */
  where: { page: number | null; line: number; unit: 'line' | 'paragraph'; context: string };
  /** A title within a title written in 《》 rather than 〈〉: a note on writing, with the form to write; no finding of its own. */
  titleStyle?: TitleStyle;
  /** A revision of the law the library lacks, in force (or adopted) by the date checked (laterRevisions.ts); the note says it. */
  laterRevision?: ExtraNote['laterRevision'];
  /** Statutory limits its sentence states that the article does not (「三百万元以下」 where it says 「五百万元以下」); the note says it. */
  limits?: ExtraNote['limits'];
  /** The revision that made the law's only text here, for a 款 or 项 its article lacks; the note says it. */
  olderNumbering?: string;
}

export interface DraftCheck {
  asOf: string;
  characters: number;
  citations: DraftCitation[];
  counts: Record<DraftFinding, number>;
  /** Of the `unresolvable`, those citing a law a law in the library repealed (合同法, 担保法): gone rather than not found. */
  repealedLaws: number;
}

/** Longest text checked at once (a long brief is about 30,000 characters). */
export const MAX_DRAFT_CHARS = 200_000;

export function checkDraft(resolver: CitationResolver, text: string, asOf: string, opts: { paragraphs?: boolean } = {}): DraftCheck {
  const where = locator(text, opts.paragraphs ? 'paragraph' : 'line');
  // Read with citations broken across lines joined and titles within titles in 〈〉; placed in the text as given.
  const read = readDraft(text, resolver.names);
  const refs = parseCitations(read.text, resolver.names);
  const audits = auditCitations(read.text, [], resolver, asOf, { draft: true, refs });
  // A range (第三十六条至第五十条) checked between its ends too: a note for the citation closing it.
  const ranges = rangeNotes(read.text, refs, audits, resolver, asOf);
  // A law revised after the library's text, and a limit (三百万元以下) the article does not state: notes of their own.
  const figures = draftFigureNotes(read.text, audits, asOf, resolver);
  const citations = audits.map(({ label, ...c }, i): DraftCitation => {
    // A law repealed after the date checked (合同法 for a matter of 2020) was right to cite; only its text is missing.
    // A note that only vouches for the text of the date (刑法 第二百六十四条 in 2019) leaves the citation ok.
    const finding: DraftFinding = c.document ? 'not_statute' : c.inForceThen ? 'check' : label === 'unresolvable' || label === 'quote_mismatch' ? label : c.appliedThen ? 'ok' : c.notCurrent || (c.note && !c.confirmed) ? 'check' : 'ok';
    const range = ranges.get(i);
    const at = c.at ?? 0;
    // The marker as written (《…《…》…》 included), where it is a span of the text read.
    const marker = read.text.startsWith(c.marker, at) ? read.written.slice(at, at + c.marker.length) : c.marker;
    const titleStyle = titleStyleOf(marker, c.marker);
    const extra = joinExtra(range ?? null, figures.get(i) ?? null);
    return {
      ...c,
      ...(extra ? { note: c.note ? `${c.note.replace(/\.$/, '')}; ${extra.en}` : extra.en, noteZh: c.noteZh ? `${c.noteZh.replace(/。$/, '')}；${extra.zh}` : extra.zh, confirmed: undefined } : {}),
      ...(figures.get(i)?.laterRevision ? { laterRevision: figures.get(i)!.laterRevision } : {}),
      ...(figures.get(i)?.limits ? { limits: figures.get(i)!.limits } : {}),
      ...(figures.get(i)?.olderNumbering ? { olderNumbering: figures.get(i)!.olderNumbering } : {}),
      finding: extra && finding === 'ok' ? 'check' : finding,
      original: label === 'quote_mismatch' && c.text && c.quote ? nearestSentence(c.text, c.quote) : null,
      marker,
      where: where(read.at(at), read.at(at + Math.max(c.marker.length, 1) - 1) + 1 - read.at(at)),
      ...(titleStyle ? { titleStyle } : {}),
    };
  });
  const counts: Record<DraftFinding, number> = { ok: 0, check: 0, quote_mismatch: 0, unresolvable: 0, not_statute: 0 };
  for (const c of citations) counts[c.finding]++;
  const repealedLaws = citations.filter((c) => c.finding === 'unresolvable' && c.repealedLaw).length;
  return { asOf, characters: text.length, citations, counts, repealedLaws };
}

function joinExtra(a: { en: string; zh: string } | null, b: { en: string; zh: string } | null): { en: string; zh: string } | null {
  if (!a || !b) return a ?? b;
  return { en: `${a.en}; ${b.en}`, zh: `${a.zh}；${b.zh}` };
}

/** Characters of context shown on each side of a citation. */
const CONTEXT_CHARS = 24;

/**
 * Where `length` characters at `at` stand in `text`: the page (a PDF's text ends each page with a form feed,
 * pdfText.ts), the line within it (\n, \r\n or a lone \r ends one; a soft line break of Word, U+2028, does not
 * start a new paragraph), and the words around them on their line as shown (a soft break ends it too), cut with …
 * where the line goes on; a citation read across lines (draftReading.ts) is shown whole. The breaks are found once,
 * so each citation costs a binary search.
 */
export function locator(text: string, unit: 'line' | 'paragraph' = 'line'): (at: number, length: number) => DraftCitation['where'] {
  const pages: number[] = [];
  const breaks: number[] = [];
  const shown: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 12) pages.push(i);
    else if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      breaks.push(i);
      shown.push(i);
    } else if (c === 0x2028) shown.push(i);
  }
  const paged = pages.length > 0;
  return (at, length) => {
    const pageIndex = countBelow(pages, at);
    const pageStart = pageIndex > 0 ? pages[pageIndex - 1]! + 1 : 0;
    const line = countBelow(breaks, at) - countBelow(breaks, pageStart) + 1;
    const shownIndex = countBelow(shown, at);
    const lineStart = Math.max(pageStart, shownIndex > 0 ? shown[shownIndex - 1]! + 1 : 0);
    const nextBreak = shown[countBelow(shown, at + length)] ?? text.length;
    const nextPage = pages[countBelow(pages, at + length)] ?? text.length;
    const lineEnd = Math.min(nextBreak, nextPage, text.length);
    let from = Math.max(lineStart, at - CONTEXT_CHARS);
    let to = Math.min(lineEnd, at + length + CONTEXT_CHARS);
    // Never half a character outside the Basic Multilingual Plane.
    if (from > lineStart && isLowSurrogate(text.charCodeAt(from))) from--;
    if (to < lineEnd && isLowSurrogate(text.charCodeAt(to))) to++;
    const context = `${from > lineStart ? '…' : ''}${text.slice(from, to).replace(/[ \t\u3000]*[\r\n\f\u2028][ \t\u3000]*/g, '').trim()}${to < lineEnd ? '…' : ''}`;
    return { page: paged ? pageIndex + 1 : null, line, unit, context };
  };
}

/** How many of the ascending `positions` are below `at`. */
function countBelow(positions: readonly number[], at: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The sentence (to 。；or a line's end) of `text` most like `quote` (Dice over their distinct character pairs). */
export function nearestSentence(text: string, quote: string): string {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < quote.length; i++) pairs.add(quote.slice(i, i + 2));
  let best = '';
  let bestScore = -1;
  for (const passage of passagesOf(text)) {
    const own = new Set<string>();
    for (let i = 0; i + 1 < passage.length; i++) own.add(passage.slice(i, i + 2));
    let shared = 0;
    for (const pair of own) if (pairs.has(pair)) shared++;
    // F2 over distinct pairs: a long sentence sharing a few common words (用人单位) does not beat the one quoted, and a
    // quotation running over two clauses is answered with both, the one it misquotes included, not only the one it has right.
    const precision = shared / (own.size || 1);
    const recall = shared / (pairs.size || 1);
    const score = precision + recall === 0 ? 0 : (5 * precision * recall) / (4 * precision + recall);
    if (score > bestScore) [best, bestScore] = [passage, score];
  }
  return best;
}

/** A quotation may run over several clauses of a paragraph (「…协议处理；协议不成的，…」): each clause and each run of up to three. */
const MAX_CLAUSES = 3;

function passagesOf(text: string): string[] {
  const passages: string[] = [];
  for (const paragraph of text.split('\n')) {
    const clauses = paragraph.split(/(?<=[。；;])/).map((x) => x.trim()).filter(Boolean);
    for (let i = 0; i < clauses.length; i++) {
      for (let k = 1; k <= MAX_CLAUSES && i + k <= clauses.length; k++) passages.push(clauses.slice(i, i + k).join(''));
    }
  }
  return passages;
}
