import { rangeOf, type CitationRef } from '../library/citation/parseCitation.js';
import type { CitationResolver } from '../library/citation/resolver.js';
import { intToChinese } from '../../preload/contract/numerals.js';
import { joinNotes, type Note } from './auditNotes.js';

/** Numbers named one by one, up to this many; the rest are counted. */
const NAMED = 5;

/** What the ranges need of each citation checked: where it stands, as written, and the article it was read as. */
type Checked = { at?: number; marker: string; articleId: number | null; publishDate: string | null };

/**
 * The ranges a text cites (《劳动合同法》第三十六条至第五十条), each checked beyond its two ends: one written the wrong
 * way round (第五十条至第三十六条) is said with the order meant; one that crosses numbers the version of its ends has
 * no article of, or keeps only as 「（删去）」 (刑法 第一百九十八条至第二百条: 第一百九十九条 was deleted in 2015), is
 * said with those numbers. The notes go to the citation that closes each range, by its index in `checked`. One
 * query per range, whatever its span.
 */
export function rangeNotes(text: string, refs: readonly CitationRef[], checked: readonly Checked[], resolver: CitationResolver, asOf: string): Map<number, Note> {
  const index = new Map(checked.map((c, i) => [`${c.at}|${c.marker}`, i]));
  const notes = new Map<number, Note>();
  refs.forEach((from, i) => {
    const to = refs[i + 1];
    if (!to || !rangeOf(text, from, to)) return;
    const at = index.get(`${to.start}|${to.raw}`);
    if (at === undefined) return;
    const ends = [checked[index.get(`${from.start}|${from.raw}`) ?? -1], checked[at]!];
    const backwards = from.article > to.article || (from.article === to.article && from.subNumber > to.subNumber);
    const [lo, hi] = backwards ? [to, from] : [from, to];
    const [first, last] = ends.map((c) => c?.articleId ?? null);
    const inside = first != null && last != null && hi.article - lo.article > 1 ? resolver.rangeInside(first, last, lo.article, hi.article) : null;
    const written = text.slice(numberStart(from), to.end);
    let note = backwards ? reversed(written, lo, hi, text.slice(from.end, to.start).trim()) : null;
    if (inside?.missing.length) {
      const version = ends[1]!.publishDate;
      note = joinNotes(note, {
        en: `the range 「${written}」 crosses numbers the ${version ?? 'undated'} version has no article of: ${labels(inside.missing)}; check the range`,
        zh: `所引范围「${written}」内，该法${version ? ` ${version} 版` : ''}没有${labels(inside.missing)}，请核对条文范围`,
      });
    }
    // The law of a range whose law is only inferred (a bare range after a named law, 同法…) is the one its end was read as.
    const lawKey = from.lawKeys.length ? null : first != null ? resolver.lawKeyOfArticle(first) : null;
    const law = lawKey ? { ...from, lawName: null, lawKeys: [lawKey], versionYear: null } : from;
    const struck = inside?.struckOut.filter((n) => deletedThen(resolver, law, n, asOf)) ?? [];
    if (struck.length) {
      note = joinNotes(note, {
        en: `${labels(struck)} within the range 「${written}」 had been deleted by ${asOf}`,
        zh: `所引范围「${written}」内的${labels(struck)}在 ${asOf} 已删去`,
      });
    }
    if (note) notes.set(at, note);
  });
  return notes;
}

/** Where a citation's article number starts: past the law's name (《劳动合同法》第五十条 → 第五十条). */
function numberStart(ref: CitationRef): number {
  const afterName = ref.raw.lastIndexOf('》') + 1;
  const di = ref.raw.indexOf('第', afterName);
  return ref.start + (di >= 0 ? di : afterName);
}

/** 「第五十条至第三十六条」: the order it means, in the numerals it was written in. */
function reversed(written: string, lo: CitationRef, hi: CitationRef, between: string): Note {
  const arabic = /[0-9０-９]/.test(written);
  const label = (r: CitationRef) => `第${arabic ? r.article : intToChinese(r.article)}条${r.subNumber ? `之${intToChinese(r.subNumber)}` : ''}`;
  const meant = `${label(lo)}${between === '到' ? '到' : '至'}${label(hi)}`;
  return {
    en: `「${written}」 runs from the higher number to the lower: write 「${meant}」`,
    zh: `「${written}」条号前大后小，应写作「${meant}」`,
  };
}

/**
 * Whether the article kept as 「（删去）」 was deleted on `asOf`: the law's amendments say when (刑法 第一百九十九条 was
 * still law in 2014), for a range whose law is inferred as for one named; without any law to look it up in, the
 * version says so.
 */
function deletedThen(resolver: CitationResolver, from: CitationRef, n: number, asOf: string): boolean {
  if (!from.lawKeys.length) return true;
  const then = resolver.resolveRef({ ...from, article: n, subNumber: 0, paragraph: null, item: null, parts: [] }, { asOf });
  return then.ok ? then.gap === undefined : then.code === 'article-not-found' && !!then.notLaw;
}

function labels(numbers: readonly number[]): string {
  const named = numbers.slice(0, NAMED).map((n) => `第${intToChinese(n)}条`).join('、');
  return numbers.length > NAMED ? `${named}等 ${numbers.length} 条` : named;
}
