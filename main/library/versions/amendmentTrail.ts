/**
 * A law amended by separate amendments the library holds (刑法 by 刑法修正案 to 刑法修正案（十二）), article by article.
 * LawRefBook keeps one consolidated 刑法, dated 2020-12-26 and in force 2021-03-01, whose text already holds the 2023
 * amendment; the amendments themselves say which articles each rewrote, added, deleted or changed in part, and from
 * when. So an article can be dated: as of 2019 第二百六十四条 had read the same since 刑法修正案（八） (2011-05-01), while
 * 第三百九十条 in 2022 was the text 刑法修正案（九） 四十五、 gave it, not the consolidated one, and 第一百三十三条之二 did
 * not exist before 2021-03-01. A claim that an article did not change is made only for a period every amendment of which
 * the library holds and reads: 刑法's history names two decisions of 1998 and 2009 it lacks, so before 2009-08-27 it
 * says only what the amendments it holds changed.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { normalizeLawName } from '../citation/aliases.js';
import { shortTitle } from '../citation/repealedSuccessor.js';
import { effectiveDatesInText, takesEffectOnPublication } from '../lawRefBook/effectiveClause.js';
import { clauseEffects, type ArticleKey, type ClauseEffect } from './amendmentClauses.js';
import { yearAfter } from './versionGap.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';

export interface TrailChange {
  key: ArticleKey;
  kind: ClauseEffect['kind'];
  /** The article's text from this change on, when the clause gives it whole (a rewrite, an added article). */
  text: string | null;
  /** 《刑法修正案（九）》第四十五条: the amendment's short title and the clause, as a citation. */
  source: string;
  effective: string;
}

export interface AmendmentTrail {
  /**
   * When the text the amendments start from took effect (the 1997 revision of 刑法: 1997-10-01), or the date of the
   * last amendment with a clause not understood, after which alone the trail can be read.
   */
  from: string;
  changes: TrailChange[];
  /** The amendments the trail reads, by their adoption dates (《刑法修正案（十二）》: 2023-12-29), for a citation naming a year. */
  adoptions: Array<{ date: string; source: string }>;
  /**
   * Dates on which the law may have changed in ways the library cannot tell: events of its history that name no
   * amendment it holds (刑法: the decisions of 1998-12-29 and 2009-08-27).
   */
  unaccounted: string[];
}

const DATED = /^\d{4}-\d{2}-\d{2}$/;

/** 「中华人民共和国刑法修正案（九）」: the title of an amendment, and (group 1) the law it amends. */
export const AMENDMENT_TITLE = /^(.+?)修正案(?:（[^（）]*）)?$/u;

/** 《刑法修正案（九）》第四十五条; 《刑法修正案（十）》 for an amendment of one clause. */
function clauseCitation(title: string, label: string): string {
  return /^[一二三四五六七八九十百]+$/u.test(label) ? `${bookTitle(shortTitle(title))}第${label}条` : /^第.+条$/u.test(label) ? `${bookTitle(shortTitle(title))}${label}` : bookTitle(shortTitle(title));
}

/** The laws titled as amendments of `title` (刑法修正案, 刑法修正案（二）…), with their clauses and dates. */
function amendmentsOf(db: Db, title: string, province: string): Array<{ title: string; publish: string; effective: string; clauses: Array<{ label: string; text: string }> }> {
  const laws = (cachedStatement(db, `SELECT id, title FROM laws WHERE province = ? AND title LIKE ? || '修正案%'`).all(province, title) as Array<{ id: number; title: string }>)
    .filter((l) => AMENDMENT_TITLE.exec(l.title)?.[1] === title);
  return laws.flatMap((law) => {
    const doc = cachedStatement(db, `SELECT id, COALESCE(publish_date, '') AS publish, effective_date AS effective
        FROM documents WHERE law_id = ? ORDER BY publish_date DESC LIMIT 1`).get(law.id) as { id: number; publish: string; effective: string | null } | undefined;
    if (!doc) return [];
    const clauses = cachedStatement(db, 'SELECT label, text FROM articles WHERE document_id = ? ORDER BY ordinal').all(doc.id) as Array<{ label: string; text: string }>;
    // A document imported without its date of effect (a JSONL record) takes it from its own 「本修正案自…起施行」, else
    // from its adoption (宪法's amendments take effect on adoption); one with no date at all is kept undated.
    const effective = doc.effective ?? takesEffect(clauses, doc.publish) ?? doc.publish;
    return [{ title: law.title, publish: doc.publish, effective, clauses }];
  });
}

