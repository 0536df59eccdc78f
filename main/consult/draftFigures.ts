import type { CitationResolver } from '../library/citation/resolver.js';
import { laterRevisionNote } from '../library/versions/laterRevisions.js';
import { limitMismatches, sentenceAround } from './draftAmounts.js';

/** What a citation of a draft needs for the notes added after its audit (draftCheck.ts). */
interface Checked {
  at?: number;
  label?: string;
  noteZh?: string | null;
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
  /** Set for a 款 or 项 the article lacks in a law whose only text here is a revision: the revision's date. */
  olderNumbering?: string;
  /** Set for a limit the sentence states that its articles do not (draftAmounts.ts). */
  limits?: Array<{ written: string; stated: string[] }>;
}

/**
 * Notes for a draft's citations beyond their audit, by index: a law revised after the library's newest text (the text
 * checked is no longer in force on the date), and a statutory limit its sentence states that the article does not.
 */
export function draftFigureNotes(text: string, citations: readonly Checked[], asOf: string, resolver?: CitationResolver): Map<number, ExtraNote> {
  const notes = new Map<number, ExtraNote>();
  const add = (i: number, note: ExtraNote): void => {
    const had = notes.get(i);
    notes.set(i, had ? { ...had, ...note, en: `${had.en}; ${note.en}`, zh: `${had.zh}；${note.zh}` } : note);
  };
  citations.forEach((c, i) => {
    const later = laterRevisionNote(c.lawTitle, c.publishDate, asOf);
    if (later) add(i, { en: later.en, zh: later.zh, laterRevision: { adopted: later.revision.adopted, inForce: later.revision.inForce, read: later.read } });
  });
  // A 款 or 项 the article lacks, in a law whose first text here is a revision (著作权法's of 2020): the number may be the
  // text's from before it, which the library lacks (2010's 第四十八条第（一）项, infringing acts, is 2020's 第五十三条).
  if (resolver) {
    citations.forEach((c, i) => {
      // Only a 款 or 项 the article lacks: a number whose words fit another article already names it (与该法第五十四条相符),
      // and saying 「可能是修改前的条号」 of every such citation in an amended law (劳动合同法's 2012 text) would be noise.
      const missing = c.label === 'unresolvable' && c.articleId !== null;
      if (!missing || !c.lawTitle || !c.publishDate || c.noteZh?.startsWith('文中引用的是该法')) return;
      const revision = revisedFirstText(resolver, c.lawTitle, c.publishDate);
      if (revision) add(i, { en: `the library holds this law only as revised on ${revision}: the number may be one of the text before that revision`, zh: `法规库只有该法 ${revision} 修改后的文本，所引可能是修改前的条号，请对照当时的文本`, olderNumbering: revision });
    });
  }
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

/** The date of the revision that made the law's first text in the library, when `read` is that text; else null. */
function revisedFirstText(resolver: CitationResolver, lawTitle: string, read: string): string | null {
  const law = resolver.lawTitled(lawTitle);
  const first = law ? resolver.firstVersion(law.id) : null;
  if (!first || first.publishDate !== read) return null;
  const made = first.history.find((h) => h.date === read) ?? first.history.at(-1);
  const earlier = first.history.some((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.date) && h.date < read);
  return made && earlier && /修正|修订|修改/.test(made.event) ? made.date : null;
}
