/**
 * In a consultation, a citation whose words fit another article (topicFit.ts) was told the article of its own law
 * they fit best; but the rule is often in another document the turn retrieved. An answer cites 《劳动合同法》第二十二条
 * (服务期) for 「未约定补偿的，劳动者可以要求按离职前十二个月平均工资的30%按月支付经济补偿」: within 劳动合同法 the
 * words fit 第四十七条 (经济补偿) best, while the rule is 劳动争议解释（一） 第三十六条, in the evidence.
 *
 * So each evidence article of another version is weighed by the cited version's weights (a pair that law never uses
 * counts as a pair one of its articles uses: the other text says what the law does not), and is named in place of
 * the article of the cited law when it scores half again as much as that article and as any other evidence article,
 * holds a good part of the words, and does not apply the article cited (「依照劳动合同法第二十二条…」).
 */
import type { Db } from '../../db/open.js';
import { bestTwo, cjkPairs, CLOSER_MARGIN, excerpt, MIN_BEST, MIN_COVER, outsideCover, outsideScore, refersTo, scores, versionPairs, type TopicMismatch } from './topicFit.js';

export interface EvidenceArticle {
  articleId: number;
  lawTitle: string;
  label: string;
  text: string;
  /** Its number in the turn's evidence ([3]). */
  marker: number;
}

export type EvidenceCloser = NonNullable<TopicMismatch['closer']> & { lawTitle: string; evidence: number };

/**
 * The evidence article the words beside a citation of `citedId` fit clearly better than any article of its version
 * (the cited one and `besideIds` set aside); null when none does.
 */
export function evidenceCloser(db: Db, citedId: number, words: string, evidence: readonly EvidenceArticle[], besideIds: readonly number[] = []): EvidenceCloser | null {
  const v = versionPairs(db, citedId);
  const at = v?.indexOf.get(citedId);
  if (!v || at === undefined) return null;
  const cited = v.articles[at]!;
  const pairs = cjkPairs(words);
  const inLaw = scores(v, pairs);
  const skip = new Set([at, ...besideIds.flatMap((id) => v.indexOf.get(id) ?? [])]);
  const { best } = bestTwo(inLaw, skip);
  const inLawBest = best >= 0 ? inLaw[best]! : 0;
  // Evidence of the cited version is weighed by topicMismatch already; the same text held twice (two issues of an
  // interpretation) is one candidate.
  const seen = new Set<string>();
  const outside = evidence.filter((e) => {
    if (v.indexOf.has(e.articleId) || besideIds.includes(e.articleId) || seen.has(e.text)) return false;
    seen.add(e.text);
    return true;
  });
  const scored = outside.map((e) => ({ e, held: cjkPairs(e.text) })).map((x) => ({ ...x, score: outsideScore(v, pairs, x.held) })).sort((a, b) => b.score - a.score);
  const [first, second] = scored;
  if (!first || first.score < MIN_BEST || first.score < CLOSER_MARGIN * inLawBest) return null;
  if (second && first.score < CLOSER_MARGIN * second.score) return null;
  if (outsideCover(v, pairs, first.held) < MIN_COVER || refersTo(first.e.text, cited.number, true)) return null;
  return { articleId: first.e.articleId, label: first.e.label, excerpt: excerpt(first.e.text), lawTitle: first.e.lawTitle, evidence: first.e.marker };
}