/** 「本修正案自2024年3月1日起施行」: that date; 「自公布之日起施行」: the publication; null when no clause says. */
function takesEffect(clauses: Array<{ text: string }>, publish: string): string | null {
  for (const c of clauses) {
    const dated = effectiveDatesInText(c.text)[0];
    if (dated) return dated;
    if (takesEffectOnPublication(c.text)) return publish || null;
  }
  return null;
}

/** Text compared loosely: without spaces, quotation marks and punctuation, which the amendments and the consolidated text write differently. */
function bare(text: string): string {
  return text.replace(/[\s“”‘’:：,，。；;、]/gu, '');
}

/**
 * Whether the consolidated text is the one the amendments lead to: every article whose last change gave its whole text
 * reads as that text. An older consolidated text beside a later amendment (an old snapshot, an import) fails, and the
 * trail is not used: its 「修改后的文本」 and 「此即…施行的条文」 would be false.
 */
function textsAgree(db: Db, documentId: number, changes: TrailChange[]): boolean {
  const last = new Map<string, TrailChange>();
  for (const c of changes) last.set(`${c.key.number}.${c.key.subNumber}`, c);
  const read = cachedStatement(db, `SELECT text FROM articles WHERE document_id = ? AND number = ? AND sub_number = ? AND kind = 'article' LIMIT 1`);
  for (const c of last.values()) {
    if (c.text === null || (c.kind !== 'rewritten' && c.kind !== 'added')) continue;
    const row = read.get(documentId, c.key.number, c.key.subNumber) as { text: string } | undefined;
    if (!row || bare(row.text) !== bare(c.text)) return false;
  }
  return true;
}

/**
 * The trail of the law's latest document, or null when the library holds no amendment of it. `from` is the date the
 * last revision (修订) took effect, read from the text's own 「本法自…起施行」 when it names one on or after it.
 */
export function loadTrail(db: Db, lawId: number): AmendmentTrail | null {
  const law = cachedStatement(db, 'SELECT title, province FROM laws WHERE id = ?').get(lawId) as { title: string; province: string } | undefined;
  if (!law) return null;
  const amendments = amendmentsOf(db, law.title, law.province);
  // An amendment the library holds without any date cannot be placed: nothing is said rather than something wrong.
  if (amendments.length === 0 || amendments.some((a) => !DATED.test(a.effective))) return null;
  const doc = cachedStatement(db, 'SELECT id, history FROM documents WHERE law_id = ? ORDER BY publish_date DESC LIMIT 1').get(lawId) as { id: number; history: string };
  const history = (JSON.parse(doc.history) as Array<{ date: string; event: string }>).filter((h) => DATED.test(h.date));
  const revision = [...history].reverse().find((h) => /修订$/u.test(h.event)) ?? history[0];
  if (!revision) return null;
  const closing = cachedStatement(db, `SELECT text FROM articles WHERE document_id = ? AND text LIKE '本法自%起施行%' ORDER BY ordinal DESC LIMIT 1`).get(doc.id) as { text: string } | undefined;
  const statedDate = closing ? effectiveDatesInText(closing.text)[0] ?? null : null;
  const from = statedDate && statedDate >= revision.date ? statedDate : revision.date;
  const held = new Map(amendments.map((a) => [normalizeLawName(a.title), a]));
  const unaccounted: string[] = [];
  for (const h of history) {
    if (h.date <= revision.date || /^施行$/u.test(h.event)) continue;
    const named = [...h.event.matchAll(/《([^》]+)》/gu)].map((m) => normalizeLawName(m[1]!));
    if (!named.some((n) => held.has(n))) unaccounted.push(h.date);
  }
  let changes: TrailChange[] = [];
  let start = from;
  for (const a of amendments) {
    if (a.effective < from) continue;
    for (const clause of a.clauses) {
      const effects = clauseEffects(clause.text);
      // A clause not understood may have renumbered the law (宪法修正案（2018年） 第五十二条 inserted 第一百二十三条至第一百二十七条
      // and moved those after): the earlier amendments' numbers may not be today's, so the trail starts after it.
      if (effects === null) start = start > a.effective ? start : a.effective;
      else for (const e of effects) changes.push({ key: e.key, kind: e.kind, text: 'text' in e ? e.text : null, source: clauseCitation(a.title, clause.label), effective: a.effective });
    }
  }
  if (start > from) changes = changes.filter((c) => c.effective > start);
  changes.sort((x, y) => x.effective.localeCompare(y.effective));
  if (!textsAgree(db, doc.id, changes)) return null;
  const adoptions = amendments.filter((a) => a.effective > start && DATED.test(a.publish)).map((a) => ({ date: a.publish, source: bookTitle(shortTitle(a.title)) }));
  return { from: start, changes, adoptions, unaccounted: [...new Set(unaccounted.filter((d) => d >= start))].sort() };
}

