import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiClient } from './api/client.js';
import { ApiContext } from './api/context.js';
import type { Transport } from './api/transport.js';
import { ConsultationView } from './features/consultation/ConsultationView.js';
import { HistoryList } from './features/history/HistoryList.js';
import { LibraryView } from './features/library/LibraryView.js';
import { SettingsView } from './features/settings/SettingsView.js';
import { StatuteLookup } from './features/statutes/StatuteLookup.js';
import { SavedView } from './features/saved/SavedView.js';
import { I18nContext, STRINGS } from './i18n.js';

type Tab = 'consult' | 'statutes' | 'saved' | 'library' | 'settings';

/**
 * Which consultation is on screen. open() is the user choosing one (or a new one) in the history: a fresh view.
 * adopt() is the view reporting the id the host gave the new consultation it started: the same view goes on.
 */
function useOpenConsultation() {
  const [shown, setShown] = useState<{ id: number | null; opening: number }>({ id: null, opening: 0 });
  const open = useCallback((id: number | null) => setShown((cur) => ({ id, opening: cur.opening + 1 })), []);
  const adopt = useCallback((id: number) => setShown((cur) => ({ ...cur, id })), []);
  return { id: shown.id, opening: shown.opening, open, adopt };
}

export function App({ transport }: { transport: Transport }) {
  const api = useMemo(() => new ApiClient(transport), [transport]);
  const [tab, setTab] = useState<Tab>('consult');
  const [lang, setLang] = useState<'zh' | 'en'>('zh');
  const [tabsShown, setTabsShown] = useState<ReadonlySet<Tab>>(() => new Set(['consult']));
  const consultation = useOpenConsultation();
  const [historyKey, setHistoryKey] = useState(0);
  /** Counts the times the saved articles' tab was shown, so that it reads them again each time. */
  const [savedShown, setSavedShown] = useState(0);
  const [statutesShown, setStatutesShown] = useState(0);
  const [consultShown, setConsultShown] = useState(0);
  const [article, setArticle] = useState<{ id: number; seq: number; outline?: boolean; read?: boolean } | null>(null);
  const lookupRef = useRef<HTMLInputElement>(null);
  const t = STRINGS[lang];
  // A tab is mounted when first shown and then only hidden: a draft, a streaming answer or a running import survives a tab change.
  useEffect(() => setTabsShown((shown) => (shown.has(tab) ? shown : new Set([...shown, tab]))), [tab]);
  useEffect(() => {
    if (tab === 'saved') setSavedShown((n) => n + 1);
    if (tab === 'statutes') setStatutesShown((n) => n + 1);
    if (tab === 'consult') setConsultShown((n) => n + 1);
  }, [tab]);
  const pane = (k: Tab, node: ReactNode) => (tabsShown.has(k) || tab === k) && <div className="pane" hidden={tab !== k} data-testid={`pane-${k}`}>{node}</div>;

  useEffect(() => {
    void api.call('settings.get', {}).then((s) => setLang(s.ui.language), () => undefined);
  }, [api]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setTab('statutes');
        setTimeout(() => lookupRef.current?.focus(), 0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openArticle = useCallback((id: number) => {
    setArticle((cur) => ({ id, seq: (cur?.seq ?? 0) + 1 }));
    setTab('statutes');
  }, []);
  /** A law from the catalogue: its first article, with the law's table of contents open. */
  const openLaw = useCallback((id: number) => {
    setArticle((cur) => ({ id, seq: (cur?.seq ?? 0) + 1, outline: true }));
    setTab('statutes');
  }, []);
  /** A law to read whole (全文), opened at `id`. */
  const readLaw = useCallback((id: number) => {
    setArticle((cur) => ({ id, seq: (cur?.seq ?? 0) + 1, read: true }));
    setTab('statutes');
  }, []);
  const changed = useCallback(() => setHistoryKey((k) => k + 1), []);

  return (
    <ApiContext.Provider value={api}>
      <I18nContext.Provider value={t}>
        <div className="app" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
          <header>
            <strong>LexDesk</strong>
            <nav className="tabs" role="tablist">
              {(['consult', 'statutes', 'saved', 'library', 'settings'] as const).map((k) => (
                <button key={k} role="tab" aria-selected={tab === k} className={tab === k ? 'active' : ''} onClick={() => setTab(k)} data-testid={`tab-${k}`}>
                  {t[k]}
                </button>
              ))}
            </nav>
          </header>
          <main>
            {pane(
              'consult',
              <div className="with-history">
                <HistoryList openId={consultation.id} refreshKey={historyKey} onOpen={consultation.open} />
                {/* Keyed by the opening, not the id: a new consultation learning its id mid-answer stays the same view. */}
                <ConsultationView key={consultation.opening} openId={consultation.id} onChanged={changed} onOpened={(id) => { consultation.adopt(id); changed(); }} onOpenArticle={openArticle} shown={consultShown} />
              </div>,
            )}
            {pane('statutes', <StatuteLookup ref={lookupRef} request={article} onOpen={openArticle} onRead={readLaw} onOpenLaw={openLaw} shown={statutesShown} />)}
            {pane('saved', <SavedView onOpen={openArticle} refreshKey={savedShown} />)}
            {pane('library', <LibraryView onOpenLaw={openLaw} onReadLaw={readLaw} />)}
            {pane('settings', <SettingsView onLanguage={setLang} />)}
          </main>
        </div>
      </I18nContext.Provider>
    </ApiContext.Provider>
  );
}
