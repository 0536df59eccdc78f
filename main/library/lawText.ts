/**
 * One version of a law read whole (全文): its title note (通过 and 修正 dates), its lead, then every article under its
 * 编, 章 and 节 headings in the order of its numbering — what `lexdesk read`, the app's 全文 reader and the table of
 * contents show, and what a whole-law download writes.
 */
import { cachedStatement, type Db } from '../db/open.js';
import { counterpartInVersion, lawVersions } from './versions/counterparts.js';
import type { CitationResolver } from './citation/resolver.js';
import type { GapNote } from './versions/versionGap.js';
import type { StatuteArticle } from './articles.js';
import { LexError } from '../util/errors.js';
import { chineseToInt, intToChinese } from '../../preload/contract/numerals.js';
import { tidyHeading } from './headings.js';

export { articleHead, readingBlocks, type ReadingBlock } from '../../preload/contract/lawReading.js';

export interface LawTextArticle {
  id: number;
  /** 第一条, 序言, or an item's 一 */
  label: string;
  kind: string;
  text: string;
  /** 第三十八条之一: 38 and 1 (0 for 序言, 全文, 附件). */
  number: number;
  subNumber: number;
  /** The collection's footnotes under it (刑法 第四百五十二条's ①), no part of its text; absent when none. */
  notes?: string[];
}

/** A run of articles under the same headings. `part`: the 编 (the file's subtitle) of a version in several files, as 民法典; null otherwise. */
export interface LawTextSection {
  path: string[];
  part: string | null;
  articles: LawTextArticle[];
}

export interface LawText {
  lawId: number;
  lawTitle: string;
  level: string;
  province: string;
  publishDate: string | null;
  effectiveDate: string | null;
  status: string;
  /** The title note: each 通过, 修正 or 修订 with its date, oldest first. */
  history: Array<{ date: string; event: string }>;
  /** What stands before the first article (an amendment's 「为了…，对刑法作如下修改：」), '' when nothing. */
  lead: string;
  sections: LawTextSection[];
  /** Its articles (第N条, an amendment's 一、, a text kept whole as one): no 序言 or 附件, as the catalogue counts them. */
  articleCount: number;
  /** The other versions the library holds, newest first, to read instead. */
  versions: Array<{ publishDate: string; effectiveDate: string | null; status: string }>;
  /** Amendments adopted after its date whose changes the text already holds (刑法 of 2020-12-26 with 刑法修正案（十二）). */
  holds?: Array<{ date: string; source: string }>;
  /** Why this text is read for the date asked though it is not the text of that date (versionGap.ts), in both languages. */
  dateNote?: { en: string; zh: string };
  /** The article to open the reading at: the one asked for, or where another version holds its provision. */
  focusId?: number;
  /** The date it was read as of, when one was given. */
  asOf?: string;
  /** Opened from an article that the version read holds nowhere (公司法 2023 第五十四条 in 2018's text): its label. */
  focusMissing?: string;
  /**
   * Read as of a date, the articles whose text of that date was another (刑法 第三百九十条 as of 2022: amended since by
   * 刑法修正案（十二）), or that were no law then (added or deleted since), as the law's amendments tell (amendmentTrail.ts).
   */
  datedArticles?: Array<{ id: number; standing: 'amended-since' | 'deleted-since' | 'not-yet' | 'deleted'; thenSource?: string }>;
}

/** 序言 and 附件 are counted as no article; 第N条, an amendment's items and a text kept whole (全文) are. */
export const isNumbered = (a: Pick<LawTextArticle, 'kind' | 'label'>): boolean => a.kind !== 'preamble' && a.label !== '附件';

interface Row {
  id: number;
  label: string;
  kind: string;
  text: string;
  path: string;
  number: number;
  subNumber: number;
  documentId: number;
  subtitle: string | null;
  notes: string | null;
}

