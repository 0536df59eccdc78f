import { useEffect, useState } from 'react';
import type { ArticleDetailDto, ArticleDto } from '../../../../preload/contract/index.js';
import { MAX_SAVED_FOLDER_CHARS, MAX_SAVED_NOTE_CHARS } from '../../../../preload/contract/limits.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { useT } from '../../i18n.js';

type Saved = NonNullable<ArticleDetailDto['saved']>;

/**
 * ☆ 收藏 under an article: the folders it is saved in (each removable, with the 款 saved where one was), and a small form
 * to save it to another: the 款 or 项 the lookup named (`parts`, 公司法第二十条第三款), else the whole article.
 */
export function SaveArticle({ article, saved: initial, refreshKey, asOf, parts }: { article: ArticleDto; saved: Saved; refreshKey?: number; asOf?: string; parts?: Array<{ paragraph: number; items: number[] }> }) {
  const t = useT();
  const api = useApi();
  const [saved, setSaved] = useState<Saved>(initial);
  const [form, setForm] = useState<{ folder: string; note: string } | null>(null);
  const [folders, setFolders] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setSaved(initial), [initial]);
  // Shown again (the statutes tab chosen after the 收藏夹 tab may have removed or moved it): read where it is saved now.
  const [seenKey] = useState(refreshKey);
  useEffect(() => {
    if (refreshKey === undefined || refreshKey === seenKey) return;
    api.call('saved.ofArticle', { articleId: article.id }).then(setSaved, () => undefined);
  }, [api, article.id, refreshKey, seenKey]);
  const open = () => {
    setForm({ folder: '', note: '' });
    setError(null);
    api.call('saved.folders', {}).then((r) => setFolders(r.map((f) => f.name).filter(Boolean)), () => undefined);
  };
  const save = () => {
    if (!form) return;
    // The article as shown: an import since may have given its id to another one, and then nothing is saved. A note left
    // empty keeps the one the folder may already hold for it.
    const expected = { lawTitle: article.lawTitle, label: article.label, publishDate: article.publishDate, province: article.province };
    api.call('saved.add', { articleId: article.id, folder: form.folder, ...(form.note.trim() ? { note: form.note } : {}), expected, ...(asOf ? { asOf } : {}), ...(parts?.length ? { parts } : {}) }).then((s) => {
      setSaved((cur) => [...cur.filter((x) => x.id !== s.id), { id: s.id, folder: s.folder, note: s.note, part: s.part ?? null }]);
      setForm(null);
    }, (e: unknown) => setError(errorText(t, e)));
  };
  const remove = (id: number) => {
    api.call('saved.remove', { id }).then(() => setSaved((cur) => cur.filter((x) => x.id !== id)), (e: unknown) => setError(errorText(t, e)));
  };
  return (
    <div className="save-article" data-testid="save-article">
      {saved.length > 0 && (
        <span data-testid="saved-in">
          {t.savedIn}
          {saved.map((s) => (
            <span key={s.id} className="badge ok saved-folder" title={s.note}>
              {s.folder || t.unfiled}{s.part ? ` · ${s.part}` : ''}{' '}
              <button className="link" onClick={() => remove(s.id)} aria-label={`${t.unsave} ${s.folder || t.unfiled}${s.part ? ` ${s.part}` : ''}`} data-testid="unsave">×</button>
            </span>
          ))}
        </span>
      )}
      {!form && <button onClick={open} data-testid="save-open">{t.saveArticle}</button>}
      {form && (
        <form className="save-form" onSubmit={(e) => { e.preventDefault(); save(); }} data-testid="save-form">
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
