/**
 * Which provision a citation means when a revision gave its number to another one. 公司法 of 2023 renumbered nearly
 * every article, so a memo written since cites 第四十七条 for the five-year rule on contributions — 2023's, rightly —
 * while 2018's 第四十七条 was on board meetings; the citation check used to mark every such citation 「2018 版的第四十七条
 * 内容不同…文中指的可能是那一条」, ten of twelve in a memo on the 2023 law, and skipped the check of its words, so the
 * one citation that was wrong (第五十条 for 失权, which is 第五十二条) was marked for the wrong reason, beside nine right ones.
 *
 * The words the text gives the citation for (as topicFit.ts weighs them) decide, when they can:
 *  - `current`: they fit the article cited, in the version applied — it scores best of the version's articles, holds a
 *    good part of them, and neither the article that holds the earlier provision now nor the earlier text holds much
 *    of them: the earlier numbering is not worth saying;
 *  - `earlier`: they fit where the earlier provision is now (第七十一条 for a transfer of shares → 第八十四条): the
 *    note stands;
 *  - `other`: they fit a third article (第五十条 for 失权 → 第五十二条), and the earlier text does not hold them as well:
 *    the number is wrong, and that article is what to say. The citation is in doubt already, so the bar is lower
 *    than topicFit's for a citation of no renumbered article: the cited article may score up to half the other's
 *    (topicFit: 0.35), as 2023's 第五十条 (设立时股东的连带责任) shares 「股东未按…缴纳出资」 with 第五十二条;
 *  - null: too few words, or no clear fit; the earlier numbering is said, as before.
 */
import { cachedStatement, type Db } from '../../db/open.js';
import { bestTwo, cjkPairs, CLOSER_MARGIN, coverOf, excerpt, isFormula, MAX_SHARE, MIN_BEST, MIN_COVER, outsideScore, wordsInVersion, type TopicMismatch, type VersionPairs } from './topicFit.js';

export type NumberingReading = { reading: 'current' } | { reading: 'earlier' } | { reading: 'other'; mismatch: TopicMismatch } | null;

/** The earlier text holds at most this share of the words' weight held by the article they fit, for a fit to count. */
const EARLIER_COVER_SHARE = 0.5;
/** The article cited scores at most this share of another's for the words to fit that other one. */
const OTHER_SHARE = 0.5;
/**
 * The article cited fits the words when it scores at least this share of the best other: 2023's 第七十三条 and
 * 第一百二十四条 both say 「董事会会议应当有过半数的董事出席方可举行」, for the two forms of company.
 */
const NEAR_BEST = 0.8;

/**
 * How `words`, said for a citation of `articleId` in the version applied, read against the provision an earlier
 * version had under that number (`earlierId`, the earlier article; `nowId`, where its provision stands in the
 * version applied, when somewhere). `beside`: the other articles cited in the same sentence; `partTexts`: the
 * texts of the 款 and 项 cited (itemFit.ts citedPartTexts).
 */
export function numberingReading(
  db: Db, articleId: number, words: string, earlier: { earlierId: number; nowId: number | null },
  beside: ReadonlyArray<{ articleId: number; number: number | null }> = [], partTexts: readonly string[] = [],
): NumberingReading {
  const read = wordsInVersion(db, articleId, words, beside.map((b) => b.articleId));
  const earlierText = (cachedStatement(db, 'SELECT text FROM articles WHERE id = ?').get(earlier.earlierId) as { text: string } | undefined)?.text;
  if (!read || earlierText === undefined) return null;
  const { v, at, pairs, all, skip } = read;
  const { best, next } = bestTwo(all, skip);
  const nowAt = earlier.nowId === null ? undefined : v.indexOf.get(earlier.nowId);
  const cover = (i: number) => coverOf(v, pairs, v.articles[i]!.pairs);
  const earlierCover = coverOf(v, pairs, cjkPairs(earlierText));
  // The 款 or 项 cited, weighed as an article of its own length (topicFit.ts topicMismatch does the same).
  const cited = Math.max(all[at]!, ...partTexts.map((t) => outsideScore(v, pairs, cjkPairs(t))));
  if (best >= 0 && cited < NEAR_BEST * all[best]!) {
    const other = all[best]! >= MIN_BEST && cited <= OTHER_SHARE * all[best]! && cover(best) >= MIN_COVER && !isFormula(all, best, skip);
    if (!other) return null;
    if (best === nowAt) return { reading: 'earlier' };
    if (earlierCover >= EARLIER_COVER_SHARE * cover(best)) return null;
    // The article they fit is named when it stands out (as in topicFit); else the number is only said to be wrong.
    const standsOut = next < 0 || all[best]! >= CLOSER_MARGIN * all[next]!;
    return { reading: 'other', mismatch: mismatchOf(v, at, standsOut ? best : null) };
  }
  // The article cited fits as well as any: unless the earlier provision, there or where it is now, holds the words too.
  if (cited < MIN_BEST || cover(at) < MIN_COVER) return null;
  if (nowAt !== undefined && nowAt !== at && all[nowAt]! > MAX_SHARE * cited) return null;
  return earlierCover > EARLIER_COVER_SHARE * cover(at) ? null : { reading: 'current' };
}

function mismatchOf(v: VersionPairs, cited: number, closer: number | null): TopicMismatch {
  const found = closer === null ? null : v.articles[closer]!;
  return { citedExcerpt: excerpt(v.articles[cited]!.text), closer: found && { articleId: found.id, label: found.label, excerpt: excerpt(found.text) } };
}
