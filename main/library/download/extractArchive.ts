/**
 * Unpacks a downloaded corpus archive (.zip or .tar.gz, told apart by magic
 * bytes) and proves it unpacked completely: zip entries must match their
 * central-directory CRC and size; a tar.gz must end in a clean gzip trailer
 * and a tar end-of-archive marker. Extraction goes to a temp folder that is
 * renamed to the destination only on success and removed on any failure.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import yauzl from 'yauzl';
import { LexError } from '../../util/errors.js';

export type ExtractErrorCode =
  | 'corrupt'
  | 'unsafe-path'
  | 'unsupported-format'
  | 'not-lawrefbook'
  | 'incomplete'
  | 'aborted'
  | 'io';

export class ExtractError extends LexError {
  constructor(
    override readonly code: ExtractErrorCode,
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
    this.name = 'ExtractError';
  }
}

export type ArchiveFormat = 'zip' | 'tar.gz';

export interface ExtractOptions {
  signal?: AbortSignal;
  /** Called after each archive entry (file or folder) is written. */
  onProgress?: (entries: number) => void;
}

export interface ExtractResult {
  entries: number;
  format: ArchiveFormat;
}

const RETRY_HINT = 'The download was probably cut short or damaged; download it again.';

export async function extractArchive(
  file: string,
  destDir: string,
  opts: ExtractOptions = {},
): Promise<ExtractResult> {
  const format = await sniffFormat(file);
  if (await exists(destDir)) {
    throw new ExtractError('io', `Cannot unpack into ${destDir}: it already exists.`, { destDir });
  }
  const parent = path.dirname(destDir);
  await mkdir(parent, { recursive: true });
  const tmp = path.join(parent, `.${path.basename(destDir)}.partial-${randomBytes(6).toString('hex')}`);
  await mkdir(tmp);
  try {
    if (opts.signal?.aborted) throw abortedError(file);
    const entries = format === 'zip' ? await extractZip(file, tmp, opts) : await extractTarGz(file, tmp, opts);
    if (entries === 0) throw new ExtractError('corrupt', `${file} is an empty archive. ${RETRY_HINT}`, { file });
    await rename(tmp, destDir);
    return { entries, format };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true, maxRetries: 3 });
    throw toExtractError(err, file, opts.signal);
  }
}

/** Tells zip from gzip by the first bytes, whatever the file is called. */
export async function sniffFormat(file: string): Promise<ArchiveFormat> {
  const head = Buffer.alloc(16);
  let bytesRead: number;
  try {
    const fh = await open(file, 'r');
    try {
      ({ bytesRead } = await fh.read(head, 0, head.length, 0));
    } finally {
      await fh.close();
    }
  } catch (err) {
    throw new ExtractError('io', `Cannot read ${file}: ${(err as Error).message}`, { file });
  }
  if (bytesRead >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'zip';
  if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
  const text = head.subarray(0, bytesRead).toString('latin1').trimStart();
  const looksHtml = text.startsWith('<');
  throw new ExtractError(
    'unsupported-format',
    `${file} is not a .zip or .tar.gz archive` +
      (looksHtml ? ' (it is a web page: the address probably points to a page, not to the archive itself).' : '.') +
      ' Use the address of a LawRefBook .zip or .tar.gz download.',
    { file },
  );
}

// ---------- zip ----------

async function extractZip(file: string, dir: string, opts: ExtractOptions): Promise<number> {
  const zip = await yauzl.openPromise(file, { validateEntrySizes: true, strictFileNames: false });
  let done = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (opts.signal?.aborted) throw abortedError(file);
      const target = targetPath(dir, entry.fileName);
      if (entry.fileName.endsWith('/')) {
        await mkdir(target, { recursive: true });
      } else {
        const stream = await zip.openReadStreamPromise(entry);
        const got = await writeFile(stream, target, opts.signal);
        if (got.size !== entry.uncompressedSize || got.crc !== entry.crc32) {
          throw new ExtractError('corrupt', `${entry.fileName} in ${file} fails its CRC check. ${RETRY_HINT}`, {
            file,
            entry: entry.fileName,
          });
        }
      }
      done += 1;
      opts.onProgress?.(done);
    }
  } finally {
    zip.close();
  }
  if (done !== zip.entryCount) {
    throw new ExtractError('corrupt', `${file} lists ${zip.entryCount} entries but only ${done} could be read. ${RETRY_HINT}`, { file });
  }
  return done;
}

// ---------- tar.gz ----------

