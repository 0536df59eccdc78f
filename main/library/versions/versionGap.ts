/**
 * A law asked for as of a date the library holds no text of: LawRefBook keeps the texts of recent years only, so its
 * first 刑法 is the 2020-12-26 text and its first 民事诉讼法 that of 2021, while a matter of 2019 was governed by the
 * texts of that time. When the law was already law on that date — its history records it before the library's first
 * text —, that first text, the nearest the library has, stands in for the text of the time, and says so: lookups,
 * search as of a date, the consultation's evidence and the citation check all read it with `versionGap`'s note. A law
 * not yet adopted on the date (民法典 in 2019) has no stand-in: it did not apply.
 */

/** The library's earliest version of a law: its publication and effective dates, and its history (通过, 修正…). */
export interface FirstVersion {
  publishDate: string;
  effectiveDate: string | null;
  history: Array<{ date: string; event: string }>;
}

export interface GapNote {
  en: string;
  zh: string;
}

/** The history's dated events before the first text: the law's adoption and the amendments the library holds no text of. */
function earlierEvents(first: FirstVersion): Array<{ date: string; event: string }> {
  return first.history.filter((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.date) && h.date < first.publishDate);
}

/** Whether the first version stands in for the law as of `asOf`: the law was adopted by then, in a text the library lacks. */
export function standsIn(first: FirstVersion, asOf: string): boolean {
  return (first.effectiveDate ?? first.publishDate) > asOf && earlierEvents(first).some((h) => h.date <= asOf);
}

/**
 * The same rule in SQL, for search filters: the ids of the documents of the laws' first versions that stand in as of
 * `@asOf` (no version of the law in force then, and an event of its history before its first text and by that date).
 * Kept beside `standsIn`, which the tests hold it to.
 */
export const STAND_IN_DOCUMENTS_SQL = `SELECT f.id FROM documents f
  WHERE NOT EXISTS (SELECT 1 FROM documents g WHERE g.law_id = f.law_id
      AND (COALESCE(g.effective_date, g.publish_date) <= @asOf OR COALESCE(g.publish_date, '') < COALESCE(f.publish_date, '')))
    AND EXISTS (SELECT 1 FROM json_each(f.history) h
      WHERE json_extract(h.value, '$.date') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
        AND json_extract(h.value, '$.date') < COALESCE(f.publish_date, '') AND json_extract(h.value, '$.date') <= @asOf)`;

/**
 * Why a citation asked as of `asOf` was read in another version: the library holds no version of the law in force on
 * that date, so it was read in its first (`read`, published then). Either the law did not apply yet (民法典 as of
 * 2019), or the text of the time is not in the library, and the amendments since are listed from the law's history.
 * `use` words the Chinese for a check (按…版核对) or for a text shown in its place (此为…版).
 */
export function versionGap(first: FirstVersion, read: string | null, asOf: string, use: 'checked' | 'shown' = 'checked'): GapNote {
  const enacted = first.history[0]?.date ?? first.publishDate;
  const original = earlierEvents(first).length === 0;
  const effective = first.effectiveDate ?? first.publishDate;
  if ((original && asOf < effective) || asOf < enacted) {
    const from = original ? { en: ` and took effect on ${effective}`, zh: `，${effective} 起施行` } : { en: '', zh: '' };
    return {
      en: `this law was adopted on ${enacted}${from.en}: it did not apply yet on ${asOf}`,
      zh: `该法于 ${enacted} 通过${from.zh}，在 ${asOf} 尚未施行`,
    };
  }
  const since = first.publishDate
    ? { en: `its first is of ${first.publishDate}${effective !== first.publishDate ? `, in force ${effective}` : ''}`, zh: `最早的是 ${first.publishDate} 版${effective !== first.publishDate ? `，${effective} 施行` : ''}` }
    : { en: 'its first is undated', zh: '最早的版本未注明日期' };
  // The amendments between the date and the text read (a document's history may run past its own version).
  const changed = first.history.filter((h) => h.date > asOf && (!read || h.date <= read) && !/^施行$/.test(h.event)).map((h) => h.date);
  const amended = changed.length ? { en: `; amended since on ${changed.join(', ')}`, zh: `；该法此后经 ${changed.join('、')} 修改` } : { en: '', zh: '' };
  const version = read || 'undated';
  return {
    en: `the library holds no version of this law in force on ${asOf} (${since.en})${amended.en}; read in the ${version} version, which may differ from the text in force then`,
    zh: `法规库中没有该法在 ${asOf} 施行的版本（${since.zh}）${amended.zh}；${use === 'checked' ? `按 ${version} 版核对` : `此为 ${version} 版`}，当时施行的文本可能与此不同`,
  };
}

/** One note per law among `articles` that is read in place of its text of the date asked, in the order first met. */
export function lawsReadInPlace(articles: Array<{ id: number; lawId: number; lawTitle: string }>, gapOf: (id: number) => GapNote | null): Array<{ lawTitle: string; note: GapNote }> {
  const seen = new Set<number>();
  const out: Array<{ lawTitle: string; note: GapNote }> = [];
  for (const a of articles) {
    if (seen.has(a.lawId)) continue;
    seen.add(a.lawId);
    const note = gapOf(a.id);
    if (note) out.push({ lawTitle: a.lawTitle, note });
  }
  return out;
}

/** The note as a sentence of its own: capitalised, with its full stop. */
export function gapSentence(note: GapNote): GapNote {
  return { en: `${note.en.charAt(0).toUpperCase()}${note.en.slice(1)}.`, zh: `${note.zh}。` };
}
