/**
 * Data that crosses the boundary between the engine host and the renderer.
 * Plain types only (no Node, no DOM), so main, preload and renderer all
 * compile against them.
 */
export type { TurnResult, TurnEvent, Evidence, CitationAudit, JudgeIteration, StateChange, Verdict, StageName } from '../../main/consult/types.js';
export type { LegalState } from '../../main/consult/schemas.js';
export type { ArticleVersion, VersionArticle, VersionMatch } from '../../main/library/versions/counterparts.js';
export type { DiffPart } from '../../main/library/versions/textDiff.js';
import type { RenumberedCitation } from '../../main/library/citation/resolver.js';
export type { RenumberedCitation };
import type { LibraryCoverage } from './coverage.js';
export type { LawText as LawTextDto } from '../../main/library/lawText.js';
export type { VersionComparison as VersionComparisonDto, ComparisonRow, ComparisonMatch } from '../../main/library/versions/compareVersions.js';
import type { ArticleVersion } from '../../main/library/versions/counterparts.js';
import type { LawEntry } from '../../main/library/lawCatalog.js';
import type { DraftCheck } from '../../main/consult/draftCheck.js';
import type { SavedArticle } from '../../main/library/saved/savedState.js';
import type { OnDate } from '../../main/search/lawOnDate.js';
export type { OnDate, DateStanding } from '../../main/search/lawOnDate.js';
import type { LawFilterGap as LawFilterGapDto } from '../../main/search/lawFilterGaps.js';
/** A law the law filter names that had nothing to search, and why (lawFilterGaps.ts), said in both languages. */
export type { LawFilterGapDto };

export interface ArticleDto {
  id: number;
  lawTitle: string;
  shortName: string;
  label: string;
  number: number;
  path: string[];
  /** The part of a law kept in several files (民法典's 编: 侵权责任编); absent or null otherwise. */
  subtitle?: string | null;
  text: string;
  level: string;
  province: string;
  status: 'current' | 'superseded' | 'repealed' | string;
  publishDate: string | null;
  effectiveDate: string | null;
  /** The collection's footnotes under the article (刑法 第四百五十二条's ①): no part of its text; absent when none. */
  notes?: string[];
}

export interface SearchHitDto {
  article: ArticleDto;
  score: number;
  /** 'similar': found through labelled questions similar to the query (label memory). */
  matchedBy: 'citation' | 'lexical' | 'dense' | 'both' | 'similar';
  /** Text with the matched terms; highlight ranges as [start, end) into `text`. */
  snippet: { text: string; highlights: Array<[number, number]> };
  /** With a date before 民法典: the articles of the civil laws of the time this 民法典 article stands in for (《合同法》第一百零七条); absent otherwise. */
  inPlaceOf?: string[];
  /** With a date before 民法典: the article of the time-effect interpretation that applies this 民法典 article to facts of then (时间效力规定第十五条); absent otherwise. */
  appliesEarlier?: string;
  /** With a date: the article changed after it (刑法 第三百九十条 in 2022), in a few words; absent otherwise. */
  amendedSince?: string;
  /** For a text of an interpretation that a decision the library holds amended later (公司法解释（三） of 2011): the decision's date; the amended text is not in the library. */
  staleSince?: string;
  /** With a date: that date, and how the article stood then (a 民法典 article standing in as of 2019: not yet in force); absent otherwise and from older hosts. */
  onDate?: OnDate;
}

/** The articles a citation box's text cites, in order; `notFound` says why each citation that did not resolve failed, in English and Chinese. */
export interface CitedArticlesDto {
  hits: SearchHitDto[];
  notFound: Array<{ message: string; messageZh: string }>;
  /** The article in full when the text cites exactly one and it resolved, for the lookup box to open at once. */
  detail: ArticleDetailDto | null;
  /** The text is nothing but citations (民法典第1165、1166条), so their articles are the answer; words besides them are a question to search. */
  onlyCitations: boolean;
  /** Of the hits, the articles that hold the rule of a cited article of a repealed law now (合同法第52条 → 民法典 第一百五十三条…), listed after the cited ones; absent from older hosts. */
  successors?: number;
  /** Laws among the hits read in a later text than the date asked (刑法 as of 2019); absent from older hosts. */
  readInPlace?: ReadInPlace[];
}

/**
 * A law the library holds no text of for the date asked, though it was law then (刑法 as of 2019: its first text here
 * is of 2020): its first version is read in place of the text of the time, and the note says so, in both languages.
 */
export interface ReadInPlace {
  lawTitle: string;
  note: { en: string; zh: string };
}

