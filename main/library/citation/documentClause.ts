/**
 * Whose clause a bare 第N条 is, when the document named before it is the parties' own (partyDocument.ts):
 *
 * - 《借款合同》第八条、第九条, 《劳动合同》中第五条, 《补充协议》约定第二条, 《借款合同》（编号：JK-01）第八条 — the
 *   document named right before it, no law between;
 * - 根据《借款合同》第八条，借款期限为一年。依照第九条，… — the same paragraph, the document the nearest source named and
 *   no law, 本法 or 该法 named since; a number a sentence later that says 规定 (第九条规定…) is how laws are cited, and is
 *   left to them;
 * - 第九条约定…, 第九条载明… — a clause that 约定 is a contract's whatever stands between: the last party document named.
 *
 * One reading is not sure: 「…《劳动合同》亦有约定，第八十二条规定…」 — the document mentioned in the sentence but none of
 * its clauses cited, and the number said as laws are (规定). It may be the contract's clause or the law named before;
 * `lawVerb` says so, for the caller to name both readings rather than choose one in silence.
 *
 * A title alone on its line (《劳动合同》, then 第五条约定… on the next) counts as right before it.
 */
import type { LawNameIndex } from './aliases.js';
import { documentKind, type DocumentKind } from './partyDocument.js';

export interface ClauseOwner {
  title: string;
  kind: DocumentKind;
  /** The document is only mentioned before the number (no clause of it cited) and the number says 规定: maybe a law's article. */
  lawVerb?: true;
}

/** Words after the number that only a party's document takes (laws 规定). */
const CONTRACT_VERB_AFTER = /^[ \t\u3000]*(?:之?约定|中约定|载明|写明|明确约定|项下)/;
/** Words after the number with which laws are cited. */
const STATUTE_VERB_AFTER = /^[ \t\u3000]*(?:的)?(?:规定|明确规定|之规定)/;
/** 本法, 该法, 同法, 上述条例… right before the number: a law's article, never a document's. */
const LAW_REFERENCE_BEFORE = /(?:本|该|此|同|上述|前述)(?:实施|暂行)?(?:法|条例|规定|办法|细则|规则|解释|决定)[ \t\u3000]*$/;
/** A law's name written without 《》 right before the number (某某法第九条), known or not. */
const LAW_WORD_BEFORE = /(?:法|条例|办法|细则|规则|解释)[ \t\u3000]*$/;
/** A document named without 《》 right before the number (劳动合同第五条): which one is meant is said there, not here. */
const UNTITLED_DOCUMENT_BEFORE = /(?:合同|协议|章程|手册|制度|条款|借条|欠条)(?:书)?(?:的|中)?[ \t\u3000]*$/;
const SENTENCE_END = /[。；;！？!?]/;
/**
 * What stands between the title and the number when the number is its clause or follows one (《劳动合同》中第五条,
 * 《借款合同》（编号：JK-01）第八条, 《劳动合同》第五条…第八条), not the document only mentioned (《劳动合同》亦有约定，).
 */
const CLAUSE_AFTER_TITLE = /^[ \t\u3000]*(?:[（(][^（）()]{0,40}[）)])?[ \t\u3000]*(?:中|约定)?[ \t\u3000]*(?:第|$)/;
const PARAGRAPH_END = /[\n\r\f]/;
/** How many titles back a 约定 clause looks for its document. */
const TITLES_BACK = 30;

/** The party or court document a bare 第N条 at `start`…`end` of `text` is a clause of, or null when it is none's. */
export function clauseOwner(text: string, start: number, end: number, names: LawNameIndex): ClauseOwner | null {
  const before = text.slice(0, start);
  if (LAW_REFERENCE_BEFORE.test(before) || LAW_WORD_BEFORE.test(before) || UNTITLED_DOCUMENT_BEFORE.test(before)) return null;
  const after = text.slice(end, end + 8);
  const nearest = titlesBefore(before).next().value;
  if (nearest) {
    const kind = documentKind(nearest.title, names);
    const between = before.slice(nearest.end);
    const adjacent = between.trim() === '';
    const sameParagraph = adjacent || !PARAGRAPH_END.test(between);
    const laterSentence = SENTENCE_END.test(between);
    const lawVerb = STATUTE_VERB_AFTER.test(after);
    if (kind && sameParagraph && names.findAll(between).length === 0 && !(laterSentence && lawVerb)) {
      return { title: nearest.title, kind, ...(lawVerb && !adjacent && !CLAUSE_AFTER_TITLE.test(between) ? { lawVerb: true as const } : {}) };
    }
  }
  if (!CONTRACT_VERB_AFTER.test(after)) return null;
  let seen = 0;
  for (const t of titlesBefore(before)) {
    if (++seen > TITLES_BACK) break;
    if (documentKind(t.title, names) === 'party') return { title: t.title, kind: 'party' };
  }
  return null;
}

/** The 《titles》 of `text`, the last first: each title's words and where its 》 ends. */
function* titlesBefore(text: string): Generator<{ title: string; end: number }> {
  let close = text.lastIndexOf('》');
  while (close >= 0) {
    const open = text.lastIndexOf('《', close);
    if (open < 0) return;
    yield { title: text.slice(open + 1, close), end: close + 1 };
    close = text.lastIndexOf('》', open);
  }
}
