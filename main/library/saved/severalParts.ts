/**
 * Several 款 saved as one entry (公司法 2018 第二十条第二款、第三款) are followed each by its own words, since a revision
 * may send them to different articles: 第二款 is 2023's 第二十一条第二款 (amended), 第三款 its 第二十三条第一款 (the same).
 * What the entry then says is put together here from where each 款 stands.
 */
import type { DiffPart } from '../versions/textDiff.js';

/** Where one 款 or 项 of several saved together stands in the version followed. */
export interface SavedPartNow {
  /** The 款 or 项 as saved: 「第二款」. */
  part: string;
  /** Its words as saved. */
  text: string;
  /** Where that version holds it (with the 款 or 项 there, 第二十三条第一款); null when it holds none. */
  now: { articleId: number; label: string; match: 'identical' | 'amended' | 'partly' } | null;
  /** From the words saved to the words there; null when the same or none. */
  diff: DiffPart[] | null;
}

type Standing = 'carried' | 'renumbered' | 'amended' | 'dropped';

/**
 * The entry's state and what it says after `lead` (「收藏的 2018-10-26 版已被修订」), the version read being `version`
 * (「 2023-12-29 版」): carried when each part stands word for word where it stood, renumbered when each is word for word
 * somewhere, dropped when none is held, else amended (a part changed, partly carried over, or gone).
 */
export function severalPartsSaid(each: readonly SavedPartNow[], label: string, lead: { en: string; zh: string }, version: { en: string; zh: string }): { state: Standing; message: string; messageZh: string } {
  const found = each.filter((p) => p.now);
  if (!found.length) return { state: 'dropped', message: `${lead.en}; ${version.en}, in force, holds none of ${each.map((p) => p.part).join(', ')}.`, messageZh: `${lead.zh}；现行${version.zh}中没有对应条文。` };
  const same = found.length === each.length && found.every((p) => p.now!.match === 'identical');
  const inPlace = same && each.every((p) => p.now!.label === `${label}${p.part}`);
  const state: Standing = inPlace ? 'carried' : same ? 'renumbered' : 'amended';
  if (inPlace) return { state, message: `${lead.en}; ${version.en}, in force, keeps ${each.map((p) => p.part).join(', ')} word for word.`, messageZh: `${lead.zh}；现行${version.zh}${label}${each.map((p) => p.part).join('、')}内容相同。` };
  const changes = each.some((p) => p.diff) ? '（见差异）' : '';
  return {
    state,
    message: `${lead.en}; in ${version.en}, in force, ${each.map(partEn).join('; ')}${changes ? ' (see the changes)' : ''}.`,
    messageZh: `${lead.zh}；现行${version.zh}中，${each.map(partZh).join('；')}${changes}。`,
  };
}

function partZh({ part, now }: SavedPartNow): string {
  if (!now) return `${part}没有对应条文`;
  return now.match === 'identical' ? `${part}对应${now.label}，内容相同` : now.match === 'amended' ? `${part}对应${now.label}，内容有修改` : `${part}部分内容在${now.label}`;
}

function partEn({ part, now }: SavedPartNow): string {
  if (!now) return `${part} is held nowhere`;
  return now.match === 'identical' ? `${part} is ${now.label} word for word` : now.match === 'amended' ? `${part} is ${now.label}, amended` : `part of ${part} is in ${now.label}`;
}

/** The changes of each part, one after another, each on a line of its own (what a reader without `partsNow` shows). */
export function joinedDiff(each: readonly SavedPartNow[]): DiffPart[] | null {
  const diffs = each.flatMap((p) => (p.diff ? [p.diff] : []));
  return diffs.length ? diffs.flatMap((d, i) => (i ? [[0, '\n'] as DiffPart, ...d] : d)) : null;
}