/** A statute search: the hits, and the statute terms searched besides the user's words (empty when literal). */
export interface StatuteSearchDto {
  hits: SearchHitDto[];
  /** e.g. 劳动报酬 for 工资: statute wording for everyday words in the query. */
  addedTerms: string[];
  /** Why the search was lexical although the library has vectors (the embedding model did not load, or the library has none for it); null otherwise. */
  modeNote: string | null;
  /** Set when the law filter names no law in the library: the filter as typed and the nearest law names (maybe none). */
  unknownLaw: { law: string; candidates: string[] } | null;
  /** Set when the law filter names a repealed law (合同法): that it is gone, and where to filter instead; absent from older hosts. */
  repealedLaw?: { message: string; messageZh: string } | null;
  /** Cited numbers the version before gave to another provision, which the hits list as cited too (公司法第七十一条 → 第八十四条). */
  renumbered: RenumberedCitation[];
  /** With a date filter: laws among the hits searched in a later text than that date's (刑法 as of 2019); absent from older hosts. */
  readInPlace?: ReadInPlace[];
  /**
   * When nothing was found because of the law filter's laws, not the words: each law with why (repealed by the date or
   * today, not yet law then, a level or province the filters leave out) and, for a repealed one, the last day it applied.
   */
  lawFilterGaps?: LawFilterGapDto[];
  /** The query is a law's name (劳动合同法, 民诉法解释): that law as the catalogue lists it, to read whole or open; absent from older hosts. */
  namedLaw?: LawEntry | null;
  /** The query is a repealed law's name (合同法): what repealed it, and where its rules are now; absent from older hosts. */
  namedRepeal?: { message: string; messageZh: string } | null;
}

/** The clause of a citing article that names the article being read; `mark` is the citation inside `text`, [start, end). */
export interface CitingPassageDto {
  articleId: number;
  lead: string | null;
  text: string;
  mark: [number, number];
}

