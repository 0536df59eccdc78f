/**
 * A citation naming a version year older than any text of its law the library holds — 《著作权法》（2010年修正）第四十九条,
 * while LawRefBook has 著作权法 only as revised on 2020-11-11 — cites a text that was law then. Saving "the article
 * of that number" would keep 2020's 第四十九条 (技术措施), another provision than 2010's (赔偿数额, 2020's 第五十四条);
 * saving nothing left the lawyer with no way on. Neither the CLI nor the app guesses: both offer the article of the
 * text held where the old number's provision stands now, where the library can tell (unheldNumbering.ts, verified
 * for 刑事诉讼法 2012 → 2018, or the words given beside the citation, topicFit.ts), and the article of that number in
 * the text held, each named with its version, and save the one picked. A year the law's history records no text of
 * (《公司法》（2016年修正）) is refused, naming the texts the history records and the versions the library holds.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { articleById, type StatuteArticle } from '../articles.js';
import { parseCitations, type CitationRef } from '../citation/parseCitation.js';
import type { CitationResolver, ResolveResult } from '../citation/resolver.js';
import { unheldArticle } from '../versions/unheldNumbering.js';
import { intToChinese, parseArticleLabel } from '../../../preload/contract/numerals.js';
import { partText } from '../citation/earlierNumbering.js';
import { partLabel } from './savedPart.js';
import { STATUS_ZH, statusSql } from '../status.js';
import { historyEventWord } from '../versions/historyEvent.js';
import { clip } from '../../util/clip.js';
import type { PartToSave } from './olderPartMeant.js';

export interface OlderYearChoice {
  kind: 'choice';
  /** The citation as written: 《著作权法》（2010年修正）第四十九条. */
  cited: string;
  lawTitle: string;
  year: number;
  /** The date the law's history gives the text of that year (2010-02-26). */
  madeOn: string;
  /** The version held the two are of (the library's first text of the law: 2020-11-11). */
  held: string;
  /** Where the old number's provision stands in the text held (2020 第五十四条); null when the library cannot tell. */
  now: (PartToSave & { how: 'table' | 'words'; why: string }) | null;
  /** The article of the cited number in the text held (2020 第四十九条), which may hold another provision; null when it has none. */
  sameNumber: PartToSave | null;
  en: string;
  zh: string;
}

export interface OlderYearRefused {
  kind: 'refused';
  cited: string;
  lawTitle: string;
  year: number;
  en: string;
  zh: string;
}

export type OlderYearMeant = OlderYearChoice | OlderYearRefused;

type Hit = Extract<ResolveResult, { ok: true }>;

/**
 * For each citation in `text` that names a version year the library holds no text of: the choice to offer, or the
 * refusal to say; empty when there is none. `words`: what the user wrote beside it (the rest of the text, a note),
 * weighed against the articles of the text held when no table says where the provision went.
 */
export function olderYearsMeant(db: Db, resolver: CitationResolver, text: string, words = ''): OlderYearMeant[] {
  const refs = parseCitations(text, resolver.names, { ranges: 'expand' });
  const around = `${text}\n${words}`;
  return refs.flatMap((ref) => {
    if (ref.versionYear === null || !ref.lawKeys.length || ref.preamble) return [];
    const direct = resolver.resolveRef(ref);
    if (direct.ok || direct.code !== 'version-not-found') return [];
    const meant = olderYearMeant(db, resolver, ref, cleanWords(around, ref));
    return meant ? [meant] : [];
  });
}

