/**
 * A judicial interpretation's later adoptions read as what they are: amendments (修正).
 *
 * LawRefBook records each time the 审判委员会 (or a 检察委员会) adopted an interpretation as 「…会议通过」, so
 * 民诉法解释 reads as adopted three times (2014, 2020, 2022). The committee adopts an interpretation once; when it
 * adopts the same one again, it is adopting a decision that amends it (the official note: 「根据2020年12月23日最高人民法院
 * 审判委员会第1823次会议通过的《…决定》修正」). So a 通过 by a committee that had already adopted the text becomes
 * 「…会议修正」, the second and later ones numbered as the official notes number them (「第二次修正」).
 * A joint interpretation adopted by the court's and the procuratorate's committees is adopted once by each and stays.
 */
import type { HistoryEntry } from '../types.js';

/** The committees that adopt judicial interpretations (their 届 left out): 最高人民检察院第十三届检察委员会 → 最高人民检察院检察委员会. */
const COMMITTEE = /(最高人民法院|最高人民检察院)(?:第[^届会]{1,4}届)?(审判委员会|检察委员会)/gu;
const ORDINALS = ['', '', '第二次', '第三次', '第四次', '第五次', '第六次', '第七次', '第八次', '第九次'];

export function readoptionsAsAmendments(history: readonly HistoryEntry[]): HistoryEntry[] {
  const adopted = new Set<string>();
  let amendments = 0;
  return history.map((entry) => {
    const text = entry.event.replace(/\s+/gu, '');
    const committees = [...text.matchAll(COMMITTEE)].map((m) => `${m[1]}${m[2]}`);
    const again = /会议通过$/u.test(text) && committees.some((c) => adopted.has(c));
    // A joint adoption may take two lines, the court's meeting on one and 「…检察委员会…通过」 on the next: both adopted.
    for (const c of committees) adopted.add(c);
    if (!again) return entry;
    amendments += 1;
    return { ...entry, event: `${entry.event.replace(/通过\s*$/u, '')}${ORDINALS[amendments] ?? ''}修正` };
  });
}
