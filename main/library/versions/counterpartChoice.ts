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
import { distinctOverlap, pairWeights, type PairWeights } from './distinctPairs.js';
import { pairCover, pairOverlap, type TextPairs } from './textPairs.js';

export interface ChoiceCandidate {
  id: number;
  pairs: TextPairs;
  /** Its paragraphs long enough to be told apart from boilerplate. */
  parts: TextPairs[];
  /** The headings it stands under (编, 章, 节), when known. */
  path?: readonly string[];
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
/** From this share on, the rewording is an amendment rather than a partial carry-over. */
export const AMENDED = 0.5;
/** A pairing less alike than AMENDED must share this much in the words particular to the two (distinctPairs.ts). */
const DISTINCT = 0.15;
/** …unless one of them is this short (in pairs): two short texts sharing a phrase share the provision. */
const SHORT_PAIRS = 25;
/** A piece of an article that lives on in another (a paragraph, or a part split off) shares this much of its particular words. */
const PIECE = 0.3;
/** A partly alike article most of whose pairs came from the other (a piece split off it) is its counterpart all the same. */
const MOSTLY = 0.6;
/** A text holding this share of a short article's pairs holds all of it. */
const HELD_WHOLE = 0.9;
/** Two articles this close in similarity are told apart by the headings they stand under. */
const NEAR_TIE = 0.05;
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
 * count, and the rules for partly alike articles, places and short articles held whole apply — only between two versions of one law, where `own` and `candidates` are each the whole of a side; another law's
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
  let weights: PairWeights | undefined;
  const distinct = (pairs: TextPairs) => distinctOverlap(mine.pairs, pairs, (weights ??= weightsOf(candidates, own)));
  const contains = (c: C) => holdsMine(c) || heldByMine(c)
    || mine.parts.some((p) => pairCover(p, c.pairs) >= COVERED) || c.parts.some((p) => pairCover(p, mine.pairs) >= COVERED);
  // Partly alike only, and neither text held whole in the other: not what the law's own vocabulary alone makes alike
  // (行政复议法 2023 第三十一条, 补正, and 2017 第十八条, 转送; a short text sharing a phrase is spared: 国防教育法's
  // 全民国防教育日), and an article that lives on in another of mine's version (each the other's closest) only for what
  // the two share of their own, or when most of one is in the other (2023 第七十九条, on publishing decisions, is not
  // 2017 第十二条, which is 第二十七条; 第二十八条, the one department left a choice of body, is what else 第十二条 became).
  const partlyHeld = (u: Unit<C>) => {
    if (!recast || holdsMine(u.c) || heldByMine(u.c)) return true;
    const d = distinct(u.pairs);
    if (d < DISTINCT && Math.min(mine.pairs.total, u.pairs.total) >= SHORT_PAIRS) return false;
    return mostlyIn(mine, u.pairs) || d >= PIECE || !livesOnElsewhere(mine, u, candidates, own);
  };
  const passing = wholes
    .filter((u) => u.similarity >= SAME_PROVISION || holdsMine(u.c) || heldByMine(u.c))
    .sort((x, y) => y.similarity - x.similarity)
    .filter((u) => {
      const taker = takenBy(mine, u, candidates, own);
      // Split or merged: the provision is in both. Not when the article lives on unchanged in the other one (反垄断法
      // 2007 第八条 is 2022's 第十条 word for word; 2022's 第四十五条 only repeats its words in a provision of its own).
      if (taker !== null && !(contains(u.c) && taker < SURVIVES)) return false;
      return u.similarity >= AMENDED || partlyHeld(u);
    });
  const kept = (u: Unit<C>) => contains(u.c) || mostlyIn(mine, u.pairs);
  const article = !recast ? passing[0] : passing[0] && (wholeHolder(mine, passing, own) ?? samePlace(mine, preferOwnClosest(mine, passing, candidates, own, kept)));
  if (article) return { c: article.c, similarity: article.similarity };
  // No whole article left: the paragraph or item most like this text, if this text is the one most like it and shares
  // its particular words (2023 第三十二条 is not 2017 第十七条's first paragraph for 收到行政复议申请后…五日内).
  const paragraph = wholes
    .flatMap((w) => w.c.parts.filter((p) => p.total < w.c.pairs.total).map((p) => ({ w, similarity: pairOverlap(mine.pairs, p), pairs: p })))
    .filter((u) => u.similarity >= SAME_PROVISION)
    .sort((x, y) => y.similarity - x.similarity)
    .find((u) => closestIn(u.pairs, own)?.id === mine.id && (!recast || distinct(u.pairs) >= PIECE));
  if (paragraph) return { c: paragraph.w.c, similarity: paragraph.w.similarity };
  // A provision recast in other words (行政复议法 2023 第四十九条 ← 2017 第二十二条, 书面审查): less alike than the
  // threshold, but each is the other's closest article (one as alike as the threshold was judged above).
  const closest = maxBy(wholes, (u) => u.similarity);
  return recast && closest && closest.similarity >= RECAST && closest.similarity < SAME_PROVISION && closestIn(closest.c.pairs, own)?.id === mine.id
    ? { c: closest.c, similarity: closest.similarity } : null;
}

