/**
 * The day a law first took effect, where the library's first text of it says so though it is a later text.
 * LawRefBook's first 劳动合同法 is the 2012 amendment, whose closing article keeps the original's 「本法自2008年1月1日起施行」;
 * its history records the adoption (2007-06-29) and no date of effect. Counted from its adoption, 劳动合同法 read as law
 * of 2007-10-01 — searched, cited and shown 施行中 — when the 劳动法 and its regulations governed. 企业所得税法 (adopted
 * 2007-03-16, in force 2008-01-01), 劳动法 (1994-07-05, 1995-01-01), 仲裁法 (1994-08-31, 1995-09-01) are alike.
 *
 * The date is the law's own only when nothing amended it by then: a revision writes its own clause (公司法 of 2018 says
 * 「本法自2006年1月1日起施行」, the 2005 revision's date; 刑法 1997-10-01), so a clause dated after any amending event of
 * the history is left out, as is one dated before the history's first event (a notice taking effect before it was
 * issued) or a text with no dated history.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { statedStarts } from '../lawRefBook/effectiveClause.js';

const DATED = /^\d{4}-\d{2}-\d{2}$/;
/** A history event that changed an earlier text (versionGap.ts reads the same). */
const AMENDING = /修正|修订|修改|通过的《/;
/** The closing articles, where the 施行 clause stands (as the import reads it). */
const CLOSING_ARTICLES = 3;

export interface LawOrigin {
  lawId: number;
  /** `own`: the day the law first took effect; `namesake`: the day the earlier act of the same name it replaced was issued. */
  tookEffect: string;
  kind: 'own' | 'namesake';
  /** The article of the first text that says so (第九十八条). */
  clause: string;
}

/** Every law whose first text states, in its closing articles, the day the law itself first took effect. */
export function readOrigins(db: Db): LawOrigin[] {
  const firsts = db.prepare(`SELECT d.id, d.law_id AS lawId, l.title, d.publish_date AS publish, d.history, d.preamble FROM documents d JOIN laws l ON l.id = d.law_id
      WHERE d.publish_date IS NOT NULL AND d.publish_date = (SELECT MIN(g.publish_date) FROM documents g WHERE g.law_id = d.law_id)`)
    .all() as Array<{ id: number; lawId: number; title: string; publish: string; history: string; preamble: string }>;
  const closing = db.prepare(`SELECT label, text FROM articles WHERE document_id = ? ORDER BY ordinal DESC LIMIT ${CLOSING_ARTICLES}`);
  const out = new Map<number, LawOrigin>();
  for (const first of firsts) {
    if (out.has(first.lawId)) continue;
    const articles = closing.all(first.id) as Array<{ label: string; text: string }>;
    const texts = articles.length ? articles : [{ label: '', text: first.preamble }];
    const events = (JSON.parse(first.history) as Array<{ date: string; event: string }>).filter((h) => DATED.test(h.date) && !/^施行$/.test(h.event));
    const adopted = events.map((h) => h.date).sort()[0];
    // 计算机软件保护条例 of 2001: 「…1991年6月4日国务院发布的《计算机软件保护条例》同时废止」. Its date is that text's, not the law's
    // first: the law was law, in a text the library lacks, from the day its namesake was issued.
    const namesake = texts.flatMap((a) => (replacedNamesake(a.text, first.title) ?? []).map((issued) => ({ issued, label: a.label })))[0];
    if (namesake !== undefined) {
      if (namesake.issued && adopted && namesake.issued < adopted) out.set(first.lawId, { lawId: first.lawId, tookEffect: namesake.issued, kind: 'namesake', clause: namesake.label });
      continue;
    }
    // Only a clause of the act the title names: 婚姻法解释（二）的补充规定 carries the text of 解释（二） with its 「本解释自
    // 2004年4月1日起施行」, which is not the 补充规定's own (in force 2017-03-01).
    const noun = actNoun(first.title);
    const stated = texts
      .flatMap((a) => statedStarts(a.text).filter((s) => s.act === noun).map((s) => ({ date: s.date, label: a.label })))
      .filter((s) => s.date < first.publish);
    const clause = stated[0];
    if (!clause) continue;
    if (!adopted || clause.date < adopted || events.some((h) => h.date <= clause.date && AMENDING.test(h.event))) continue;
    out.set(first.lawId, { lawId: first.lawId, tookEffect: clause.date, kind: 'own', clause: clause.label });
  }
  return [...out.values()];
}

