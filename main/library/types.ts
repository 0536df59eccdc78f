/**
 * Shared types of the statute library. Parsed forms come from the importers;
 * stored forms (the `...Row` types) mirror the SQLite tables.
 */

/** One history line of a law version, e.g. "2020年5月28日 第十三届全国人民代表大会第三次会议通过". */
export interface HistoryEntry {
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** The event text after the date. */
  event: string;
}

/** A 项 inside a 款: "（一）…". */
export interface ParsedItem {
  /** 1-based item number. */
  number: number;
  text: string;
}

/** A 款 (paragraph) of an article. The first 款 excludes the "第X条" label. */
export interface ParsedParagraph {
  text: string;
  items: ParsedItem[];
}

export type ArticleKind = 'article' | 'item' | 'preamble';

export interface ParsedArticle {
  /**
   * 'article' for 第X条; 'item' for documents numbered 一、二、… instead;
   * 'preamble' for the 序言 (text before the first article), stored at import.
   */
  kind: ArticleKind;
  /** Label exactly as written: "第一千一百六十五条", "第四十二条之一", "一". */
  label: string;
  /** Integer number: 第一千一百六十五条 → 1165; item 十二 → 12. */
  number: number;
  /** 之一 → 1, 之二 → 2, otherwise 0. */
  subNumber: number;
  /** Headings above the article, outermost first: ["第七编 侵权责任", "第一章 一般规定"]. */
  path: string[];
  paragraphs: ParsedParagraph[];
  /** Full text of the article body (paragraphs joined by "\n"), without the label. */
  text: string;
  /** The collection's footnotes printed under the article (「① 刑法、历次刑法修正案…」), no part of its text; absent when none. */
  notes?: string[];
}

export interface ParsedDocument {
  title: string;
  subtitle: string | null;
  history: HistoryEntry[];
  /** Text between INFO END and the first article (preamble, 序言), if any. */
  preamble: string;
  articles: ParsedArticle[];
  /**
   * Text after the first article that belongs to no article — paragraphs under a
   * heading that no article follows, in practice 附件 / 附表 / 清单 at the end of
   * a law: those headings and paragraphs joined by "\n". Absent when there is none.
   */
  appendix?: string;
  /** Non-fatal problems found while parsing (shown in the import summary). */
  warnings: string[];
}

export type LawLevel =
  | '宪法'
  | '法律'
  | '行政法规'
  | '司法解释'
  | '部门规章'
  | '地方性法规'
  | '案例'
  | '其他';

/** 'pending' (not yet in force) is never stored: it is worked out on today's date (status.ts). */
export type VersionStatus = 'current' | 'superseded' | 'repealed' | 'pending';
