/**
 * An interpretation whose amended text the collection files as a document of its own. 婚姻法解释（二） was amended
 * by 法释〔2017〕6号, which added two paragraphs to 第二十四条 (虚构债务, 赌博吸毒之债) from 2017-03-01; LawRefBook
 * holds the whole amended text under the amendment's title, 《…解释（二）的补充规定》, and the 2003 text under the
 * interpretation's own. A brief of 2019 citing 「解释（二）第二十四条第二款」 cites the text then in force, yet was
 * checked against 2003's and read as 「只有1款，没有第2款」.
 *
 * Found from the library, not listed by hand: a national document titled 「X的补充规定」 whose X is in the library too
 * and which repeats at least 80% of X's articles word for word is X's amended text, in force from its own date.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';

export interface AmendedTextApart {
  /** The law whose text it amends (X). */
  baseLawId: number;
  /** The law the amended text is filed under (X的补充规定), its title, version and dates. */
  lawId: number;
  title: string;
  publish: string;
  effective: string;
  /** The day it stopped being law (2021-01-01 for 婚姻法解释（二）, repealed by 法释〔2020〕16号), or null. */
  repealed: string | null;
}

const SUPPLEMENTS_SQL = `SELECT l.id, l.title, d.id AS doc, COALESCE(d.publish_date, '') AS publish, COALESCE(d.effective_date, d.publish_date, '') AS effective
  FROM laws l JOIN documents d ON d.law_id = l.id WHERE l.province = '' AND l.title LIKE '%的补充规定'`;
const BASE_SQL = `SELECT l.id, d.id AS doc FROM laws l JOIN documents d ON d.law_id = l.id
  WHERE l.province = '' AND l.title = ? ORDER BY d.publish_date DESC LIMIT 1`;
const REPEAL_SQL = 'SELECT MIN(repealed_on) FROM document_repeals WHERE document_id = ?';
const ARTICLES_SQL = "SELECT number, sub_number, text FROM articles WHERE document_id = ? AND kind = 'article'";

/** Share of the base's articles the amended text must repeat word for word. */
const SAME_SHARE = 0.8;

const cache = new RecentCache<Map<number, AmendedTextApart>>(1);

/** The amended texts filed apart, by the law id of the text they amend. */
export function amendedTextsApart(db: Db): Map<number, AmendedTextApart> {
  return cache.get(db, textRevision(db), () => readAmendedTexts(db));
}

/** The amended text filed apart of a law, or null (every law but 婚姻法解释（二） in the national library). */
export function amendedTextApartOf(db: Db, lawId: number): AmendedTextApart | null {
  return amendedTextsApart(db).get(lawId) ?? null;
}

function readAmendedTexts(db: Db): Map<number, AmendedTextApart> {
  const out = new Map<number, AmendedTextApart>();
  const texts = (doc: number) => new Map((cachedStatement(db, ARTICLES_SQL).all(doc) as Array<{ number: number; sub_number: number; text: string }>)
    .map((a) => [`${a.number}-${a.sub_number}`, a.text] as const));
  for (const s of cachedStatement(db, SUPPLEMENTS_SQL).all() as Array<{ id: number; title: string; doc: number; publish: string; effective: string }>) {
    const base = cachedStatement(db, BASE_SQL).get(s.title.replace(/的补充规定$/, '')) as { id: number; doc: number } | undefined;
    if (!base || !s.effective) continue;
    const before = texts(base.doc);
    if (before.size === 0) continue;
    const after = texts(s.doc);
    let same = 0;
    for (const [key, text] of before) if (after.get(key) === text) same++;
    if (same / before.size >= SAME_SHARE) {
      const repealed = (cachedStatement(db, REPEAL_SQL).pluck().get(s.doc) as string | null) ?? null;
      out.set(base.id, { baseLawId: base.id, lawId: s.id, title: s.title, publish: s.publish, effective: s.effective, repealed });
    }
  }
  return out;
}

/** 「2017-03-01 起施行的是经《…的补充规定》修改的文本（法规库将其另列为一个文件），按该文本核对」, vouching for it. */
export function amendedTextNote(a: AmendedTextApart, asOf: string | null, part: number | null): { en: string; zh: string } {
  const zhTitle = `《${a.title.replace(/《/g, '〈').replace(/》/g, '〉')}》`;
  if (asOf === null) {
    return {
      en: `第${part}款 is in the text as amended by ${zhTitle} (in force ${a.effective}; the library files that text apart), not in the text before it; read in the amended text`,
      zh: `所引第${part}款是 ${a.effective} 起施行的修改后文本才有的（经${zhTitle}修改，法规库将该文本另列为一个文件），修改前的文本没有；按修改后的文本核对`,
    };
  }
  return {
    en: `on ${asOf} the text in force was the one amended by ${zhTitle} (in force ${a.effective}; the library files it apart); read in that text`,
    zh: `${asOf} 施行的是经${zhTitle}修改后的文本（${a.effective} 起施行，法规库将该文本另列为一个文件），按该文本核对`,
  };
}

/**
 * What an article's view says of a text filed apart, whichever citation opened it: in the base, that a later text
 * amended it and where that text is; in the amended text, what it is. Null for every other article.
 */
export function filedApartViewNote(db: Db, article: { lawId: number; lawTitle: string }): { en: string; zh: string } | null {
  const texts = [...amendedTextsApart(db).values()];
  const base = texts.find((t) => t.baseLawId === article.lawId);
  const title = (t: string) => `《${t.replace(/《/g, '〈').replace(/》/g, '〉')}》`;
  if (base) {
    return {
      en: `from ${base.effective} the text in force is the one amended by ${title(base.title)}, which the library files as a document of its own`,
      zh: `${base.effective} 起施行的是经${title(base.title)}修改后的文本，法规库将该文本另列为一个文件`,
    };
  }
  const amended = texts.find((t) => t.lawId === article.lawId);
  if (!amended) return null;
  const baseTitle = (cachedStatement(db, 'SELECT title FROM laws WHERE id = ?').pluck().get(amended.baseLawId) as string | undefined) ?? '';
  return {
    en: `this is the whole text of ${title(baseTitle)} as amended by ${title(amended.title)} (in force ${amended.effective}); the text before it is filed under the interpretation's own title`,
    zh: `此为${title(baseTitle)}经${title(amended.title)}修改后的全文（${amended.effective} 起施行）；修改前的文本见${title(baseTitle)}`,
  };
}