/** The kind of act a title names (法, 条例, 规定, 解释…), its closing brackets (（试行）, （二）) left out. */
function actNoun(title: string): string | null {
  const bare = title.replace(/(?:[（(][^（）()]*[）)])+$/u, '');
  return BY_LENGTH.find((n) => bare.endsWith(n)) ?? null;
}

const ACT_NOUNS = ['法', '条例', '规定', '解释', '办法', '决定', '细则', '规则', '修正案', '批复', '通知', '安排', '意见', '准则', '规范', '答复'];
/** Longest first: 办法 is not 法. */
const BY_LENGTH = [...ACT_NOUNS].sort((a, b) => b.length - a.length);
/**
 * Where `text` repeals an act of the same name as `title` (an earlier text of it the library does not hold): the day
 * that act was issued as the sentence gives it (「1997年1月2日国务院发布的《出版管理条例》同时废止」), or null when it gives
 * none; undefined when it repeals no namesake.
 */
function replacedNamesake(text: string, title: string): [string | null] | undefined {
  const bare = (name: string) => name.replace(/^中华人民共和国/u, '').replace(/[\s（）()]/gu, '');
  for (const sentence of text.split(/[。；]/u)) {
    const named = [...sentence.matchAll(/《([^《》]+)》[^。；]*?废止/gu)].find((m) => bare(m[1]!) === bare(title));
    if (!named) continue;
    const dated = [...sentence.slice(0, named.index).matchAll(/(\d{4})年(\d{1,2})月(\d{1,2})日/gu)].at(-1);
    return [dated ? `${dated[1]}-${dated[2]!.padStart(2, '0')}-${dated[3]!.padStart(2, '0')}` : null];
  }
  return undefined;
}

/** The listed day the law itself first took effect (refreshed with the repeals, repealTable.ts); null when the library cannot say. */
export function lawOrigin(db: Db, lawId: number): string | null {
  return (cachedStatement(db, "SELECT took_effect FROM law_origins WHERE law_id = ? AND kind = 'own'").pluck().get(lawId) as string | undefined) ?? null;
}

/** Since when the library knows the law was law: its own first day, or the day the namesake it replaced was issued. */
export function lawKnownSince(db: Db, lawId: number): { since: string; kind: 'own' | 'namesake' } | null {
  const row = cachedStatement(db, 'SELECT took_effect AS since, kind FROM law_origins WHERE law_id = ?').get(lawId) as { since: string; kind: 'own' | 'namesake' } | undefined;
  return row ?? null;
}

/**
 * Whether the law itself was not yet law on `asOf`, as far as the library can tell: before the day it first took effect
 * (law_origins), or before its adoption where its first text is an amended one, whose history starts from the adoption
 * (公司法 as of 1990). An original first text says nothing of what came before it: 信访条例 of 2005 replaced one of
 * 1995 that the library does not hold.
 */
export function lawNotYet(db: Db, lawId: number, asOf: string): boolean {
  const known = lawKnownSince(db, lawId);
  if (known) return asOf < known.since;
  // The first dated text, as readOrigins and the date filter read it; its history up to its own publication.
  const row = cachedStatement(db, `SELECT publish_date AS publish, history FROM documents WHERE law_id = ? AND publish_date IS NOT NULL ORDER BY publish_date LIMIT 1`).get(lawId) as { publish: string; history: string } | undefined;
  const events = row ? (JSON.parse(row.history) as Array<{ date: string; event: string }>).filter((h) => DATED.test(h.date) && h.date <= row.publish) : [];
  const adopted = events.map((h) => h.date).sort()[0];
  return !!adopted && asOf < adopted && events.some((h) => AMENDING.test(h.event));
}