async function extractTarGz(file: string, dir: string, opts: ExtractOptions): Promise<number> {
  // Our own controller stops in-flight file writes when anything fails.
  const stop = new AbortController();
  const onAbort = (): void => stop.abort(abortedError(file));
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const parser = new Parser({ strict: true });
  const state = { entries: 0, sawEof: false, failure: null as unknown, writes: [] as Promise<void>[] };
  parser.on('eof', () => (state.sawEof = true));
  parser.on('entry', (entry: ReadEntry) => {
    const write = writeTarEntry(entry, dir, stop.signal).then(
      () => {
        state.entries += 1;
        opts.onProgress?.(state.entries);
      },
      (err: unknown) => {
        state.failure ??= err;
        entry.resume();
      },
    );
    state.writes.push(write);
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  parsed.catch(() => undefined);
  const feed = async (source: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of source) {
      if (state.failure) throw state.failure;
      if (!parser.write(chunk)) await once(parser, 'drain', { signal: stop.signal });
    }
    parser.end();
  };
  try {
    await pipeline(createReadStream(file), zlib.createGunzip(), feed, { signal: stop.signal });
    await parsed;
    await Promise.all(state.writes);
    if (state.failure) throw state.failure;
  } catch (err) {
    stop.abort(err);
    await Promise.allSettled(state.writes);
    throw state.failure instanceof ExtractError ? state.failure : err;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  if (!state.sawEof) {
    throw new ExtractError('corrupt', `${file} ends before the tar end-of-archive marker. ${RETRY_HINT}`, { file });
  }
  return state.entries;
}

async function writeTarEntry(entry: ReadEntry, dir: string, signal: AbortSignal): Promise<void> {
  const target = targetPath(dir, entry.path);
  if (entry.type === 'Directory') {
    await mkdir(target, { recursive: true });
    entry.resume();
  } else if (entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile') {
    const got = await writeFile(Readable.from(entry), target, signal);
    if (got.size !== entry.size) {
      throw new ExtractError('corrupt', `${entry.path} is ${got.size} bytes, expected ${entry.size}. ${RETRY_HINT}`);
    }
  } else {
    entry.resume(); // links and special files are not part of the corpus; skip them
  }
}

// ---------- shared ----------

/** Resolves an archive entry name inside `dir`, refusing absolute paths and `..`. */
function targetPath(dir: string, name: string): string {
  const norm = name.replace(/\\/g, '/');
  const parts = norm.split('/');
  if (norm.startsWith('/') || /^[A-Za-z]:/.test(norm) || norm.includes('\0') || parts.includes('..')) {
    throw unsafePath(name);
  }
  const target = path.join(dir, ...parts.filter((p) => p !== '' && p !== '.'));
  const rel = path.relative(dir, target);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw unsafePath(name);
  return target;
}

function unsafePath(name: string): ExtractError {
  return new ExtractError(
    'unsafe-path',
    `The archive contains an unsafe path "${name}" (absolute or with ".."); refusing to unpack it. Use the official LawRefBook archive.`,
    { entry: name },
  );
}

async function writeFile(
  source: Readable,
  target: string,
  signal: AbortSignal | undefined,
): Promise<{ size: number; crc: number }> {
  await mkdir(path.dirname(target), { recursive: true });
  const sum = { size: 0, crc: 0 };
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      sum.size += chunk.length;
      sum.crc = crc32(chunk, sum.crc);
      cb(null, chunk);
    },
  });
  await pipeline(source, meter, createWriteStream(target), signal ? { signal } : {});
  return sum;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** zlib.crc32 where the runtime has it (Node ≥ 20.15), else a table-driven fallback. */
function crc32(data: Buffer, prev: number): number {
  const native = (zlib as { crc32?: (d: Buffer, v?: number) => number }).crc32;
  if (native) return native(data, prev);
  let c = ~prev >>> 0;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}

function abortedError(file: string): ExtractError {
  return new ExtractError('aborted', `Unpacking ${file} was cancelled; nothing was changed.`, { file });
}

/** Maps yauzl, zlib, tar and fs errors to an ExtractError with an actionable message. */
function toExtractError(err: unknown, file: string, signal: AbortSignal | undefined): ExtractError {
  if (err instanceof ExtractError) return err;
  if (signal?.aborted) return abortedError(file);
  const e = err as NodeJS.ErrnoException & { tarCode?: string };
  const msg = e instanceof Error ? e.message : String(err);
  if (/^(absolute path|invalid relative path|invalid characters in fileName): /.test(msg)) {
    return unsafePath(msg.slice(msg.indexOf(': ') + 2));
  }
  if (e && typeof e === 'object' && e.syscall && !e.tarCode) {
    return new ExtractError('io', `Cannot unpack ${file}: ${msg}. Check free disk space and permissions.`, { file });
  }
  const what = /^Z_/.test(String(e?.code)) ? 'its gzip data is damaged or incomplete' : 'it is damaged or incomplete';
  return new ExtractError('corrupt', `Cannot unpack ${file}: ${what} (${msg}). ${RETRY_HINT}`, { file, cause: msg });
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}
