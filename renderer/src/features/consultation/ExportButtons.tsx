import { useState } from 'react';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { downloadFile } from '../../components/download.js';
import { useT } from '../../i18n.js';

const FORMATS = [['md', 'Markdown'], ['docx', 'Word'], ['pdf', 'PDF']] as const;

/** Export the consultation (or one turn) as a cited report; the file downloads through the page. */
export function ExportButtons({ consultationId, turn }: { consultationId: number; turn?: number }) {
  const api = useApi();
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: 'md' | 'docx' | 'pdf') => {
    setBusy(format);
    setError(null);
    try {
      downloadFile(await api.call('report.export', { consultationId, format, turn }));
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="export" data-testid={turn ? 'export-turn' : 'export-consultation'}>
      {t.export}
      {FORMATS.map(([f, name]) => (
        <button key={f} className="link" disabled={busy !== null} onClick={(e) => { e.stopPropagation(); void run(f); }} data-testid={`export-${f}`}>
          {busy === f ? '…' : name}
        </button>
      ))}
      {error && <span className="bad" data-testid="export-error">{error}</span>}
    </span>
  );
}
