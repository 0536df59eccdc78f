/**
 * A law asked for as of a date the library holds no text of: LawRefBook keeps the texts of recent years only, so its
 * first 刑法 is the 2020-12-26 text and its first 民事诉讼法 that of 2021, while a matter of 2019 was governed by the
 * texts of that time. When the law was already law on that date — from the day it first took effect where its first
 * text's closing clause says so (lawOrigins.ts), else when the library's first text is an amended one and the law's
 * history records it by that date —, that first text, the nearest the library has, stands in for the text of
 * the time, and says so: lookups, search as of a date, the consultation's evidence and the citation check all read it
 * with `versionGap`'s note. A law not yet adopted on the date has no stand-in: it did not apply (民法典 in 2019, whose
 * articles stand in only for the civil laws of the time, civilCodeStandIn.ts).
 */

import { daysBetween } from '../../../preload/contract/calendarDate.js';

/** The library's earliest version of a law: its publication and effective dates, its history (通过, 修正…) and level. */
export interface FirstVersion {
  publishDate: string;
  effectiveDate: string | null;
  history: Array<{ date: string; event: string }>;
  /** 法律, 司法解释…: what the notes call it (该法, 该解释…). */
  level?: string;
  /**
   * Amendments the text already holds though adopted after its publication, which its history does not list (刑法 of
   * 2020-12-26 holds 刑法修正案（十二） of 2023-12-29; amendmentTrail.ts).
   */
  holds?: Array<{ date: string; source: string }>;
  /** The day the law first took effect, where its first text keeps the original's closing clause (劳动合同法: 2008-01-01; lawOrigins.ts). */
  tookEffect?: string;
  /** The day the act of the same name its first text replaced was issued (出版管理条例: 1997-01-02; lawOrigins.ts). */
  namesakeSince?: string;
}

export interface GapNote {
  en: string;
  zh: string;
  /** The same in a few words, for the tags of the consultation's prompts (「2020-12-26版（2021-03-01 起施行）；法规库中没有…」). */
  short?: string;
  /** What a list of hits says once for the law, when the note is the article's own (民法典 before 2021). */
  list?: { en: string; zh: string };
  /**
   * Set when the note vouches for the text instead of warning: the article is the text of the date, though its document
   * is of a later date (刑法 第二百六十四条 as of 2019, unchanged since 2011; amendmentTrail.ts).
   */
  confirmed?: true;
  /** Set when the law's amendments say the article changed (or was deleted) after the date: the text of the date differs. */
  amendedSince?: 'amended' | 'deleted';
  /** Set when the article was no law on the date: added by a later amendment (刑法 第一百三十三条之二 in 2019), or deleted by then. */
  notLaw?: 'not-yet' | 'deleted';
  /** The text of the date, when the law's amendments give it whole (刑法 第三百九十条 in 2022: 刑法修正案（九） 四十五、's). */
  then?: { text: string; source: string; effective: string };
}

const DATED = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A history event that changed an earlier text: 《关于修改…的决定》修正, 修订, and 刑法's 「…通过的《…修正案》」. Unless the
 * law's first day is known (lawOrigins.ts), only a first text so made had a forerunner; a first text that is the original
 * (an interpretation adopted by its committee months before its publication) stands in for nothing.
 */
const AMENDING = /修正|修订|修改|通过的《/;

/** 「最高人民法院审判委员会第1636次会议通过」: a body's adoption of a text; the body is what stands before the first 第. */
const ADOPTED = /通过$/;

function adoptingBody(event: string): string {
  const at = event.indexOf('第');
  return at > 0 ? event.slice(0, at) : event;
}

/**
 * Whether the history shows the first text amended by its publication: an amending event (AMENDING), or the same body
 * adopting it twice (民诉法解释 of 2020-12-29: 「最高人民法院审判委员会第1636次会议通过」 2014-12-18, then 「…第1823次会议通过」
 * 2020-12-23 — the 2020 amendments of the interpretations record themselves as 通过). Two bodies adopting a joint
 * text on two days (最高人民法院 and 最高人民检察院) are one adoption.
 */
