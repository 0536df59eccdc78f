/**
 * A saved article as the library stands now. A lawyer who saved 公司法 (2018) 第七十一条 for a matter must learn,
 * when the library later holds the 2023 revision, that the provision is now 第八十四条 and how it reads; one who
 * saved an article whose version a re-import removed keeps the text saved and is told where the provision went. One
 * saved for a 款 is followed by that 款's words: 2018 第二十条第三款 is 2023's 第二十三条第一款, not 第二十一条, where
 * the rest of 第二十条 went.
 */
import { laterRevisionNote } from '../versions/laterRevisions.js';
import { todayOf } from '../../db/today.js';
import { cachedStatement, type Db } from '../../db/open.js';
import { ARTICLE_SELECT, articleById, toStatuteArticle, type ArticleRow, type StatuteArticle } from '../articles.js';
import type { ArticleKind } from '../types.js';
import { counterpartInVersion, counterpartOfText, lawVersions, squeeze, type ArticleVersion } from '../versions/counterparts.js';
import { diffTexts, type DiffPart } from '../versions/textDiff.js';
import { replacementNote, replacementOf } from '../versions/replacedBy.js';
import type { SavedArticleRow } from './savedArticles.js';
import type { CitationResolver } from '../citation/resolver.js';
import { bookTitle, citedLabel } from '../../../preload/contract/citationLine.js';
import { partText } from '../citation/earlierNumbering.js';
import type { CitedPart } from '../citation/parseCitation.js';
import { partLabel, partsOf, savedUnits, unitHolding, unitOf, type PartUnit, type SavedUnit } from './savedPart.js';
import { joinedDiff, severalPartsSaid, type SavedPartNow } from './severalParts.js';

export type { SavedPartNow } from './severalParts.js';

/**
 * in_force: the saved version is in force and reads as saved; corrected: in force, but the library's text changed
 * (a corrected import); carried / renumbered / amended / dropped: the law was revised, and the version in force holds
 * the provision unchanged under the same number, unchanged under another, changed, or not at all; not_yet_in_force:
 * the saved version takes effect later; repealed: no version of the law is in force; missing: the library no longer
 * holds the saved version (a re-import removed it), and the text shown is the one saved.
 */
export type SavedState = 'in_force' | 'corrected' | 'carried' | 'renumbered' | 'amended' | 'dropped' | 'not_yet_in_force' | 'repealed' | 'missing';

/** The provision in another version of the law: the one in force, or one published and not yet in force. */
export interface SavedCounterpart {
  articleId: number;
  /** The article there, with the 款 or 项 holding the part saved where one was saved and found there (第二十三条第一款). */
  label: string;
  publishDate: string | null;
  effectiveDate: string | null;
  match: 'identical' | 'amended' | 'partly';
}

export interface SavedArticle {
  id: number;
  folder: string;
  note: string;
  savedAt: string;
  lawTitle: string;
  province: string;
  publishDate: string | null;
  kind: string;
  label: string;
  /** The 款 or 项 saved (「第三款」「第一款第二项」); null for the whole article. */
  part: string | null;
  /** The words of that part as saved; null with it. */
  partText: string | null;
  /** 《中华人民共和国公司法》第二十条第三款（2018-10-26 版）, as savedCitation names it. */
  citation: string;
  /** The part (编) and headings of the article when saved, without the law's name. */
  path: string[];
  /** The text as saved. */
  text: string;
  statusWhenSaved: string;
  state: SavedState;
  /** The saved version's article in the library now; null when the library no longer holds it. */
  articleId: number | null;
  /** The provision in the version in force, when that is another version than the one saved. */
  now: SavedCounterpart | null;
  /** A later version published but not yet in force, and the provision there, when the saved one is in force. */
  upcoming: SavedCounterpart | null;
  /** From the text saved to the text now (the version in force, or the corrected text), of the part saved where there is one; null when unchanged. */
  diff: DiffPart[] | null;
  /**
   * Several 款 or 项 saved together (第二十条第二款、第三款), when a revision was followed: where each stands in the version in
   * force, found by its own words (`now` is then the first one found, `diff` their changes one after another); null otherwise.
   */
  partsNow: SavedPartNow[] | null;
  /** The date the article was saved for (the matter's 时点), or null. */
  asOf: string | null;
  /**
   * How the article stood on `asOf` when its text may not be the text of that day (刑法 第三百九十条 saved for 2022: amended
   * since, with the text of the date when the law's amendments give it; 民法典 for 2019: the law it stands in for).
   */
  dated: DatedNote | null;
  /** Worth a look: anything but in force as saved with no change published, i.e. also in force but amended or dropped by a revision not yet in force; or read otherwise on its date. */
  attention: boolean;
  message: string;
  messageZh: string;
}

