/**
 * Before 民法典 took effect (2021-01-01, 民法典 第一千二百六十条), the civil laws it repealed governed: a contract
 * dispute of 2019 is judged under 合同法, a tort of 2015 under 侵权责任法. LawRefBook holds none of their texts, and
 * 民法典 was no law then, so a search as of such a date found no general civil rule at all. The concordance
 * (civilCodeConcordance.ts) knows which 民法典 article holds each old rule; as of a date one of those laws applied,
 * that 民法典 article stands in for it — found by search, read by the consultation — and says which article of which
 * law it stands in for, and that the text is 民法典's, not the old law's.
 */
import { CIVIL_CODE_TITLE, formerArticles, formerCitation, type FormerArticle } from './civilCodeConcordance.js';
import { shortTitle } from './repealedSuccessor.js';

/** When 民法典 took effect and the laws it repealed ceased to apply. */
export const CIVIL_CODE_EFFECTIVE = '2021-01-01';

/**
 * From when each repealed law applied in the text whose numbering the concordance uses: 婚姻法 as amended in 2001
 * (its 1980 text numbers its articles otherwise), 收养法 as revised in 1998 (in force 1999-04-01), the others as
 * enacted. Before these dates the table's article numbers are not those of the time, so nothing stands in.
 */
const TABLE_TEXT_FROM: Readonly<Record<string, string>> = {
  民法通则: '1987-01-01',
  继承法: '1985-10-01',
  婚姻法: '2001-04-28',
  担保法: '1995-10-01',
  收养法: '1999-04-01',
  合同法: '1999-10-01',
  物权法: '2007-10-01',
  侵权责任法: '2010-07-01',
  民法总则: '2017-10-01',
};

/** The highest article number of 民法典. */
const LAST_ARTICLE = 1260;

/**
 * The repealed laws' articles, in force on `asOf`, whose rules 民法典 article `number` holds; none from 2021-01-01 on.
 * Where a later law governed the same rule, the one it displaced is left out: 民法通则 yields to 合同法, 侵权责任法 and
 * 民法总则 (the later law, and the special one, prevails: 诉讼时效 was already three years under 民法总则 第一百八十八条
 * in 2019, not 民法通则's two), and 担保法 to 物权法 for security rights (物权法 第一百七十八条).
 */
export function formerInForce(number: number, asOf: string): FormerArticle[] {
  if (asOf >= CIVIL_CODE_EFFECTIVE) return [];
  const then = formerArticles(number).filter((f) => (TABLE_TEXT_FROM[f.law] ?? CIVIL_CODE_EFFECTIVE) <= asOf);
  const laws = new Set(then.map((f) => f.law));
  return then.filter((f) => !(f.law === '民法通则' && laws.size > 1) && !(f.law === '担保法' && laws.has('物权法')));
}

/** For an article of national 民法典, the articles of the laws in force on `asOf` it stands in for; none for other laws. */
export function standsInFor(article: { lawTitle: string; province: string; number: number; subNumber: number }, asOf: string | undefined): FormerArticle[] {
  return asOf && article.lawTitle === CIVIL_CODE_TITLE && article.province === '' && article.subNumber === 0 ? formerInForce(article.number, asOf) : [];
}

/** Whether a 民法典 article stands in on `asOf` for an article of the repealed law titled `lawTitle` (合同法, or its full title). */
export function standsInForLaw(article: Parameters<typeof standsInFor>[0], lawTitle: string, asOf: string | undefined): boolean {
  const law = shortTitle(lawTitle);
  return standsInFor(article, asOf).some((f) => f.law === law);
}

const numbersCache = new Map<string, number[]>();

/** The 民法典 article numbers that stand in for an article in force on `asOf` (empty from 2021-01-01 on). */
export function civilCodeStandIns(asOf: string): number[] {
  if (asOf >= CIVIL_CODE_EFFECTIVE) return [];
  let numbers = numbersCache.get(asOf);
  if (!numbers) {
    numbers = [];
    for (let n = 1; n <= LAST_ARTICLE; n++) if (formerInForce(n, asOf).length) numbers.push(n);
    if (numbersCache.size > 64) numbersCache.clear();
    numbersCache.set(asOf, numbers);
  }
  return numbers;
}

