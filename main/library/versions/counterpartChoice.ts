/**
 * Which article of another version holds a provision. The article sharing most character pairs is not always it:
 * a rewritten law (公司法 of 2023) repeats formulas — 违反前款规定，给公司造成损失的，应当承担赔偿责任 — across many
 * articles, so 2023's 第五十三条 (抽逃出资) shares more pairs with 2018's 第二十一条 (关联关系) than with 第三十五条,
 * whose whole text it carries: 「公司成立后，股东不得抽逃出资。」 So an article already held by another article of
 * this one's version, which it matches better and which matches it best in turn, is passed over unless what this
 * text shares with it is mostly not in that other article (a split: 2006's 监督法 第三条 became 2024's 第三条 and
 * 第四条) or one of the two holds the other, or the article lives on unchanged in the other (反垄断法 2007 第八条 is
 * 2022's 第十条, not 第四十五条, which repeats its words). When no whole article is left, a paragraph or item that
 * matches this text best is taken (2023's 第二百一十一条, on unlawful distributions, is 2018's 第一百六十六条 第五款);
 * failing that, an article less alike than the threshold that is this one's closest as this one is its closest (a
 * provision recast in other words).
 */
import { pairCover, pairOverlap, type TextPairs } from './textPairs.js';

export interface ChoiceCandidate {
  id: number;
  pairs: TextPairs;
  /** Its paragraphs long enough to be told apart from boilerplate. */
  parts: TextPairs[];
}

/** At this share of shared pairs two articles are the same provision, reworded. */
export const SAME_PROVISION = 0.35;
/** One text (or paragraph) holding this share of the other's pairs took it over (a split or a merger)… */
export const COVERED = 0.7;
/** …when the part is long enough for that to mean something (本法自公布之日起施行 is in many laws). */
export const MIN_PAIRS = 12;
/** Below this share of what the two texts share being this text's own, the article belongs to the one that took it. */
const OWN_SHARE = 0.5;
/** An article this alike to its own counterpart lives on there: another article that merely holds its words is not its successor. */
const SURVIVES = 0.9;
/** Two articles each other's closest are the same provision recast from this share of shared pairs. */
const RECAST = 0.25;

interface Unit<C> {
  c: C;
  pairs: TextPairs;
  similarity: number;
}

/**
 * The article of `candidates` (one version's) holding `mine`, with the two texts' similarity (Dice, whole articles);
 * null when none does. `own` is the version `mine` belongs to; without it (a text whose version the library no longer
 * holds) the closest article is taken as before. `recast`: whether two articles each other's closest below the threshold
 * count — only between two versions of one law, where `own` and `candidates` are each the whole of a side; another law's
 * articles (婚姻法解释（三）'s against 婚姻家庭编解释（一）, which also took 婚姻法解释（二）'s) are not.
 */
