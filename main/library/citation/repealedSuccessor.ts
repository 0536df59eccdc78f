/**
 * A citation of an article of a civil law that 民法典 repealed (《合同法》第一百零七条), with where 民法典 holds its
 * rule now (civilCodeConcordance.ts) and how that is said. Also finds such citations in free text, for a search
 * typed as an old citation (合同法第52条) to list 民法典's articles instead of other laws' words.
 */
import type { StatuteArticle } from '../articles.js';
import { intToChinese } from '../numerals.js';
import { parseCitations, type CitationRef } from './parseCitation.js';
import type { LawNameIndex } from './aliases.js';
import type { Repeal } from './repealedLaws.js';

export interface Successor {
  /** The repealed law's title as the repealing clause names it, and the article cited (第一百零七条). */
  lawTitle: string;
  articleLabel: string;
  /** The rule the article laid down (违约责任), and whether 民法典 changed it in substance. */
  topic: string;
  changed: boolean;
  /** The 民法典 articles that hold the rule now, in the version chosen, the principal one first. */
  articles: StatuteArticle[];
}

const PRC = '中华人民共和国';
/** A citing verb or connective before a law's bare name (依据合同法第52条), left out of the name. */
const CITING_VERB = /^(?:根据|依据|依照|按照|参照|参见|适用|违反|援引|引用|(?:另|又|详|还)?见|即|和|及|与|或)/;
/** Where a bare law name before an article number starts: after punctuation or a space. */
const NAME_START = /[\s，。；：、！？!?,;:（）()“”"「」[\]]/;
/** Only separators between a citation and the one before it (合同法第107条、第113条): the same law. */
const SAME_LAW_BETWEEN = /^[\s、，,和及与或以]*$/;

/** 「合同法第一百零七条（违约责任）」, the law's name without 中华人民共和国. */
export function successorCited(s: Successor): string {
  return `${s.lawTitle.startsWith(PRC) ? s.lawTitle.slice(PRC.length) : s.lawTitle}${s.articleLabel}（${s.topic}）`;
}

/** Where the rule is now, for messages: 「《中华人民共和国民法典》第五百七十七条」, several joined by 、. */
export function successorWhere(s: Successor): string {
  const law = s.articles[0]!.lawTitle;
  return `《${law}》${s.articles.map((a) => a.label).join('、')}`;
}

/** The sentence a citation's note ends with, in English and Chinese. */
export function successorSentence(s: Successor): { en: string; zh: string } {
  const where = successorWhere(s);
  return {
    en: `its rule (${s.topic}) is now ${where}${s.changed ? ', changed in substance' : ''}`,
    zh: `该条（${s.topic}）现对应${where}${s.changed ? '，规则有实质修改' : ''}`,
  };
}

/** 第一百零七条 for article 107 (之一 for an inserted one). */
export function articleLabelOf(number: number, subNumber = 0): string {
  return `第${intToChinese(number)}条${subNumber ? `之${intToChinese(subNumber)}` : ''}`;
}

/**
 * The name of the law an article number follows in `text` when the parser knew no law of that name:
 * the title in 《》, else the words since the last punctuation less a citing verb (依据合同法第52条 → 合同法).
 */
export function typedLawBefore(text: string, ref: Pick<CitationRef, 'raw' | 'start'>): string | null {
  const bracketed = /^《([^》]+)》/.exec(ref.raw);
  if (bracketed) return bracketed[1]!;
  const before = text.slice(Math.max(0, ref.start - 30), ref.start);
  const name = before.split(NAME_START).pop()!.replace(CITING_VERB, '').trim();
  return name || null;
}

/**
 * Each citation in `text` of a repealed law's article (合同法第52条, 《物权法》第一百零六条; one after a 、 of the
 * same law too), with the repeal the library records; `repealOf` answers for a typed name.
 */
export function repealedCitationsIn(
  text: string, names: LawNameIndex, repealOf: (name: string) => Repeal | undefined,
): Array<{ ref: CitationRef; repeal: Repeal }> {
  const out: Array<{ ref: CitationRef; repeal: Repeal }> = [];
  let previous: { end: number; repeal: Repeal | undefined } | null = null;
  for (const ref of parseCitations(text, names, { ranges: 'expand' })) {
    let repeal: Repeal | undefined;
    if (ref.lawKeys.length === 0 && !ref.preamble) {
      const typed = typedLawBefore(text, ref);
      repeal = typed ? repealOf(typed) : undefined;
      if (!repeal && previous?.repeal && SAME_LAW_BETWEEN.test(text.slice(previous.end, ref.start))) repeal = previous.repeal;
      if (repeal) out.push({ ref, repeal });
    }
    previous = { end: ref.end, repeal };
  }
  return out;
}
