import type { OnDate } from '../search/lawOnDate.js';
import type { QuoteSource } from '../library/citation/quoteSource.js';
import type { DraftCitation } from './draftCheck.js';
import type { Redaction } from '../llm/redaction.js';
import type { JudgeReply, LegalState } from './schemas.js';
import type { SpannedChange } from '../library/versions/spannedAmendments.js';

export type StageName = 'state' | 'rewrite' | 'retrieval' | 'rerank' | 'audit' | 'judge' | 'answer' | 'citations';

export type TurnEvent =
  | { type: 'turn'; consultationId: number; turnId: number }
  | { type: 'stage'; stage: StageName; iteration: number; status: 'started' | 'done' | 'failed' | 'skipped'; ms?: number; detail?: string }
  | { type: 'token'; text: string }
  | { type: 'redactions'; items: Redaction[] };

/** How an article came into the pool: which query found it at which rank, or which link. */
export interface PoolSource {
  via: 'original' | 'history' | 'rewrite' | 'rule' | 'refinement' | 'graph';
  query: string;
  rank: number;
}

/** One article in a turn's evidence, with the text and version it had at the time. */
export interface Evidence {
  articleId: number;
  lawTitle: string;
  articleLabel: string;
  level: string;
  province: string;
  status: string;
  publishDate: string | null;
  effectiveDate: string | null;
  /** Where the article sits in its law (编/章/节). */
  path: string[];
  text: string;
  score: number;
  foundBy: PoolSource[];
  /** Set when the applicability audit pruned the article: the condition that failed. */
  excluded: string | null;
  /** Where the text shows the words that found it; null when none of them is in it, and in turns stored before it was kept. */
  excerpt: EvidenceExcerpt | null;
  /**
   * With a date the law is applied as of (the consultation's, else the facts'): that date, and how the article stood then
   * (民法典 第五百七十七条 for a contract of 2019: not yet in force, it stands in); worked out when the turn is read, not stored.
   */
  onDate?: OnDate;
  /**
   * The collection's footnotes under the article (刑法 第四百五十二条's ①), no part of its text: while the library's
   * article still reads as the text stored; worked out when the turn is read, not stored.
   */
  notes?: string[];
}

/** The part of an evidence article a shortened view opens at, and where the words of its queries stand. */
export interface EvidenceExcerpt {
  /** Where the shortened view starts (a line start when one is near: 「（二）未及时足额支付劳动报酬的」). */
  start: number;
  /** [start, end) of every word of the queries that found the article, in the whole text, in order. */
  hits: Array<[number, number]>;
}

export type Verdict = 'sufficient' | 'insufficient' | 'insufficient_at_limit' | 'offline';

export interface CodeCheck {
  articleId: number;
  problem: string;
}

export interface JudgeIteration {
  iteration: number;
  verdict: 'SUFFICIENT' | 'INSUFFICIENT';
  checks: JudgeReply['checks'];
  missing: string[];
  refinementQueries: string[];
  /** Temporal and jurisdiction problems found by code before the judge ran. */
  codeChecks: CodeCheck[];
}

export type CitationLabel = 'verified' | 'outside_evidence' | 'unresolvable' | 'quote_mismatch';

export interface CitationAudit {
  seq: number;
  marker: string;
  articleId: number | null;
  lawTitle: string | null;
  articleLabel: string | null;
  publishDate: string | null;
  status: string | null;
  text: string | null;
  quote: string | null;
  label: CitationLabel;
  notCurrent: boolean;
  /** Why the citation failed its check (or cites a version not in force), in English; null when nothing is to be said. */
  note: string | null;
  /** The same in Chinese, for the app in Chinese; null also in turns stored before it was kept (the app shows `note`). */
  noteZh: string | null;
  /**
   * Where the 款 and 项 a written citation names (第三十八条第一款第二项) stand in `text`, as [start, end)
   * spans in the order of the text; empty for an [n] marker, a citation of the whole article, a
   * 款 or 项 the article lacks, and turns stored before migration 9.
   */
  citedSpans: Array<[number, number]>;
  /**
   * For a quotation the article does not hold: where in its law the quotation stands (an earlier version's
   * article under the same number, a neighbour); the note says the same. Not stored with a turn.
   */
  quoteSource?: QuoteSource;
  /**
   * Set for a written citation whose surrounding words fit another article of the cited version clearly better
   * (topicFit.ts): that article, or null when none stands out; the note says the same. Stored with a turn since
   * migration 16. In a consultation it may be an evidence article of another document (evidenceFit.ts): its law,
   * and its number in the turn's evidence (`evidence`, 3 for [3]).
   */
  closer?: { articleId: number; label: string; lawTitle?: string; evidence?: number } | null;
  /**
   * Set as a turn is read back (turnResult.ts) for a citation labelled 引文不符, or 无法解析 for a 款 or 项 its article
   * lacks, whose article is not among the evidence the turn's judge and answer were given: a citation outside the
   * evidence too, which its label does not say (the 证据外 label says it alone). Counted with them where 证据充分 is
   * qualified (preload/contract/sufficiency.ts). Not stored with a turn: read from its stored evidence.
   */
  outsideEvidence?: true;
  /**
   * For a citation of an article of a law 民法典 repealed (《合同法》第一百零七条): the rule it laid down and the 民法典
   * articles that hold it now (civilCodeConcordance.ts); the note says the same. Also, with `replacedDocument`, for an
   * article of a repealed document the library holds (婚姻法解释（三）, 契税暂行条例): the article of the document that
   * replaced it holding its text, `topic` saying how alike (内容有修改; replacedBy.ts). Not stored with a turn.
   */
  successor?: { topic: string; changed: boolean; articles: Array<{ articleId: number; lawTitle: string; label: string }>; replacedDocument?: true };
  /**
   * Set for a citation of a law the library lacks that was repealed only after the date the law is applied as of
   * (合同法 in a matter of 2020): right to cite then, though its text cannot be checked; and for an article of a repealed
   * document that still applied on that date (婚姻法解释（三） in 2020). Not stored with a turn.
   */
  inForceThen?: true;
  /**
   * For a text's own citation of a document's clause, not a law's (《借款合同》第八条, 《民事判决书》): the parties'
   * (a contract, a charter) or a court's, arbitral body's or agency's (partyDocument.ts); not checked. Only a draft's
   * check lists one: an answer's audit leaves it out. Not stored with a turn.
   */
  document?: 'party' | 'ruling';
  /** Set for a citation of a law the library lacks because a law it holds repealed it (《合同法》, 《担保法》): gone, not mistyped. Not stored with a turn. */
  repealedLaw?: true;
  /**
   * Set for an article of a version since revised that was the one applied on the date the law is applied as of
   * (公司法 2018 第七十一条 in a brief checked as of 2020-06-01): cited rightly; the note says what became of it. Not stored with a turn.
   */
  appliedThen?: true;
  /**
   * For a number an earlier version gave to another provision (公司法第三十三条 of 2018, on the register of shareholders):
   * the article of the version read that holds that provision now (第五十六条), which the text may mean. Not stored with a turn.
   */
  earlierMeaning?: { articleId: number; label: string };
  /**
   * Set when the note only vouches that the text is the one of the date (刑法 第二百六十四条 as of 2019, unchanged since
   * 2011 by its amendments): information, nothing to check. Not stored with a turn.
   */
  confirmed?: true;
  /** Where the citation starts in the text audited (a UTF-16 offset). Not stored with a turn. */
  at?: number;
}

