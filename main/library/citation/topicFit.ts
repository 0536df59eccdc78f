/**
 * Whether what a text says beside a citation is what the cited article provides. The commonest wrong citation
 * in a brief or a model's answer is a right law with a wrong number: 「依据《民法典》第一千零六十三条，婚姻关系存续
 * 期间所得的财产属于共同财产」 (that is 第一千零六十二条; 第一千零六十三条 lists a spouse's own property), an older
 * numbering (民事诉讼法第一百一十九条 for the conditions of a suit, 第一百二十二条 since 2021), a hallucinated 刑法
 * 第二百三十一条 for theft. Such a citation resolves and passes every other check.
 *
 * The words around the citation (the caller cuts them out: its sentence, or for a citation in brackets the words
 * before it, less the citations, law titles and quotations) are compared with every article of the cited version
 * (all its documents: 民法典 is one per 编) by their character pairs, each weighted by how few of the version's
 * articles hold it (BM25, so that 用人单位 in 劳动合同法 or 夫妻 in 民法典 counts for little). A mismatch is said
 * only when another article holds the words clearly better, holds a good part of them, and no article cited beside
 * it does; not when a score of articles fit them about as well (a formula of the law, 「没有约定或者约定不明确的」);
 * and not when that article or the cited one refers to the other (「依照本法第三十三条第一款的规定分担亏损」
 * restates 第五十四条, which applies 第三十三条). The thresholds were set on the written citations of the lawyers'
 * answers (lecoqa-answers) and of the consultations (multiturn-dev), the training files: see README, *Citations
 * whose words fit another article*.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { textRevision } from '../../search/ftsTables.js';
import { RecentCache } from '../../util/recentCache.js';
import { intToChinese } from '../../../preload/contract/numerals.js';
import { clip } from '../../util/clip.js';

export interface TopicMismatch {
  /** The opening of the cited article, to show what it provides. */
  citedExcerpt: string;
  /**
   * The article of the same version the words fit, when one stands out; null when several fit about as well.
   * `lawTitle` when it is of another law: the law a 修正案 amends (amendmentMismatch), or in a consultation an
   * evidence article of another document, with its number in the evidence (`evidence`, evidenceFit.ts).
   */
  closer: { articleId: number; label: string; excerpt: string; lawTitle?: string; evidence?: number } | null;
}

/** Fewer CJK characters than this say too little to compare (「的规定处理」). */
export const MIN_WORDS = 10;
/** The best other article's score must reach this (weights summed; a few common pairs reach 10). */
export const MIN_BEST = 15;
/** The cited article (and every article cited beside it) scores at most this share of the best other's. */
export const MAX_SHARE = 0.35;
/** The best other article holds at least this share of the words' weight. */
export const MIN_COVER = 0.3;
/**
 * Words that this many articles fit nearly as well (FORMULA_SHARE of the best) are a formula of the law, not a
 * provision: 「没有约定或者约定不明确」 ends dozens of 民法典's articles.
 */
const FORMULA_ARTICLES = 20;
const FORMULA_SHARE = 0.7;
/** A closer article is named when it scores this much more than the next one. */
export const CLOSER_MARGIN = 1.5;
const K1 = 1.2;
const B = 0.75;
const EXCERPT_CHARS = 30;

interface VersionArticle {
  id: number;
  label: string;
  number: number | null;
  text: string;
  pairs: Set<string>;
}

export interface VersionPairs {
  articles: VersionArticle[];
  /** Each article's index in `articles`, by id. */
  indexOf: Map<number, number>;
  idf: Map<string, number>;
  /** For each pair, the indexes of the articles holding it. */
  postings: Map<string, number[]>;
  /** Each article's BM25 length norm. */
  norms: Float64Array;
  /** The articles' mean count of pairs, for the norm of a text from outside the version (evidenceFit.ts). */
  averagePairs: number;
}

/** The character pairs of the CJK runs of a text (punctuation, digits and Latin break a run). */
export function cjkPairs(text: string): Set<string> {
  const out = new Set<string>();
  for (const run of text.match(/[\u4e00-\u9fff]+/g) ?? []) for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  return out;
}

