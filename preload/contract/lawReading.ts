/**
 * How a law read whole (全文) is laid out — headings where a 编, 章 or 节 begins, then its articles — and its title note,
 * as `lexdesk read`, the whole-text download and the app's reader all show it (no imports: the page's bundle takes this file alone).
 */

interface ReadingSection {
  path: string[];
  part: string | null;
  articles: ReadonlyArray<{ id: number; label: string; kind: string; text: string; number?: number; subNumber?: number; notes?: readonly string[] }>;
}

/**
 * What marks a footnote the collection prints under an article (刑法 第四百五十二条's ① on the dates of its amendments) as
 * no statute text, wherever an article's text is shown or quoted: terminal, files, reports and the app (its zh wording).
 */
export const SOURCE_NOTE_ZH = '注（汇编所附注释，非条文内容）';

/** 「注（汇编所附注释，非条文内容）：① 刑法、历次刑法修正案…」 */
export function sourceNoteLine(note: string): string {
  return `${SOURCE_NOTE_ZH}：${note}`;
}

/** A heading (depth 0 for a 编 of a version in parts such as 民法典), or an article with its paragraphs. */
export type ReadingBlock = { kind: 'heading'; depth: number; text: string } | { kind: 'article'; id: number; label: string; articleKind: string; number: number; subNumber: number; paragraphs: string[]; notes: string[] };

export function readingBlocks(sections: readonly ReadingSection[]): ReadingBlock[] {
  const blocks: ReadingBlock[] = [];
  const offset = sections.some((s) => s.part) ? 1 : 0;
  let part: string | null = null;
  let path: string[] = [];
  for (const s of sections) {
    const newPart = s.part !== part;
    if (newPart && s.part) blocks.push({ kind: 'heading', depth: 0, text: s.part });
    // A heading is said again where it or one above it changes (民法典's 第一章 一般规定 in each 编).
    let changed = newPart;
    s.path.forEach((h, i) => {
      changed ||= path[i] !== h;
      if (changed) blocks.push({ kind: 'heading', depth: i + offset, text: h });
    });
    part = s.part;
    path = s.path;
    for (const a of s.articles) {
      // An appendix (刑法's 附件一 and 附件二) stands under a heading of its own, not numbered as an article.
      if (a.label === '附件') blocks.push({ kind: 'heading', depth: 0, text: '附件' });
      blocks.push({ kind: 'article', id: a.id, label: a.label, articleKind: a.kind, number: a.number ?? 0, subNumber: a.subNumber ?? 0, paragraphs: a.text.split('\n').filter((p) => p.trim()), notes: [...(a.notes ?? [])] });
    }
  }
  return blocks;
}

/** 第一条 reads 「第一条　…」, an amendment's item 「一、…」; a preamble stands under its own heading and has none. */
export function articleHead(kind: string, label: string): string {
  // A text kept whole as one article (刑法修正案（十）) is labelled 全文, which no printed text says.
  if (kind === 'preamble' || label === '全文' || label === '附件') return '';
  return kind === 'item' ? `${label}、` : `${label}　`;
}

/**
 * （2007年6月29日…通过　根据2012年12月28日…《关于修改〈…〉的决定》修正）, as official texts print it under the title: each
 * 修正 by a decision 「根据…」; a run of amending acts adopted on their own (刑法's 修正案, 宪法's) one 「根据…、…修正」; '' without a note.
 */
export function titleNote(history: ReadonlyArray<{ date: string; event: string }>): string {
  const parts: string[] = [];
  let acts: string[] = [];
  const flush = () => {
    if (acts.length) parts.push(`根据${acts.join('、')}修正`);
    acts = [];
  };
  for (const h of history) {
    const event = h.event.trim().replace(/</g, '〈').replace(/>/g, '〉');
    if (/^施行$|起施行$/.test(event)) continue;
    const said = `${dateZh(h.date)}${event}`;
    if (/通过的《[^》]+》$/u.test(event)) {
      acts.push(said);
      continue;
    }
    flush();
    parts.push(/》(第[一二三四五六七八九十]+次)?修正$/u.test(event) ? `根据${said}` : said);
  }
  flush();
  return parts.length ? `（${parts.join('　')}）` : '';
}

/** 2007-06-29 → 2007年6月29日; anything else as it is. */
function dateZh(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : date;
}

/** How an article read as of a date stood then, beside its text (刑法 第三百九十条 as of 2022: amended since). */
export function datedArticleNote(d: { standing: 'amended-since' | 'deleted-since' | 'not-yet' | 'deleted'; thenSource?: string }, asOf: string): { en: string; zh: string } {
  const then = d.thenSource ? { en: ` (the text of that date: ${d.thenSource})`, zh: `（当时的文本见${d.thenSource}）` } : { en: '', zh: '' };
  switch (d.standing) {
    case 'amended-since': return { en: `amended after ${asOf}; it read otherwise then${then.en}`, zh: `${asOf} 之后经修改，当时的文本与此不同${then.zh}` };
    case 'deleted-since': return { en: `deleted after ${asOf}`, zh: `${asOf} 之后删去` };
    case 'not-yet': return { en: `not yet in the law on ${asOf} (added later)`, zh: `${asOf} 尚无此条（其后增加）` };
    case 'deleted': return { en: `already deleted on ${asOf}`, zh: `${asOf} 已删去` };
  }
}
