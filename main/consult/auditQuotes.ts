/**
 * Which citation each quotation in an answer or a brief quotes (a marker right after it, a citation introducing it, else
 * the nearest of its sentence), and whether an article's text holds a quotation, word for word or piece by piece.
 */
import type { CitationResolver } from '../library/citation/resolver.js';
import { pairCover, textPairs } from '../library/versions/textPairs.js';
import type { Found } from './auditFound.js';

const QUOTE = /[“"「]([^”"」]{4,})[”"」]/g;

interface Span {
  start: number;
  end: number;
}

/** Sentences end at 。！？ and line breaks, but not inside a quote: “…支付工资。”[1] keeps the quote with its marker. */
function sentences(text: string): Span[] {
  const quoted: Span[] = [...text.matchAll(QUOTE)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  const insideQuote = (i: number) => quoted.some((q) => i > q.start && i < q.end - 1);
  const out: Span[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n' || ('。！？!?'.includes(c) && !insideQuote(i))) {
      out.push({ start, end: i + 1 });
      start = i + 1;
    }
  }
  if (start < text.length) out.push({ start, end: text.length });
  return out;
}

/** Whitespace and full/half-width punctuation do not count as a difference; words do. */
export function normalizeForQuote(s: string): string {
  return s
    .replace(/\s+/g, '')
    .replace(/[，,]/g, '，')
    .replace(/[；;]/g, '；')
    .replace(/[：:]/g, '：')
    .replace(/[（(]/g, '（')
    .replace(/[）)]/g, '）')
    .replace(/[。．.]$/, '');
}

/** Words a quotation leaves out: 「……」, 「…」, 「...」 (and 「。。。」, as typed). */
const ELLIPSIS = /…+|\.{3,}|。{3,}/;
/** Punctuation at the edge of a quotation's piece, which the omission may have swallowed or added (「的，……应当」). */
const EDGE_PUNCTUATION = /^[，；：。、！？]+|[，；：。、！？]+$/g;

/**
 * Whether a text holds a quotation: word for word, or, where the quotation leaves words out (「行为人因过错侵害他人民事权益
 * 造成损害的，……应当承担侵权责任」), each of its pieces, in order. Both sides normalized (normalizeForQuote).
 */
export function holdsQuote(text: string, quote: string): boolean {
  const q = normalizeForQuote(quote);
  if (text.includes(q)) return true;
  if (!ELLIPSIS.test(q)) return false;
  const pieces = q.split(ELLIPSIS).map((p) => p.replace(EDGE_PUNCTUATION, '')).filter((p) => p.length > 0);
  if (pieces.length === 0) return false;
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/** Share of a quotation's character pairs an article must hold for a quotation merely near its citation to be read as quoting it. */
const RESEMBLES = 0.6;

function resembles(quote: string, article: string): boolean {
  return pairCover(textPairs(quote), textPairs(article)) >= RESEMBLES;
}

/** How far after a quote's closing mark a marker still counts as its source (“…”。[1]). */
const MAX_GAP_AFTER_QUOTE = 3;
const ONLY_PUNCTUATION = /^[\s。．.，,；;：:！？!?]*$/;

/**
 * Each quote in the answer goes to the [n] marker right after its closing
 * mark, else to the nearest citation of its sentence; of a list ([1,2]) it goes to
 * the article that contains it, so quoting [2] does not make [1] a mismatch.
 */
export function assignQuotes(answer: string, found: Found[], draft: boolean, resolver: CitationResolver): Map<Found, string[]> {
  const spans = sentences(answer);
  const out = new Map<Found, string[]>();
  for (const m of answer.matchAll(QUOTE)) {
    const after = citationsRightAfter(answer, m, found);
    const before = after ? null : citationRightBefore(answer, m, found);
    const near = after || before ? null : nearestInSentence(m, found, spans);
    // A brief's quotation only near a citation is often no quotation of it: 以“严重违反规章制度”为由, 合同约定“…”, a term.
    // (Or it is the cited law's text in another version: 公司法 2018 第七十一条's words beside a citation of 第七十一条.)
    const quoting = (f: Found) => !!f.article && (resembles(m[1]!, f.article.text) || resolver.quoteSource(f.article.articleId, m[1]!) !== null);
    const group = after ?? before ?? (near && (!draft || near.some(quoting)) ? near : null);
    // Of a list before the quote (第五百七十七条、第五百八十四条规定：“…”), the one that introduces it, when none holds it.
    const owner = group && ownerOf(before ? [...group].reverse() : group, m[1]!);
    if (owner) out.set(owner, [...(out.get(owner) ?? []), m[1]!]);
  }
  return out;
}

/**
 * The [n] marker (a whole list) within a few punctuation marks after the
 * quote's closing mark. Only a marker: a written citation there more likely
 * starts the next clause (“…”，民法典第…条则规定…).
 */
function citationsRightAfter(answer: string, quote: RegExpMatchArray, found: Found[]): Found[] | null {
  const close = quote.index! + quote[0].length;
  const first = found.find((f) => f.evidenceMarker && f.pos >= close && f.pos - close <= MAX_GAP_AFTER_QUOTE && ONLY_PUNCTUATION.test(answer.slice(close, f.pos)));
  return first ? found.filter((f) => f.pos === first.pos) : null;
}

/** What joins the citations of a list: 、, 和, 及, 以及, 与, 或, a comma. */
const LIST_SEPARATOR = /^\s*(?:[、，,]|和|及|以及|与|或)\s*$/;
/** What may stand between a written citation and the quote it introduces: 第N条规定：“…”, 第N条的规定：“…”, 第N条明确规定，“…”, 第N条“…”. */
const INTRODUCES_QUOTE = /^\s*(?:中|之|的)?(?:明确|亦|也|又|还|则)?(?:规定|载明|指出|写明|表述为|即)?\s*[：:，,]?\s*$/;

/**
 * The written citation whose quote this is, as briefs and opinions write one: the citation, at most
 * 规定 and a colon, then the quote (《公司法》第七十一条规定：“…”).
 */
function citationRightBefore(answer: string, quote: RegExpMatchArray, found: Found[]): Found[] | null {
  const open = quote.index!;
  const written = found.filter((f) => !f.evidenceMarker && f.pos < open && answer.startsWith(f.marker, f.pos)).sort((a, b) => a.pos - b.pos);
  const last = written.at(-1);
  if (!last || !INTRODUCES_QUOTE.test(answer.slice(last.pos + last.marker.length, open))) return null;
  // 第五百七十七条、第五百八十四条规定：“…”: the whole list, so that the quotation goes to the one holding it.
  const run = [last];
  for (let i = written.length - 2; i >= 0; i--) {
    const f = written[i]!;
    if (!LIST_SEPARATOR.test(answer.slice(f.pos + f.marker.length, run[0]!.pos))) break;
    run.unshift(f);
  }
  return run;
}

/** The citations (a whole marker list) of the quote's sentence nearest to it. */
function nearestInSentence(quote: RegExpMatchArray, found: Found[], spans: Span[]): Found[] | null {
  const s = spans.find((x) => quote.index! >= x.start && quote.index! < x.end);
  const mid = quote.index! + quote[0].length / 2;
  const candidates = found.filter((f) => s && f.pos >= s.start && f.pos < s.end);
  const nearest = candidates.sort((a, b) => Math.abs(a.pos - mid) - Math.abs(b.pos - mid))[0];
  return nearest ? found.filter((f) => f.pos === nearest.pos) : null;
}

/** Of citations at one place, the first whose article contains the quote; else the first with an article, to be flagged. */
function ownerOf(group: Found[], quote: string): Found | undefined {
  return group.find((f) => f.article && holdsQuote(normalizeForQuote(f.article.text), quote)) ?? group.find((f) => f.article) ?? group[0];
}