/** Law versions kept read: a brief cycling through more laws than this would build each table again for each citation. */
const cache = new RecentCache<VersionPairs | null>(64);

/**
 * The articles of the version holding `articleId` — every document of its law with its publication date, as
 * 民法典 is one document per 编 — with their pairs and the pairs' weights in that version. (Search's VersionTerms
 * counts jieba words of the candidates' documents from the full-text index; here every article of the version is
 * scored, by character pairs, which do not depend on how a brief's words segment.)
 */
export function versionPairs(db: Db, articleId: number): VersionPairs | null {
  const version = cachedStatement(db, "SELECT d.law_id AS lawId, COALESCE(d.publish_date, '') AS published FROM articles a JOIN documents d ON d.id = a.document_id WHERE a.id = ?").get(articleId) as { lawId: number; published: string } | undefined;
  if (!version) return null;
  return cache.get(db, `${textRevision(db)}|${version.lawId}|${version.published}`, () => {
    const rows = cachedStatement(
      db,
      `SELECT a.id, a.label, a.number, a.text FROM articles a JOIN documents d ON d.id = a.document_id
        WHERE d.law_id = ? AND COALESCE(d.publish_date, '') = ? AND a.kind = 'article' ORDER BY d.id, a.ordinal`,
    ).all(version.lawId, version.published) as Array<Omit<VersionArticle, 'pairs'>>;
    if (rows.length < 3) return null;
    const articles = rows.map((r) => ({ ...r, pairs: cjkPairs(r.text) }));
    const postings = new Map<string, number[]>();
    articles.forEach((a, i) => {
      for (const p of a.pairs) {
        const list = postings.get(p);
        if (list) list.push(i);
        else postings.set(p, [i]);
      }
    });
    const n = articles.length;
    const idf = new Map<string, number>();
    for (const [p, list] of postings) idf.set(p, Math.log((n - list.length + 0.5) / (list.length + 0.5) + 1));
    const averagePairs = articles.reduce((s, a) => s + a.pairs.size, 0) / n;
    const norms = Float64Array.from(articles, (a) => K1 * (1 - B + (B * a.pairs.size) / averagePairs));
    return { articles, indexOf: new Map(articles.map((a, i) => [a.id, i])), idf, postings, norms, averagePairs };
  });
}

/** Every article's BM25 score for the words' pairs, in the version's order. */
export function scores(v: VersionPairs, words: Set<string>): Float64Array {
  const out = new Float64Array(v.articles.length);
  for (const p of words) {
    const weight = (v.idf.get(p) ?? 0) * (1 + K1);
    for (const i of v.postings.get(p) ?? []) out[i]! += weight / (1 + v.norms[i]!);
  }
  return out;
}

/** What the three readings of a citation's words (topicMismatch, numberingReading, evidenceCloser) start from. */
export interface WordsInVersion {
  v: VersionPairs;
  /** The cited article's index in `v.articles`. */
  at: number;
  /** The words' character pairs. */
  pairs: Set<string>;
  /** Every article's score for them. */
  all: Float64Array;
  /** The cited article and the articles cited beside it, set aside when looking for another that fits. */
  skip: Set<number>;
}

/**
 * `words`, said for a citation of `articleId`, weighed against every article of its version; null when they say too
 * little to compare (fewer than MIN_WORDS CJK characters) or the article's version cannot be read.
 */
export function wordsInVersion(db: Db, articleId: number, words: string, besideIds: readonly number[] = []): WordsInVersion | null {
  if ((words.match(/[\u4e00-\u9fff]/g) ?? []).length < MIN_WORDS) return null;
  const v = versionPairs(db, articleId);
  const at = v?.indexOf.get(articleId);
  if (!v || at === undefined) return null;
  const pairs = cjkPairs(words);
  const all = scores(v, pairs);
  return { v, at, pairs, all, skip: new Set([at, ...besideIds.flatMap((id) => v.indexOf.get(id) ?? [])]) };
}

