import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiClient } from './api/client.js';
import { ApiContext } from './api/context.js';
import type { Transport } from './api/transport.js';
import { ConsultationView } from './features/consultation/ConsultationView.js';
import { HistoryList } from './features/history/HistoryList.js';
import { LibraryView } from './features/library/LibraryView.js';
import { SettingsView } from './features/settings/SettingsView.js';
import { StatuteLookup } from './features/statutes/StatuteLookup.js';
import { I18nContext, STRINGS } from './i18n.js';

type Tab = 'consult' | 'statutes' | 'library' | 'settings';

export function App({ transport }: { transport: Transport }) {
  const api = useMemo(() => new ApiClient(transport), [transport]);
  const [tab, setTab] = useState<Tab>('consult');
  const [lang, setLang] = useState<'zh' | 'en'>('zh');
  const [openId, setOpenId] = useState<number | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const [article, setArticle] = useState<{ id: number; seq: number } | null>(null);
  const lookupRef = useRef<HTMLInputElement>(null);
  const t = STRINGS[lang];

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
  const changed = useCallback(() => setHistoryKey((k) => k + 1), []);

  return (
    <ApiContext.Provider value={api}>
      <I18nContext.Provider value={t}>
        <div className="app" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
          <header>
            <strong>LexDesk</strong>
            <nav className="tabs" role="tablist">
              {(['consult', 'statutes', 'library', 'settings'] as const).map((k) => (
                <button key={k} role="tab" aria-selected={tab === k} className={tab === k ? 'active' : ''} onClick={() => setTab(k)} data-testid={`tab-${k}`}>
                  {t[k]}
                </button>
              ))}
            </nav>
          </header>
          <main>
            {tab === 'consult' && (
              <div className="with-history">
                <HistoryList openId={openId} refreshKey={historyKey} onOpen={setOpenId} />
                <ConsultationView key={openId ?? 'new'} openId={openId} onChanged={changed} onOpenArticle={openArticle} />
              </div>
            )}
            {tab === 'statutes' && <StatuteLookup ref={lookupRef} request={article} onOpen={openArticle} />}
            {tab === 'library' && <LibraryView />}
            {tab === 'settings' && <SettingsView onLanguage={setLang} />}
          </main>
        </div>
      </I18nContext.Provider>
    </ApiContext.Provider>
  );
}
