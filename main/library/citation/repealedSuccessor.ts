/**
 * A citation of an article of a civil law that 民法典 repealed (《合同法》第一百零七条), with where 民法典 holds its
 * rule now (civilCodeConcordance.ts) and how that is said. Also finds such citations in free text, for a search
 * typed as an old citation (合同法第52条) to list 民法典's articles instead of other laws' words.
 */
import type { StatuteArticle } from '../articles.js';
import { intToChinese } from '../../../preload/contract/numerals.js';
import type { CitationRef } from './parseCitation.js';
import type { Repeal } from './repealedLaws.js';
import type { CitedUnit } from './civilCodeConcordance.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';

export interface Successor {
  /** The repealed law's title as the repealing clause names it, and the article cited (第一百零七条). */
  lawTitle: string;
  articleLabel: string;
  /** The rule the article laid down (违约责任), and whether 民法典 changed it in substance. */
  topic: string;
  changed: boolean;
  /** The 民法典 articles that hold the rule now, in the version chosen, the principal one first. */
  articles: StatuteArticle[];
  /** Set when `articles` hold the 款 or 项 cited (合同法第五十二条第五项 → 第一百五十三条) rather than the whole article. */
  part?: CitedUnit;
}

const PRC = '中华人民共和国';
/**
 * Everything up to the last word that introduces a citation (依据合同法第52条, 本案应引用合同法…, 违反了…), and a
 * word that joins it to another (和, 及), left out of a law's bare name before an article number.
 */
const UP_TO_CITING_VERB = /^.*(?:根据|依据|依照|按照|参照|参见|适用|违反|援引|引用|见|即)了?/;
const JOINING_WORD = /^(?:和|及|与|或)/;
/** 依, 按, 据, 照, 凭, 循: citing verbs of one character (并按合同法…), read only before a name the library knows. */
const SHORT_CITING_VERBS = new Set(['依', '按', '据', '照', '凭', '循']);
/** Where a bare law name before an article number starts: after punctuation or a space. */
const NAME_START = /[\s，。；：、！？!?,;:（）()“”"「」[\]]/;
/**
 * Only separators between a citation and the one before it (合同法第107条、第113条): the same law. Not a line
 * break: the next line's 第十条 is a contract's own heading more often than the same law's article.
 */
export const SAME_LAW_BETWEEN = /^[ \t\u3000、，,和及与或以]*$/;

/** A law's title without 中华人民共和国 (合同法), as it is cited. */
export function shortTitle(title: string): string {
  return title.startsWith(PRC) ? title.slice(PRC.length) : title;
}

/** Where the rule is now, for messages: 「《中华人民共和国民法典》第五百七十七条」, several joined by 、. */
export function successorWhere(s: Successor): string {
  const law = s.articles[0]!.lawTitle;
  return `${bookTitle(law)}${s.articles.map((a) => a.label).join('、')}`;
}

/** What is added where 民法典 changed the rule itself, not only its wording. */
export const CHANGED_IN_SUBSTANCE = { en: ', changed in substance', zh: '，规则有实质修改' } as const;

/** The sentence a citation's note ends with, in English and Chinese. */
export function successorSentence(s: Successor): { en: string; zh: string } {
  const where = successorWhere(s);
  return {
    en: `${partCited(s.part)?.en ?? 'its rule'} (${s.topic}) ${s.part?.several ? 'are' : 'is'} now ${where}${s.changed ? CHANGED_IN_SUBSTANCE.en : ''}`,
    zh: `${partCited(s.part)?.zh ?? '该条'}（${s.topic}）现对应${where}${s.changed ? CHANGED_IN_SUBSTANCE.zh : ''}`,
  };
}

/** 「the items cited」 / 「所引各项」, 「该款」: what the note calls the parts cited; null for the whole article. */
function partCited(part: CitedUnit | undefined): { en: string; zh: string } | null {
  if (!part) return null;
  const en = part.unit === '款' ? 'paragraph' : part.unit === '项' ? 'item' : 'part';
  return part.several ? { en: `the ${en}s cited`, zh: `所引各${part.unit}` } : { en: `the ${en} cited`, zh: `该${part.unit}` };
}

/** 第一百零七条 for article 107 (之一 for an inserted one). */
export function articleLabelOf(number: number, subNumber = 0): string {
  return `第${intToChinese(number)}条${subNumber ? `之${intToChinese(subNumber)}` : ''}`;
}

/**
 * The name of the law an article number follows in `text` when the parser knew no law of that name:
 * the title in 《》, else the words since the last punctuation less a citing verb (依据合同法第52条 → 合同法).
 */
export function typedLawBefore(text: string, ref: Pick<CitationRef, 'raw' | 'start'>, known?: (name: string) => boolean): string | null {
  const bracketed = /^《([^》]+)》/.exec(ref.raw);
  if (bracketed) return bracketed[1]!;
  const before = text.slice(Math.max(0, ref.start - 30), ref.start);
  const name = before.split(NAME_START).pop()!.replace(UP_TO_CITING_VERB, '').replace(JOINING_WORD, '').trim();
  if (!name) return null;
  return known && !known(name) ? afterShortVerb(name, known) ?? name : name;
}

/**
 * 并按合同法, 应依担保法: a one-character citing verb. Those characters also occur inside law names (护照法, 数据安全法), so
 * the words after one are taken for the name only when `known` knows them, the longest such name first.
 */
function afterShortVerb(name: string, known: (name: string) => boolean): string | null {
  for (let i = 0; i < name.length - 1; i++) {
    if (!SHORT_CITING_VERBS.has(name[i]!)) continue;
    const rest = name.slice(i + 1).replace(JOINING_WORD, '');
    if (rest && known(rest)) return rest;
  }
  return null;
}

/**
 * Of `refs`, the citations of `text` (parseCitations), those of a repealed law's article (合同法第52条, 《物权法》第一百零六条;
 * one after a 、 of the same law too), with the repeal the library records; `repealOf` answers for a typed name.
 */
export function repealedCitationsIn(
  text: string, refs: readonly CitationRef[], repealOf: (name: string) => Repeal | undefined,
): Map<CitationRef, Repeal> {
  const out = new Map<CitationRef, Repeal>();
  let previous: { end: number; repeal: Repeal | undefined } | null = null;
  for (const ref of refs) {
    let repeal: Repeal | undefined;
    if (ref.lawKeys.length === 0 && !ref.preamble) {
      const typed = typedLawBefore(text, ref, (name) => repealOf(name) !== undefined);
      repeal = typed ? repealOf(typed) : undefined;
      if (!repeal && previous?.repeal && SAME_LAW_BETWEEN.test(text.slice(previous.end, ref.start))) repeal = previous.repeal;
      if (repeal) out.set(ref, repeal);
    }
    previous = { end: ref.end, repeal };
  }
  return out;
}

/** Whether `asOf` falls before the repeal took effect, when the repealed law still governed (合同法 in 2020). */
export function beforeRepeal(repeal: Repeal, asOf: string | undefined): boolean {
  return !!asOf && !!repeal.effectiveDate && asOf < repeal.effectiveDate;
}
