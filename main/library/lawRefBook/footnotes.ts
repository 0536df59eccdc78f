/**
 * LawRefBook's own footnotes. The collection prints a footnote of the official text as a paragraph of its own under
 * the article it annotates, opened by its circled number and a space (刑法 第四百五十二条: 「① 刑法、历次刑法修正案、
 * 涉及修改刑法的决定的施行日期，分别依据各法律所规定的施行日期确定。」). Read as a 款, it made the article say what
 * the statute does not. A circled number run into its text (「①达到最大分辨率时…」, 导弹…出口管制条例's list) is an
 * item of a list, not a footnote.
 */
const FOOTNOTE = /^[\u2460-\u2473]\s+\S/u;

/** Is this paragraph a footnote the collection printed under an article? */
export function isFootnote(paragraph: string): boolean {
  return FOOTNOTE.test(paragraph);
}
