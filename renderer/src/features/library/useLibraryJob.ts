import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryStatusDto } from '../../../../preload/contract/index.js';
import type { ApiClient } from '../../api/client.js';

export interface JobProgress {
  phase: string;
  done: number;
  total: number | null;
}

/** How often a job this view did not start (another tab's, or one from before a reload) is checked for its end, which sends no event of its own. */
const FOREIGN_POLL_MS = 1000;

/**
 * The library's one job at a time (import or embedding): its progress, whether this view started it or found it
 * running (library.status says so), so progress and Cancel stay on screen until it ends.
 */
export function useLibraryJob(api: ApiClient, onStatus: (s: LibraryStatusDto) => void, onError: (error: unknown) => void) {
  const [progress, setProgress] = useState<JobProgress | null>(null);
  /** A job this view found running: polled for its end. */
  const [found, setFound] = useState(false);
  /** 'own': started here (its call's answer ends it); 'found': running when this view looked. */
  const job = useRef<'own' | 'found' | null>(null);
  // The callbacks may change with every render (the language): kept in a ref, so status is read when needed, not per render.
  const report = useRef({ onStatus, onError });
  report.current = { onStatus, onError };

  const refresh = useCallback(async () => {
    try {
      const status = await api.call('library.status', {});
      report.current.onStatus(status);
      if (job.current === null && status.importing) {
        job.current = 'found';
        setFound(true);
        setProgress((cur) => cur ?? { phase: '…', done: 0, total: null });
      } else if (job.current === 'found' && !status.importing) {
        job.current = null;
        setFound(false);
        setProgress(null);
      }
    } catch (e) {
      report.current.onError(e);
    }
  }, [api]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(
    () =>
      api.subscribe((e) => {
        // Events can arrive after the call returned: only a running job shows progress.
        if (job.current === null) return;
        if (e.type === 'import') setProgress({ phase: e.phase, done: e.done, total: e.total });
        if (e.type === 'embed') setProgress({ phase: 'embed', done: e.done, total: e.total });
        if (e.type === 'import-done' && job.current === 'found') void refresh();
      }),
    [api, refresh],
  );

  useEffect(() => {
    if (!found) return;
    const timer = setInterval(() => void refresh(), FOREIGN_POLL_MS);
    return () => clearInterval(timer);
  }, [found, refresh]);

  /**
   * Runs a job started here: progress while it runs, its error, then a fresh status. What the work returns (showing
   * its result) runs after the fresh status is in, so a result is never shown beside the status from before it.
   */
  const run = useCallback(async (phase: string, work: () => Promise<(() => void) | void>) => {
    job.current = 'own';
    setProgress({ phase, done: 0, total: null });
    let show: (() => void) | void = undefined;
    try {
      show = await work();
    } catch (e) {
      report.current.onError(e);
    } finally {
      job.current = null;
      setProgress(null);
      await refresh();
      show?.();
    }
  }, [refresh]);

  const cancel = useCallback(() => api.call('library.cancelImport', {}).then(() => undefined, (e: unknown) => report.current.onError(e)), [api]);

  return { progress, run, cancel };
}
