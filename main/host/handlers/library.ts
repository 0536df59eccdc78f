import path from 'node:path';
import { ensureStatuteGraph } from '../../library/graph/statuteGraph.js';
import { lawCatalog } from '../../library/lawCatalog.js';
import { embedLibrary } from '../../search/vectors/embedLibrary.js';
import { getModel, listModels } from '../../search/vectors/vecStore.js';
import { LexError } from '../../util/errors.js';
import type { Handlers } from './types.js';
import { coverageGapNote } from '../../library/coverage.js';
import { todayOf } from '../../db/today.js';

export const libraryHandlers: Pick<Handlers, 'app.info' | 'library.status' | 'library.import' | 'library.cancelImport' | 'library.embed' | 'library.laws'> = {
  'app.info': (s) => ({ version: s.version, host: s.host, dbPath: s.engine.dbPath }),
  'library.laws': (s, input) => lawCatalog(s.engine.db, s.engine.searchDeps().resolver.names, input),
  /**
   * The vectors of the model search uses (not of any model the library has vectors for): after a
   * switch to another model they are 0 until it is embedded, as search is lexical until then.
   * A library with no vectors at all loads no model to say so.
   */
  async 'library.status'(s) {
    const retrieval = s.engine.retrieval;
    let modelId: string | null = null;
    let provider: string | null = null;
    let providerNote: string | null = null;
    if (listModels(s.engine.db).some((m) => m.articleCount > 0)) {
      try {
        const embedder = await retrieval.loadEmbedder();
        modelId = embedder.id;
        provider = embedder.provider;
      } catch (err) {
        providerNote = err instanceof Error ? err.message : String(err);
        modelId = retrieval.endpointModelId;
      }
    }
    const model = modelId ? getModel(s.engine.db, modelId) : null;
    const coverage = s.engine.coverage();
    return {
      dbPath: s.engine.dbPath,
      counts: s.engine.counts(),
      coverage: { ...coverage, behind: coverageGapNote(coverage, todayOf(s.engine.db)) !== null },
      embedding: { model: modelId, embedded: model?.articleCount ?? 0, complete: model?.complete ?? false, provider, providerNote },
      importing: s.importing !== null,
    };
  },
  async 'library.import'(s, input) {
    if (s.importing) throw new LexError('busy', 'An import is already running. Wait for it or cancel it.');
    const controller = new AbortController();
    s.importing = controller;
    try {
      const summary = await s.engine.importPath(path.resolve(input.path), {
        packs: input.packs,
        signal: controller.signal,
        onProgress: (p) => s.emit({ type: 'import', phase: p.phase, done: p.done, total: p.total, current: p.current }),
      });
      ensureStatuteGraph(s.engine.db, s.engine.searchDeps().resolver);
      s.emit({ type: 'import-done', ok: true });
      return {
        source: summary.source,
        documents: summary.documents,
        removed: summary.removed,
        articlesWritten: summary.articlesWritten,
        skipped: summary.skipped.map((x) => ({ path: x.path, reason: x.reason })),
        warnings: summary.warnings,
        notes: summary.notes,
        durationMs: summary.durationMs,
        savedChanged: summary.savedChanged ?? [],
      };
    } catch (err) {
      s.emit({ type: 'import-done', ok: false, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      s.importing = null;
    }
  },
  /** Embeds what changed since the last run (incremental, resumable); cancel shares the import's handle. */
  async 'library.embed'(s) {
    if (s.importing) throw new LexError('busy', 'An import or embedding is already running. Wait for it or cancel it.');
    const controller = new AbortController();
    s.importing = controller;
    try {
      const embedder = await s.engine.retrieval.loadEmbedder();
      const r = await embedLibrary(s.engine.db, embedder, { signal: controller.signal, onProgress: (done, total) => s.emit({ type: 'embed', done, total }) });
      return { embedded: r.embedded, skipped: r.skipped, removed: r.removed, seconds: r.seconds, modelId: r.modelId, shortened: r.shortened + r.shortenedAfterRefusal };
    } finally {
      s.importing = null;
    }
  },
  'library.cancelImport'(s) {
    if (!s.importing) return { cancelled: false };
    s.importing.abort();
    return { cancelled: true };
  },
};