function amendedByPublication(dated: ReadonlyArray<{ date: string; event: string }>, publishDate: string): boolean {
  if (dated.some((h) => h.date <= publishDate && AMENDING.test(h.event))) return true;
  const adoptions = dated.filter((h) => h.date <= publishDate && ADOPTED.test(h.event));
  return adoptions.some((a) => adoptions.some((b) => b.date > a.date && adoptingBody(b.event) === adoptingBody(a.event)));
}

/** The history's dated events before the first text, when the first text is an amended one: the law's earlier life. */
function earlierEvents(first: FirstVersion): Array<{ date: string; event: string }> {
  const dated = first.history.filter((h) => DATED.test(h.date));
  if (!amendedByPublication(dated, first.publishDate)) return [];
  return dated.filter((h) => h.date < first.publishDate);
}

/** An amendment's adoption and the publication of the text it made, this many days apart at most, are one event. */
const SAME_EVENT_DAYS = 31;

/** Whether the first version stands in for the law as of `asOf`: the law was adopted by then, in a text the library lacks. */
export function standsIn(first: FirstVersion, asOf: string): boolean {
  if ((first.effectiveDate ?? first.publishDate) <= asOf) return false;
  // The law's first day, known from its first text's closing clause, is proof enough of an earlier text (the 2020
  // amendments of the civil interpretations record themselves as 通过, not 修正); so is a namesake it replaced.
  const since = first.tookEffect ?? first.namesakeSince;
  if (since) return asOf >= since;
  return earlierEvents(first).some((h) => h.date <= asOf);
}

/**
 * The same rule in SQL, for search filters: the ids of the documents of the laws' first versions that stand in as of
 * `@asOf` (no version of the law in force then; from the day the law first took effect where the library knows it, else
 * the first text an amended one with an event of its history before it and by that date). Kept beside `standsIn`,
 * which the tests hold it to.
 */
export const STAND_IN_DOCUMENTS_SQL = `SELECT f.id FROM documents f
  WHERE NOT EXISTS (SELECT 1 FROM documents g WHERE g.law_id = f.law_id
      AND (COALESCE(g.effective_date, g.publish_date) <= @asOf OR COALESCE(g.publish_date, '') < COALESCE(f.publish_date, '')))
    AND (EXISTS (SELECT 1 FROM law_origins o WHERE o.law_id = f.law_id AND o.took_effect <= @asOf)
    OR NOT EXISTS (SELECT 1 FROM law_origins o WHERE o.law_id = f.law_id)
    AND EXISTS (SELECT 1 FROM json_each(f.history) h
      WHERE json_extract(h.value, '$.date') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
        AND json_extract(h.value, '$.date') < COALESCE(f.publish_date, '') AND json_extract(h.value, '$.date') <= @asOf)
    AND EXISTS (SELECT 1 FROM json_each(f.history) m
      WHERE json_extract(m.value, '$.date') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
        AND json_extract(m.value, '$.date') <= COALESCE(f.publish_date, '')
        AND (json_extract(m.value, '$.event') LIKE '%修正%' OR json_extract(m.value, '$.event') LIKE '%修订%'
          OR json_extract(m.value, '$.event') LIKE '%修改%' OR json_extract(m.value, '$.event') LIKE '%通过的《%'
          OR json_extract(m.value, '$.event') LIKE '%通过' AND EXISTS (SELECT 1 FROM json_each(f.history) a
            WHERE json_extract(a.value, '$.date') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
              AND json_extract(a.value, '$.date') < json_extract(m.value, '$.date') AND json_extract(a.value, '$.event') LIKE '%通过'
              AND ${bodyOf('a')} = ${bodyOf('m')}))))`;

/** adoptingBody in SQL: the event's words before its first 第 (all of it without one). */
function bodyOf(alias: string): string {
  const event = `json_extract(${alias}.value, '$.event')`;
  return `(CASE WHEN instr(${event}, '第') > 1 THEN substr(${event}, 1, instr(${event}, '第') - 1) ELSE ${event} END)`;
}

