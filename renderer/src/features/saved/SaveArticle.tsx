import { useEffect, useState } from 'react';
import type { ArticleDetailDto, ArticleDto, PartToSaveDto } from '../../../../preload/contract/index.js';
import { MAX_SAVED_FOLDER_CHARS, MAX_SAVED_NOTE_CHARS } from '../../../../preload/contract/limits.js';
import { bookTitle } from '../../../../preload/contract/citationLine.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { fill, useT } from '../../i18n.js';
import { savedPartText } from './savedPartText.js';

type Saved = NonNullable<ArticleDetailDto['saved']>;

interface Props {
  article: ArticleDto;
  saved: Saved;
  refreshKey?: number;
  asOf?: string;
  /** The 款 or 项 the lookup named (公司法第二十条第三款), which ☆ saves; the whole article when absent. */
  parts?: Array<{ paragraph: number; items: number[] }>;
  /** What saving `parts` keeps, as the saved list names it (「第三款」); null: the whole article. */
  savesPart?: string | null;
  /** A 款 the article lacks that the version before had (ArticleDetailDto.olderPart): the two to choose from instead. */
  olderPart?: ArticleDetailDto['olderPart'];
  /** A citation of a version year the library lacks (ArticleDetailDto.olderYear): where its provision is now, or that number, to choose from. */
  olderYear?: ArticleDetailDto['olderYear'];
}

/**
 * ☆ 收藏 under an article: the folders it is saved in (each removable, with what of it each holds: 第三款, 全文), and a
 * small form to save it to another: the 款 or 项 the lookup named (`parts`, 公司法第二十条第三款), else the whole article.
 * The button says which it saves and whether that is saved already (★ 已收藏第三款). For a 款 the article lacks and its
 * earlier version had (ArticleDetailDto.olderPart), the form asks which of the two to save and saves nothing until told.
 */