/** What the trail says of one article as of a date. */
export type ArticleThen =
  /** Added by an amendment not in force on the date: the article did not exist then. */
  | { kind: 'not-yet'; added: TrailChange; vouches: boolean }
  /** Deleted by an amendment in force by the date. */
  | { kind: 'deleted'; deleted: TrailChange; before: TrailChange | null }
  /**
   * Changed by amendments in force after the date; `then` gives the text of the date when an earlier clause gave it
   * whole; `vouches`: whether the library accounts for every change since the date, so the law's other articles read
   * then as they do now unless marked.
   */
  | { kind: 'amended-since'; later: TrailChange[]; then: TrailChange | null; vouches: boolean }
  /**
   * Not changed after the date by any amendment, and every change since is accounted for: the text is the text of the
   * date. `since`: from when it has read so, when the library accounts for that span too.
   */
  | { kind: 'unchanged'; since: string | null; last: TrailChange | null };

const same = (a: ArticleKey, b: ArticleKey) => a.number === b.number && a.subNumber === b.subNumber;

/** The trail's word on article `key` as of `asOf`; null where it has none (a period it cannot vouch for; before `from`, all but an article added later). */
export function articleThen(trail: AmendmentTrail, key: ArticleKey, asOf: string): ArticleThen | null {
  const mine = trail.changes.filter((c) => same(c.key, key));
  if (asOf < trail.from) {
    // Before the text the amendments start from they still say that an article one of them added did not exist yet
    // (刑法 第一百三十三条之二 in 1995), whatever the numbering of the time.
    const first = mine[0];
    return first?.kind === 'added' && first.effective > asOf ? { kind: 'not-yet', added: first, vouches: false } : null;
  }
  const before = mine.filter((c) => c.effective <= asOf);
  const later = mine.filter((c) => c.effective > asOf);
  const lastBefore = before[before.length - 1] ?? null;
  if (lastBefore?.kind === 'deleted') return { kind: 'deleted', deleted: lastBefore, before: textAt(trail, before.slice(0, -1), lastBefore.effective) };
  const vouches = !trail.unaccounted.some((d) => mayApplyAfter(d, asOf));
  if (later.length > 0) {
    if (later[0]!.kind === 'added' && before.length === 0) return { kind: 'not-yet', added: later[0]!, vouches };
    return { kind: 'amended-since', later, then: textAt(trail, before, asOf), vouches };
  }
  if (!vouches) return null;
  // Since its last change (or the revision) only when the library accounts for that whole span too (刑法 in 2005: not
  // since 1997, as a decision of 1998 it lacks may have changed it).
  const since = lastBefore?.effective ?? trail.from;
  return { kind: 'unchanged', since: trail.unaccounted.some((d) => mayApplyAfter(d, since) && d <= asOf) ? null : since, last: lastBefore };
}

/**
 * Whether an act the library lacks, adopted on `adopted`, may have changed the law after `asOf`: adopted later, or
 * within the year before (its date of effect is not known; most acts take effect within a year of their adoption).
 */
function mayApplyAfter(adopted: string, asOf: string): boolean {
  return yearAfter(adopted) > asOf;
}

/** The change whose whole text applied on `asOf`, when the last change by then gave it and nothing unaccounted followed. */
function textAt(trail: AmendmentTrail, before: TrailChange[], asOf: string): TrailChange | null {
  const last = before[before.length - 1];
  if (!last || last.text === null || (last.kind !== 'rewritten' && last.kind !== 'added')) return null;
  return trail.unaccounted.some((d) => mayApplyAfter(d, last.effective) && d <= asOf) ? null : last;
}

/** The last amendment of the article: the one whose text the consolidated article shows, or that deleted it. */
export function latestChange(trail: AmendmentTrail, key: ArticleKey): TrailChange | null {
  const mine = trail.changes.filter((c) => same(c.key, key));
  return mine[mine.length - 1] ?? null;
}