/**
 * The score of a text from outside the version, weighed as if it were one of its articles: a pair none of the
 * version's articles holds weighs as much as a pair one article holds (that law never says it; the text does).
 */
export function outsideScore(v: VersionPairs, words: ReadonlySet<string>, held: ReadonlySet<string>): number {
  const norm = K1 * (1 - B + (B * held.size) / v.averagePairs);
  let out = 0;
  for (const p of words) if (held.has(p)) out += (outsideIdf(v, p) * (1 + K1)) / (1 + norm);
  return out;
}

/** The share of the words' weight `held` holds, a pair the version lacks weighing as outsideScore weighs it. */
export function outsideCover(v: VersionPairs, words: ReadonlySet<string>, held: ReadonlySet<string>): number {
  const weight = (set: Iterable<string>) => [...set].reduce((t, p) => t + outsideIdf(v, p), 0);
  return weight([...words].filter((p) => held.has(p))) / Math.max(1e-9, weight(words));
}

function outsideIdf(v: VersionPairs, pair: string): number {
  const n = v.articles.length;
  return v.idf.get(pair) ?? Math.log((n - 1 + 0.5) / (1 + 0.5) + 1);
}

/**
 * `text` applies or restates article `number` (本法第三十三条第一款的规定; with `anyLaw`, of whatever law it names:
 * 民法典第六百九十六条); not an exception (…除外), not 第三十三条之一, and for its own law not another law's
 * article (《…》第三十三条).
 */
export function refersTo(text: string, number: number | null, anyLaw = false): boolean {
  if (number === null) return false;
  const label = `第${intToChinese(number)}条`;
  for (let at = text.indexOf(label); at >= 0; at = text.indexOf(label, at + 1)) {
    const rest = text.slice(at + label.length);
    if (rest.startsWith('之') || /^[^。；]{0,16}除外/.test(rest)) continue;
    if (!anyLaw && text[at - 1] === '》') continue;
    return true;
  }
  return false;
}

/**
 * Whether `words` (what the text says beside the citation) fit another article of the cited version instead of
 * the one cited; null when they fit it, or say too little to tell. `beside`: the other articles cited in the
 * same sentence, which the words may be about, with their numbers; `partTexts`: the texts of the 款 and 项 cited.
 */
export function topicMismatch(db: Db, articleId: number, words: string, beside: ReadonlyArray<{ articleId: number; number: number | null }> = [], partTexts: readonly string[] = []): TopicMismatch | null {
  const read = wordsInVersion(db, articleId, words, beside.map((b) => b.articleId));
  if (!read) return null;
  const { v, at, pairs, all, skip } = read;
  const cited = v.articles[at]!;
  // The 款 or 项 cited weighed as an article of its own length (itemFit.ts citedPartTexts), beside the whole article.
  const fitCited = Math.max(...[...skip].map((i) => all[i]!), ...partTexts.map((t) => outsideScore(v, pairs, cjkPairs(t))));
  // The best article not cited, and the next.
  const { best, next } = bestTwo(all, skip);
  if (best < 0 || all[best]! < MIN_BEST || fitCited > MAX_SHARE * all[best]!) return null;
  const found = v.articles[best]!;
  if (isFormula(all, best, skip)) return null;
  const cover = coverOf(v, pairs, found.pairs);
  if (cover < MIN_COVER) return null;
  // The words restate an article that applies the one cited, or the one cited applies an article cited beside it.
  // (The one beside may be of another law: 担保制度解释 第二十条 applies 民法典 第六百九十六条.)
  if (refersTo(found.text, cited.number) || beside.some((b) => b.articleId !== articleId && refersTo(cited.text, b.number, true))) return null;
  const standsOut = next < 0 || all[best]! >= CLOSER_MARGIN * all[next]!;
  return {
    citedExcerpt: excerpt(cited.text),
    closer: standsOut ? { articleId: found.id, label: found.label, excerpt: excerpt(found.text) } : null,
  };
}