const BY_KEY = `${ARTICLE_SELECT} WHERE l.title = ? AND l.province = ? AND COALESCE(d.publish_date, '') = ? AND a.kind = ? AND a.label = ? ORDER BY d.id, a.ordinal LIMIT 1`;

/** What a date says of an article's text: its note, and the text of that day when known. */
export interface DatedNote {
  en: string;
  zh: string;
  /** The text in force on the date, where the law's amendments give it (刑法 第三百九十条 in 2022: 刑法修正案（九）'s). */
  then?: { text: string; source: string; effective: string };
  /** True when the text saved may not be the text of the date (amended since, not yet law, or another law's stand-in). */
  differs: boolean;
}

/** How article `id` stood on `asOf` (resolver.textGap in the engine), for saved articles kept for a date. */
export type DatedOf = (articleId: number, asOf: string) => Omit<DatedNote, 'differs'> & { confirmed?: true } | null;

/** The engine's reading of a date (resolver.textGap) as saved articles take it. */
export const datesFrom = (resolver: Pick<CitationResolver, 'textGap'>): DatedOf => (id, asOf) => resolver.textGap(id, asOf);

/**
 * What a saved article is followed by: the 款 or 项 saved, its words as saved and whether it is compared as one 款, one
 * 项 or (several) by the article holding them; the whole article, by its text as saved, when no part was saved.
 */
interface Saved {
  parts: CitedPart[];
  text: string;
  unit: PartUnit;
  /** The label as saved: 第二十条第三款. */
  label: string;
  /** Several 款 or 项 saved together, each followed on its own; null for one, or the whole article. */
  units: SavedUnit[] | null;
}

export function savedArticle(db: Db, row: SavedArticleRow, datedOf?: DatedOf): SavedArticle {
  const found = cachedStatement(db, BY_KEY).get(row.law_title, row.province, row.publish_date, row.kind, row.article_label) as ArticleRow | undefined;
  const own = found ? toStatuteArticle(found) : null;
  const asOf = row.as_of ?? null;
  const gap = own && asOf && datedOf ? datedOf(own.id, asOf) : null;
  const dated: DatedNote | null = gap ? { en: gap.en, zh: gap.zh, ...(gap.then ? { then: gap.then } : {}), differs: !gap.confirmed } : null;
  const parts = partsOf(row.part);
  const part = partLabel(parts);
  const text = row.part_text ?? row.text;
  const saved: Saved = { parts, text, unit: unitOf(parts), label: `${row.article_label}${part ?? ''}`, units: own && parts.length ? savedUnits(own, parts, text) : null };
  const named = { lawTitle: row.law_title, label: row.article_label, kind: row.kind, part, publishDate: row.publish_date || null };
  const base = {
    id: row.id, folder: row.folder, note: row.note, savedAt: row.saved_at, lawTitle: row.law_title, province: row.province,
    publishDate: named.publishDate, kind: row.kind, label: row.article_label, part, partText: row.part_text ?? null, citation: savedCitation(named), path: JSON.parse(row.path) as string[],
    text: row.text, statusWhenSaved: row.status, articleId: own?.id ?? null, now: null, upcoming: null, diff: null, partsNow: null, asOf, dated,
  };
  const { revisedAhead, ...resolved } = own ? stateOf(db, row, own, saved) : stateOfMissing(db, row, saved);
  return { ...base, ...resolved, attention: resolved.state !== 'in_force' || Boolean(revisedAhead) || Boolean(dated?.differs) };
}