/** The version of `lawId` published `publishDate` ('' for an undated one), whole; null when the library has no such version. */
export function lawText(db: Db, lawId: number, publishDate: string): LawText | null {
  const law = cachedStatement(db, 'SELECT title, level, province FROM laws WHERE id = ?').get(lawId) as { title: string; level: string; province: string } | undefined;
  const versions = lawVersions(db, lawId);
  const version = versions.find((v) => v.publishDate === publishDate);
  if (!law || !version) return null;
  const rows = cachedStatement(
    db,
    `SELECT a.id, a.label, a.kind, a.text, a.path, a.number, a.sub_number AS subNumber, d.id AS documentId, d.subtitle, a.notes
       FROM articles a JOIN documents d ON d.id = a.document_id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? ORDER BY d.id, a.ordinal`,
  ).all(lawId, publishDate) as Row[];
  // A version in several files (民法典, one per 编) reads in the order of its numbering, each file's part named.
  const firstNumber = new Map<number, number>();
  for (const r of rows) firstNumber.set(r.documentId, Math.min(firstNumber.get(r.documentId) ?? Infinity, r.number || Infinity));
  const parts = firstNumber.size > 1;
  if (parts) rows.sort((a, b) => (firstNumber.get(a.documentId) as number) - (firstNumber.get(b.documentId) as number) || a.documentId - b.documentId);
  const sections: LawTextSection[] = [];
  const partName = partNames(parts ? [...new Set(rows.map((r) => r.subtitle ?? ''))] : []);
  for (const r of rows) {
    const last = sections.at(-1);
    const part = parts ? partName.get(r.subtitle ?? '') ?? r.subtitle ?? null : null;
    const notes = r.notes ? (JSON.parse(r.notes) as string[]) : [];
    const article = { id: r.id, label: r.label, kind: r.kind, text: r.text, number: r.number, subNumber: r.subNumber, ...(notes.length ? { notes } : {}) };
    // The constitution's 序言 stands under a heading of its own, as printed; an interpretation's or amendment's lead has none.
    const path = law.level === '宪法' && r.kind === 'preamble' && r.path === '[]' ? [r.label] : (JSON.parse(r.path) as string[]).map(tidyHeading);
    if (last && JSON.stringify(last.path) === JSON.stringify(path) && last.part === part) last.articles.push(article);
    else sections.push({ path, part, articles: [article] });
  }
  // Each file of a version in parts repeats the same note; the first file's (in reading order) stands for the law.
  const documents = cachedStatement(db, `SELECT id, preamble, history FROM documents WHERE law_id = ? AND COALESCE(publish_date, '') = ? ORDER BY id`)
    .all(lawId, publishDate) as Array<{ id: number; preamble: string; history: string }>;
  documents.sort((a, b) => (firstNumber.get(a.id) ?? Infinity) - (firstNumber.get(b.id) ?? Infinity) || a.id - b.id);
  // A text kept whole as one article (刑法修正案（十）'s 全文) already holds its lead.
  const opening = rows[0]?.text.replace(/\s/g, '') ?? '';
  const leads = [...new Set(documents.map((d) => d.preamble.trim()).filter((p) => p && !opening.startsWith(p.replace(/\s/g, ''))))];
  return {
    lawId,
    lawTitle: law.title,
    level: law.level,
    province: law.province,
    publishDate: publishDate || null,
    effectiveDate: version.effectiveDate,
    status: version.status,
    history: documents[0] ? historyOf(documents[0].history) : [],
    lead: leads.join('\n'),
    sections,
    articleCount: rows.filter(isNumbered).length,
    versions,
  };
}

/**
 * The 编 an article stands in, as printed (第七编 侵权责任) rather than as its file is subtitled (侵权责任编): the
 * breadcrumb of the article view and of `lexdesk show` then reads as the reading's contents do. Only a version in
 * several files has one (民法典); one grouped read of its files' first article numbers, about half a millisecond.
 */
