/**
 * The words a text says a citation for: its sentence (to 。！？； or a line break, not inside a quotation, at most
 * REACH characters each side), or, for a citation in brackets after what it supports (「…可以采用简易交付（《民法典》
 * 第二百二十六条）」), the words before the brackets; less every citation, law title and quotation in them, which
 * say nothing of what the article provides. None for a citation of a rule broken (「违反《劳动合同法》第十九条的规定
 * 约定试用期的，由劳动行政部门责令改正」: the words are the breach and its penalty, which another article holds) or in a
 * judgment's operative clause (「依照…之规定，判决如下」: the parties' words), nor in a brief's prayer for a decision
 * (「恳请合议庭依据《刑法》第六十七条…、《刑事诉讼法》第十五条，对被告人判处有期徒刑一年，宣告缓刑」: the words are
 * the relief asked, which no article of the procedure law cited beside it holds). topicFit.ts compares them with the article.
 */

export interface PlacedCitation {
  pos: number;
  marker: string;
}

export interface CitationWords<C extends PlacedCitation> {
  words: string;
  /** The other citations of the same stretch of text (and of the same brackets), whose articles the words may be about. */
  beside: C[];
}

const SENTENCE_END = '。！？!?；;\n\r';
/** A quotation, within one line: an unclosed mark does not swallow the paragraphs after it. */
const QUOTED = /[“"「][^”"」\n\r]*[”"」]/g;
/** At most this many characters on each side of a citation are read. */
const REACH = 300;
/** A citation in brackets closes them within this many characters after it. */
const BRACKET_REACH = 80;
const OPEN = '（(';
const CLOSE = '）)';
/** The citation's clause, up to it, says a rule was broken (违反, 未按照…规定). */
const BREACH = /违反|违背|[未不](?:按照|依照|依法|遵守)/;
const CLAUSE_START = /[，,：:]/;
/** A judgment's or a decision's operative clause. */
const OPERATIVE = /(?:判决|裁定|决定|调解)如下/;
/** A request to the court or the procuratorate, before the citation (恳请合议庭, 请求贵院, 建议人民检察院). */
const PRAYER = /(?:恳请|请求|提请|建议|敬请|望|请)(?:贵院|合议庭|法庭|审判长|上级人民法院|人民法院|法院|人民检察院|检察院|检察机关|贵院)/;
/** The decision asked for, after it. */
const RELIEF = /判处|判决|判令|改判|宣告|裁定|免予|免除|不起诉|撤销|发回|驳回|变更/;

/** Reads the words of each citation of one text (its quotations found once). */
export function citationWordsIn(text: string): <C extends PlacedCitation>(cited: C, all: readonly C[]) => CitationWords<C> {
  // A sentence does not end inside a quotation (“…同意。”).
  const inQuote = new Uint8Array(text.length);
  for (const m of text.matchAll(QUOTED)) inQuote.fill(1, m.index! + 1, m.index! + m[0].length - 1);
  const ends = (i: number) => SENTENCE_END.includes(text[i]!) && !inQuote[i];
  return (cited, all) => wordsOf(text, ends, cited, all);
}

function wordsOf<C extends PlacedCitation>(text: string, ends: (i: number) => boolean, cited: C, all: readonly C[]): CitationWords<C> {
  const after = cited.pos + cited.marker.length;
  let start = cited.pos;
  for (const floor = Math.max(0, cited.pos - REACH); start > floor && !ends(start - 1); ) start--;
  let end = after;
  for (const ceiling = Math.min(text.length, after + REACH); end < ceiling && !ends(end); ) end++;
  // In brackets after the words it supports, with the others in the same brackets: （《民法典》第五百七十七条、第五百八十五条第二款）.
  const open = bracketOpenBefore(text, start, cited.pos);
  const close = open >= 0 ? bracketCloseAfter(text, after, Math.min(end, after + BRACKET_REACH)) : -1;
  let listEnd = end;
  if (close >= 0) {
    listEnd = close;
    end = open;
    for (let i = open - 1; i >= start; i--) {
      if (CLOSE.includes(text[i]!)) {
        start = i + 1;
        break;
      }
    }
  }
  const beside = all.filter((c) => c !== cited && c.pos >= start && c.pos < listEnd);
  if (breachOrOperative(text, start, end, cited.pos)) return { words: '', beside };
  // Citations cut out where they stand; then law titles and quotations.
  let words = '';
  let at = start;
  for (const c of [cited, ...beside].filter((c) => c.pos >= start && c.pos < end).sort((a, b) => a.pos - b.pos)) {
    if (c.pos < at) continue;
    words += `${text.slice(at, c.pos)}，`;
    at = c.pos + c.marker.length;
  }
  if (at < end) words += text.slice(at, end);
  return { words: words.replace(/《[^》]*》/g, '，').replace(QUOTED, '，'), beside };
}

/** The opening bracket, after `start`, that `pos` stands inside; -1 when none. */
function bracketOpenBefore(text: string, start: number, pos: number): number {
  let depth = 0;
  for (let i = pos - 1; i >= start; i--) {
    if (CLOSE.includes(text[i]!)) depth++;
    else if (OPEN.includes(text[i]!)) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** The bracket, before `limit`, that closes the one a citation ending at `from` stands inside; -1 when none. */
function bracketCloseAfter(text: string, from: number, limit: number): number {
  let depth = 0;
  for (let i = from; i < limit; i++) {
    if (OPEN.includes(text[i]!)) depth++;
    else if (CLOSE.includes(text[i]!)) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** The citation is of a rule broken (its clause says 违反 before it), or stands in an operative clause or a prayer for a decision. */
function breachOrOperative(text: string, start: number, end: number, pos: number): boolean {
  let clause = pos;
  while (clause > start && !CLAUSE_START.test(text[clause - 1]!)) clause--;
  if (BREACH.test(text.slice(clause, pos)) || OPERATIVE.test(text.slice(start, end))) return true;
  return PRAYER.test(text.slice(start, pos)) && RELIEF.test(text.slice(pos, end));
}
