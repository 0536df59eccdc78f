import type { Db } from '../db/open.js';
import { getArticles, type StatuteArticle } from '../library/articles.js';
import type { CitationResolver } from '../library/citation/resolver.js';
import { beforeRepeal } from '../library/citation/repealedSuccessor.js';
import { standsInForLaw } from '../library/citation/civilCodeStandIn.js';
import { crimeArticlesInText } from '../library/citation/crimeNames.js';
import { pairCover, textPairs } from '../library/versions/textPairs.js';
import { inForceOn, notYetOn, replacementOf } from '../library/versions/replacedBy.js';
import { articlesPassing, withDateLimits, withLawNames, type SearchFilters } from './filters.js';
import type { FtsScope } from './ftsTables.js';
import { DEFAULT_WEIGHTS, lexicalSearch, queryTerms, type Bm25Weights } from './lexical.js';
import type { TermStats } from './termStats.js';
import { makeSnippet, type Snippet } from './snippet.js';

export type { SearchFilters } from './filters.js';
export type SearchMode = 'lexical';

export interface SearchHit {
  article: StatuteArticle;
  score: number;
  /** Why it is listed: the query cites it, it matched the words, the embedding, or both. */
  matchedBy: 'citation' | 'lexical' | 'dense' | 'both' | 'similar';
  snippet: Snippet;
}

export interface SearchOptions {
  filters?: SearchFilters;
  limit?: number;
  weights?: Bm25Weights;
  /** Only the articles the query cites (no BM25). */
  citationsOnly?: boolean;
}

/** Ranked article ids: cited articles first, then BM25 matches. */
export type StatsFor = (scope: FtsScope) => TermStats;

export function rankArticles(db: Db, resolver: CitationResolver, stats: StatsFor, text: string, opts: SearchOptions = {}): Array<{ id: number; score: number; matchedBy: SearchHit['matchedBy'] }> {
  const limit = opts.limit ?? 10;
  const filters = withDateLimits(withLawNames(opts.filters ?? {}, resolver.names), resolver);
  const out: Array<{ id: number; score: number; matchedBy: SearchHit['matchedBy'] }> = [];
  const seen = new Set<number>();
  for (const cited of resolver.findInText(text, { asOf: filters.asOf })) {
    if (seen.has(cited.article.id)) continue;
    seen.add(cited.article.id);
    const ids = [cited.article.id];
    // A number an earlier text gave to another provision: that provision, where it stands now, is cited too,
    // first when the rest of the query reads more like it (公司法第七十一条 asked about transferring shares).
    const former = filters.asOf ? null : resolver.formerMeaning(cited);
    if (former && !seen.has(former.now.articleId)) {
      seen.add(former.now.articleId);
      ids.splice(readsMoreLike(db, text.replace(cited.ref.raw, ''), former.now.articleId, cited.article.text) ? 0 : 1, 0, former.now.articleId);
    }
    // 合同法解释（二）第二十六条 and the like: the document is repealed, and the article holding its text now is cited too.
    const replaced = cited.article.status === 'repealed' ? replacementOf(db, cited.article, filters.asOf) : null;
    const now = replaced?.counterpart && !inForceOn(replaced, filters.asOf) && !notYetOn(replaced, filters.asOf) ? replaced.counterpart.articleId : null;
    if (now !== null && !seen.has(now)) {
      seen.add(now);
      ids.push(now);
    }
    for (const id of ids) out.push({ id, score: Infinity, matchedBy: 'citation' });
  }
  // 拒不支付劳动报酬罪: the crime's name cites the 刑法 article that defines it (crimeNames.ts), within the filters.
  const named = crimeArticlesInText(db, resolver, text, filters.asOf).map((a) => a.id).filter((id) => !seen.has(id));
  const passing = new Set(named.length ? articlesPassing(db, filters, { among: named }) : []);
  for (const id of named) {
    if (!passing.has(id)) continue;
    seen.add(id);
    out.push({ id, score: Infinity, matchedBy: 'citation' });
  }
  // 合同法第一百零七条: the law is repealed, and the 民法典 articles that hold its rule now count as cited. As of a date
  // the repealed law still governed (合同法 in 2019), only those that stand in for it then (civilCodeStandIn.ts).
  for (const { successor, repeal } of resolver.successorsInText(text, { asOf: filters.asOf })) {
    const then = beforeRepeal(repeal, filters.asOf);
    for (const a of successor.articles) {
      if (seen.has(a.id) || (then && !standsInForLaw(a, repeal.title, filters.asOf))) continue;
      seen.add(a.id);
      out.push({ id: a.id, score: Infinity, matchedBy: 'citation' });
    }
  }
  if (opts.citationsOnly) return out.slice(0, limit);
  for (const hit of lexicalSearch(db, queryTerms(text), stats, filters, limit + out.length, opts.weights ?? DEFAULT_WEIGHTS)) {
    if (seen.has(hit.articleId)) continue;
    seen.add(hit.articleId);
    out.push({ id: hit.articleId, score: hit.score, matchedBy: 'lexical' });
  }
  return out.slice(0, limit);
}

export function searchArticles(db: Db, resolver: CitationResolver, stats: StatsFor, text: string, opts: SearchOptions = {}): SearchHit[] {
  const ranked = rankArticles(db, resolver, stats, text, opts);
  const articles = new Map(getArticles(db, ranked.map((r) => r.id)).map((a) => [a.id, a]));
  const terms = queryTerms(text);
  return ranked.flatMap((r) => {
    const article = articles.get(r.id);
    return article ? [{ article, score: r.score, matchedBy: r.matchedBy, snippet: makeSnippet(article.text, terms) }] : [];
  });
}

/** Whether the query's own words (its citation left out) share more of their character pairs with article `id` than with `otherText`. */
function readsMoreLike(db: Db, words: string, id: number, otherText: string): boolean {
  const query = textPairs(words);
  const [article] = getArticles(db, [id]);
  if (!article || query.total < 2) return false;
  return pairCover(query, textPairs(article.text)) > pairCover(query, textPairs(otherText));
}
