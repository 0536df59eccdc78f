import { useState } from 'react';
import type { Evidence } from '../../../../preload/contract/index.js';
import { MAX_SAVED_FOLDER_CHARS, savedFolderName } from '../../../../preload/contract/limits.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { useT } from '../../i18n.js';

/** The article as the turn stored it: what saved.add checks the id against, and what saved.ofEvidence looks up. */
export function shownArticle(e: Evidence) {
  return { lawTitle: e.lawTitle, label: e.articleLabel, publishDate: e.publishDate, province: e.province };
}

interface Props {
  evidence: Evidence;
  /** The consultation's title: the folder ☆ saves to. */
  folder: string;
  /** The folders already holding this article (this version); null until read. */
  savedIn: string[] | null;
  onSaved(folder: string): void;
}

/**
 * ☆ beside an evidence article: saves it (the version the turn stored) to a folder named after the consultation,
 * where the 收藏夹 tab lists it with the matter's other articles. ★ with the folder once it is there; an article
 * saved only to other folders shows them, with ☆ to save it here too.
 */
export function SaveEvidence({ evidence, folder, savedIn, onSaved }: Props) {
  const t = useT();
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  // As the host will store it, so that ★ knows it there: 「股东能否转让股权 ？」's space before ？ stays one, a trailing one goes.
  const name = savedFolderName(savedFolderName(folder).slice(0, MAX_SAVED_FOLDER_CHARS));
  const folders = savedIn ?? [];
  const shown = (f: string) => f || t.unfiled;
  const title = t.savedIn + folders.map(shown).join(t.listSeparator);
  const save = () => {
    setError(null);
    api.call('saved.add', { articleId: evidence.articleId, folder: name, expected: shownArticle(evidence) })
      .then((s) => onSaved(s.folder), (e: unknown) => setError(errorText(t, e)));
  };
  if (folders.includes(name)) return <span className="badge ok" data-testid="evidence-saved" title={title}>★ {shown(name)}</span>;
  return (
    <>
      {folders.length > 0 && <span className="badge muted" data-testid="evidence-saved-elsewhere" title={title}>★ {folders.map(shown).join(t.listSeparator)}</span>}
      <button className="link" onClick={save} title={`${t.saveArticle} → ${shown(name)}`} data-testid="evidence-save">☆</button>
      {error && <span className="bad" role="alert">{error}</span>}
    </>
  );
}
