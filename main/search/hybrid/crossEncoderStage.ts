import type { Db } from '../../db/open.js';
import { getArticles, type StatuteArticle } from '../../library/articles.js';
import type { PairScorer } from '../../models/types.js';
import { libraryChanged, type RankedCandidate } from './hybridRank.js';

/** Candidates below the cited articles that a cross-encoder rescores (the rest keep their order). */
export const CROSS_ENCODER_DEPTH = 20;

/** What a cross-encoder reads for an article: the law, the article label and its text. */
export function crossEncoderPassage(article: Pick<StatuteArticle, 'lawTitle' | 'label' | 'text'>): string {
  return `《${article.lawTitle}》${article.label} ${article.text}`;
}

/**
 * The last stage of hybrid search when the user configures a cross-encoder
 * (bge-reranker-v2-m3 and the like): cited articles stay first, the next
 * `depth` candidates are ordered by the cross-encoder's score of (query,
 * article) — ties keep the earlier order — and the rest follow unchanged.
 * Their `score` becomes the cross-encoder's log-odds.
 */
export async function crossEncode(db: Db, scorer: PairScorer, query: string, ranked: RankedCandidate[], depth = CROSS_ENCODER_DEPTH): Promise<RankedCandidate[]> {
  const cited = ranked.filter((r) => r.matchedBy === 'citation');
  const rest = ranked.filter((r) => r.matchedBy !== 'citation');
  const head = rest.slice(0, depth);
  if (!head.length) return ranked;
  const articles = new Map(getArticles(db, head.map((r) => r.id)).map((a) => [a.id, a]));
  const passages = head.map((r) => {
    const article = articles.get(r.id);
    if (!article) throw libraryChanged();
    return crossEncoderPassage(article);
  });
  const scores = await scorer.score(query, passages);
  const reordered = head
    .map((r, i) => ({ r, i, score: scores[i] as number }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ r, score }) => ({ ...r, score }));
  return [...cited, ...reordered, ...rest.slice(depth)];
}
