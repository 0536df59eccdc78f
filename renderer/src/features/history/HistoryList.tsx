import { useEffect, useState } from 'react';
import type { ConsultationSummaryDto } from '../../../../preload/contract/index.js';
import { localDay, localTimeParts } from '../../../../preload/contract/localTime.js';
import { HostCallError } from '../../api/client.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { fill, useT } from '../../i18n.js';

interface Props {
  openId: number | null;
  refreshKey: number;
  onOpen(id: number | null): void;
}

/** When a consultation was last used, in local time: 11-28 16:41 this year, 2025-11-28 16:41 before; the stored text when it is no time. */
export function whenOf(stamp: string, now = new Date()): string {
  const at = localTimeParts(stamp);
  if (!at) return stamp;
  return at.date.slice(0, 4) === localDay(now).slice(0, 4) ? `${at.date.slice(5)} ${at.time}` : `${at.date} ${at.time}`;
}

/** A title edited in place (Electron has no window.prompt); Enter or Save stores it, Escape or Cancel leaves it. */
function RenameField({ title, onSave, onCancel }: { title: string; onSave(title: string): void; onCancel(): void }) {
  const t = useT();
  const [value, setValue] = useState(title);
  const save = () => (value.trim() ? onSave(value.trim()) : onCancel());
  return (
    <form className="rename" onSubmit={(e) => { e.preventDefault(); save(); }}>
      <input autoFocus value={value} aria-label={t.rename} data-testid="rename-input" onChange={(e) => setValue(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && onCancel()} />
      <button type="submit" data-testid="rename-save">{t.save}</button>
      <button type="button" className="link" onClick={onCancel}>{t.cancel}</button>
    </form>
  );
}

/** Consultation history: search, open, rename, delete; a refused rename or delete says why. */
export function HistoryList({ openId, refreshKey, onOpen }: Props) {
  const api = useApi();
  const t = useT();
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<ConsultationSummaryDto[]>([]);
  const [tick, setTick] = useState(0);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.call('consult.list', { search: search || undefined }).then(setItems, (e: unknown) => setError(errorText(t, e)));
  }, [api, search, refreshKey, tick]);
  const refused = (e: unknown) => setError(e instanceof HostCallError && e.code === 'busy' ? t.deleteBusy : errorText(t, e));
  const rename = async (c: ConsultationSummaryDto, title: string) => {
    setError(null);
    try {
      await api.call('consult.rename', { id: c.id, title });
      setRenaming(null);
    } catch (e) {
      refused(e);
    }
    setTick((n) => n + 1);
  };
  const remove = async (c: ConsultationSummaryDto) => {
    if (!window.confirm(`${t.delete}「${c.title}」？`)) return;
    setError(null);
    try {
      await api.call('consult.delete', { id: c.id });
      if (openId === c.id) onOpen(null);
    } catch (e) {
      refused(e);
    }
    setTick((n) => n + 1);
  };
  return (
    <nav className="history" data-testid="history">
      <button className="primary" onClick={() => onOpen(null)} data-testid="new-consultation">{t.newConsultation}</button>
      <input type="search" placeholder={t.searchHistory} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="history-search" />
      {error && <div className="error" data-testid="history-error">{error}</div>}
      <ul>
        {items.map((c) => (
          <li key={c.id} className={c.id === openId ? 'selected' : ''} data-testid="history-item" aria-current={c.id === openId ? 'true' : undefined}>
            {renaming === c.id ? (
              <RenameField title={c.title} onSave={(title) => void rename(c, title)} onCancel={() => setRenaming(null)} />
            ) : (
              <>
                <div className="entry">
                  <button className="link title" onClick={() => onOpen(c.id)} title={c.title}>{c.title}</button>
                  {/* The same question asked for another date or place is another matter: said beside its title. */}
                  {(c.asOf || c.place) && <span className="badge" data-testid="history-setting">{[c.asOf && fill(t.historyAsOf, { date: c.asOf }), c.place].filter(Boolean).join(' · ')}</span>}
                  {/* Two consultations opened with the same words are told apart by when they were last used. */}
                  <span className="muted meta" data-testid="history-meta" title={fill(t.historyTurns, { n: String(c.turns) })}>{fill(t.historyMeta, { n: String(c.turns), when: whenOf(c.updatedAt) })}</span>
                </div>
                <button className="link" onClick={() => { setError(null); setRenaming(c.id); }} aria-label={t.rename} data-testid="rename">✎</button>
                <button className="link" onClick={() => void remove(c)} aria-label={t.delete} data-testid="delete">✕</button>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
