import { useEffect, useState } from 'react';
import type { ConsultationSummaryDto } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';
import { useT } from '../../i18n.js';

interface Props {
  openId: number | null;
  refreshKey: number;
  onOpen(id: number | null): void;
}

/** Consultation history: search, open, rename, delete. */
export function HistoryList({ openId, refreshKey, onOpen }: Props) {
  const api = useApi();
  const t = useT();
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<ConsultationSummaryDto[]>([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    void api.call('consult.list', { search: search || undefined }).then(setItems);
  }, [api, search, refreshKey, tick]);
  const rename = async (c: ConsultationSummaryDto) => {
    const title = window.prompt(t.rename, c.title);
    if (title?.trim()) await api.call('consult.rename', { id: c.id, title });
    setTick(tick + 1);
  };
  const remove = async (c: ConsultationSummaryDto) => {
    if (!window.confirm(`${t.delete}「${c.title}」？`)) return;
    await api.call('consult.delete', { id: c.id });
    if (openId === c.id) onOpen(null);
    setTick(tick + 1);
  };
  return (
    <nav className="history" data-testid="history">
      <button className="primary" onClick={() => onOpen(null)} data-testid="new-consultation">{t.newConsultation}</button>
      <input type="search" placeholder={t.searchHistory} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="history-search" />
      <ul>
        {items.map((c) => (
          <li key={c.id} className={c.id === openId ? 'selected' : ''} data-testid="history-item">
            <button className="link title" onClick={() => onOpen(c.id)}>{c.title}</button>
            <span className="muted">{c.turns}</span>
            <button className="link" onClick={() => void rename(c)} aria-label={t.rename}>✎</button>
            <button className="link" onClick={() => void remove(c)} aria-label={t.delete}>✕</button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
