/**
 * Laws the library itself says were repealed, read from the closing clauses
 * that repeal them (民法典 第一千二百六十条: 「本法自2021年1月1日起施行。《中华人民
 * 共和国婚姻法》、…《中华人民共和国合同法》…同时废止。」). A citation of such a law
 * (合同法第52条, common in older judgments and contracts) then says what replaced
 * it instead of "no such law". Only national provisions are read.
 */
import type { Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';
import { normalizeLawName } from './aliases.js';
import { beforeRepeal, shortTitle, successorSentence, type Successor } from './repealedSuccessor.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';

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
/** What may follow a title the clause lists: its adoption note in brackets, then a separator or 同时废止. */
const LISTED = /^\s*(?:[（(](?:[^（）()]|[（(][^（）()]*[）)])*[）)])?\s*(?:[、，,和及与]|以及|(?:均|都|亦|也)?同时废止|$)/;

/**
 * Repealed law names (normalized, with and without 中华人民共和国) → the earliest clause that repealed
 * it; names of laws the library holds are left out, since those resolve as they are.
 */
export function readRepeals(db: Db, isInLibrary: (name: string) => boolean): Map<string, Repeal> {
  const repeals = new Map<string, Repeal>();
  for (const [name, repeal] of repealClauses(db)) {
    if (isInLibrary(name)) continue;
    for (const key of nameForms(name)) if (!repeals.has(key)) repeals.set(key, repeal);
  }
  return repeals;
}

const clauseCache = new RecentCache<Array<[name: string, repeal: Repeal]>>(1);

/**
 * Every clause repealing a law by name (「…《中华人民共和国契税暂行条例》同时废止」), with the name normalized, earliest
 * first; a name may be repealed more than once (信访条例 of 2005 repealed that of 1995). Read once per text revision
 * (a scan of the library's articles, 60–70 ms) for the resolver and replacedBy.ts alike.
 */
export function repealClauses(db: Db): Array<[name: string, repeal: Repeal]> {
  return clauseCache.get(db, textRevision(db), () => readRepealClauses(db));
}

function readRepealClauses(db: Db): Array<[name: string, repeal: Repeal]> {
  const rows = db.prepare(
    `SELECT a.label, a.text, l.title AS law, d.publish_date AS publishDate, d.effective_date AS effectiveDate
       FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      WHERE d.province = '' AND a.text LIKE '%同时废止%'
      ORDER BY COALESCE(d.effective_date, d.publish_date, '9999')`,
  ).all() as Array<{ label: string; text: string; law: string; publishDate: string | null; effectiveDate: string | null }>;
  const clauses: Array<[string, Repeal]> = [];
  for (const row of rows) {
    for (const sentence of row.text.split(/[。；]/)) {
      if (!sentence.includes('同时废止')) continue;
      for (const { title, after } of outerTitles(sentence)) {
        // Only a title the clause lists: not 《…》第十条同时废止 (one article), nor 《…》中关于…的规定同时废止.
        if (!LISTED.test(after)) continue;
        const name = normalizeLawName(title);
        if (name) clauses.push([name, { title, byLaw: row.law, byArticle: row.label, publishDate: row.publishDate, effectiveDate: row.effectiveDate }]);
      }
    }
  }
  return clauses;
}

/** A normalized name with and without 中华人民共和国, as clauses and citations write it either way. */
export function nameForms(name: string): string[] {
  return [name, name.startsWith(PRC) ? name.slice(PRC.length) : `${PRC}${name}`];
}

/**
 * The outermost 《》 titles of a sentence (a title may hold another: 《最高人民法院关于适用《中华人民共和国
 * 合同法》若干问题的解释》), each with the text after it up to the next title.
 */
function outerTitles(sentence: string): Array<{ title: string; after: string }> {
  const titles: Array<{ title: string; start: number; end: number }> = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i];
    if (c === '《' && depth++ === 0) start = i + 1;
    else if (c === '》' && depth > 0 && --depth === 0) titles.push({ title: sentence.slice(start, i), start, end: i + 1 });
  }
  return titles.map((t, k) => ({ title: t.title, after: sentence.slice(t.end, (titles[k + 1]?.start ?? sentence.length + 1) - 1) }));
}