export interface ArticleDetailDto {
  article: ArticleDto;
  /** The day its law first took effect, where the library's first text of it, a later one, says so (劳动合同法: 2008-01-01); absent otherwise. */
  lawTookEffect?: string;
  /**
   * For an article of 民法典: the articles of the laws it repealed whose rules it holds (《合同法》第一百零七条 for
   * 第五百七十七条), as older judgments and contracts cite them; empty for other laws, absent from older hosts.
   */
  formerly?: Array<{ citation: string; topic: string; changed: boolean }>;
  /**
   * For an article of a repealed document whose law has no version in force (婚姻法解释（三）, 契税暂行条例): what replaced
   * the document, said in both languages, and the article of the replacing document holding this article's text, to
   * open; null otherwise, absent from older hosts.
   */
  replacedBy?: { note: { en: string; zh: string }; counterpart: { articleId: number; lawTitle: string; label: string } | null } | null;
  previous: ArticleDto | null;
  next: ArticleDto | null;
  /** Every version of the law, newest first: the article holding this provision there (by text, not number) and what changed. */
  versions: ArticleVersion[];
  references: ArticleDto[];
  referencedBy: ArticleDto[];
  interpretations: ArticleDto[];
  /** Amendments that changed this article (刑法修正案（十二）五、 for 刑法第三百九十条). */
  amendedBy: ArticleDto[];
  /**
   * Ids among the linked articles above whose link could not be checked: the citing text is
   * older than every version of the cited law in the library, so its numbering may differ.
   */
  unverifiedLinks: number[];
  /**
   * Where each article of referencedBy, interpretations and amendedBy names this one: the clause holding
   * the citation, marked, after the lead of its list (劳动合同法 第四十六条 of 第三十八条: 「有下列情形之一的，用人单位应当向劳动者
   * 支付经济补偿：」 「（一）劳动者依照本法第三十八条规定解除劳动合同的；」). Absent for older hosts.
   */
  citingPassages?: CitingPassageDto[];
  /** The folders this article (this version) is saved in, with their notes and the 款 or 项 saved (「第三款」, null: the whole article); absent for older hosts. */
  saved?: Array<{ id: number; folder: string; note: string; part?: string | null }>;
  /** "《中华人民共和国民法典》第一千一百六十五条（2020-05-28 版）" — for copy-with-citation. */
  citation: string;
  /** Where the 款 (one or several) or the 项 the looked-up citation named stand in `article.text` ([start, end), in order), for the view to mark; absent or empty otherwise. */
  citedSpans?: Array<[number, number]>;
  /** The same 款 and 项 as numbers (第二十条第三款: [{ paragraph: 3, items: [] }]), for ☆ 收藏 to save that part; absent when none was named or the article lacks one. */
  citedParts?: Array<{ paragraph: number; items: number[] }>;
  /**
   * What ☆ 收藏 keeps of the article, as the saved list names a part (「第三款」 for citedParts); null or absent: the whole
   * article (also when the parts named are all of it). The view compares it with `saved` to say whether this is saved.
   */
  savesPart?: string | null;
  /**
   * For a citation with no version of a 款 the article lacks and the version before had under that number (公司法第二十条
   * 第三款: 2023's 第二十条 has two 款, 2018's third is meant): the two things to save instead — that earlier 款 (followed into
   * the version in force) and the 款 holding its words now (第二十三条第一款; null when none is one article's) — for the
   * user to choose; ☆ 收藏 never saves the article shown for it. Absent or null otherwise.
   */
  olderPart?: { earlier: PartToSaveDto; now: PartToSaveDto | null } | null;
  /**
   * For a citation naming a version year the library holds no text of (《著作权法》（2010年修正）第四十九条; the library
   * has 2020-11-11's): this article is of the text held (`held`), and ☆ 收藏 offers the two, each named with its version —
   * `now`, where the old number's provision stands (by the renumbering table or the words given; null when the library
   * cannot tell), and `sameNumber`, the article of that number, which may hold another provision — and saves the one
   * picked. `en`/`zh` say so. Absent or null otherwise.
   */
  olderYear?: {
    cited: string;
    year: number;
    madeOn: string;
    held: string;
    now: (PartToSaveDto & { how: 'table' | 'words' }) | null;
    sameNumber: PartToSaveDto | null;
    en: string;
    zh: string;
  } | null;
  /** A 款 or 项 the looked-up citation named that the article does not have (第三十八条第七项), in both languages; absent or null otherwise. */
  citedWarning?: { en: string; zh: string } | null;
  /**
   * For a looked-up citation that named no version: the version before this one holds another provision under the
   * same number (公司法第七十一条 of 2018, on share transfers), which older texts cite; absent otherwise.
   */
  earlierNumbering?: { articleId: number; publishDate: string; label: string; excerpt: string; now: { articleId: number; label: string } | null } | null;
  /**
   * For a citation looked up as of a date the library holds no text of the law for, while the law was law then (刑法
   * as of 2019): this, its first version, stands in for the text of the time, and why; absent or null otherwise.
   */
  versionGap?: { en: string; zh: string } | null;
  /**
   * For an interpretation the library holds only in a text older than a decision that amended it (公司法解释（三）, here
   * in its 2011 text): that the text in force may differ, and which decision; absent or null otherwise.
   */
  staleText?: { en: string; zh: string } | null;
  /**
   * For 婚姻法解释（二） and its amended text, which the collection files as a document of its own (《…的补充规定》,
   * main/library/citation/amendedTextApart.ts): which text this is and where the other stands; absent or null otherwise.
   */
  filedApart?: { en: string; zh: string } | null;
  /**
   * For an article of a law revised after the library's texts (反不正当竞争法, revised 2025-06-27, in force 2025-10-15;
   * main/library/versions/laterRevisions.ts), as of the date opened for or today: that the text shown is no longer the
   * one in force, or soon will not be; absent or null otherwise.
   */
  laterRevision?: { en: string; zh: string } | null;
  /**
   * With that date, for an article its law's amendments changed after it (刑法 第三百九十条 in 2022): the text of the
   * date, as the earlier amendment that gave it reads (《刑法修正案（九）》第四十五条); absent or null otherwise.
   */
  textThen?: { asOf: string; text: string; source: string; effective: string } | null;
  /**
   * The amendment whose text the article shows, when later than its document's date (刑法 第三百九十条: 刑法修正案（十二）,
   * 2024-03-01, in the text dated 2020-12-26), or that deleted it (第一百九十九条); absent or null otherwise.
   */
  amendedText?: { en: string; zh: string } | null;
  /** Opened with a date: that date, and how the article stood then; absent otherwise and from older hosts. */
  onDate?: OnDate;
  /** Opened with a date: how each of `interpretations` stood then (listed in force then first); absent otherwise and from older hosts. */
  interpretationsOnDate?: Array<{ id: number; onDate: OnDate }>;
  /**
   * Opened with a date, for a 刑法 article whose interpretations include one in force then and a later one (非法集资 of
   * 2010 and 2022 as of 2019): which applies to an act of then, in both languages, as `lexdesk show` says; absent or null otherwise.
   */
  interpretationTimes?: { en: string; zh: string } | null;
}

/** An article and the 款 and 项 of it to save (empty: the whole article), named as the saved list names them (「第三款」; null: the whole article). */
export interface PartToSaveDto {
  article: ArticleDto;
  parts: Array<{ paragraph: number; items: number[] }>;
  part: string | null;
  /** The words of that part (the article's, for the whole). */
  text: string;
}

