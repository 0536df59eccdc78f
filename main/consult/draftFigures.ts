import { laterRevisionNote } from '../library/versions/laterRevisions.js';
import { limitMismatches, sentenceAround } from './draftAmounts.js';

/** What a citation of a draft needs for the notes added after its audit (draftCheck.ts). */
interface Checked {
  at?: number;
  marker: string;
  articleId: number | null;
  lawTitle: string | null;
  publishDate: string | null;
  text: string | null;
}

export interface ExtraNote {
  en: string;
  zh: string;
  /** Set for a law revised after the library's text (laterRevisions.ts): the revision's dates. */
  laterRevision?: { adopted: string; inForce: string; read: string };
  /** Set for a limit the sentence states that its articles do not (draftAmounts.ts). */
  limits?: Array<{ written: string; stated: string[] }>;
}

/**
 * Notes for a draft's citations beyond their audit, by index: a law revised after the library's newest text (the text
 * checked is no longer in force on the date), and a statutory limit its sentence states that the article does not.
 */
export function draftFigureNotes(text: string, citations: readonly Checked[], asOf: string): Map<number, ExtraNote> {
  const notes = new Map<number, ExtraNote>();
  const add = (i: number, note: ExtraNote): void => {
    const had = notes.get(i);
    notes.set(i, had ? { ...had, ...note, en: `${had.en}; ${note.en}`, zh: `${had.zh}；${note.zh}` } : note);
  };
  citations.forEach((c, i) => {
    const later = laterRevisionNote(c.lawTitle, c.publishDate, asOf);
    if (later) add(i, { en: later.en, zh: later.zh, laterRevision: { adopted: later.revision.adopted, inForce: later.revision.inForce, read: later.read } });
  });
  // The citations of each sentence together: a limit fits when any article cited in the sentence states it.
  const bySentence = new Map<string, number[]>();
  citations.forEach((c, i) => {
    if (c.at === undefined || c.articleId === null || !c.text) return;
    const s = sentenceAround(text, c.at, c.at + c.marker.length);
    const key = `${s.start}:${s.end}`;
    bySentence.set(key, [...(bySentence.get(key) ?? []), i]);
  });
  for (const [key, members] of bySentence) {
    const [start, end] = key.split(':').map(Number) as [number, number];
    const sentence = text.slice(start, end);
    const texts = members.map((i) => citations[i]!.text!);
    const wrong = limitMismatches(sentence, texts);
    if (wrong.length === 0) continue;
    for (const i of members) {
      const own = limitMismatches(sentence, [citations[i]!.text!]).filter((m) => wrong.some((w) => w.written === m.written));
      if (own.length === 0) continue;
      const said = own.map((m) => `「${m.written}」`).join('、');
      const stated = [...new Set(own.flatMap((m) => m.stated))].map((s) => `「${s}」`).join('、');
      add(i, {
        en: `the text states ${said}, which this article does not (it states ${stated}); an earlier text may have said so: check which version the figure comes from`,
        zh: `文中所写${said}与该条不符（该条为${stated}）；修改前的文本可能是这一数额，请核对所依据的版本`,
        limits: own,
      });
    }
  }
  return notes;
}