/** `revisedAhead`: a revision published, not yet in force, amends or drops the article in force. */
type Resolved = Pick<SavedArticle, 'state' | 'now' | 'upcoming' | 'diff' | 'message' | 'messageZh'> & { revisedAhead?: boolean; partsNow?: SavedPartNow[] };

/** A version as Chinese text names it, with the space a date takes after a Chinese character: 「现行 2023-12-29 版」, 「现行日期不详的版本」. */
const versionZh = (date: string | null) => (date ? ` ${date} 版` : '日期不详的版本');
const versionEn = (date: string | null) => (date ? `the ${date} version` : 'the undated version');

function stateOf(db: Db, row: SavedArticleRow, own: StatuteArticle, kept: Saved): Resolved {
  const versions = lawVersions(db, own.lawId);
  const inForce = versions.find((v) => v.status === 'current');
  const saved = versionZh(own.publishDate);
  // The part saved as the library's text has it now (a corrected import may have changed it, or even its 款).
  const here = kept.parts.length ? partText(own, kept.parts) : own.text;
  if (own.status === 'current') {
    const changed = here === null || squeeze(here) !== squeeze(kept.text);
    const later = versions.find((v) => v.status === 'pending' && v.publishDate > (own.publishDate ?? ''));
    const upcoming = later ? counterpart(provisionIn(db, own, here ?? kept.text, later.publishDate, kept.unit), later) : null;
    const ahead = later ? { ...upcomingNote(later, upcoming) } : { en: '', zh: '' };
    // A revision the library lacks (反不正当竞争法 2025, laterRevisions.ts) has taken effect, or soon will: 现行有效 is not so.
    const lacking = laterRevisionNote(own.lawTitle, own.publishDate, todayOf(db));
    if (lacking) {
      ahead.en += ` Note: ${lacking.en}.`;
      ahead.zh += `注意：${lacking.zh}。`;
    }
    const revisedAhead = (Boolean(later) && upcoming?.match !== 'identical') || lacking !== null;
    return changed
      ? { state: 'corrected', now: null, upcoming, diff: diffTexts(kept.text, here ?? own.text), revisedAhead, message: `In force; the library's text has changed since it was saved (see the changes).${ahead.en}`, messageZh: `现行有效；收藏后法规库中的文本有改动（见差异）。${ahead.zh}` }
      : { state: 'in_force', now: null, upcoming, diff: null, revisedAhead, message: `${lacking ? 'In force in the library' : 'In force'}, as saved.${ahead.en}`, messageZh: `${lacking ? '法规库中为现行有效' : '现行有效'}，与收藏时一致。${ahead.zh}` };
  }
  if (own.status === 'pending') {
    const now = inForce ? counterpart(provisionIn(db, own, here ?? kept.text, inForce.publishDate, kept.unit), inForce) : null;
    const where = now ? { en: ` In force now: ${versionEn(inForce!.publishDate)}, ${now.label}.`, zh: `现行${versionZh(inForce!.publishDate)}中对应${now.label}。` } : { en: '', zh: '' };
    return { state: 'not_yet_in_force', now, upcoming: null, diff: null, message: `${capital(versionEn(own.publishDate))} takes effect on ${own.effectiveDate}.${where.en}`, messageZh: `收藏的${saved}自 ${own.effectiveDate} 起施行，尚未生效。${where.zh}` };
  }
  if (!inForce) {
    // What repealed it and from when, where the library can tell (印花税暂行条例: 印花税法 第二十条, 2022-07-01).
    const replaced = replacementOf(db, own);
    const why = replaced ? replacementNote(replaced) : null;
    return why
      ? { state: 'repealed', now: null, upcoming: null, diff: null, message: `${why.en.charAt(0).toUpperCase()}${why.en.slice(1)}`, messageZh: why.zh }
      : { state: 'repealed', now: null, upcoming: null, diff: null, message: 'No version of this law is in force: it has been repealed.', messageZh: '该法已废止（法规库中没有现行有效的版本）。' };
  }
  const lead = { en: `The saved ${versionEn(own.publishDate).slice(4)} has been revised`, zh: `收藏的${saved}已被修订` };
  if (kept.units) return revisedParts(db, own, kept.units, inForce, lead);
  // The provision is looked for by the text the user saved, which a corrected import may since have changed in the library.
  const match = provisionIn(db, own, kept.text, inForce.publishDate, kept.unit);
  return revised(match, inForce, kept, `The saved ${versionEn(own.publishDate).slice(4)} has been revised`, `收藏的${saved}已被修订`);
}