/** A text of the user's own with each statute citation in it looked up and checked (main/consult/draftCheck.ts); `text`: what was read from a Word file. */
export type DraftCheckDto = DraftCheck & { text?: string };

/** A saved article (收藏) and what the library has made of it since: revised, renumbered, repealed, gone. */
export type SavedArticleDto = SavedArticle;

export interface SavedListDto {
  /** Every folder with its count, whichever folder was asked for. */
  folders: Array<{ name: string; count: number }>;
  items: SavedArticleDto[];
}

/** The library's laws as the catalogue lists them (main/library/lawCatalog.ts): the version in force, else the latest. */
export interface LawCatalogDto {
  total: number;
  laws: LawEntry[];
}

/** A law version's table of contents: headings (编/章/节) with their articles, in order. */
export interface OutlineDto {
  lawTitle: string;
  publishDate: string | null;
  /** `part`: the 编 (the file's subtitle) of a version in several files, such as 民法典; null otherwise. */
  sections: Array<{ path: string[]; part?: string | null; articles: Array<{ id: number; label: string }> }>;
}

export interface LibraryStatusDto {
  dbPath: string;
  counts: { laws: number; versions: number; documents: number; articles: number; currentArticles: number; provinces: string[] };
  /** How far the library's texts reach; `behind`: today lies more than COVERAGE_GRACE_DAYS past its newest text (coverage.ts). Absent from older hosts. */
  coverage?: LibraryCoverage & { behind: boolean };
  /**
   * The vectors of the model search uses: its id (null when the library has no vectors at all, or a model
   * folder that did not load), how many articles it has vectors for (0: not embedded for it, search is lexical),
   * where it runs, and why it did not load.
   */
  embedding: { model: string | null; embedded: number; complete: boolean; provider: string | null; providerNote: string | null };
  importing: boolean;
}

export interface ImportSummaryDto {
  source: string;
  documents: { added: number; updated: number; unchanged: number };
  removed: { documents: number; laws: number };
  articlesWritten: number;
  skipped: Array<{ path: string; reason: string }>;
  warnings: string[];
  /** What the import noticed about the source: a province pack asked for but not found (with the ones available), case files skipped. */
  notes: string[];
  durationMs: number;
  /** Saved articles (收藏) whose standing this import changed; absent from older hosts. */
  savedChanged?: Array<{ id: number; folder: string; citation: string; state: string; message: string; messageZh: string }>;
}

export interface ConsultationSummaryDto {
  id: number;
  title: string;
  updatedAt: string;
  turns: number;
  /** The date the law is applied as of and the place, when the consultation was started with them. */
  asOf?: string | null;
  place?: string | null;
}

export interface ConsultationDto {
  id: number;
  title: string;
  createdAt: string;
  asOf: string | null;
  place: string | null;
  turns: import('../../main/consult/types.js').TurnResult[];
}

/** An exported report, for the page to offer as a download. */
export interface ReportFileDto {
  fileName: string;
  mime: string;
  base64: string;
  warnings: string[];
}

export interface PresetDto {
  id: string;
  name: string;
  baseURL: string;
  defaultModel: string;
  local: boolean;
}

export interface SettingsDto {
  llm: {
    preset: string | null;
    baseURL: string | null;
    model: string | null;
    roleModels: Record<string, string>;
    timeoutMs: number | null;
    redactLocal: boolean;
    redactNames: string[];
    /** "sk-…1234" when a key is stored; the key itself never crosses the boundary. */
    keyHint: string | null;
    /** False when no OS keychain is available: keys entered now last until the app closes. */
    keysPersistent: boolean;
    local: boolean | null;
  };
  consult: { llmRerank: boolean; stateAwareRerank: boolean; maxRounds: number; maxJudgeIterations: number };
  ui: { language: 'zh' | 'en' };
  /** What the engine runs with now, and what the settings ask for from the next start. */
  models: {
    inUse: string;
    dir: string | null;
    /** An OpenAI-compatible embeddings endpoint and model used instead of the folder, and a hint of its stored key. */
    httpBase: string | null;
    httpModel: string | null;
    /** The endpoint's instruction prefixes and the characters sent per text (null: none, and the default of 500). */
    httpQueryPrefix: string | null;
    httpDocumentPrefix: string | null;
    httpMaxChars: number | null;
    embeddingKeyHint: string | null;
    /** The user name of basic-auth credentials stored for the endpoint's server (given as user:password@ in its URL); the password never crosses the boundary. */
    embeddingUser: string | null;
    crossEncoderInUse: string | null;
    crossEncoderDir: string | null;
    providers: string[];
    restartNeeded: boolean;
  };
}

export interface AppInfoDto {
  version: string;
  host: 'electron' | 'browser';
  dbPath: string;
}
