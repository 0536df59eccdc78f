/**
 * Downloads a corpus archive (http/https, or a file: URL) to a local file.
 * The body streams into a temp file next to the destination, which is renamed
 * only when the whole body arrived; any failure removes the temp file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { LexError } from '../../util/errors.js';

export const DEFAULT_CORPUS_URL = 'https://github.com/LawRefBook/Laws/archive/refs/heads/master.zip';

/** No data for this long (connecting, waiting for headers or mid-body) fails the download. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

export type DownloadErrorCode =
  | 'http-status'
  | 'network'
  | 'truncated'
  | 'aborted'
  | 'timeout'
  | 'unsupported-url'
  | 'io';

export class DownloadError extends LexError {
  constructor(
    override readonly code: DownloadErrorCode,
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
    this.name = 'DownloadError';
  }
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Called as bytes arrive; `total` is null when the size is not known. */
  onProgress?: (received: number, total: number | null) => void;
  /** Inactivity timeout: fail when no bytes arrive for this long. Default 30 s. */
  timeoutMs?: number;
}

export interface DownloadResult {
  bytes: number;
  contentType: string | null;
}

const HINT = 'Check the address and your connection, or pass a local folder instead: lexdesk import PATH';

/** How a download ended early: by the caller, by the idle timer, or not at all. */
type StopReason = 'aborted' | 'timeout' | null;

export async function downloadArchive(
  url: string,
  destFile: string,
  opts: DownloadOptions = {},
): Promise<DownloadResult> {
  const parsed = parseUrl(url);
  const tmp = `${destFile}.part-${randomBytes(6).toString('hex')}`;
  try {
    const result =
      parsed.protocol === 'file:'
        ? await copyLocalFile(fileURLToPath(parsed), url, tmp, opts)
        : await fetchToFile(url, tmp, opts);
    await rename(tmp, destFile);
    return result;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DownloadError('unsupported-url', `"${url}" is not a valid URL. ${HINT}`, { url });
  }
  if (!['http:', 'https:', 'file:'].includes(parsed.protocol)) {
    throw new DownloadError(
      'unsupported-url',
      `Cannot download ${url}: only http:, https: and file: addresses are supported. ${HINT}`,
      { url },
    );
  }
  return parsed;
}

async function fetchToFile(url: string, tmp: string, opts: DownloadOptions): Promise<DownloadResult> {
  const guard = new StopGuard(opts.signal, opts.timeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
  try {
    guard.throwIfStopped(url);
    let res: Response;
    try {
      res = await fetch(url, { signal: guard.signal, redirect: 'follow' });
    } catch (err) {
      throw guard.toError(url, err) ?? networkError(url, err);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new DownloadError(
        'http-status',
        `Download of ${url} failed: the server answered HTTP ${res.status} ${res.statusText}. ${HINT}`,
        { url, status: res.status },
      );
    }
    const total = declaredLength(res);
    const body = Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>);
    const bytes = await writeBody(body, tmp, url, total, guard, opts.onProgress);
    if (total !== null && bytes !== total) throw truncatedError(url, bytes, total);
    return { bytes, contentType: res.headers.get('content-type') };
  } finally {
    guard.dispose();
  }
}

/** Content-Length, when it describes the bytes we will see (no content encoding). */
function declaredLength(res: Response): number | null {
  const encoding = res.headers.get('content-encoding');
  if (encoding && encoding !== 'identity') return null;
  const raw = res.headers.get('content-length');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

async function writeBody(
  body: Readable,
  tmp: string,
  url: string,
  total: number | null,
  guard: StopGuard,
  onProgress: DownloadOptions['onProgress'],
): Promise<number> {
  let received = 0;
  let writeError: unknown = null;
  const out = createWriteStream(tmp, { flags: 'wx' });
  out.on('error', (err) => (writeError ??= err));
  body.on('data', (chunk: Buffer) => {
    received += chunk.length;
    guard.touch();
    onProgress?.(received, total);
  });
  try {
    await pipeline(body, out);
  } catch (err) {
    if (writeError) throw ioError('write', path.dirname(tmp), writeError);
    throw guard.toError(url, err) ?? truncatedError(url, received, total, err);
  }
  return received;
}

async function copyLocalFile(
  file: string,
  url: string,
  tmp: string,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  if (opts.signal?.aborted) throw abortedError(url);
  let total: number;
  try {
    total = (await stat(file)).size;
  } catch (err) {
    throw ioError('read', file, err);
  }
  let received = 0;
  const input = createReadStream(file);
  input.on('data', (chunk: Buffer | string) => {
    received += chunk.length;
    opts.onProgress?.(received, total);
  });
  try {
    await pipeline(input, createWriteStream(tmp, { flags: 'wx' }), { signal: opts.signal });
  } catch (err) {
    if (opts.signal?.aborted) throw abortedError(url);
    throw ioError('read', file, err);
  }
  return { bytes: received, contentType: null };
}

/** Combines the caller's AbortSignal with an inactivity timer into one signal for fetch. */
class StopGuard {
  private readonly controller = new AbortController();
  private reason: StopReason = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.stop('aborted');

  constructor(
    private readonly outer: AbortSignal | undefined,
    private readonly idleMs: number,
  ) {
    if (outer?.aborted) this.stop('aborted');
    else outer?.addEventListener('abort', this.onAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    if (this.reason) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stop('timeout'), this.idleMs);
  }

  throwIfStopped(url: string): void {
    const err = this.toError(url, undefined);
    if (err) throw err;
  }

  /** The error to report when the guard stopped the transfer, else null. */
  toError(url: string, cause: unknown): DownloadError | null {
    if (this.reason === 'aborted') return abortedError(url);
    if (this.reason === 'timeout') {
      return new DownloadError(
        'timeout',
        `Download of ${url} stalled: no data arrived for ${formatMs(this.idleMs)}. ${HINT}`,
        { url, cause: describe(cause) },
      );
    }
    return null;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onAbort);
  }

  private stop(reason: Exclude<StopReason, null>): void {
    if (this.reason) return;
    this.reason = reason;
    clearTimeout(this.timer);
    this.controller.abort(new Error(reason));
  }
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function abortedError(url: string): DownloadError {
  return new DownloadError('aborted', `Download of ${url} was cancelled; nothing was changed.`, { url });
}

function networkError(url: string, err: unknown): DownloadError {
  return new DownloadError(
    'network',
    `Could not connect to ${url} (${describe(err)}). ${HINT}`,
    { url, cause: describe(err) },
  );
}

function truncatedError(url: string, received: number, total: number | null, err?: unknown): DownloadError {
  const of = total === null ? '' : ` of ${total}`;
  const why = err === undefined ? '' : ` (${describe(err)})`;
  return new DownloadError(
    'truncated',
    `Download of ${url} broke off after ${received}${of} bytes${why}. Try again; ${HINT.charAt(0).toLowerCase()}${HINT.slice(1)}`,
    { url, received, total },
  );
}

function ioError(action: 'read' | 'write', file: string, err: unknown): DownloadError {
  const fix = action === 'read' ? 'Check the path.' : 'Check that the folder is writable and has free space.';
  return new DownloadError('io', `Could not ${action} ${file}: ${describe(err)}. ${fix}`, {
    file,
    cause: describe(err),
  });
}

/** Error message plus its cause (undici hides the socket error in `cause`). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
