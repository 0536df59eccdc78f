import { useEffect, useRef, useState } from 'react';
import type { ImportSummaryDto, LibraryStatusDto } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';
import { useT } from '../../i18n.js';

/** Import a collection with progress and cancel; what the library holds; embedding and execution provider. */
export function LibraryView() {
  const api = useApi();
  const t = useT();
  const [status, setStatus] = useState<LibraryStatusDto | null>(null);
  const [path, setPath] = useState('');
  const [packs, setPacks] = useState('');
  const [progress, setProgress] = useState<{ phase: string; done: number; total: number | null } | null>(null);
  const [summary, setSummary] = useState<ImportSummaryDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => void api.call('library.status', {}).then(setStatus, (e: Error) => setError(e.message));
  useEffect(refresh, [api]);
  // Events can arrive after the call returned: only a running job shows progress.
  const busy = useRef(false);
  useEffect(
    () =>
      api.subscribe((e) => {
        if (!busy.current) return;
        if (e.type === 'import') setProgress({ phase: e.phase, done: e.done, total: e.total });
        if (e.type === 'embed') setProgress({ phase: 'embed', done: e.done, total: e.total });
      }),
    [api],
  );
  const [embedded, setEmbedded] = useState<string | null>(null);
  /** One library job at a time (import or embedding): progress while it runs, its error, then a fresh status. */
  const runJob = async (phase: string, job: () => Promise<void>) => {
    setError(null);
    setProgress({ phase, done: 0, total: null });
    busy.current = true;
    try {
      await job();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      busy.current = false;
      setProgress(null);
      refresh();
    }
  };
  const embed = () =>
    runJob('embed', async () => {
      setEmbedded(null);
      const r = await api.call('library.embed', {});
      setEmbedded(`${r.embedded} 条新向量，${r.skipped} 条未变，用时 ${r.seconds.toFixed(1)} s`);
    });
  const run = () =>
    runJob('read', async () => {
      setSummary(null);
      const p = packs.trim();
      setSummary(await api.call('library.import', { path: path.trim(), packs: p ? (p === 'all' ? 'all' : p.split(/[,，、\s]+/)) : undefined }));
    });
  const pct = progress?.total ? Math.round((progress.done / progress.total) * 100) : null;

  return (
    <div className="library">
      <form className="import" onSubmit={(e) => { e.preventDefault(); void run(); }}>
        <input value={path} placeholder={t.importPath} onChange={(e) => setPath(e.target.value)} data-testid="import-path" />
        <input value={packs} placeholder={t.packs} onChange={(e) => setPacks(e.target.value)} data-testid="import-packs" />
        <button type="submit" disabled={!path.trim() || !!progress} data-testid="import-start">{t.import}</button>
        {progress && <button type="button" onClick={() => void api.call('library.cancelImport', {})} data-testid="import-cancel">{t.cancel}</button>}
      </form>
      {progress && (
        <div className="progress" data-testid="import-progress">
          <progress value={pct ?? undefined} max={100} /> {progress.phase} {progress.done}{progress.total ? ` / ${progress.total}` : ''}
        </div>
      )}
      {error && <div className="error" data-testid="import-error">{error}</div>}
      {summary && (
        <div className="summary" data-testid="import-summary">
          文件：新增 {summary.documents.added} · 更新 {summary.documents.updated} · 未变 {summary.documents.unchanged}{summary.removed.documents > 0 && ` · 移除 ${summary.removed.documents}`}；写入 {summary.articlesWritten} 条；用时 {(summary.durationMs / 1000).toFixed(1)} s
          {summary.skipped.length > 0 && <div className="muted">跳过 {summary.skipped.length} 个文件</div>}
          {summary.warnings.map((w) => <div key={w} className="warn">{w}</div>)}
        </div>
      )}
      {status && (
        <dl className="status" data-testid="library-status">
          <dt>{t.status}</dt>
          <dd>{status.counts.laws} 部法律法规 · {status.counts.versions} 个版本 · {status.counts.articles} 条（现行 {status.counts.currentArticles}）</dd>
          {status.counts.articles === 0 && <dd className="warn">{t.noLibrary}</dd>}
          <dt>省级法规包</dt>
          <dd>{status.counts.provinces.join('、') || '—'}</dd>
          <dt>向量索引</dt>
          <dd data-testid="embedding-status">
            {status.embedding.model ? `${status.embedding.model} · ${status.embedding.embedded} 条${status.embedding.complete ? '' : '（未完成）'}` : '未建立（仅全文检索）'}
            <button className="link" disabled={!!progress || status.counts.articles === 0} onClick={() => void embed()} data-testid="embed-start">建立/更新向量索引</button>
            {embedded && <span className="muted" data-testid="embed-summary"> {embedded}</span>}
          </dd>
          <dt>{t.provider}</dt>
          <dd data-testid="provider">{status.embedding.provider ?? '—'}{status.embedding.providerNote ? `（${status.embedding.providerNote}）` : ''}</dd>
          <dt>数据库</dt>
          <dd className="muted">{status.dbPath}</dd>
        </dl>
      )}
    </div>
  );
}