export function chooseCounterpart<C extends ChoiceCandidate>(
  mine: ChoiceCandidate, candidates: readonly C[], own: readonly ChoiceCandidate[] | null, recast = false,
): { c: C; similarity: number } | null {
  const wholes: Array<Unit<C>> = candidates.map((c) => ({ c, pairs: c.pairs, similarity: pairOverlap(mine.pairs, c.pairs) }));
  const holdsMine = (c: C) => mine.pairs.total >= MIN_PAIRS && pairCover(mine.pairs, c.pairs) >= COVERED;
  const heldByMine = (c: C) => c.pairs.total >= MIN_PAIRS && pairCover(c.pairs, mine.pairs) >= COVERED;
  if (!own) {
    const closest = maxBy(wholes, (u) => u.similarity);
    const holder = maxBy(wholes, (u) => pairCover(mine.pairs, u.c.pairs));
    const best = closest && closest.similarity >= SAME_PROVISION ? closest : holder && holdsMine(holder.c) ? holder : null;
    return best && { c: best.c, similarity: best.similarity };
  }
  const contains = (c: C) => holdsMine(c) || heldByMine(c)
    || mine.parts.some((p) => pairCover(p, c.pairs) >= COVERED) || c.parts.some((p) => pairCover(p, mine.pairs) >= COVERED);
  const article = wholes
    .filter((u) => u.similarity >= SAME_PROVISION || holdsMine(u.c) || heldByMine(u.c))
    .sort((x, y) => y.similarity - x.similarity)
    .find((u) => {
      const taker = takenBy(mine, u, candidates, own);
      // Split or merged: the provision is in both. Not when the article lives on unchanged in the other one (反垄断法
      // 2007 第八条 is 2022's 第十条 word for word; 2022's 第四十五条 only repeats its words in a provision of its own).
      return taker === null || (contains(u.c) && taker < SURVIVES);
    });
  if (article) return { c: article.c, similarity: article.similarity };
  // No whole article left: the paragraph or item most like this text, if this text is the one most like it.
  const paragraph = wholes
    .flatMap((w) => w.c.parts.filter((p) => p.total < w.c.pairs.total).map((p) => ({ w, similarity: pairOverlap(mine.pairs, p), pairs: p })))
    .filter((u) => u.similarity >= SAME_PROVISION)
    .sort((x, y) => y.similarity - x.similarity)
    .find((u) => closestIn(u.pairs, own)?.id === mine.id);
  if (paragraph) return { c: paragraph.w.c, similarity: paragraph.w.similarity };
  // A provision recast in other words (行政复议法 2023 第四十九条 ← 2017 第二十二条, 书面审查): less alike than the
  // threshold, but each is the other's closest article.
  const closest = maxBy(wholes, (u) => u.similarity);
  return recast && closest && closest.similarity >= RECAST && closestIn(closest.c.pairs, own)?.id === mine.id ? { c: closest.c, similarity: closest.similarity } : null;
}

/**
 * How alike the unit is to another article of mine's version that it belongs to, or null when it belongs to none: that
 * article matches it better, it matches that article best in turn, and what mine shares with it is mostly in that
 * article too (boilerplate, not a split).
 */
function takenBy<C extends ChoiceCandidate>(mine: ChoiceCandidate, unit: Unit<C>, candidates: readonly C[], own: readonly ChoiceCandidate[]): number | null {
  const rival = closestWithScore(unit.pairs, own);
  if (!rival || rival.c.id === mine.id || rival.similarity <= unit.similarity || rival.similarity < SAME_PROVISION) return null;
  if (closestIn(rival.c.pairs, candidates)?.id !== unit.c.id) return null;
  let shared = 0;
  let mineOnly = 0;
  for (const [pair, n] of unit.pairs.counts) {
    const both = Math.min(n, mine.pairs.counts.get(pair) ?? 0);
    shared += both;
    mineOnly += Math.max(0, both - (rival.c.pairs.counts.get(pair) ?? 0));
  }
  return shared === 0 || mineOnly / shared < OWN_SHARE ? rival.similarity : null;
}

/** Best matches are asked for the same texts again and again as a law is read or compared, so they are kept per pool. */
const closestMemo = new WeakMap<TextPairs, WeakMap<readonly ChoiceCandidate[], { c: ChoiceCandidate; similarity: number } | null>>();

function closestWithScore<T extends ChoiceCandidate>(pairs: TextPairs, pool: readonly T[]): { c: T; similarity: number } | null {
  let byPool = closestMemo.get(pairs);
  if (!byPool) closestMemo.set(pairs, (byPool = new WeakMap()));
  if (byPool.has(pool)) return byPool.get(pool) as { c: T; similarity: number } | null;
  let best: { c: T; similarity: number } | null = null;
  for (const c of pool) {
    const similarity = pairOverlap(pairs, c.pairs);
    if (!best || similarity > best.similarity) best = { c, similarity };
  }
  byPool.set(pool, best);
  return best;
}

const closestIn = <T extends ChoiceCandidate>(pairs: TextPairs, pool: readonly T[]): T | null => closestWithScore(pairs, pool)?.c ?? null;

function maxBy<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) { best = item; bestScore = s; }
  }
  return best;
}