/** The saved version is gone from the library: the text saved, and the provision in the version in force found by it. */
function stateOfMissing(db: Db, row: SavedArticleRow, kept: Saved): Resolved {
  const gone = { en: `The library no longer holds ${versionEn(row.publish_date || null)} of this law; the text shown is the one saved.`, zh: `法规库中已没有收藏的${versionZh(row.publish_date || null)}（可能已被重新导入删除），以下为收藏时的文本。` };
  const law = cachedStatement(db, 'SELECT id FROM laws WHERE title = ? AND province = ?').get(row.law_title, row.province) as { id: number } | undefined;
  const inForce = law ? lawVersions(db, law.id).find((v) => v.status === 'current') : undefined;
  if (!law) return { state: 'missing', now: null, upcoming: null, diff: null, message: gone.en, messageZh: gone.zh };
  if (!inForce) return { state: 'missing', now: null, upcoming: null, diff: null, message: `${gone.en} No version of the law is in force: it has been repealed.`, messageZh: `${gone.zh}该法已废止（法规库中没有现行有效的版本）。` };
  const match = inPart(db, counterpartOfText(db, { lawId: law.id, kind: row.kind as ArticleKind, text: kept.text }, inForce.publishDate), kept.text, kept.unit);
  const now = counterpart(match, inForce);
  const how = { identical: { en: ', the same text', zh: '对应{label}，内容相同' }, amended: { en: ', amended', zh: '对应{label}（内容有修改）' }, partly: { en: ' holds part of it', zh: '{label}含有其部分内容' } };
  const where = now
    ? { en: ` In force now: ${versionEn(inForce.publishDate)}, ${now.label}${how[now.match].en}.`, zh: `现行${versionZh(inForce.publishDate)}中${how[now.match].zh.replace('{label}', now.label)}。` }
    : { en: ` ${capital(versionEn(inForce.publishDate))}, in force now, holds no such provision.`, zh: `现行${versionZh(inForce.publishDate)}中没有对应条文。` };
  return { state: 'missing', now, upcoming: null, diff: now ? match.diff : null, message: gone.en + where.en, messageZh: gone.zh + where.zh };
}

type Match = Pick<ArticleVersion, 'articleId' | 'label' | 'match' | 'diff'>;

/**
 * The article of the version published `date` holding the provision `text` states (the saved article's, in its law
 * and of its kind): first one with the very same text (most provisions a revision leaves alone, found by SQLite
 * alone), else by comparing texts (counterparts.ts), which reads the whole version; for a 款 or 项 saved (`unit`), then
 * the 款 or 项 of that article holding it.
 */