export interface TurnUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cost: number | null;
  seconds: number;
}

export interface StageRecord {
  stage: StageName;
  iteration: number;
  status: 'done' | 'failed' | 'skipped';
  ms: number;
}

export type OfflineCode = 'llm_not_configured' | 'llm_unreachable';

export interface TurnResult {
  consultationId: number;
  turnId: number;
  seq: number;
  userText: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  mode: 'llm' | 'offline' | null;
  offlineReason: string | null;
  /** The reason as a code, for the app to word in its language; null for turns stored before it was kept. */
  offlineCode: OfflineCode | null;
  state: LegalState | null;
  /** Fields that changed since the previous turn's state. */
  stateChanges: StateChange[];
  evidence: Evidence[];
  answer: string | null;
  citations: CitationAudit[];
  citationCounts: Record<CitationLabel, number>;
  verdict: Verdict | null;
  verdictOverride: { verdict: Verdict; note: string | null } | null;
  iterations: JudgeIteration[];
  usage: TurnUsage;
  stages: StageRecord[];
  redactions: Redaction[];
  error: { code: string; message: string } | null;
  /**
   * The statute citations of the user's own message that are worth a word, checked as a draft is (draftCheck.ts):
   * a repealed law (《合同法》第五十二条), a number an earlier version gave to another provision, a 款 or 项 the
   * article lacks, a version not in force, a misquotation; empty when there are none, and in turns from before.
   */
  questionCitations: QuestionCitation[];
  /**
   * The date the turn's last run applied the law as of, and why: the consultation's own date, the facts' date its state
   * gave, or the engine's today (context.ts appliedLawAsOf); null for a turn stored before migration 22, or not yet run.
   */
  lawAsOf: { date: string; by: 'consultation' | 'facts' | 'today' } | null;
  /**
   * The library's newest text's date when `lawAsOf` lies more than a quarter past it (library/coverage.ts): the law
   * applied may have been amended since, beyond what the library holds. Null otherwise, and without a law date.
   */
  libraryBehind?: string | null;
  /**
   * Laws of the turn's evidence or citations revised after the library's texts (laterRevisions.ts: 反不正当竞争法, revised
   * 2025-06-27, in force 2025-10-15), as of `lawAsOf`: the text shown is no longer the one in force. Empty when none.
   */
  laterRevisions?: Array<{ title: string; adopted: string; inForce: string; read: string; zh: string; en: string }>;
  /**
   * Caps the answer states beside a citation that its article does not (answerLimits.ts: 「三百万元以下」 beside 2019's
   * 「五百万元以下」), each with its citation's marker. Empty when none, and for a turn with no answer.
   */
  limitNotes?: Array<{ marker: string; zh: string; en: string }>;
  /**
   * Amendments the question's facts straddle (spannedAmendments.ts): facts from 2018 to 2022 under 商标法, amended in
   * force 2019-11-01 — the conduct before under the old text, after under the new. One per law of the answer's
   * citations (else of the numbered evidence); empty when the facts give one date, or no law changed in between.
   */
  spannedAmendments?: Array<{ title: string; changes: SpannedChange[]; zh: string; en: string }>;
}

/** One such citation: what the user wrote, what it is (when found), and why it is worth a word. */
export type QuestionCitation = Pick<DraftCitation, 'marker' | 'finding' | 'articleId' | 'lawTitle' | 'articleLabel' | 'publishDate' | 'status' | 'note' | 'noteZh' | 'quote' | 'original'>;

export interface StateChange {
  field: keyof LegalState;
  added: string[];
  removed: string[];
}
