import { useCallback, useEffect, useState } from 'react';
import type { SavedArticleDto, SavedListDto } from '../../../../preload/contract/index.js';
import { MAX_SAVED_NOTE_CHARS } from '../../../../preload/contract/limits.js';
import { localDay } from '../../../../preload/contract/localTime.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { downloadFile } from '../../components/download.js';
import { fill, useT } from '../../i18n.js';
import { Changes } from '../statutes/Changes.js';
import { bookTitle, citedLabel } from '../../../../preload/contract/citationLine.js';
import { savedMatches } from './savedFilter.js';

interface Props {
  onOpen(id: number): void;
  /** Changes each time the tab is shown: the list is read again (an article saved meanwhile, an import since). */
  refreshKey: number;
}

/** 收藏夹: saved articles by folder, each with its note and what the library has made of it since it was saved. */
export function SavedView({ onOpen, refreshKey }: Props) {
  const t = useT();
  const api = useApi();
  /** The folder shown; null for all of them. */
  const [folder, setFolder] = useState<string | null>(null);
  const [list, setList] = useState<SavedListDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Words to narrow the list by: in the law's title, the article's number, its text, note or folder. */
  const [filter, setFilter] = useState('');
  const load = useCallback(() => {
    api.call('saved.list', folder === null ? {} : { folder }).then((r) => {
      setError(null);
      // A folder emptied (its last article removed here or elsewhere) is gone: show them all.
      if (folder !== null && !r.folders.some((f) => f.name === folder)) setFolder(null);
      else setList(r);
    }, (e: unknown) => setError(errorText(t, e)));
  }, [api, folder, t]);
  useEffect(load, [load, refreshKey]);
  const fail = (e: unknown) => setError(errorText(t, e));
  const download = (format: 'md' | 'docx') => {
    setError(null);
    api.call('saved.export', { ...(folder === null ? {} : { folder }), format }).then(downloadFile, fail);
  };
  if (!list) return error ? <p className="error" role="alert">{error}</p> : null;
  const attention = list.items.filter((s) => s.attention).length;
  const words = filter.trim().split(/\s+/).filter(Boolean);
  const shown = words.length ? list.items.filter((s) => savedMatches(s, words)) : list.items;
  return (
    <section className="saved-view" data-testid="saved-view">
      <nav className="saved-folders" data-testid="saved-folders">
        <button className={folder === null ? 'active' : ''} onClick={() => setFolder(null)}>{t.allSaved}</button>
        {list.folders.map((f) => (
          <button key={f.name} className={folder === f.name ? 'active' : ''} onClick={() => setFolder(f.name)} data-testid="saved-folder">
            {f.name || t.unfiled} <span className="muted">{f.count}</span>
          </button>
        ))}
      </nav>
      {error && <p className="error" role="alert">{error}</p>}
      {list.items.length === 0 ? (
        <p className="muted" data-testid="saved-empty">{t.savedEmpty}</p>
      ) : (
        <>
          <p className="meta" data-testid="saved-summary">
            {fill(t.savedCount, { n: list.items.length })}{attention > 0 && ` · ${fill(t.savedAttention, { n: attention })}`}
            {' · '}{t.savedExport}
            <button className="link" onClick={() => download('docx')} data-testid="saved-export-docx">Word</button>{' / '}
            <button className="link" onClick={() => download('md')} data-testid="saved-export-md">Markdown</button>
          </p>
          <input type="search" value={filter} placeholder={t.savedFilter} aria-label={t.savedFilter} onChange={(e) => setFilter(e.target.value)} data-testid="saved-filter" />
          <ul className="saved-items">
            {shown.map((s) => <SavedItem key={s.id} item={s} showFolder={folder === null} onOpen={onOpen} onChanged={load} onError={fail} />)}
          </ul>
        </>
      )}
    </section>
  );
}

interface ItemProps {
  item: SavedArticleDto;
  showFolder: boolean;
  onOpen(id: number): void;
  onChanged(): void;
  onError(e: unknown): void;
}