function provisionIn(db: Db, own: StatuteArticle, text: string, date: string, unit: PartUnit): Match {
  const same = cachedStatement(
    db,
    `SELECT a.id, a.label FROM articles a JOIN documents d ON d.id = a.document_id
      WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind = ? AND a.text = ? ORDER BY a.label = ? DESC, d.id, a.ordinal LIMIT 1`,
  ).get(own.lawId, date, own.kind, text, own.label) as { id: number; label: string } | undefined;
  if (same) return { articleId: same.id, label: same.label, match: 'identical', diff: null };
  const found = text === own.text ? counterpartInVersion(db, own, date) : counterpartOfText(db, { lawId: own.lawId, kind: own.kind, text }, date);
  return inPart(db, found, text, unit);
}

/**
 * The 款 or 项 of the article found that holds a part saved (2023 第二十三条第一款 for 2018 第二十条第三款), named with it
 * and compared with it alone; the article as found when the part is no single 款 or 项, or none of its 款 is alike.
 */
function inPart(db: Db, found: Match, text: string, unit: PartUnit): Match {
  if (unit === null || found.articleId === null || found.match === 'none' || found.match === 'self') return found;
  const article = articleById(db, found.articleId);
  const there = article ? unitHolding(article, text, unit) : null;
  if (!article || !there) return found;
  return { articleId: article.id, label: `${article.label}${partLabel(there.parts) ?? ''}`, match: there.identical ? 'identical' : 'amended', diff: there.identical ? null : diffTexts(text, there.text) };
}
type Version = { publishDate: string; effectiveDate: string | null };

/** Several 款 saved together, the law since revised: each found in the version in force by its own words. */
function revisedParts(db: Db, own: StatuteArticle, units: readonly SavedUnit[], inForce: Version, lead: { en: string; zh: string }): Resolved {
  const each: SavedPartNow[] = units.map((u) => {
    const match = provisionIn(db, own, u.text, inForce.publishDate, u.unit);
    const now = counterpart(match, inForce);
    return { part: u.label, text: u.text, now: now && { articleId: now.articleId, label: now.label, match: now.match }, diff: now ? match.diff : null };
  });
  const said = severalPartsSaid(each, own.label, lead, { en: versionEn(inForce.publishDate || null), zh: versionZh(inForce.publishDate || null) });
  const first = each.find((p) => p.now)?.now;
  const now = first ? { ...first, publishDate: inForce.publishDate || null, effectiveDate: inForce.effectiveDate } : null;
  return { ...said, now, upcoming: null, diff: joinedDiff(each), partsNow: each };
}

function counterpart(match: Match, version: Version): SavedCounterpart | null {
  if (match.articleId === null || match.label === null || match.match === 'none' || match.match === 'self') return null;
  return { articleId: match.articleId, label: match.label, publishDate: version.publishDate || null, effectiveDate: version.effectiveDate, match: match.match };
}

function revised(match: Match, inForce: Version, saved: Saved, en: string, zh: string): Resolved {
  const now = counterpart(match, inForce);
  const version = { en: versionEn(inForce.publishDate || null), zh: versionZh(inForce.publishDate || null) };
  if (!now) return { state: 'dropped', now: null, upcoming: null, diff: null, message: `${en}; ${version.en}, in force, holds no such provision.`, messageZh: `${zh}；现行${version.zh}中没有对应条文。` };
  if (now.match === 'identical') {
    // A 款 that moved is no article renumbered (2018 第二十条第三款 is 2023 第二十三条第一款): said as where it is now.
    const moved = saved.parts.length
      ? { en: `${en}; ${version.en}, in force, has it word for word as ${now.label}.`, zh: `${zh}；现行${version.zh}中对应${now.label}，内容相同。` }
      : { en: `${en}; ${version.en}, in force, keeps the text word for word as ${now.label}.`, zh: `${zh}；现行${version.zh}中内容相同，条文序号改为${now.label}。` };
    return now.label === saved.label
      ? { state: 'carried', now, upcoming: null, diff: null, message: `${en}; ${version.en}, in force, keeps it word for word as ${now.label}.`, messageZh: `${zh}；现行${version.zh}${now.label}内容相同。` }
      : { state: 'renumbered', now, upcoming: null, diff: null, message: moved.en, messageZh: moved.zh };
  }
  const part = now.match === 'partly' ? { en: 'part of it is in', zh: '部分内容在' } : { en: 'it is now, amended,', zh: '对应' };
  return { state: 'amended', now, upcoming: null, diff: match.diff, message: `${en}; ${part.en} ${now.label} of ${version.en}, in force (see the changes).`, messageZh: `${zh}；现行${version.zh}中${part.zh}${now.label}，内容有修改（见差异）。` };
}

