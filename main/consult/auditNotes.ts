/**
 * The notes of a citation's audit (citationAudit.ts), in English (the CLI) and Chinese (the app): where a version holds
 * a provision, where a quotation stands, why a citation was read in another version, and what the app opens for a
 * citation of a repealed law or document.
 */
import type { QuoteSource } from '../library/citation/quoteSource.js';
import type { Successor } from '../library/citation/repealedSuccessor.js';
import { MATCH_WORDS, STATUS_ZH } from '../library/status.js';
import { heldAs, type Replacement } from '../library/versions/replacedBy.js';
import type { CitationAudit } from './types.js';
import { bookTitle, citedLabel } from '../../preload/contract/citationLine.js';

/** Why a citation failed its check, in English (the CLI) and Chinese (the app in Chinese). */
export interface Note {
  en: string;
  zh: string;
}

export function joinNotes(a: Note | null, b: Note | null): Note | null {
  return a && b ? { en: `${a.en}; ${b.en}`, zh: `${a.zh}；${b.zh}` } : a ?? b;
}

/**
 * How a version holds a provision: 「2023-12-29 版中为第八十四条，内容有修改」, 「…中没有相应条文」 (English alike,
 * to follow "the" or "in the").
 */
export function inVersion(version: string | null, held: { label: string; match: string } | null): Note {
  const v = version || 'undated';
  if (!held || !(held.match in MATCH_WORDS)) return { en: `${v} version has no such provision`, zh: `${v} 版中没有相应条文` };
  if (held.match === 'partly') return { en: `${v} version holds part of it in ${held.label}`, zh: `${v} 版中${held.label}含其部分内容` };
  const how = MATCH_WORDS[held.match as keyof typeof MATCH_WORDS];
  return { en: `${v} version holds it as ${held.label} (${how.en})`, zh: `${v} 版中为${held.label}，${how.zh}` };
}

/** Whether the quotation is the article's words or only close to them. */
function quotedAs(s: QuoteSource): Note {
  return s.verbatim ? { en: 'is', zh: '是' } : { en: 'is close to', zh: '接近' };
}

/**
 * Where the law applied holds a quotation of a citation that found no article: 「引文是《中华人民共和国民法典》第五百七十七条
 * 的条文」, or of another version: 「引文是《X》2018-10-26 版第七十一条的条文；2023-12-29 版中为第八十四条，内容有修改」.
 */
export function heldBy(s: QuoteSource): Note {
  const is = quotedAs(s);
  if (s.applied) return { en: `the quoted text ${is.en} ${citedLabel(s)} of ${bookTitle(s.lawTitle)}`, zh: `引文${is.zh}${bookTitle(s.lawTitle)}${citedLabel(s)}的条文` };
  const there = s.nowIn === null ? { en: 'law had no version in force on the date checked', zh: '该日该法尚无施行的版本' } : inVersion(s.nowIn, s.now);
  return {
    en: `the quoted text ${is.en} ${citedLabel(s)} of ${bookTitle(s.lawTitle)} of ${s.publishDate ?? 'undated'}; the ${there.en}`,
    zh: `引文${is.zh}${bookTitle(s.lawTitle)}${s.publishDate ?? '日期不详'} 版${s.label}的条文；${there.zh}`,
  };
}

/**
 * What a quotation found elsewhere in the law comes to: 「引文是 2017-06-27 版第六十四条的条文（已被修订）；
 * 2023-09-01 版中为第六十七条，内容相同」, or another article of the same version (a mistyped number).
 */
export function quoteSourceNote(cited: { articleLabel: string; publishDate: string | null }, s: QuoteSource): Note {
  const is = quotedAs(s);
  if (s.sameVersion) {
    return {
      en: `the quoted text is not in ${cited.articleLabel}: it ${is.en} ${citedLabel(s)} of the same version; the article number may be wrong${s.revised ? ', or follow an earlier version\'s numbering' : ''}`,
      zh: `引文不在${cited.articleLabel}中：引文${is.zh}本版${citedLabel(s)}的条文，条号可能有误${s.revised ? '或沿用了旧版本的序号' : ''}`,
    };
  }
  const version = s.publishDate ?? 'undated';
  const citedVersion = cited.publishDate ?? 'undated';
  const there = inVersion(citedVersion, s.now);
  return {
    en: `the quoted text is not in ${cited.articleLabel} of the ${citedVersion} version: it ${is.en} ${citedLabel(s)} of the ${version} version (${s.status}); the ${there.en}`,
    zh: `引文不在 ${citedVersion} 版${cited.articleLabel}中：引文${is.zh} ${version} 版${citedLabel(s)}的条文（${STATUS_ZH[s.status] ?? s.status}）；${there.zh}`,
  };
}

/** What a citation's audit keeps of a successor: the rule and the articles to open. */
export function successorRefs(s: Successor): NonNullable<CitationAudit['successor']> {
  return { topic: s.topic, changed: s.changed, articles: s.articles.map((a) => ({ articleId: a.id, lawTitle: a.lawTitle, label: a.label })) };
}

/** A repealed document's article, as a successor: the article holding its text now, how alike (内容有修改) in place of a rule. */
export function replacementRefs(c: NonNullable<Replacement['counterpart']>): NonNullable<CitationAudit['successor']> {
  return { topic: heldAs(c).zh, changed: false, articles: [{ articleId: c.articleId, lawTitle: c.lawTitle, label: c.label }], replacedDocument: true };
}
