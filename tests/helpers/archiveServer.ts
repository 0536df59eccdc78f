/**
 * Test helper: builds small LawRefBook-shaped archives (zip via yazl, tar.gz
 * via tar.c) and serves them from an http server on 127.0.0.1 that can also
 * misbehave: truncate, reset mid-body, answer errors, redirect or stall.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import yazl from 'yazl';

export const CORPUS_DIR = path.resolve(process.cwd(), '../shared/corpus/lawrefbook');
export const TOP_FOLDER = 'Laws-master';

/** db.sqlite3, 民法典, 宪法 and a few 刑法 files: about 1.4 MB before compression. */
export const DEFAULT_CORPUS_FILES = [
  'db.sqlite3',
  '民法典',
  '宪法',
  '刑法/_index.md',
  '刑法/刑法修正案（十一）.md',
  '刑法/刑法修正案（十二）(2023-12-29).md',
];

export function corpusAvailable(): boolean {
  return existsSync(path.join(CORPUS_DIR, 'db.sqlite3'));
}

/** Packs corpus files/folders (relative to CORPUS_DIR) under `Laws-master/`. */
export async function buildLawRefBookArchive(
  format: 'zip' | 'tar.gz',
  outFile: string,
  opts: { files?: string[] } = {},
): Promise<void> {
  const files = opts.files ?? DEFAULT_CORPUS_FILES;
  if (format === 'tar.gz') {
    await tar.c({ gzip: true, file: outFile, cwd: CORPUS_DIR, prefix: `${TOP_FOLDER}/`, portable: true }, files);
    return;
  }
  const zip = new yazl.ZipFile();
  zip.addEmptyDirectory(`${TOP_FOLDER}/`);
  for (const rel of files) await addToZip(zip, rel);
  await finishZip(zip, outFile);
}

async function addToZip(zip: yazl.ZipFile, rel: string): Promise<void> {
  const abs = path.join(CORPUS_DIR, rel);
  const name = `${TOP_FOLDER}/${rel.split(path.sep).join('/')}`;
  if ((await stat(abs)).isFile()) {
    zip.addFile(abs, name, { mode: 0o644 });
    return;
  }
  zip.addEmptyDirectory(`${name}/`);
  for (const child of (await readdir(abs)).sort()) await addToZip(zip, path.join(rel, child));
}

async function finishZip(zip: yazl.ZipFile, outFile: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve());
    zip.outputStream.on('error', reject);
  });
  zip.end();
  await done;
  const buf = Buffer.concat(chunks);
  await writeFile(outFile, buf);
  return buf;
}

export interface RawEntry {
  /** Entry name exactly as stored, e.g. "Laws-master/../evil.md". A trailing "/" makes a folder. */
  name: string;
  data?: Buffer | string;
}

/**
 * Writes an archive with arbitrary (even hostile) entry names. Zip names that
 * yazl refuses are stored under a same-length placeholder and patched in.
 * `omitTarEof` leaves out the tar end-of-archive blocks (gzip still ends cleanly);
 * `store` keeps zip data uncompressed so tests can flip bytes in it.
 */
export async function buildRawArchive(
  format: 'zip' | 'tar.gz',
  outFile: string,
  entries: RawEntry[],
  opts: { omitTarEof?: boolean; store?: boolean } = {},
): Promise<void> {
  if (format === 'tar.gz') {
    await writeFile(outFile, zlib.gzipSync(rawTar(entries, opts.omitTarEof ?? false)));
    return;
  }
  const zip = new yazl.ZipFile();
  const patches: Array<[Buffer, Buffer]> = [];
  for (const e of entries) {
    const safe = e.name.replace(/\./g, '_').replace(/^\//, '_');
    if (safe !== e.name) patches.push([Buffer.from(safe), Buffer.from(e.name)]);
    if (e.name.endsWith('/')) zip.addEmptyDirectory(safe);
    else zip.addBuffer(Buffer.from(e.data ?? ''), safe, { compress: !opts.store });
  }
  const buf = await finishZip(zip, outFile);
  for (const [from, to] of patches) {
    for (let at = buf.indexOf(from); at >= 0; at = buf.indexOf(from, at + 1)) to.copy(buf, at);
  }
  await writeFile(outFile, buf);
}

function rawTar(entries: RawEntry[], omitEof: boolean): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const dir = e.name.endsWith('/');
    const data = Buffer.from(e.data ?? '');
    const header = new tar.Header({
      path: e.name,
      type: dir ? 'Directory' : 'File',
      mode: dir ? 0o755 : 0o644,
      size: dir ? 0 : data.length,
      mtime: new Date(0),
      uid: 0,
      gid: 0,
    });
    header.encode();
    if (!header.block) throw new Error(`cannot encode tar header for ${e.name}`);
    blocks.push(header.block);
    if (!dir) blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  if (!omitEof) blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** How the server answers one path. */
export type Route =
  /** The file (or its first `limit` bytes) with a matching Content-Length. */
  | { kind: 'file'; file: string; limit?: number; contentType?: string }
  /** Declares the full Content-Length, sends `at` bytes (default half), then destroys the socket. */
  | { kind: 'reset'; file: string; at?: number }
  | { kind: 'status'; status: number }
  | { kind: 'redirect'; to: string }
  /** Never answers; with `file`, sends headers and `after` bytes first, then hangs. */
  | { kind: 'stall'; file?: string; after?: number };

export interface ArchiveServer {
  url(p: string): string;
  close(): Promise<void>;
}

export async function startArchiveServer(routes: Record<string, Route>): Promise<ArchiveServer> {
  const server = http.createServer((req, res) => {
    const route = routes[decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')];
    serve(route, req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p) => `http://127.0.0.1:${port}${p.startsWith('/') ? p : `/${p}`}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(route: Route | undefined, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!route) return void res.writeHead(404).end('not found');
  switch (route.kind) {
    case 'status':
      return void res.writeHead(route.status, { 'Content-Type': 'text/plain' }).end(`status ${route.status}`);
    case 'redirect':
      return void res.writeHead(302, { Location: route.to }).end();
    case 'file': {
      const data = (await readFile(route.file)).subarray(0, route.limit);
      const type = route.contentType ?? 'application/octet-stream';
      return void res.writeHead(200, { 'Content-Type': type, 'Content-Length': data.length }).end(data);
    }
    case 'reset': {
      const data = await readFile(route.file);
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': data.length });
      res.write(data.subarray(0, route.at ?? Math.floor(data.length / 2)), () => req.socket.destroy());
      return;
    }
    case 'stall': {
      if (!route.file) return; // keep the request open without a word
      const data = await readFile(route.file);
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': data.length });
      res.write(data.subarray(0, route.after ?? 1024));
      return;
    }
  }
}
