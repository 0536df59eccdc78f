/** One citation as the audit finds it in an answer or a brief, before it becomes a CitationAudit (citationAudit.ts). */
import type { CitedPart } from '../library/citation/parseCitation.js';
import type { FiledApartNote } from '../library/citation/resolver.js';
import type { Successor } from '../library/citation/repealedSuccessor.js';
import type { TopicMismatch } from '../library/citation/topicFit.js';
import type { DocumentKind } from '../library/citation/partyDocument.js';
import type { GapNote } from '../library/versions/versionGap.js';
import type { Note } from './auditNotes.js';
import type { Evidence } from './types.js';

export interface Found {
  pos: number;
  /** An [n] marker, as opposed to a citation written out (《X法》第N条). */
  evidenceMarker: boolean;
  marker: string;
  article: Pick<Evidence, 'articleId' | 'lawTitle' | 'articleLabel' | 'publishDate' | 'status' | 'text'> | null;
  inEvidence: boolean;
  /** The article exists but not the 款 or 项 the citation names: audited as unresolvable, the article kept for the reader. */
  missingPart?: boolean;
  /** Where the 款 and 项 it names stand in the article's text. */
  spans?: Array<[number, number]>;
  /** The 款 and 项 it names, as written. */
  parts?: CitedPart[];
  /** Where the provision an earlier version had under this number stands now (公司法第七十一条 → 第八十四条). */
  earlierMeaning?: { articleId: number; label: string };
  note: Note | null;
  /**
   * For a citation of no article the library holds: the law its quotation is looked for in — the law that
   * repealed the one cited (民法典 for 《合同法》), or the cited law itself when it has no such article.
   */
  quoteLaw?: { id: number; title: string } | null;
  /** For a citation of a repealed law's article: the 民法典 articles that hold its rule now. */
  successor?: Successor;
  /** A law the library lacks that was repealed only after the date checked: right to cite then, though not checkable. */
  inForceThen?: boolean;
  /** A law the library lacks because a law it holds repealed it. */
  repealedLaw?: boolean;
  /** An earlier version gave its number to another provision (earlierNumbering.ts), which the note says. */
  renumbered?: boolean;
  /**
   * For such a citation whose words may tell which provision it means (numberingFit.ts): the earlier article, where
   * its provision is now, and the note as it reads without the earlier numbering.
   */
  earlier?: { earlierId: number; nowId: number | null; noteWithout: Note | null };
  /** A clause of a document, not a law (《借款合同》第八条, partyDocument.ts): not checked. */
  document?: DocumentKind;
  /** The article of the same version the words beside the citation fit instead (topicFit.ts). */
  closer?: TopicMismatch['closer'];
  /** Read in place of a text the library lacks for the date (versionGap.ts, civilCodeStandIn.ts): kept beside a quotation's note. */
  gap?: (Note & Pick<GapNote, 'then' | 'confirmed'>) | null;
  /** Read in the amended text the collection files apart (婚姻法解释（二）'s 补充规定; amendedTextApart.ts): said beside every other note. */
  filedApart?: FiledApartNote | null;
  /** 「解释（二）第二十一条」: the short name read as the series member named before (ordinalSibling.ts), said first. */
  readAs?: Note | null;
}
