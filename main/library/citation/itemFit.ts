/**
 * Which 项 of an article holds the words a citation of a 项 it lacks is given for: 「依据《民法典》第一千一百四十七条第
 * （七）项，遗产管理人应当实施与管理遗产有关的其他必要行为」 — 第一千一百四十七条 has six 项, and the words are its
 * 第（六）项. The check said only 「只有6项，没有第7项」; the reader then opened the article to find the number meant.
 * By character pairs (topicFit.ts cjkPairs): the item most of whose pairs the words hold, if it holds at least
 * ITEM_SHARE of them and no other item comes within ITEM_MARGIN.
 */
import type { StatuteArticle } from '../articles.js';
import { cjkPairs } from './topicFit.js';
import { intToChinese } from '../../../preload/contract/numerals.js';

/** Share of an item's character pairs the words must hold. */
const ITEM_SHARE = 0.6;
/** How far ahead of the next item the best must be. */
const ITEM_MARGIN = 0.2;
/** An item shorter than this many pairs is too short to tell (「（一）遗嘱人」). */
const MIN_PAIRS = 4;

export interface ItemHolding {
  paragraph: number;
  item: number;
  text: string;
  /** 「第（六）项」 when one 款 of the article has 项, else 「第二款第（三）项」. */
  label: string;
}

/** The 款 and 项 of `article` whose words `words` hold, or null when none clearly does. */
export function itemHolding(article: Pick<StatuteArticle, 'paragraphs'>, words: string): ItemHolding | null {
  const said = cjkPairs(words);
  const scored = article.paragraphs.flatMap((p, pi) => p.items.map((it, ii) => {
    const pairs = cjkPairs(it.text);
    let held = 0;
    for (const pair of pairs) if (said.has(pair)) held++;
    return { paragraph: pi + 1, item: it.number || ii + 1, text: it.text, share: pairs.size >= MIN_PAIRS ? held / pairs.size : 0 };
  })).sort((a, b) => b.share - a.share);
  const [best, next] = scored;
  if (!best || best.share < ITEM_SHARE || (next && best.share - next.share < ITEM_MARGIN)) return null;
  const oneList = article.paragraphs.filter((p) => p.items.length > 0).length === 1;
  const item = `第（${intToChinese(best.item)}）项`;
  return { paragraph: best.paragraph, item: best.item, text: best.text, label: oneList ? item : `第${intToChinese(best.paragraph)}款${item}` };
}

/**
 * The texts of the 款 and 项 a citation names (「第十一条第（十四）项」: that item's words; a 款 named without 项: the
 * 款 with its items); a 项 named without its 款 is read in the one 款 that has items. Empty when it names none, or
 * none the article holds. topicFit.ts weighs the words beside the citation against these too: a long article of
 * fifteen items (行政复议法 第十一条) fits a few words less well as a whole than a short one does that happens to
 * hold them (第五十三条, whose 项 「属于政府信息公开案件」 has the words of 第十一条 第（十四）项 too).
 */
export function citedPartTexts(article: Pick<StatuteArticle, 'paragraphs'>, parts: ReadonlyArray<{ paragraph: number | null; items: number[] }>): string[] {
  const listed = article.paragraphs.filter((p) => p.items.length > 0);
  const out: string[] = [];
  for (const part of parts) {
    const p = part.paragraph !== null ? article.paragraphs[part.paragraph - 1] : part.items.length && listed.length === 1 ? listed[0] : undefined;
    if (!p) continue;
    if (!part.items.length) out.push([p.text, ...p.items.map((it) => it.text)].join(''));
    else for (const n of part.items) {
      const it = p.items.find((x, i) => (x.number || i + 1) === n);
      if (it) out.push(it.text);
    }
  }
  return out;
}
