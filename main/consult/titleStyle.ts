/**
 * A writing note for a citation whose title holds another title in 《》 (《最高人民法院关于适用《中华人民共和国民法典》
 * 有关担保制度的解释》): the check reads it right, but the punctuation standard for Chinese (GB/T 15834—2011, 4.15)
 * writes the inner title in 〈〉. A note on style, with the form to write: no error, and no finding of its own.
 */

export interface TitleStyle {
  /** The citation as the text writes it. */
  written: string;
  /** The same with each inner title in 〈〉. */
  corrected: string;
  note: string;
  noteZh: string;
}

/** A 《 opened inside another 《…》. */
const INNER_OPENING = /《[^《》]*《/;

/** The note for a citation written `written` and read `read` (draftReading.ts puts inner titles in 〈〉), or null. */
export function titleStyleOf(written: string, read: string): TitleStyle | null {
  if (written === read || !INNER_OPENING.test(written) || written.length !== read.length) return null;
  return {
    written,
    corrected: read,
    note: `a title within a title is written in 〈〉 (GB/T 15834): ${read}`,
    noteZh: `书名号内的书名号应改用单书名号〈〉（GB/T 15834《标点符号用法》）：${read}`,
  };
}
