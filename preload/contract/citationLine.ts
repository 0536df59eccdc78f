/**
 * How an article copied with its source is cited (no imports: the page's bundle takes this file alone).
 * 「《中华人民共和国民法典》第一千一百六十五条（2020-05-28 版）」, with the version's status when it is not in force.
 */
export function citationLine(a: { lawTitle: string; label: string; kind?: string; publishDate: string | null; status: string }, statusWords: Readonly<Record<string, string>>): string {
  if (!a.publishDate) return `${bookTitle(a.lawTitle)}${citedLabel(a)}`;
  const status = a.status === 'current' ? '' : `，${statusWords[a.status] ?? a.status}`;
  return `${bookTitle(a.lawTitle)}${citedLabel(a)}（${a.publishDate} 版${status}）`;
}

/**
 * An article's number as a citation writes it. A document numbered 一、二、 rather than 第一条 (刑法修正案（十一）, a
 * 修改决定, some interpretations) is cited by 第八条, as judgments and the NPC's own texts cite it, not 「八、」, which no
 * citation reader takes; other items keep their mark (「1、」), a text kept whole or an appendix its name (全文, 附件).
 */
export function citedLabel(a: { label: string; kind?: string }): string {
  // A bare numeral is never an article's own label (第一条), so the label alone tells, where the kind is not at hand.
  if (/^[一二三四五六七八九十百零〇]+$/u.test(a.label)) return `第${a.label}条`;
  return a.kind === 'item' && a.label !== '全文' && a.label !== '附件' ? `${a.label}、` : a.label;
}

/**
 * A law's title in 书名号, as a citation writes it for a reader. A title within it takes single marks (GB/T 15834):
 * the library holds 最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释 as its source prints it, and
 * the citation reads 《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》. Levels alternate, so a
 * title within that one takes 《》 again; a title already holding 〈〉 keeps them. Each mark is replaced by one mark, so
 * the result is the title's length plus two, position for position.
 */
export function bookTitle(title: string): string {
  return `《${innerTitles(title)}》`;
}

/** A title's own marks one level down: the titles it names in 〈〉, a title named within those in 《》. */
function innerTitles(title: string): string {
  let depth = 0;
  let out = '';
  for (const ch of title) {
    if (ch === '《' || ch === '〈') {
      depth += 1;
      out += depth % 2 === 1 ? '〈' : '《';
    } else if (ch === '》' || ch === '〉') {
      out += depth % 2 === 1 || depth === 0 ? '〉' : '》';
      depth = Math.max(0, depth - 1);
    } else {
      out += ch;
    }
  }
  return out;
}