export function partTitle(db: Db, a: Pick<StatuteArticle, 'lawId' | 'publishDate' | 'subtitle'>): string | null {
  if (!a.subtitle) return null;
  const files = cachedStatement(
    db,
    `SELECT d.id, d.subtitle, MIN(NULLIF(a.number, 0)) AS first FROM documents d JOIN articles a ON a.document_id = d.id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? GROUP BY d.id`,
  ).all(a.lawId, a.publishDate ?? '') as Array<{ id: number; subtitle: string | null; first: number | null }>;
  if (files.length < 2) return a.subtitle;
  files.sort((x, y) => (x.first ?? Infinity) - (y.first ?? Infinity) || x.id - y.id);
  return partNames([...new Set(files.map((f) => f.subtitle ?? ''))]).get(a.subtitle) ?? a.subtitle;
}

/**
 * The 编 of a version in several files as printed: 民法典's files are subtitled 总则, 物权编 … 侵权责任编, 附则, and its
 * text heads them 第一编 总则 … 第七编 侵权责任, 附则 (unnumbered), so 「第三编」 finds 合同.
 */
function partNames(subtitles: readonly string[]): Map<string, string> {
  const named = new Map<string, string>();
  let n = 0;
  for (const s of subtitles) {
    if (s === '总则' || s.endsWith('编')) named.set(s, `第${intToChinese(++n)}编 ${s.replace(/编$/u, '')}`);
  }
  return named;
}