/**
 * What a citation of a repealed law is told, in English and Chinese: what repealed it and when, and where to look
 * instead — the article that holds its rule now, when known.
 */
export function repealMessages(typed: string, r: Repeal, successor?: Successor | null, asOf?: string): { message: string; messageZh: string } {
  const now = successor ? successorSentence(successor) : null;
  if (now && beforeRepeal(r, asOf)) {
    // 合同法第107条 as of 2019: the law still governed; 民法典 holds the rule only from the repeal on.
    return {
      message: `"${typed}" cites ${bookTitle(r.title)}, which was in force on ${asOf} but is not in the library: ${repealedBy(r).en}; from then on ${now.en}.`,
      messageZh: `“${typed}”引用的${bookTitle(r.title)}在 ${asOf} 仍然有效，但法规库中没有其条文：${repealedBy(r).zh}；自 ${r.effectiveDate} 起，${now.zh}。`,
    };
  }
  if (now) {
    return {
      message: `"${typed}" cites ${bookTitle(r.title)}, which is not in the library: ${repealedBy(r).en}; ${now.en}.`,
      messageZh: `“${typed}”引用的${bookTitle(r.title)}不在法规库中：${repealedBy(r).zh}；${now.zh}。`,
    };
  }
  return {
    message: `"${typed}" cites ${bookTitle(r.title)}, which is not in the library: ${repealedBy(r).en}. Look for the rule in ${repealingShortTitle(r)}.`,
    messageZh: `“${typed}”引用的${bookTitle(r.title)}不在法规库中：${repealedBy(r).zh}。请在${repealingShortTitle(r)}中查找相应规定。`,
  };
}

/** What a repealed law's name typed alone (合同法, to search or read) is told: it is gone, what repealed it, where its rules are now. */
export function repealedLawNamed(typed: string, r: Repeal): { message: string; messageZh: string } {
  return {
    message: `"${typed}" names ${bookTitle(r.title)}, which is not in the library: ${repealedBy(r).en}. Look for its rules in ${repealingShortTitle(r)}.`,
    messageZh: `“${typed}”指${bookTitle(r.title)}，法规库中没有这部法律：${repealedBy(r).zh}。其规定请在${repealingShortTitle(r)}中查找。`,
  };
}

/** 「it was repealed by 《中华人民共和国民法典》第一千二百六十条 (in force 2021-01-01)」 and its Chinese. */
export function repealedBy(r: Repeal): { en: string; zh: string } {
  const when = r.effectiveDate ?? r.publishDate;
  return {
    en: `it was repealed by ${bookTitle(r.byLaw)}${r.byArticle}${when ? ` (in force ${when})` : ''}`,
    zh: `已由${bookTitle(r.byLaw)}${r.byArticle}废止${when ? `（${when}起施行）` : ''}`,
  };
}

/** The repealing law's title without 中华人民共和国, as a law filter or citation takes it. */
export function repealingShortTitle(r: Repeal): string {
  return shortTitle(r.byLaw);
}

/**
 * What a law filter naming a repealed law (--law 合同法) is told: the law is gone, the filter still matches the
 * titles that contain the name (劳动合同法 contains 合同法), and where to filter instead.
 */
export function repealedFilterMessages(law: string, r: Repeal): { message: string; messageZh: string } {
  const by = repealedBy(r);
  const instead = repealingShortTitle(r);
  return {
    message: `the law filter "${law}" names ${bookTitle(r.title)}, which is not in the library: ${by.en}. The filter matches the laws whose titles contain "${law}"; for the rules of ${bookTitle(r.title)}, filter by ${instead}.`,
    messageZh: `筛选的“${law}”指${bookTitle(r.title)}，法规库中没有这部法律：${by.zh}。筛选仍按名称包含“${law}”的法律进行；要找其规定，请改按“${instead}”筛选。`,
  };
}
