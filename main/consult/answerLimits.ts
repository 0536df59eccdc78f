import { limitMismatches, sentenceAround } from './draftAmounts.js';

/**
 * A cap an answer states beside a citation that its article does not (draftAmounts.ts), for a consultation turn read
 * back: 「依照《商标法》第六十三条第三款，…判决给予三百万元以下的赔偿」 (the 2013 text's figure) beside the 2019 text's
 * 五百万元以下, which the report quoted in bold under it with no word. The answer's citations are found by their marker
 * ([6] or the citation as written) in the answer; each marker's first occurrence is read, as the audit reads it.
 */
export function answerLimitNotes(answer: string | null, citations: ReadonlyArray<{ marker: string; articleId: number | null; text: string | null }>): Array<{ marker: string; zh: string; en: string }> {
  if (!answer) return [];
  const out: Array<{ marker: string; zh: string; en: string }> = [];
  // A written citation and its [n] in one sentence are one article there: said once, for the first.
  const seen = new Set<string>();
  for (const c of citations) {
    if (c.articleId === null || !c.text || out.some((o) => o.marker === c.marker)) continue;
    const at = answer.indexOf(c.marker);
    if (at < 0) continue;
    const s = sentenceAround(answer, at, at + c.marker.length);
    const key = `${c.articleId}:${s.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const wrong = limitMismatches(answer.slice(s.start, s.end), [c.text]);
    if (wrong.length === 0) continue;
    const said = wrong.map((m) => `「${m.written}」`).join('、');
    const stated = [...new Set(wrong.flatMap((m) => m.stated))].map((x) => `「${x}」`).join('、');
    out.push({
      marker: c.marker,
      zh: `回答所写${said}与该条不符（该条为${stated}）；修改前的文本可能是这一数额，请核对所依据的版本`,
      en: `the answer states ${said}, which this article does not (it states ${stated}); an earlier text may have said so: check which version the figure comes from`,
    });
  }
  return out;
}