/** 「《合同法》第一百零七条（违约责任）」, with 规则有实质修改 where 民法典 changed the rule. */
function formerText(f: FormerArticle): { en: string; zh: string } {
  const changed = f.changed ? { en: ', changed in substance since', zh: '，规则其后有实质修改' } : { en: '', zh: '' };
  return { en: `${formerCitation(f)} (${f.topic}${changed.en})`, zh: `${formerCitation(f)}（${f.topic}${changed.zh}）` };
}

/** A former article as a hit lists it: 「《合同法》第五十一条（规则其后有实质修改）」, the mark only where 民法典 changed the rule. */
export function inPlaceLabel(f: FormerArticle): { en: string; zh: string } {
  return { en: `${formerCitation(f)}${f.changed ? ' (changed since)' : ''}`, zh: `${formerCitation(f)}${f.changed ? '（规则其后有实质修改）' : ''}` };
}

/** 该法 for the articles of one law, 这些法律 for those of several. */
function whichLaws(former: FormerArticle[]): string {
  return new Set(former.map((f) => f.law)).size > 1 ? '这些法律' : '该法';
}

/** Where the rule of a 民法典 article stood on a date before it: 「本条规则当时见于《合同法》第一百零七条（违约责任），法规库中没有该法条文」. */
function formerThenNote(former: FormerArticle[]): { en: string; zh: string } {
  const list = former.map(formerText);
  return {
    en: `this article's rule was then in ${list.map((l) => l.en).join(', ')}, which the library does not hold`,
    zh: `本条规则当时见于${list.map((l) => l.zh).join('、')}，法规库中没有${whichLaws(former)}的条文`,
  };
}

/**
 * Why a 民法典 article is read for a date before 民法典: which articles of which laws in force then held its rule.
 * `short` is the tag the consultation's prompts carry.
 */
export function civilCodeStandInNote(former: FormerArticle[], asOf: string): { en: string; zh: string; short: string } {
  const then = formerThenNote(former);
  return {
    en: `民法典 took effect on ${CIVIL_CODE_EFFECTIVE} and did not apply on ${asOf}; ${then.en}; this is 民法典's text, which may differ from the text of the time`,
    zh: `民法典自 ${CIVIL_CODE_EFFECTIVE} 起施行，在 ${asOf} 尚未施行；${then.zh}；此为民法典的条文，当时的条文可能与此不同`,
    short: `代${former.map((f) => formerText(f).zh).join('、')}，${whichLaws(former)}当时（${asOf}）施行，法规库中没有其条文；此为民法典的条文，当时的条文可能不同`,
  };
}

/** What a list of search hits says of 民法典's articles as of a date before it: they stand in for the laws of the time. */
export function civilCodeListNote(asOf: string): { en: string; zh: string } {
  const laws = Object.entries(TABLE_TEXT_FROM).filter(([, from]) => from <= asOf).sort((a, b) => (a[1] < b[1] ? 1 : -1)).map(([law]) => law);
  return {
    en: `民法典 took effect on ${CIVIL_CODE_EFFECTIVE} and did not apply on ${asOf}; its articles listed stand in for the corresponding articles of the civil laws in force then (${laws.join(', ')}), which the library does not hold; each names the article it stands in for, or the article of the time-effect interpretation (时间效力规定) that applies it to some facts of then`,
    zh: `民法典自 ${CIVIL_CODE_EFFECTIVE} 起施行，在 ${asOf} 尚未施行；所列民法典条文代替当时施行的${laws.join('、')}中规则相应的条文（法规库中没有其条文），各条旁注明所代替的条文，或依时间效力规定适用于施行前部分事实的条款`,
  };
}

/** The note of a 民法典 article standing in for `former` as of `asOf`, with what a list of hits says once. */
export function civilCodeGap(former: FormerArticle[], asOf: string): { en: string; zh: string; short: string; list: { en: string; zh: string } } {
  return { ...civilCodeStandInNote(former, asOf), list: civilCodeListNote(asOf) };
}