function historyOf(json: string): LawText['history'] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((h): h is { date: string; event: string } => typeof h?.date === 'string' && typeof h?.event === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * 第四章, 劳动合同的解除, 第三编 合同, 「合同编 第四章」: the sections under headings holding every word given (spaces apart
 * words; each may stand in any heading above the section, its 编 included).
 */
export function sectionsUnder(text: LawText, heading: string): LawTextSection[] {
  // 「第五章第二节」 is two headings' words as 「第五章 第二节」 is.
  const typed = heading.replace(/(?<=[编章节])(?=第)/gu, ' ').split(/\s+/u).filter(Boolean);
  if (!typed.length) return text.sections;
  const squeeze = (h: string) => h.replace(/\s+/gu, '');
  const chains = text.sections.map((s) => {
    // 「合同编」 as the file calls it finds 第三编 合同 as printed.
    const part = s.part ? [s.part, s.part.replace(/^第[一二三四五六七八九十]+编\s*(.+)$/u, '$1编')] : [];
    return [...part, ...s.path].map(squeeze);
  });
  const words = typed.map((w) => numberedHeading(w, chains.flat()));
  return text.sections.filter((_, i) => words.every((w) => chains[i]!.some((h) => h.includes(w))));
}

/**
 * A word that is a number alone (「四」, 「4」) names a chapter — else a 节 or 编 — of that number, as 「第四章」 does,
 * rather than every heading holding the character 四; 「第4章」 reads as 「第四章」.
 */
function numberedHeading(word: string, headings: readonly string[]): string {
  const numbered = word.replace(/第(\d+)([编章节])/gu, (_, n: string, unit: string) => `第${intToChinese(Number(n))}${unit}`);
  const bare = /^\d+$/u.test(numbered) ? Number(numbered) : /^[一二三四五六七八九十百零〇两]+$/u.test(numbered) ? chineseToInt(numbered) : null;
  if (bare === null || !bare) return numbered;
  const forms = ['章', '节', '编'].map((unit) => `第${intToChinese(bare)}${unit}`);
  return forms.find((f) => headings.some((h) => h.includes(f))) ?? forms[0]!;
}

/** How many articles and characters a reading holds. */
export function lawTextSize(sections: readonly LawTextSection[]): { articles: number; chars: number } {
  let articles = 0;
  let chars = 0;
  for (const s of sections) {
    articles += s.articles.filter(isNumbered).length;
    for (const a of s.articles) chars += a.text.length;
  }
  return { articles, chars };
}

/** Which text of a law to read: published `version`; else applied on `asOf`; else the version of the article read (`from`); else the one in force. */
export interface ReadingChoice {
  version?: string;
  asOf?: string;
  from?: StatuteArticle;
}

/**
 * A law read whole as asked (ReadingChoice), with what a reader must know of it: the later amendments the text already
 * holds, why it is read for a date it is not the text of, and where the article it was opened from stands in it.
 */
export function readLaw(db: Db, resolver: CitationResolver, lawId: number, choice: ReadingChoice = {}): LawText {
  const title = resolver.lawTitle(String(lawId)) ?? String(lawId);
  const dates = lawVersions(db, lawId).map((v) => v.publishDate);
  let date: string;
  let gap: GapNote | null = null;
  if (choice.version !== undefined) {
    if (!dates.includes(choice.version)) throw new LexError('not_found', `${title} has no version published ${choice.version}; its versions: ${dates.join(', ')}`);
    date = choice.version;
  } else if (choice.asOf) {
    const on = resolver.readingOn(lawId, choice.asOf);
    if (on.publishDate === null) throw new LexError('not_found', `${title}: ${on.gap?.en ?? `no version in the library applied on ${choice.asOf}`}; its versions: ${dates.join(', ')}`);
    date = on.publishDate;
    gap = on.gap;
  } else {
    date = choice.from?.lawId === lawId ? choice.from.publishDate ?? '' : resolver.pickVersion(lawId, {}) ?? dates[0] ?? '';
  }
  const whole = lawText(db, lawId, date);
  if (!whole) throw new LexError('not_found', `${title} has no text in the library.`);
  const holds = resolver.trails.heldAfter(lawId, date);
  const pending = choice.asOf ? holds.filter((h) => h.date > choice.asOf!) : [];
  const dateNote = gap ? { en: `The ${choice.asOf} text: ${gap.en}.`, zh: `${choice.asOf} 施行的文本：${gap.zh}。` }
    : pending.length ? heldNote(date, pending, choice.asOf!) : null;
  const from = choice.from?.lawId === lawId ? choice.from : null;
  const focusId = from ? (from.publishDate ?? '') === date ? from.id : counterpartInVersion(db, from, date).articleId : null;
  const datedArticles = choice.asOf ? articlesOnDate(resolver, whole, choice.asOf) : [];
  return {
    ...whole,
    ...(holds.length ? { holds } : {}),
    ...(choice.asOf ? { asOf: choice.asOf } : {}),
    ...(dateNote ? { dateNote } : {}),
    ...(focusId ? { focusId } : {}),
    ...(from && !focusId ? { focusMissing: from.label } : {}),
    ...(datedArticles.length ? { datedArticles } : {}),
  };
}

/** The articles of `whole` that read otherwise on `asOf`, or were no law then, by the law's amendments. */
function articlesOnDate(resolver: CitationResolver, whole: LawText, asOf: string): NonNullable<LawText['datedArticles']> {
  const out: NonNullable<LawText['datedArticles']> = [];
  for (const a of whole.sections.flatMap((s) => s.articles)) {
    if (!isNumbered(a)) continue;
    const gap = resolver.textGap(a.id, asOf);
    if (!gap) continue;
    const standing = gap.notLaw ? (gap.notLaw === 'not-yet' ? 'not-yet' : 'deleted') : gap.amendedSince ? (gap.amendedSince === 'deleted' ? 'deleted-since' : 'amended-since') : null;
    if (standing) out.push({ id: a.id, standing, ...(gap.then ? { thenSource: gap.then.source } : {}) });
  }
  return out;
}

/** 刑法 of 2020-12-26 as of 2022: it holds 刑法修正案（十二）, adopted later, so the articles that amendment changed read otherwise then. */
function heldNote(date: string, pending: ReadonlyArray<{ date: string; source: string }>, asOf: string): { en: string; zh: string } {
  const names = pending.map((h) => `${h.date} ${h.source}`);
  return {
    en: `The ${date} text already holds the changes of ${names.join(', ')}, adopted after ${asOf}: the articles they changed read otherwise on that date, each marked in the text.`,
    zh: `此为 ${date} 版，已含其后通过的${names.join('、')}的修改：所改条文在 ${asOf} 施行的文本与此不同，文中逐条注明。`,
  };
}
