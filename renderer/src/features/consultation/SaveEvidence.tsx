import { useState } from 'react';
import type { Evidence } from '../../../../preload/contract/index.js';
import { MAX_SAVED_FOLDER_CHARS, savedFolderName } from '../../../../preload/contract/limits.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { useT } from '../../i18n.js';
import { savedPartText } from '../saved/savedPartText.js';

/** The article as the turn stored it: what saved.add checks the id against, and what saved.ofEvidence looks up. */
export function shownArticle(e: Evidence) {
  return { lawTitle: e.lawTitle, label: e.articleLabel, publishDate: e.publishDate, province: e.province };
}

export interface SavedIn {
  folder: string;
  part: string | null;
}

interface Props {
  evidence: Evidence;
  /** The consultation's title: the folder ☆ saves to. */
  folder: string;
  /** The folders already holding this article (this version), each with the 款 or 项 saved there (null: the whole article); null until read. */
  savedIn: SavedIn[] | null;
  /** Where the answer named 款 or 项 of it (citedSpansToSave): ☆ saves those. */
  citedSpans: Array<[number, number]>;
  onSaved(saved: SavedIn): void;
}

/**
 * ☆ beside an evidence article: saves it (the version the turn stored) to a folder named after the consultation,
 * where the 收藏夹 tab lists it with the matter's other articles — the 款 the answer named (「依《公司法》第二十条第三款」)
 * where it named some. ★ with what of it the folder holds (★ 第一款 · 张三案, ★ 全文 · 张三案) once it, or a 款 of it, is
 * there; an article saved only to other folders shows them so, with ☆ to save it here too.
 */
export function SaveEvidence({ evidence, folder, savedIn, citedSpans, onSaved }: Props) {
  const t = useT();
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  // As the host will store it, so that ★ knows it there: 「股东能否转让股权 ？」's space before ？ stays one, a trailing one goes.
  const name = savedFolderName(savedFolderName(folder).slice(0, MAX_SAVED_FOLDER_CHARS));
  const entries = savedIn ?? [];
  const folders = [...new Set(entries.map((e) => e.folder))];
  const shown = (f: string) => f || t.unfiled;
  // 张三案（第三款）: a folder holding only 款 of the article names them; one holding it whole, only itself.
  const held = (f: string) => entries.filter((e) => e.folder === f).map((e) => e.part);
  const named = (f: string) => (held(f).includes(null) ? shown(f) : `${shown(f)}（${held(f).join('、')}）`);
  // ★ 第一款 · 张三案, ★ 全文 · 张三案: what of the article the folder holds, then the folder.
  const star = (f: string) => `${savedPartText(t, held(f))} · ${shown(f)}`;
  const title = t.savedIn + folders.map(named).join(t.listSeparator);
  const save = () => {
    setError(null);
    api.call('saved.add', { articleId: evidence.articleId, folder: name, expected: shownArticle(evidence), ...(citedSpans.length ? { citedSpans } : {}) })
      .then((s) => onSaved({ folder: s.folder, part: s.part ?? null }), (e: unknown) => setError(errorText(t, e)));
  };
  if (folders.includes(name)) return <span className="badge ok" data-testid="evidence-saved" title={title}>★ {star(name)}</span>;
  return (
    <>
      {folders.length > 0 && <span className="badge muted" data-testid="evidence-saved-elsewhere" title={title}>★ {folders.map(star).join(t.listSeparator)}</span>}
      <button className="link" onClick={save} title={`${t.saveArticle} → ${shown(name)}`} data-testid="evidence-save">☆</button>
      {error && <span className="bad" role="alert">{error}</span>}
    </>
  );
}