function SavedItem({ item, showFolder, onOpen, onChanged, onError }: ItemProps) {
  const t = useT();
  const api = useApi();
  const [note, setNote] = useState<string | null>(null);
  const [changes, setChanges] = useState(false);
  const ok = !item.attention;
  const saveNote = () => {
    if (note === null) return;
    api.call('saved.update', { id: item.id, note }).then(() => { setNote(null); onChanged(); }, onError);
  };
  return (
    <li className="saved-item" data-testid="saved-item" data-state={item.state}>
      <div>
        {item.articleId !== null
          ? <button className="link" onClick={() => onOpen(item.articleId!)} data-testid="saved-open">{bookTitle(item.lawTitle)}{citedLabel(item)}{item.part}</button>
          : <strong>{bookTitle(item.lawTitle)}{citedLabel(item)}{item.part}</strong>}
        <span className="muted">（{item.publishDate ?? '—'}）{item.articleId === null && t.savedGone}</span>
        {showFolder && <span className="badge">{item.folder || t.unfiled}</span>}
        <span className={`badge ${ok ? 'ok' : 'warn'}`} data-testid="saved-state">{t.lang === 'zh' ? item.messageZh : item.message}</span>
      </div>
      {item.partsNow ? (
        // Several 款 saved together: where each went (第二款 → 第二十一条第二款, 第三款 → 第二十三条第一款).
        <div className="muted">
          {t.savedOpenNow}{item.now?.publishDate ?? ''}{item.partsNow.map((p, i) => (
            <span key={i} data-testid="saved-part-now">{i ? t.listSeparator : ' '}{p.part} → {p.now
              ? <button className="link" onClick={() => onOpen(p.now!.articleId)} data-testid="saved-open-now">{p.now.label}</button>
              : '—'}</span>
          ))}
        </div>
      ) : item.now && (
        <div className="muted">
          {t.savedOpenNow}<button className="link" onClick={() => onOpen(item.now!.articleId)} data-testid="saved-open-now">{item.now.publishDate ?? ''} {item.now.label}</button>
        </div>
      )}
      {item.upcoming && <div className="muted" data-testid="saved-upcoming">→ {item.upcoming.publishDate} {item.upcoming.label}</div>}
      {item.asOf && (
        <div className={item.dated?.differs ? 'notice' : 'muted'} data-testid="saved-as-of">
          {fill(t.savedAsOf, { date: item.asOf })}{item.dated && `${t.lang === 'zh' ? '；' : '; '}${t.lang === 'zh' ? item.dated.zh : item.dated.en}`}
          {item.dated?.then && <div data-testid="saved-text-then">{fill(t.textThen, { date: item.asOf, source: item.dated.then.source, effective: item.dated.then.effective })}{item.dated.then.text}</div>}
        </div>
      )}
      <p className="text saved-text"><SavedText text={item.text} part={item.partText} /></p>
      {item.diff && (
        <>
          <button className="link" onClick={() => setChanges(!changes)} data-testid="saved-changes">{changes ? t.savedHideChanges : t.savedShowChanges}</button>
          {changes && <Changes parts={item.diff} />}
        </>
      )}
      {note === null ? (
        <div className="saved-note">
          {item.note && <p data-testid="saved-note"><strong>{t.savedNote}：</strong>{item.note}</p>}
          <span className="muted">{fill(t.savedWhen, { date: localDay(item.savedAt) })}</span>{' '}
          <button className="link" onClick={() => setNote(item.note)} data-testid="saved-edit-note">{t.savedEditNote}</button>{' · '}
          <button className="link" onClick={() => void api.call('saved.remove', { id: item.id }).then(onChanged, onError)} data-testid="saved-remove">{t.savedRemove}</button>
        </div>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); saveNote(); }}>
          <textarea value={note} maxLength={MAX_SAVED_NOTE_CHARS} rows={3} aria-label={t.savedNote} onChange={(e) => setNote(e.target.value)} data-testid="saved-note-input" />
          <button type="submit" data-testid="saved-note-save">{t.savedSaveNote}</button>
          <button type="button" onClick={() => setNote(null)}>{t.saveCancel}</button>
        </form>
      )}
    </li>
  );
}

/**
 * The article's text with the 款 or 项 saved in bold (公司法 第二十条 saved for its 第三款), as the export prints it: each
 * line of the words saved where it stands, in order (第一款、第三款 are two runs); the text plain when one is not there.
 */
function SavedText({ text, part }: { text: string; part: string | null }) {
  const spans: Array<[number, number]> = [];
  let at = 0;
  for (const line of (part ?? '').split('\n').map((l) => l.trim()).filter(Boolean)) {
    const from = text.indexOf(line, at);
    if (from < 0) return <>{text}</>;
    at = from + line.length;
    spans.push([from, at]);
  }
  let shown = 0;
  const pieces = spans.flatMap(([from, to], i) => {
    const before = text.slice(shown, from);
    shown = to;
    return [before, <strong key={i} data-testid="saved-part">{text.slice(from, to)}</strong>];
  });
  return <>{pieces}{text.slice(shown)}</>;
}