export function SaveArticle({ article, saved: initial, refreshKey, asOf, parts, savesPart, olderPart, olderYear }: Props) {
  const t = useT();
  const api = useApi();
  const [saved, setSaved] = useState<Saved>(initial);
  const [form, setForm] = useState<{ folder: string; note: string; pick: 'earlier' | 'now' | 'same' | null } | null>(null);
  const [folders, setFolders] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** Saved as another article than the one shown (an earlier version's 款, or where it stands now): what, and where. */
  const [savedOther, setSavedOther] = useState<string | null>(null);
  useEffect(() => setSaved(initial), [initial]);
  // Shown again (the statutes tab chosen after the 收藏夹 tab may have removed or moved it): read where it is saved now.
  const [seenKey] = useState(refreshKey);
  useEffect(() => {
    if (refreshKey === undefined || refreshKey === seenKey) return;
    api.call('saved.ofArticle', { articleId: article.id }).then(setSaved, () => undefined);
  }, [api, article.id, refreshKey, seenKey]);
  const target = parts?.length ? savesPart ?? null : null;
  const targetText = target ?? t.savedWhole;
  const savedHere = saved.filter((s) => (s.part ?? null) === target);
  const open = () => {
    setForm({ folder: '', note: '', pick: null });
    setError(null);
    api.call('saved.folders', {}).then((r) => setFolders(r.map((f) => f.name).filter(Boolean)), () => undefined);
  };
  const save = () => {
    if (!form) return;
    const chosen = olderPart ? (form.pick === 'earlier' ? olderPart.earlier : form.pick === 'now' ? olderPart.now : null)
      : olderYear ? (form.pick === 'now' ? olderYear.now : form.pick === 'same' ? olderYear.sameNumber : null) : null;
    if ((olderPart || olderYear) && !chosen) return setError(t.olderPartPick);
    const what: Pick<PartToSaveDto, 'article' | 'parts'> = chosen ?? { article, parts: parts ?? [] };
    // The article as shown: an import since may have given its id to another one, and then nothing is saved. A note left
    // empty keeps the one the folder may already hold for it.
    const a = what.article;
    const expected = { lawTitle: a.lawTitle, label: a.label, publishDate: a.publishDate, province: a.province };
    api.call('saved.add', { articleId: a.id, folder: form.folder, ...(form.note.trim() ? { note: form.note } : {}), expected, ...(asOf ? { asOf } : {}), ...(what.parts.length ? { parts: what.parts } : {}) }).then((s) => {
      if (a.id === article.id) setSaved((cur) => [...cur.filter((x) => x.id !== s.id), { id: s.id, folder: s.folder, note: s.note, part: s.part ?? null }]);
      else setSavedOther(`★ ${bookTitle(a.lawTitle)}${a.label}${s.part ?? ''}（${a.publishDate ?? ''}）· ${s.folder || t.unfiled}`);
      setForm(null);
      // Saved: a 「choose first」 said before the choice is no longer so.
      setError(null);
    }, (e: unknown) => setError(errorText(t, e)));
  };
  const remove = (id: number) => {
    api.call('saved.remove', { id }).then(() => setSaved((cur) => cur.filter((x) => x.id !== id)), (e: unknown) => setError(errorText(t, e)));
  };
  const optionText = (p: PartToSaveDto, template: string) => fill(template, { date: p.article.publishDate ?? '', label: p.article.label, part: p.part ?? '' });
  return (
    <div className="save-article" data-testid="save-article">
      {saved.length > 0 && (
        <span data-testid="saved-in">
          {t.savedIn}
          {saved.map((s) => (
            <span key={s.id} className="badge ok saved-folder" title={s.note}>
              {s.folder || t.unfiled} · {savedPartText(t, [s.part ?? null])}{' '}
              <button className="link" onClick={() => remove(s.id)} aria-label={`${t.unsave} ${s.folder || t.unfiled} ${savedPartText(t, [s.part ?? null])}`} data-testid="unsave">×</button>
            </span>
          ))}
        </span>
      )}
      {!form && (olderPart || olderYear
        ? <button onClick={open} data-testid="save-open">{t.saveArticle}</button>
        : <button onClick={open} title={savedHere.length ? t.saveAnother : undefined} data-saved={savedHere.length > 0} data-testid="save-open">
          {fill(savedHere.length ? t.savedThis : t.saveThis, { part: targetText })}
        </button>)}
      {savedOther && <span className="badge ok" data-testid="saved-other">{savedOther}</span>}
      {form && (
        <form className="save-form" onSubmit={(e) => { e.preventDefault(); save(); }} data-testid="save-form">
          {olderPart && (
            <fieldset data-testid="older-part">
              <legend>{fill(t.olderPartNote, { label: article.label, part: olderPart.earlier.part ?? '', date: olderPart.earlier.article.publishDate ?? '', excerpt: clipped(olderPart.earlier.text) })}</legend>
              <label><input type="radio" name="older-part" checked={form.pick === 'earlier'} onChange={() => setForm({ ...form, pick: 'earlier' })} data-testid="older-part-earlier" />{optionText(olderPart.earlier, t.olderPartEarlier)}</label>
              {olderPart.now && <label><input type="radio" name="older-part" checked={form.pick === 'now'} onChange={() => setForm({ ...form, pick: 'now' })} data-testid="older-part-now" />{optionText(olderPart.now, t.olderPartNow)}</label>}
            </fieldset>
          )}
          {olderYear && (
            <fieldset data-testid="older-year-choice">
              <legend>{fill(t.olderYearPick, { cited: olderYear.cited, date: olderYear.madeOn, held: olderYear.held })}</legend>
              {olderYear.now && <label><input type="radio" name="older-year" checked={form.pick === 'now'} onChange={() => setForm({ ...form, pick: 'now' })} data-testid="older-year-now" />{optionText(olderYear.now, olderYear.now.how === 'table' ? t.olderYearNowTable : t.olderYearNowWords)}</label>}
              {olderYear.sameNumber && <label><input type="radio" name="older-year" checked={form.pick === 'same'} onChange={() => setForm({ ...form, pick: 'same' })} data-testid="older-year-same" />{optionText(olderYear.sameNumber, t.olderYearSame)}</label>}
            </fieldset>
          )}
          <input list="saved-folders" value={form.folder} maxLength={MAX_SAVED_FOLDER_CHARS} placeholder={t.saveFolder} aria-label={t.saveFolder}
            onChange={(e) => setForm({ ...form, folder: e.target.value })} data-testid="save-folder" />
          <datalist id="saved-folders">{folders.map((f) => <option key={f} value={f} />)}</datalist>
          <textarea value={form.note} maxLength={MAX_SAVED_NOTE_CHARS} rows={2} placeholder={t.saveNote} aria-label={t.saveNote}
            onChange={(e) => setForm({ ...form, note: e.target.value })} data-testid="save-note" />
          <button type="submit" data-testid="save-confirm">{t.saveConfirm}</button>
          <button type="button" onClick={() => setForm(null)}>{t.saveCancel}</button>
        </form>
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}

/** The first words of a 款, as the notes quote one. */
function clipped(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
