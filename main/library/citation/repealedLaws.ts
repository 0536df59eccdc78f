/**
 * Laws the library itself says were repealed, read from the closing clauses
 * that repeal them (民法典 第一千二百六十条: 「本法自2021年1月1日起施行。《中华人民
 * 共和国婚姻法》、…《中华人民共和国合同法》…同时废止。」). A citation of such a law
 * (合同法第52条, common in older judgments and contracts) then says what replaced
 * it instead of "no such law". Only national provisions are read.
 */
import type { Db } from '../../db/open.js';
import { normalizeLawName } from './aliases.js';

export interface Repeal {
  /** The repealed law as the repealing clause names it. */
  title: string;
  /** The repealing clause: its law, article label and that version's dates. */
  byLaw: string;
  byArticle: string;
  publishDate: string | null;
  effectiveDate: string | null;
}

const PRC = '中华人民共和国';
/** A title inside 《》 (〈〉 inside titles kept), and what follows it up to the next title or the sentence's end. */
const TITLE = /《([^《》]+)》([^《》]*)/g;

/**
 * Repealed law names (normalized, with and without 中华人民共和国) → the earliest clause that repealed
 * it; names of laws the library holds are left out, since those resolve as they are.
 */
export function readRepeals(db: Db, isInLibrary: (name: string) => boolean): Map<string, Repeal> {
  const rows = db.prepare(
    `SELECT a.label, a.text, l.title AS law, d.publish_date AS publishDate, d.effective_date AS effectiveDate
       FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      WHERE d.province = '' AND a.text LIKE '%同时废止%'
      ORDER BY COALESCE(d.effective_date, d.publish_date, '9999')`,
  ).all() as Array<{ label: string; text: string; law: string; publishDate: string | null; effectiveDate: string | null }>;
  const repeals = new Map<string, Repeal>();
  for (const row of rows) {
    for (const sentence of row.text.split(/[。；]/)) {
      if (!sentence.includes('同时废止')) continue;
      for (const m of sentence.matchAll(TITLE)) {
        const title = m[1] ?? '';
        // 《…》第十条同时废止 repeals an article, not the law.
        if (/^\s*(?:第|中的?第)/.test(m[2] ?? '')) continue;
        const name = normalizeLawName(title);
        if (!name || isInLibrary(name)) continue;
        const repeal: Repeal = { title, byLaw: row.law, byArticle: row.label, publishDate: row.publishDate, effectiveDate: row.effectiveDate };
        for (const key of [name, name.startsWith(PRC) ? name.slice(PRC.length) : `${PRC}${name}`]) {
          if (!repeals.has(key)) repeals.set(key, repeal);
        }
      }
    }
  }
  return repeals;
}

/** What a citation of a repealed law is told: what repealed it and when, and where to look instead. */
export function repealMessage(typed: string, r: Repeal): string {
  return `"${typed}" cites 《${r.title}》, which is not in the library: ${repealedBy(r)}. Look for the rule in ${repealingShortTitle(r)}.`;
}

/** 「it was repealed by 《中华人民共和国民法典》第一千二百六十条 (in force 2021-01-01)」 */
export function repealedBy(r: Repeal): string {
  const when = r.effectiveDate ?? r.publishDate;
  return `it was repealed by 《${r.byLaw}》${r.byArticle}${when ? ` (in force ${when})` : ''}`;
}

/** The repealing law's title without 中华人民共和国, as a law filter or citation takes it. */
export function repealingShortTitle(r: Repeal): string {
  return shortTitle(r.byLaw);
}

function shortTitle(title: string): string {
  return title.startsWith(PRC) ? title.slice(PRC.length) : title;
}
