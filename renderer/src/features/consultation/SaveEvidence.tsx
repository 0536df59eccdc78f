import { useState } from 'react';
import type { Evidence } from '../../../../preload/contract/index.js';
import { MAX_SAVED_FOLDER_CHARS } from '../../../../preload/contract/limits.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { useT } from '../../i18n.js';

/**
 * ☆ beside an evidence article: saves it (the version the turn stored) to a folder named after the consultation,
 * where the 收藏夹 tab lists it with the matter's other articles.
 */
export function SaveEvidence({ evidence, folder }: { evidence: Evidence; folder: string }) {
  const t = useT();
  const api = useApi();
  const [state, setState] = useState<{ saved: string } | { error: string } | null>(null);
  const name = folder.slice(0, MAX_SAVED_FOLDER_CHARS);
  const save = () => {
    const expected = { lawTitle: evidence.lawTitle, label: evidence.articleLabel, publishDate: evidence.publishDate, province: evidence.province };
    api.call('saved.add', { articleId: evidence.articleId, folder: name, expected })
      .then((s) => setState({ saved: s.folder || t.unfiled }), (e: unknown) => setState({ error: errorText(t, e) }));
  };
  if (state && 'saved' in state) return <span className="badge ok" data-testid="evidence-saved" title={t.savedIn + state.saved}>★ {state.saved}</span>;
  return (
    <>
      <button className="link" onClick={save} title={`${t.saveArticle} → ${name || t.unfiled}`} data-testid="evidence-save">☆</button>
      {state && 'error' in state && <span className="bad" role="alert">{state.error}</span>}
    </>
  );
}