/** What the notes call the document: 该法 for a law, 该解释 for an interpretation, 该法规 for a regulation. */
export function documentNoun(level: string | undefined): GapNote {
  if (level === '司法解释') return { en: 'interpretation', zh: '解释' };
  if (level === '行政法规' || level === '部门规章' || level === '地方性法规') return { en: 'regulation', zh: '法规' };
  if (level === '法律' || level === '宪法' || level === undefined) return { en: 'law', zh: '法' };
  return { en: 'document', zh: '文件' };
}

/** A year after `date` (YYYY-MM-DD): most laws take effect within a year of their adoption. */
export function yearAfter(date: string): string {
  return `${String(Number(date.slice(0, 4)) + 1).padStart(4, '0')}${date.slice(4)}`;
}

/**
 * Why a citation asked as of `asOf` was read in another version: the library holds no version of the law in force on
 * that date, so it was read in its first (`read`, published then). Either the law did not apply yet (民法典 as of
 * 2019), or the text of the time is not in the library, and the amendments since are listed from the law's history.
 * `use` words the Chinese for a check (按…版核对) or for a text shown in its place (此为…版).
 */
export function versionGap(first: FirstVersion, read: string | null, asOf: string, use: 'checked' | 'shown' = 'checked'): GapNote {
  const it = documentNoun(first.level);
  const earlier = earlierEvents(first);
  const enacted = earlier[0]?.date ?? first.history.find((h) => DATED.test(h.date))?.date ?? first.publishDate;
  const effective = first.effectiveDate ?? first.publishDate;
  const tookEffect = first.tookEffect ?? (earlier.length === 0 ? effective : null);
  const known = first.tookEffect ?? first.namesakeSince;
  // 出版管理条例 as of 1990: its first text here replaced one of the same name, issued 1997-01-02, the earliest it is known by.
  if (first.namesakeSince && !first.tookEffect && asOf < first.namesakeSince) {
    return {
      en: `this ${it.en} replaced an earlier ${it.en} of the same name, issued on ${first.namesakeSince}: neither applied yet on ${asOf}`,
      zh: `该${it.zh}取代了 ${first.namesakeSince} 发布的同名${it.zh}，二者在 ${asOf} 均未施行`,
    };
  }
  if (known ? asOf < known : (earlier.length === 0 && asOf < effective) || asOf < enacted) {
    const from = tookEffect ? { en: ` and took effect on ${tookEffect}`, zh: `，${tookEffect} 起施行` } : { en: '', zh: '' };
    return {
      en: `this ${it.en} was adopted on ${enacted}${from.en}: it did not apply yet on ${asOf}`,
      zh: `该${it.zh}于 ${enacted} 通过${from.zh}，在 ${asOf} 尚未施行`,
    };
  }
  const since = first.publishDate
    ? { en: `its first is of ${first.publishDate}${effective !== first.publishDate ? `, in force ${effective}` : ''}`, zh: `最早的是 ${first.publishDate} 版${effective !== first.publishDate ? `，${effective} 施行` : ''}` }
    : { en: 'its first is undated', zh: '最早的版本未注明日期' };
  // The amendments between the date and the text read (a document's history may run past its own version); one
  // adopted by the date and not yet in force then (刑法修正案（十一） as of 2021-01-15) is named as such.
  const amending = first.history.filter((h) => DATED.test(h.date) && (!read || h.date <= read) && !/^施行$/.test(h.event));
  const holds = read === first.publishDate ? first.holds ?? [] : [];
  const after = [...new Set([...amending, ...holds].filter((h) => h.date > asOf).map((h) => h.date))].sort();
  const pending = read ? amending.filter((h) => h.date <= asOf && h.date === read).map((h) => h.date) : [];
  // A revision (修订) rewrites a law as a whole and usually renumbers it (刑法 1997): a number of the time may be another article now.
  const revised = amending.filter((h) => h.date > asOf && /修订$/u.test(h.event)).map((h) => h.date);
  const renumbered = revised.length
    ? { en: `; the revision of ${revised.join(', ')} may have renumbered its articles, so a number of that date may be another article now`, zh: `；其中 ${revised.join('、')} 的修订可能重新编排了条文，当时的条号可能指现在的另一条` }
    : { en: '', zh: '' };
  // An amendment adopted on one day and published as the text read a few days later (the court's decision of
  // 2020-12-23, published 2020-12-29) is one event, not two: said so, lest the two dates read as two amendments.
  const asRead = (date: string) => (read && date < read && daysBetween(date, read) <= SAME_EVENT_DAYS ? { en: `${date} (published ${read}: the text read)`, zh: `${date}（${read} 公布，即此版）` } : { en: date, zh: date });
  const amended = {
    en: `${pending.length ? `; its amendment of ${pending.join(', ')} was not yet in force then` : ''}${after.length ? `; amended since on ${after.map((d) => asRead(d).en).join(', ')}` : ''}${renumbered.en}`,
    zh: `${pending.length ? `；${pending.join('、')} 的修改在 ${asOf} 尚未施行` : ''}${after.length ? `；该${it.zh}此后经 ${after.map((d) => asRead(d).zh).join('、')}${asRead(after.at(-1)!).zh.endsWith('）') ? '' : ' '}修改` : ''}${renumbered.zh}`,
  };
  // The text of the date may be the namesake's, which the library lacks.
  const namesake = first.namesakeSince && !first.tookEffect
    ? { en: `; it replaced an earlier ${it.en} of the same name, issued on ${first.namesakeSince}, whose text the library does not hold`, zh: `；该${it.zh}取代了 ${first.namesakeSince} 发布的同名${it.zh}，法规库中没有其文本` }
    : { en: '', zh: '' };
  // Adopted within the year before the date, with no date of effect known: it may not have applied yet.
  const dateKnown = !!known || earlier.some((h) => /施行/.test(h.event));
  const inForce = earlier.filter((h) => h.date <= asOf);
  const doubt = !dateKnown && inForce.length === 1 && asOf < yearAfter(enacted)
    ? { en: `; it was first adopted on ${enacted} and the library does not say when that text took effect, so it may not have applied yet on ${asOf}`, zh: `；该${it.zh}最初于 ${enacted} 通过，法规库中没有其施行日期，在 ${asOf} 可能尚未施行` }
    : { en: '', zh: '' };
  const version = read || 'undated';
  // The text read holds later amendments too (刑法 of 2020-12-26 with 刑法修正案（十二）): named with it, so that 「2020-12-26 版」
  // is not taken for the text as published then.
  const held = holds.map((h) => h.source).join('、');
  const holding = held ? { en: `, with the changes of ${held}`, zh: `（已含${held}的修改）` } : { en: '', zh: '' };
  return {
    en: `the library holds no version of this ${it.en} in force on ${asOf} (${since.en})${amended.en}${namesake.en}${doubt.en}; read in the ${version} version${holding.en}, which may differ from the text in force then`,
    zh: `法规库中没有该${it.zh}在 ${asOf} 施行的版本（${since.zh}）${amended.zh}${namesake.zh}${doubt.zh}；${use === 'checked' ? `按 ${version} 版${holding.zh}核对` : `此为 ${version} 版${holding.zh}`}，当时施行的文本可能与此不同`,
    short: `${version}版（${effective} 起施行${held ? `；已含其后${held}的修改` : ''}）；法规库中没有该${it.zh}在 ${asOf} 施行的文本，当时的条文可能不同`,
  };
}

/** One note per law among `articles` that is read in place of its text of the date asked, in the order first met. */
export function lawsReadInPlace(articles: Array<{ id: number; lawId: number; lawTitle: string }>, gapOf: (id: number) => GapNote | null): Array<{ lawTitle: string; note: { en: string; zh: string } }> {
  const seen = new Set<number>();
  const out: Array<{ lawTitle: string; note: { en: string; zh: string } }> = [];
  for (const a of articles) {
    if (seen.has(a.lawId)) continue;
    // The first note the law's articles give: where its amendments date them one by one, the first may have none.
    const note = gapOf(a.id);
    if (!note) continue;
    seen.add(a.lawId);
    out.push({ lawTitle: a.lawTitle, note: note.list ?? note });
  }
  return out;
}

/** The note as a sentence of its own: capitalised, with its full stop. */
export function gapSentence(note: { en: string; zh: string }): { en: string; zh: string } {
  return { en: `${note.en.charAt(0).toUpperCase()}${note.en.slice(1)}.`, zh: `${note.zh}。` };
}