function upcomingNote(later: Version, upcoming: SavedCounterpart | null): { en: string; zh: string } {
  const when = later.effectiveDate ?? '?';
  if (!upcoming) return { en: ` ${capital(versionEn(later.publishDate))}, in force from ${when}, holds no such provision.`, zh: `已公布的${versionZh(later.publishDate)}将于 ${when} 施行，新版中没有对应条文。` };
  const same = upcoming.match === 'identical';
  return {
    en: ` ${capital(versionEn(later.publishDate))}, in force from ${when}, has it as ${upcoming.label}${same ? ', unchanged' : ', amended'}.`,
    zh: `已公布的${versionZh(later.publishDate)}将于 ${when} 施行，该条在新版为${upcoming.label}${same ? '，内容相同' : '，内容有修改'}。`,
  };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function savedArticles(db: Db, rows: readonly SavedArticleRow[], datedOf?: DatedOf): SavedArticle[] {
  return rows.map((row) => savedArticle(db, row, datedOf));
}

/** A saved article whose standing an import changed: what it is now, as the list says it. */
export interface SavedChange {
  id: number;
  folder: string;
  /** 《中华人民共和国公司法》第二十条第三款（2018-10-26 版） */
  citation: string;
  state: SavedState;
  message: string;
  messageZh: string;
}

/**
 * 《中华人民共和国公司法》第二十条第三款（2018-10-26 版）, as lists of saved articles name one: with the 款 or 项 saved,
 * where one was; `version: false` leaves the version to a line of its own (a compilation's heading, a removal said).
 */
export function savedCitation(s: { lawTitle: string; label: string; kind?: string; part?: string | null; publishDate: string | null }, options: { version?: boolean } = {}): string {
  const name = `${bookTitle(s.lawTitle)}${citedLabel(s)}${s.part ?? ''}`;
  return options.version === false ? name : `${name}（${s.publishDate ? `${s.publishDate} 版` : '日期不详'}）`;
}

/** Every saved article in the order saved, to compare its standing before and after an import. */
const ALL_BY_ID = 'SELECT * FROM saved_articles ORDER BY id';

const standing = (s: SavedArticle) => `${s.state}|${s.articleId === null ? 'gone' : 'here'}|${s.message}`;

/** How each saved article stands, by id, to compare before and after an import (the message names every label and date it depends on). */
export function savedStanding(db: Db): Map<number, string> {
  const rows = cachedStatement(db, ALL_BY_ID).all() as SavedArticleRow[];
  return new Map(savedArticles(db, rows).map((s) => [s.id, standing(s)]));
}

/** The saved articles whose standing differs from `before` (savedStanding taken before an import), in the order saved. */
export function savedChangedSince(db: Db, before: ReadonlyMap<number, string>): SavedChange[] {
  if (!before.size) return [];
  const rows = cachedStatement(db, ALL_BY_ID).all() as SavedArticleRow[];
  return savedArticles(db, rows)
    .filter((s) => before.has(s.id) && before.get(s.id) !== standing(s))
    .map((s) => ({ id: s.id, folder: s.folder, citation: savedCitation(s), state: s.state, message: s.message, messageZh: s.messageZh }));
}
