/**
 * Public facade for `lexdesk import --download [URL]`: download → unpack →
 * find the LawRefBook root → light completeness check, all inside a work
 * folder the caller owns. On failure everything created here is removed.
 */
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_CORPUS_URL, downloadArchive } from './fetchArchive.js';
import { ExtractError, extractArchive } from './extractArchive.js';

export {
  DEFAULT_CORPUS_URL,
  DEFAULT_IDLE_TIMEOUT_MS,
  DownloadError,
  downloadArchive,
  type DownloadErrorCode,
  type DownloadOptions,
  type DownloadResult,
} from './fetchArchive.js';
export {
  ExtractError,
  extractArchive,
  sniffFormat,
  type ArchiveFormat,
  type ExtractErrorCode,
  type ExtractOptions,
  type ExtractResult,
} from './extractArchive.js';

export type FetchProgress =
  | { phase: 'download'; received: number; total: number | null }
  | { phase: 'extract'; entries: number };

export interface FetchOptions {
  signal?: AbortSignal;
  /** Download inactivity timeout in ms (see DEFAULT_IDLE_TIMEOUT_MS). */
  timeoutMs?: number;
  onProgress?: (progress: FetchProgress) => void;
}

export interface FetchedCorpus {
  /** Folder holding db.sqlite3 and the category folders; pass it to the importer. */
  root: string;
  mdFiles: number;
  /** Removes the unpacked files (not workDir itself). */
  cleanup(): Promise<void>;
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const MAX_DEPTH = 3;

export async function fetchLawRefBook(
  url: string = DEFAULT_CORPUS_URL,
  workDir: string,
  opts: FetchOptions = {},
): Promise<FetchedCorpus> {
  const archive = path.join(workDir, 'lawrefbook-archive');
  const unpacked = path.join(workDir, 'lawrefbook');
  const cleanup = async (): Promise<void> => {
    await rm(archive, { force: true });
    await rm(unpacked, { recursive: true, force: true, maxRetries: 3 });
  };
  const { signal, onProgress } = opts;
  try {
    await mkdir(workDir, { recursive: true });
    await downloadArchive(url, archive, {
      signal,
      timeoutMs: opts.timeoutMs,
      onProgress: (received, total) => onProgress?.({ phase: 'download', received, total }),
    });
    await extractArchive(archive, unpacked, {
      signal,
      onProgress: (entries) => onProgress?.({ phase: 'extract', entries }),
    }).catch((err: unknown) => {
      throw naming(err, url);
    });
    await rm(archive, { force: true });
    const root = await locateLawRefBookRoot(unpacked, url);
    const { mdFiles, missing } = await verifyLawRefBookTree(root);
    if (missing.length > 0) {
      throw new ExtractError(
        'incomplete',
        `The archive from ${url} is incomplete: missing ${missing.join(', ')}. Download it again or pass a local folder: lexdesk import PATH`,
        { url, missing },
      );
    }
    return { root, mdFiles, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Adds the URL to an unpacking error, whose message only names the temp file. */
function naming(err: unknown, url: string): unknown {
  if (!(err instanceof ExtractError) || err.code === 'aborted') return err;
  return new ExtractError(err.code, `${err.message} (downloaded from ${url})`, { ...err.details, url });
}

/**
 * Finds the folder holding db.sqlite3 next to category folders of .md files
 * (e.g. `Laws-master/`), searching `dir` and up to three levels below it.
 * `label` names the source in the error message (defaults to `dir`).
 */
export async function locateLawRefBookRoot(dir: string, label: string = dir): Promise<string> {
  let level = [dir];
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const candidate of level) {
      const subdirs = await listDirs(candidate);
      if ((await isFile(path.join(candidate, 'db.sqlite3'))) && (await someHasMd(subdirs))) return candidate;
      next.push(...subdirs);
    }
    level = next;
  }
  throw new ExtractError(
    'not-lawrefbook',
    `No LawRefBook collection found in ${label}: expected a folder (such as Laws-master/) with db.sqlite3 and category folders of .md files. ` +
      'Check that the address points to the LawRefBook/Laws archive.',
    { dir },
  );
}

/** Light check before import: a real SQLite db.sqlite3 and at least one .md file in a category folder. */
export async function verifyLawRefBookTree(root: string): Promise<{ mdFiles: number; missing: string[] }> {
  const missing: string[] = [];
  const dbProblem = await checkSqlite(path.join(root, 'db.sqlite3'));
  if (dbProblem) missing.push(dbProblem);
  let mdFiles = 0;
  for (const sub of await listDirs(root)) mdFiles += await countMd(sub);
  if (mdFiles === 0) missing.push('category folders with .md files');
  return { mdFiles, missing };
}

async function checkSqlite(file: string): Promise<string | null> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch {
    return 'db.sqlite3';
  }
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    if (bytesRead === 0) return 'db.sqlite3 (the file is empty)';
    if (bytesRead < head.length || !head.equals(SQLITE_HEADER)) return 'db.sqlite3 (not an SQLite database)';
    return null;
  } finally {
    await fh.close();
  }
}

/** Sub-folders of `dir` (no symlinks, no hidden folders), sorted; [] if unreadable. */
async function listDirs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => path.join(dir, e.name))
    .sort();
}

async function someHasMd(dirs: string[]): Promise<boolean> {
  for (const dir of dirs) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    if (entries.some((e) => e.isFile() && e.name.endsWith('.md'))) return true;
  }
  return false;
}

async function countMd(dir: string): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory()) n += await countMd(path.join(dir, e.name));
    else if (e.isFile() && e.name.endsWith('.md')) n += 1;
  }
  return n;
}

async function isFile(p: string): Promise<boolean> {
  return stat(p).then(
    (s) => s.isFile(),
    () => false,
  );
}