function olderYearMeant(db: Db, resolver: CitationResolver, ref: CitationRef, words: string): OlderYearMeant | null {
  const law = resolver.lawOf(ref);
  const first = law ? resolver.firstVersion(law.id) : null;
  if (!law || !first) return null;
  const year = ref.versionYear!;
  const cited = ref.raw;
  const recorded = lawHistory(db, law.id).filter((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.date));
  const made = recorded.find((h) => Number(h.date.slice(0, 4)) === year);
  const held = heldVersions(db, law.id);
  if (!made || year >= Number(first.publishDate.slice(0, 4))) {
    const history = recorded.map((h) => `${h.date} ${historyEventWord(h.event)}`.trim());
    const historyEn = history.length ? `its history records texts of ${recorded.map((h) => h.date).join(', ')}` : 'the library records no history of it';
    const historyZh = history.length ? `该法沿革记载的文本为：${history.join('、')}` : '法规库中没有该法的沿革记录';
    return {
      kind: 'refused', cited, lawTitle: law.title, year,
      en: `${cited}: ${law.title} has no text of ${year} — ${historyEn}; the library holds ${held.map((v) => `${v.date} (${v.status})`).join(', ')}. Check the year, or save one of those versions with --version DATE.`,
      zh: `${cited}：${law.title}没有 ${year} 年的文本——${historyZh}；法规库中有 ${held.map((v) => `${v.date}（${STATUS_ZH[v.status] ?? v.status}）`).join('、')}。请核对年份，或用 --version 日期 收藏其中一个版本。`,
    };
  }
  const label = `第${intToChinese(ref.article)}条${ref.subNumber ? `之${intToChinese(ref.subNumber)}` : ''}`;
  const same = resolver.resolveRef({ ...ref, versionYear: null }, { version: first.publishDate });
  const sameNumber = same.ok ? toSave(same) : null;
  const now = nowByTable(resolver, ref, law.title, label, year) ?? (sameNumber ? nowByWords(db, resolver, sameNumber.article, words) : null);
  const nowLine = now ? { en: `; its provision is ${now.article.label}${now.part ?? ''} of the ${now.article.publishDate} text (${now.why})`, zh: `；该条规定在 ${now.article.publishDate} 版中为${now.article.label}${now.part ?? ''}（${now.how === 'table' ? '据新旧条文对照' : '据所附文字'}）` }
    : { en: '; the library cannot tell where its provision stands now (give the words cited beside it, or compare the texts)', zh: '；法规库无法判断该条现在的位置（可在引用后附上所引内容，或对照文本）' };
  const sameLine = sameNumber ? { en: ` ${sameNumber.article.label} of the ${first.publishDate} text may be another provision (「${clipped(sameNumber.article.text)}」).`, zh: `${first.publishDate} 版的${sameNumber.article.label}可能是另一条规定（「${clipped(sameNumber.article.text)}」）。` }
    : { en: ` The ${first.publishDate} text has no ${label}.`, zh: `${first.publishDate} 版没有${label}。` };
  return {
    kind: 'choice', cited, lawTitle: law.title, year, madeOn: made.date, held: first.publishDate, now, sameNumber,
    en: `${cited}: the library lacks the text of ${made.date} (its first text of ${law.title} is of ${first.publishDate})${nowLine.en}.${sameLine.en}`,
    zh: `${cited}：法规库中没有该法 ${made.date} 的文本（最早的是 ${first.publishDate} 版）${nowLine.zh}。${sameLine.zh}`,
  };
}

/** 2012年刑事诉讼法第一百七十三条: the table of numbers verified from texts the library holds (unheldNumbering.ts). */
function nowByTable(resolver: CitationResolver, ref: CitationRef, law: string, label: string, year: number): OlderYearChoice['now'] {
  const entry = unheldArticle(law, label, { year });
  const to = entry ? parseArticleLabel(entry.now.label) : null;
  if (!entry || !to) return null;
  const hit = resolver.resolveRef({ ...ref, article: to.number, subNumber: to.subNumber, versionYear: null }, { version: entry.now.version });
  if (!hit.ok) return null;
  return { ...toSave(hit), how: 'table', why: `the ${entry.year} text's ${entry.label} (${entry.subject}), as the documents of both numberings show` };
}

/** The words given beside the citation fit another article of the text held clearly better (topicFit.ts). */
function nowByWords(db: Db, resolver: CitationResolver, same: StatuteArticle, words: string): OlderYearChoice['now'] {
  if (!words) return null;
  const other = resolver.topicMismatch(same.id, words, [])?.closer;
  const article = other && !other.lawTitle ? articleById(db, other.articleId) : undefined;
  if (!article) return null;
  return { article, parts: [], part: null, text: article.text, how: 'words', why: `the words given, 「${clipped(words, 24)}」, fit it` };
}

/** The article and the 款 and 项 cited, when the article has them (else the whole article). */
function toSave(hit: Hit): PartToSave {
  const parts = hit.warning ? [] : hit.parts.flatMap((p) => (p.paragraph === null ? [] : [{ paragraph: p.paragraph, items: [...p.items] }]));
  const located = parts.length === hit.parts.length ? parts : [];
  return { article: hit.article, parts: located, part: partLabel(located), text: (located.length ? partText(hit.article, located) : null) ?? hit.article.text };
}

/** The text with the citation itself taken out: what is left says what the provision is about. */
function cleanWords(text: string, ref: CitationRef): string {
  return `${text.slice(0, ref.start)} ${text.slice(ref.end)}`.replace(/[《》（）()]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The law's history as its newest text records it (通过, 修正, 修订: the first text's lacks the revisions since). */
function lawHistory(db: Db, lawId: number): Array<{ date: string; event: string }> {
  const row = cachedStatement(db, `SELECT history FROM documents WHERE law_id = ? ORDER BY COALESCE(publish_date, '') DESC LIMIT 1`).get(lawId) as { history: string | null } | undefined;
  try {
    const parsed: unknown = JSON.parse(row?.history ?? '[]');
    return Array.isArray(parsed) ? (parsed as Array<{ date: string; event: string }>) : [];
  } catch {
    return [];
  }
}

/** The versions of the law the library holds, newest first, with their status. */
function heldVersions(db: Db, lawId: number): Array<{ date: string; status: string }> {
  return cachedStatement(db, `SELECT DISTINCT COALESCE(d.publish_date, '') AS date, ${statusSql('d')} AS status FROM documents d WHERE d.law_id = ? ORDER BY date DESC`).all(lawId) as Array<{ date: string; status: string }>;
}

/** A text's first `n` characters, white space left out, for a note. */
function clipped(text: string, n = 30): string {
  return clip(text.replace(/\s+/g, ''), n);
}