/** Whether most of one text's pairs are in the other: a piece split off an article, or one merged into it. */
const mostlyIn = (mine: ChoiceCandidate, pairs: TextPairs) => pairCover(mine.pairs, pairs) >= MOSTLY || pairCover(pairs, mine.pairs) >= MOSTLY;

/** Whether the unit's closest article in mine's version is another one, whose closest the unit is in turn. */
function livesOnElsewhere<C extends ChoiceCandidate>(mine: ChoiceCandidate, unit: Unit<C>, candidates: readonly C[], own: readonly ChoiceCandidate[]): boolean {
  const rival = closestIn(unit.pairs, own);
  return rival !== null && rival.id !== mine.id && closestIn(rival.pairs, candidates)?.id === unit.c.id;
}

/**
 * When the best is only partly alike, an article that lives on in another one of mine's version, sharing no paragraph
 * with mine and holding less than most of it (`kept`), goes after the others: 行政复议法 2023 第二十三条 (复议前置) takes 2017 第三十条's 自然资源 rule, whose only successor it
 * is, rather than 第十六条, which is 2023's 第二十九条.
 */
function preferOwnClosest<C extends ChoiceCandidate>(
  mine: ChoiceCandidate, passing: Array<Unit<C>>, candidates: readonly C[], own: readonly ChoiceCandidate[], kept: (u: Unit<C>) => boolean,
): Array<Unit<C>> {
  if (passing[0]!.similarity >= AMENDED) return passing;
  const elsewhere = (u: Unit<C>) => !kept(u) && livesOnElsewhere(mine, u, candidates, own);
  return [...passing.filter((u) => !elsewhere(u)), ...passing.filter(elsewhere)];
}

/**
 * An article that holds nearly all of a short one's text and is closest to it in turn, over a more alike one that holds
 * less of it: 公司法 2023 第四十五条 (「设立有限责任公司，应当由股东共同制定公司章程」) is an item of 2018 第二十三条 (the
 * conditions for setting one up) lifted out whole, not 2018 第六十条 (「一人有限责任公司章程由股东制定」), whose words it
 * shares half of. `passing` is best first.
 */
function wholeHolder<C extends ChoiceCandidate>(mine: ChoiceCandidate, passing: ReadonlyArray<Unit<C>>, own: readonly ChoiceCandidate[]): Unit<C> | null {
  const best = passing[0]!;
  if (mine.pairs.total < MIN_PAIRS || pairCover(mine.pairs, best.pairs) >= COVERED) return null;
  return passing.find((u) => pairCover(mine.pairs, u.pairs) >= HELD_WHOLE && closestIn(u.pairs, own)?.id === mine.id) ?? null;
}

/**
 * Of amended articles nearly as alike, the one under the same headings: 公司法 2023 第六十三条 (who convenes a limited company's
 * shareholders' meeting) reads as much like 2018 第一百零一条 (a joint stock company's) as like 第四十条, but only 第四十条
 * stands in the chapter on limited companies, under 组织机构, as it does. `passing` is best first.
 */
function samePlace<C extends ChoiceCandidate>(mine: ChoiceCandidate, passing: ReadonlyArray<Unit<C>>): Unit<C> {
  const best = passing[0]!;
  if (best.similarity < AMENDED) return best;
  const near = passing.filter((u) => Math.abs(best.similarity - u.similarity) < NEAR_TIE && u.similarity >= AMENDED);
  return maxBy(near, (u) => sharedHeadings(mine.path ?? [], u.c.path ?? [])) ?? best;
}

/** Headings both articles stand under, their numbers aside (「第二章 有限责任公司的设立和组织机构」 and 2023's 第三章 of that name). */
function sharedHeadings(a: readonly string[], b: readonly string[]): number {
  const title = (h: string) => h.replace(/^第[一二三四五六七八九十百零〇\d]+[编章节]/u, '').replace(/\s+/g, '');
  const mine = new Set(a.map(title));
  return b.map(title).filter((t) => t && mine.has(t)).length;
}

/** The weights of character pairs over the two versions (distinctPairs.ts), kept per pair of versions. */
const weightMemo = new WeakMap<readonly ChoiceCandidate[], WeakMap<readonly ChoiceCandidate[], PairWeights>>();

function weightsOf(candidates: readonly ChoiceCandidate[], own: readonly ChoiceCandidate[]): PairWeights {
  let byOwn = weightMemo.get(candidates);
  if (!byOwn) weightMemo.set(candidates, (byOwn = new WeakMap()));
  let weights = byOwn.get(own);
  if (!weights) byOwn.set(own, (weights = pairWeights([...candidates, ...own].map((c) => c.pairs))));
  return weights;
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
