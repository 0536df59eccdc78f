import { useCallback, useState } from 'react';
import type { ImportSummaryDto, LibraryStatusDto } from '../../../../preload/contract/index.js';
import { HostCallError } from '../../api/client.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { desktop, PickButtons } from '../../components/PickButtons.js';
import { fill, useT, type Strings } from '../../i18n.js';
import { LawCatalog } from './LawCatalog.js';
import { useLibraryJob, type JobProgress } from './useLibraryJob.js';
import { bookTitle } from '../../../../preload/contract/citationLine.js';
import { localDay } from '../../../../preload/contract/localTime.js';

const PHASES: Record<string, keyof Strings> = { read: 'phaseRead', index: 'phaseIndex', finish: 'phaseFinish', embed: 'phaseEmbed' };

function ProgressLine({ progress }: { progress: JobProgress }) {
  const t = useT();
  const pct = progress.total ? Math.round((progress.done / progress.total) * 100) : null;
  const phase = PHASES[progress.phase];
  return (
    <div className="progress" data-testid="import-progress">
      <progress value={pct ?? undefined} max={100} /> {phase ? t[phase] : t.phaseRunning} {progress.total ? `${progress.done} / ${progress.total}` : progress.done || ''}
    </div>
  );
}

/** What an import did; its notes say what it could not do (a province pack not found, with the ones available). */
function ImportSummary({ summary }: { summary: ImportSummaryDto }) {
  const t = useT();
  const d = summary.documents;
  return (
    <div className="summary" data-testid="import-summary">
      {fill(t.importSummary, { added: d.added, updated: d.updated, unchanged: d.unchanged, articles: summary.articlesWritten, seconds: (summary.durationMs / 1000).toFixed(1) })}
      {summary.removed.documents > 0 && <div data-testid="import-removed">{fill(t.removedDocuments, { n: summary.removed.documents })}</div>}
      {summary.notes.map((n) => <div key={n} className="warn" data-testid="import-note">{n}</div>)}
      {summary.skipped.length > 0 && <div className="muted">{fill(t.skippedFiles, { n: summary.skipped.length })}</div>}
      {(summary.savedChanged ?? []).length > 0 && (
        <details className="warn" open data-testid="import-saved-changed">
          <summary>{fill(t.savedChangedByImport, { n: summary.savedChanged!.length })}</summary>
          <ul>{summary.savedChanged!.map((c) => <li key={c.id}>{c.citation}{c.folder && `（${c.folder}）`}{t.colon}{t.lang === 'zh' ? c.messageZh : c.message}</li>)}</ul>
        </details>
      )}
      {summary.warnings.length > 0 && (
        // A full collection gives dozens of these parser notes (38 for the national library): counted and said in the
        // UI's language, each note (file: what the parser met) under the count.
        <details className="warn" data-testid="import-warnings">
          <summary>{fill(t.parseNotes, { n: summary.warnings.length })}</summary>
          <ul>{summary.warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>
        </details>
      )}
    </div>
  );
}

/**
 * The vectors of the model search uses: their count, or that the library has none for it (search is then
 * lexical, though vectors of another model may be there), or that the model did not load.
 */
function vectorIndexText(t: Strings, e: LibraryStatusDto['embedding']): string {
  if (!e.model) return e.providerNote ? t.modelNotLoaded : t.noVectors;
  if (e.embedded === 0) return fill(t.notEmbeddedFor, { model: e.model });
  return `${fill(t.embeddedCount, { model: e.model, n: e.embedded })}${e.complete ? '' : t.incomplete}`;
}

/** Import a collection with progress and cancel; what the library holds; embedding and execution provider. */
/** Opens a law of the catalogue at its first article with its table of contents (absent: no catalogue). */
export function LibraryView({ onOpenLaw, onReadLaw }: { onOpenLaw?: (articleId: number) => void; onReadLaw?: (articleId: number) => void } = {}) {
  const api = useApi();
  const t = useT();
  const [status, setStatus] = useState<LibraryStatusDto | null>(null);
  const [path, setPath] = useState('');
  const [packs, setPacks] = useState('');
  const [summary, setSummary] = useState<ImportSummaryDto | null>(null);
  const [embedded, setEmbedded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const showError = useCallback((e: unknown) => setError(e instanceof HostCallError && e.code === 'busy' ? t.importBusy : errorText(t, e)), [t]);
  const job = useLibraryJob(api, setStatus, showError);
  const busy = job.progress !== null;

  const embed = () => {
    setError(null);
    setEmbedded(null);
    return job.run('embed', async () => {
      const r = await api.call('library.embed', {});
      return () => setEmbedded(fill(t.embedSummary, { embedded: r.embedded, skipped: r.skipped, seconds: r.seconds.toFixed(1) }) + (r.shortened ? fill(t.embedShortened, { n: r.shortened }) : ''));
    });
  };
  const run = () => {
    setError(null);
    setSummary(null);
    return job.run('read', async () => {
      const p = packs.trim();
      const done = await api.call('library.import', { path: path.trim(), packs: p ? (p === 'all' ? 'all' : p.split(/[,，、\s]+/)) : undefined });
      return () => setSummary(done);
    });
  };

  return (
    <div className="library">
      <form className="import" onSubmit={(e) => { e.preventDefault(); void run(); }}>
        <input value={path} placeholder={t.importPath} readOnly={desktop()} onChange={(e) => setPath(e.target.value)} data-testid="import-path" />
        <PickButtons kinds={['folder', 'jsonl']} onPicked={setPath} testId="import-pick" />
        <input value={packs} placeholder={t.packs} onChange={(e) => setPacks(e.target.value)} data-testid="import-packs" />
        <button type="submit" disabled={!path.trim() || busy} data-testid="import-start">{t.import}</button>
        {busy && <button type="button" onClick={() => void job.cancel()} data-testid="import-cancel">{t.cancel}</button>}
      </form>
      {job.progress && <ProgressLine progress={job.progress} />}
      {error && <div className="error" data-testid="import-error">{error}</div>}
      {summary && <ImportSummary summary={summary} />}
      {status && (
        <dl className="status" data-testid="library-status">
          <dt>{t.status}</dt>
          <dd>{fill(t.libraryCounts, { laws: status.counts.laws, versions: status.counts.versions, articles: status.counts.articles, current: status.counts.currentArticles })}</dd>
          {status.counts.articles === 0 && <dd className="warn">{t.noLibrary}</dd>}
          {status.coverage?.newestText && <CoverageLine coverage={status.coverage} />}
          <dt>{t.provincePacks}</dt>
          <dd>{status.counts.provinces.join('、') || '—'}</dd>
          <dt>{t.vectorIndex}</dt>
          <dd data-testid="embedding-status">
            {vectorIndexText(t, status.embedding)}
            <button className="link" disabled={busy || status.counts.articles === 0} onClick={() => void embed()} data-testid="embed-start">{t.embedStart}</button>
            {embedded && <span className="muted" data-testid="embed-summary"> {embedded}</span>}
          </dd>
          <dt>{t.provider}</dt>
          <dd data-testid="provider">{status.embedding.provider ?? '—'}{status.embedding.providerNote ? `（${status.embedding.providerNote}）` : ''}</dd>
          <dt>{t.database}</dt>
          <dd className="muted">{status.dbPath}</dd>
        </dl>
      )}
      {onOpenLaw && status && status.counts.articles > 0 && <LawCatalog onOpenLaw={onOpenLaw} onReadLaw={onReadLaw} refreshKey={status.counts.articles} />}
    </div>
  );
}

/** What 现行有效 is as of: the library's newest text, when it was imported, and a warning once today lies a quarter past it. */
function CoverageLine({ coverage }: { coverage: NonNullable<LibraryStatusDto['coverage']> }) {
  const t = useT();
  const newest = coverage.newestText!;
  return (
    <>
      <dt>{t.coverage}</dt>
      <dd data-testid="library-coverage">
        {fill(t.coverageUpTo, { date: newest.date, title: bookTitle(newest.title) })}
        {coverage.importedAt ? fill(t.coverageImported, { date: localDay(coverage.importedAt) }) : ''}
        {coverage.behind && <div className="warn" data-testid="library-coverage-behind">{fill(t.coverageBehind, { date: newest.date })}</div>}
      </dd>
    </>
  );
}
