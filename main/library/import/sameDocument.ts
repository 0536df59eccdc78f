/**
 * One document filed twice under two names. LawRefBook holds the 人脸识别 interpretation as
 * 「最高人民法院关于审理使用人脸识别技术…的规定」 (2021-07-27) and again as 「关于审理使用人脸识别技术…的规定」,
 * its issuer left out and no date, so dated by its adoption (2021-06-08): the same sixteen articles, word for word, under
 * two laws, and both came up as hits for one question. Joint interpretations are filed with and without the 、 between
 * the two courts (「最高人民法院 最高人民检察院关于…」, 「最高人民法院、最高人民检察院关于…」), and some files of one
 * title with the same text twice, once dated by publication and once by adoption (人身损害赔偿解释 2022-04-04 and
 * 2022-04-24). Such a file is imported once; the name it was also filed under stays a name of the law (law_aliases).
 */
import type { SourceDocument } from './sourceDocument.js';
import { daysBetween } from '../../../preload/contract/calendarDate.js';

/** A stored document that may hold the same text under another title or date. */
export interface NamedCopyRow {
  id: number;
  source: string;
  path: string;
  province: string;
  title: string;
  publish_date: string | null;
  effective_date: string | null;
}

/**
 * Do two titles name one document? The same words, spaces and the 、 between issuers aside, or the one with its
 * issuer (最高人民法院关于…) and the one without (关于…).
 */
export function sameDocumentTitle(a: string, b: string): boolean {
  const x = titleKey(a);
  const y = titleKey(b);
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.startsWith('关于') && long.endsWith(short) && ISSUER.test(long.slice(0, long.length - short.length));
}

/** The words before 关于 that name who issued a document: 最高人民法院, 最高人民法院最高人民检察院, 国务院办公厅… */
const ISSUER = /^[\p{Script=Han}]{2,40}$/u;

function titleKey(title: string): string {
  return title.replace(/[\s、，,·]/gu, '');
}

/**
 * Is it one version, not two with the same words? Texts that take effect the same day are; where a date of effect is
 * unknown, dates within a year of each other (an adoption and its publication: 操纵证券、期货市场 interpretation, 2018-12-12
 * and 2019-06-27). A law re-published years later with its text unchanged keeps both versions.
 */
export function sameVersion(doc: Pick<SourceDocument, 'publishDate' | 'effectiveDate'>, stored: NamedCopyRow): boolean {
  if (doc.effectiveDate && stored.effective_date) return doc.effectiveDate === stored.effective_date;
  if (!doc.publishDate || !stored.publish_date) return true;
  return Math.abs(daysBetween(stored.publish_date, doc.publishDate)) <= 366;
}

/**
 * Which copy to keep: the later date, the publication rather than an adoption read from a file's history when it has
 * no date of its own (人脸识别 2021-07-27 over 2021-06-08); on the same date the fuller title, which names its issuer.
 * True when the document being imported should replace the stored one.
 */
export function newCopyWins(doc: Pick<SourceDocument, 'title' | 'publishDate'>, stored: NamedCopyRow): boolean {
  const a = doc.publishDate ?? '';
  const b = stored.publish_date ?? '';
  if (a !== b) return a > b;
  return titleKey(doc.title).length > titleKey(stored.title).length;
}
