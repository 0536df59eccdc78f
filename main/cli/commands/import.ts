import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from '../../engine/index.js';
import { DEFAULT_CORPUS_URL, fetchLawRefBook } from '../../library/download/index.js';
import type { ImportProgress, ImportSummary } from '../../library/import/index.js';
import { LexError } from '../../util/errors.js';
import { listModels } from '../../search/vectors/vecStore.js';
import { listOption, parseCommand } from '../args.js';
import { interrupted, type Output } from '../output.js';

const USAGE = 'lexdesk import PATH [--packs all|北京,上海] [--no-national] | lexdesk import --download [URL]';

export async function importCommand(args: string[], openEngine: (db?: string) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    download: { type: 'boolean', default: false },
    packs: { type: 'string' },
    'no-national': { type: 'boolean', default: false },
  }, USAGE);
  const packsList = listOption(values.packs);
  const packs = packsList?.length === 1 && packsList[0] === 'all' ? 'all' : packsList;
  const national = !values['no-national'];
  const target = positionals[0];
  // Before the library is opened: a command that does nothing creates no library file.
  if (!values.download && !target) throw new LexError('usage', `Say what to import.\nUsage: ${USAGE}`);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const engine = openEngine(values.db as string | undefined);
  try {
    let summary: ImportSummary;
    if (target && !values.download) {
      summary = await engine.importPath(path.resolve(target), {
        packs, national, signal: controller.signal, onProgress: (p) => showProgress(out, p),
      });
    } else {
      summary = await downloadAndImport(engine, target ?? DEFAULT_CORPUS_URL, { packs, national }, controller.signal, out);
    }
    out.endProgress();
    const staleVectors = summary.articlesWritten + summary.removed.documents > 0 && listModels(engine.db).length > 0;
    if (out.json) out.printJson({ ...summary, vectorsNeedUpdate: staleVectors });
    else {
      printSummary(out, summary);
      if (staleVectors) out.print('  vectors: the library changed; run `lexdesk embed` to bring semantic search up to date');
    }
    return 0;
  } catch (err) {
    if (controller.signal.aborted) return interrupted(out, err);
    throw err;
  } finally {
    process.off('SIGINT', onSigint);
    engine.close();
  }
}

async function downloadAndImport(
  engine: Engine, url: string, opts: { packs: string[] | 'all' | undefined; national: boolean }, signal: AbortSignal, out: Output,
): Promise<ImportSummary> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-download-'));
  try {
    const fetched = await fetchLawRefBook(url, workDir, {
      signal,
      onProgress: (p) => out.progress(p.phase === 'download' ? `Downloading ${megabytes(p.received, p.total)}` : `Unpacking ${p.entries} files`),
    });
    return await engine.importPath(fetched.root, { ...opts, signal, onProgress: (p) => showProgress(out, p) });
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function megabytes(done: number, total: number | null): string {
  const mb = (n: number) => (n / 1048576).toFixed(1);
  return total ? `${mb(done)} / ${mb(total)} MB` : `${mb(done)} MB`;
}

function showProgress(out: Output, p: ImportProgress): void {
  if (p.phase === 'read') {
    const pct = p.total ? ` ${Math.floor((100 * p.done) / p.total)}%` : '';
    out.progress(`Importing${pct} (${p.done}${p.total ? `/${p.total}` : ''}) ${p.current ?? ''}`.slice(0, 110));
  } else if (p.phase === 'index') {
    out.progress(`Rebuilding the full-text index ${p.total ? `${p.done}/${p.total}` : ''}`);
  } else {
    out.progress('Finishing…');
  }
}

export function printSummary(out: Output, s: ImportSummary): void {
  const lib = s.library;
  out.print(`Imported ${s.source} in ${(s.durationMs / 1000).toFixed(1)} s`);
  out.print(`  documents: ${s.documents.added} added, ${s.documents.updated} updated, ${s.documents.unchanged} unchanged; ${s.articlesWritten} articles written`);
  if (s.removed.documents || s.removed.laws) out.print(`  removed: ${s.removed.documents} document(s) no longer in the source or copies of another file, ${s.removed.laws} law(s) left without documents`);
  out.print(`  library now: ${lib.laws} laws, ${lib.versions} versions, ${lib.articles} articles (${lib.currentArticles} in force today)` +
    (lib.provinces.length ? `; province packs: ${lib.provinces.join('、')}` : ''));
  for (const note of s.notes) out.print(`  note: ${note}`);
  if (s.skipped.length) {
    out.print(`  skipped ${s.skipped.length} file(s):`);
    for (const sk of s.skipped.slice(0, 20)) out.print(`    ${sk.path}: ${sk.reason}`);
    if (s.skipped.length > 20) out.print(`    … and ${s.skipped.length - 20} more (use --json for the full list)`);
  }
  if (s.warnings.length) out.print(`  ${s.warnings.length} parse warning(s) (use --json to list them)`);
  const changed = s.savedChanged ?? [];
  if (changed.length) {
    out.print(`  saved articles this import changed (${changed.length}; lexdesk saved --changes shows what changed):`);
    for (const c of changed.slice(0, 20)) out.print(`    [${c.id}] ${c.citation}${c.folder ? `（${c.folder}）` : ''}：${c.messageZh}`);
    if (changed.length > 20) out.print(`    … and ${changed.length - 20} more (lexdesk saved lists them all)`);
  }
}