/** The best-scoring article and the next, of those not skipped (−1 when none). */
export function bestTwo(all: Float64Array, skip: ReadonlySet<number>): { best: number; next: number } {
  let best = -1;
  let next = -1;
  for (let i = 0; i < all.length; i++) {
    if (skip.has(i)) continue;
    if (best < 0 || all[i]! > all[best]!) [best, next] = [i, best];
    else if (next < 0 || all[i]! > all[next]!) next = i;
  }
  return { best, next };
}

/** Words that FORMULA_ARTICLES articles (not skipped, the best counted) fit about as well as the best: a formula of the law. */
export function isFormula(all: Float64Array, best: number, skip: ReadonlySet<number>): boolean {
  let alike = 0;
  for (let i = 0; i < all.length; i++) if (!skip.has(i) && all[i]! >= FORMULA_SHARE * all[best]!) alike++;
  return alike >= FORMULA_ARTICLES;
}

/** The share of the words' weight (pairs weighted by the version's IDF) that `held` holds. */
export function coverOf(v: VersionPairs, words: ReadonlySet<string>, held: ReadonlySet<string>): number {
  const weight = (set: Iterable<string>) => [...set].reduce((t, p) => t + (v.idf.get(p) ?? 0), 0);
  return weight([...words].filter((p) => held.has(p))) / Math.max(1e-9, weight(words));
}

export function excerpt(text: string): string {
  return clip(text.replace(/\s+/g, ''), EXCERPT_CHARS);
}

/** The cited item's cover of the words at most this share of the amended law's best article's. */
const MAX_ITEM_COVER_SHARE = 0.5;

/**
 * A 修正案's item cited for what another article of the law it amends provides: 「依据《刑法修正案（十一）》第八条，以
 * 转移财产、逃匿等方法逃避支付劳动者的劳动报酬…」 — item 八 rewrites 刑法 第一百六十条 (欺诈发行); the words are 刑法
 * 第二百七十六条之一's, which 《刑法修正案（八）》第四十一条 added. An amendment's items say little of one another, so
 * the words are weighed against the amended law's version in force: an article there that holds them, while the item
 * cited holds few of them and does not amend that article, is named with its law.
 */
export function amendmentMismatch(db: Db, itemId: number, words: string): TopicMismatch | null {
  if ((words.match(/[\u4e00-\u9fff]/g) ?? []).length < MIN_WORDS) return null;
  const item = cachedStatement(db, 'SELECT a.text, l.title FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id WHERE a.id = ?')
    .get(itemId) as { text: string; title: string } | undefined;
  const amended = item && /修正案(?:（[^）]*）)?$/u.test(item.title) ? item.title.replace(/修正案(?:（[^）]*）)?$/u, '') : null;
  if (!item || !amended) return null;
  const anchor = cachedStatement(
    db,
    `SELECT a.id FROM articles a JOIN documents d ON d.id = a.document_id JOIN laws l ON l.id = d.law_id
      WHERE l.title = ? AND l.province = '' AND a.kind = 'article' ORDER BY COALESCE(d.publish_date, '') DESC LIMIT 1`,
  ).get(amended) as { id: number } | undefined;
  const v = anchor ? versionPairs(db, anchor.id) : null;
  if (!v) return null;
  const pairs = cjkPairs(words);
  const all = scores(v, pairs);
  const { best, next } = bestTwo(all, new Set());
  if (best < 0 || all[best]! < MIN_BEST || isFormula(all, best, new Set())) return null;
  const found = v.articles[best]!;
  const cover = coverOf(v, pairs, found.pairs);
  const itemCover = coverOf(v, pairs, cjkPairs(item.text));
  if (cover < MIN_COVER || itemCover > MAX_ITEM_COVER_SHARE * cover || refersTo(item.text, found.number, true)) return null;
  const standsOut = next < 0 || all[best]! >= CLOSER_MARGIN * all[next]!;
  return {
    citedExcerpt: excerpt(item.text),
    closer: standsOut ? { articleId: found.id, label: found.label, excerpt: excerpt(found.text), lawTitle: amended } : null,
  };
}
