import { evidenceMarkers, markerNumbers } from '../consult/citationAudit.js';

/**
 * The answer's markers point at the turn's evidence ([1], and lists such as [1、2] or [1,2]);
 * in a report they must point at the report's statute list. Each number becomes its own
 * [n] marker with the report's number; a number with no evidence behind it (the audit has
 * flagged it) becomes [?n], which no format turns into a link to some other statute.
 */
export function renumberMarkers(answer: string, refOf: (n: number) => number | null): string {
  return answer.replace(evidenceMarkers(), (_m, list: string) =>
    markerNumbers(list).map((n) => {
      const ref = refOf(n);
      return ref === null ? `[?${n}]` : `[${ref}]`;
    }).join(''));
}

/** A citation the answer wrote out (《劳动争议调解仲裁法》第二十七条, 第七十八条), in the order of the text, and its report number when it has one. */
export interface WrittenCitation {
  marker: string;
  /** Called once the text has reached it, so numbers are given in the order of the text; null when the report lists no article for it. */
  ref: () => number | null;
}

/**
 * The answer as a report prints it: its [n] markers renumbered (renumberMarkers), and every written citation of an
 * article the report lists followed by that article's number, so a client file links each article the answer rests on
 * to its text — 「依《劳动争议调解仲裁法》第二十七条[5]」 — and not only those it marked [n]. Written citations are found
 * in the answer in their order (the audit's), each after the one before; numbers sharing one 条 (「第三十八、四十六条」,
 * one marker for two citations) are each given after it. A number the text already gives right after is not repeated.
 */
export function reportAnswer(answer: string, written: readonly WrittenCitation[], refOf: (n: number) => number | null): string {
  const places: Array<{ at: number; ref: WrittenCitation['ref'] }> = [];
  let cursor = 0;
  let last: { marker: string; at: number } | null = null;
  for (const w of written) {
    const i = answer.indexOf(w.marker, cursor);
    if (i >= 0) {
      const at = i + w.marker.length;
      places.push({ at, ref: w.ref });
      cursor = at;
      last = { marker: w.marker, at };
    } else if (last?.marker === w.marker) places.push({ at: last.at, ref: w.ref });
  }
  let out = '';
  let from = 0;
  for (const p of places) {
    out += renumberMarkers(answer.slice(from, p.at), refOf);
    const ref = p.ref();
    if (ref !== null) out += `[${ref}]`;
    from = p.at;
  }
  out += renumberMarkers(answer.slice(from), refOf);
  // 「《劳动合同法》第八十二条[1]」 whose [1] is that very article: one number.
  return out.replace(/\[(\d+)\](?=\[\1\])/g, '');
}
