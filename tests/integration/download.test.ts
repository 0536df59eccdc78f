import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import {
  DownloadError,
  ExtractError,
  downloadArchive,
  extractArchive,
  fetchLawRefBook,
  locateLawRefBookRoot,
  verifyLawRefBookTree,
  type FetchProgress,
} from '../../main/library/download/index.js';
import {
  TOP_FOLDER,
  buildLawRefBookArchive,
  buildRawArchive,
  corpusAvailable,
  startArchiveServer,
  type ArchiveServer,
  type RawEntry,
} from '../helpers/archiveServer.js';

const HAVE_CORPUS = corpusAvailable();
const NEEDS_CORPUS = HAVE_CORPUS ? false : 'skipped: ../shared/corpus/lawrefbook is missing';
if (!HAVE_CORPUS) console.log('# corpus-based download tests skipped: ../shared/corpus/lawrefbook is missing');

const SQLITE_BYTES = Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(84)]);
const MD = '# 测试法\n\n第一条 测试。\n';

let root: string;
let server: ArchiveServer;
const file = (name: string): string => path.join(root, 'archives', name);

/** A fresh, empty work folder per test. */
async function workDir(): Promise<string> {
  return mkdtemp(path.join(root, 'work-'));
}

async function assertEmpty(dir: string): Promise<void> {
  assert.deepEqual(await readdir(dir), [], `${dir} should have no leftovers`);
}

async function rejectsWith(p: Promise<unknown>, cls: typeof DownloadError | typeof ExtractError, code: string): Promise<Error> {
  let caught: unknown;
  await p.then(
    () => assert.fail(`expected ${cls.name} ${code}`),
    (err: unknown) => (caught = err),
  );
  assert.ok(caught instanceof cls, `expected ${cls.name}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  return caught;
}

const rawTree = (extra: RawEntry[] = []): RawEntry[] => [
  { name: `${TOP_FOLDER}/` },
  { name: `${TOP_FOLDER}/db.sqlite3`, data: SQLITE_BYTES },
  { name: `${TOP_FOLDER}/宪法/` },
  { name: `${TOP_FOLDER}/宪法/宪法.md`, data: MD },
  ...extra,
];

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'lexdesk-download-'));
  await mkdir(path.join(root, 'archives'));
  const slip = [{ name: `${TOP_FOLDER}/../evil.md`, data: 'pwned' }];
  await buildRawArchive('zip', file('slip.zip'), rawTree(slip));
  await buildRawArchive('tar.gz', file('slip.tar.gz'), rawTree(slip));
  await buildRawArchive('tar.gz', file('abs.tar.gz'), rawTree([{ name: '/tmp/lexdesk-evil.md', data: 'x' }]));
  await buildRawArchive('tar.gz', file('no-eof.tar.gz'), rawTree(), { omitTarEof: true });
  await buildRawArchive('zip', file('raw.zip'), rawTree(), { store: true });
  await buildRawArchive('zip', file('bad-db.zip'), [
    { name: `${TOP_FOLDER}/db.sqlite3`, data: 'not a database' },
    { name: `${TOP_FOLDER}/宪法/宪法.md`, data: MD },
  ]);
  await writeFile(file('blob.zip'), Buffer.alloc(256 * 1024, 7));
  await writeFile(file('page.html'), '<!DOCTYPE html><html><body>Sign in</body></html>');
  if (HAVE_CORPUS) {
    await buildLawRefBookArchive('zip', file('laws.zip'));
    await buildLawRefBookArchive('tar.gz', file('laws.tar.gz'));
    await buildLawRefBookArchive('zip', file('no-db.zip'), { files: ['民法典', '宪法'] });
  }
  const size = async (name: string): Promise<number> => (HAVE_CORPUS ? (await stat(file(name))).size : 0);
  server = await startArchiveServer({
    '/master.zip': { kind: 'file', file: file('laws.zip'), contentType: 'application/zip' },
    '/master.tar.gz': { kind: 'file', file: file('laws.tar.gz') },
    '/moved.zip': { kind: 'redirect', to: '/master.zip' },
    '/half.zip': { kind: 'file', file: file('laws.zip'), limit: Math.floor((await size('laws.zip')) / 2) },
    '/half.tar.gz': { kind: 'file', file: file('laws.tar.gz'), limit: Math.floor((await size('laws.tar.gz')) * 0.7) },
    '/reset.zip': { kind: 'reset', file: file('blob.zip') },
    '/no-db.zip': { kind: 'file', file: file('no-db.zip') },
    '/slip.zip': { kind: 'file', file: file('slip.zip') },
    '/bad-db.zip': { kind: 'file', file: file('bad-db.zip') },
    '/page': { kind: 'file', file: file('page.html'), contentType: 'text/html' },
    '/missing.zip': { kind: 'status', status: 404 },
    '/broken.zip': { kind: 'status', status: 500 },
    '/silent.zip': { kind: 'stall' },
    '/slow.zip': { kind: 'stall', file: file('raw.zip'), after: 100 },
  });
});

after(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe('fetchLawRefBook over http', () => {
  for (const [label, route] of [
    ['zip', '/master.zip'],
    ['tar.gz', '/master.tar.gz'],
    ['zip behind a redirect', '/moved.zip'],
  ] as const) {
    test(`unpacks a ${label} and finds Laws-master/`, { skip: NEEDS_CORPUS }, async () => {
      const dir = await workDir();
      const phases = new Set<FetchProgress['phase']>();
      let lastDownload: FetchProgress | undefined;
      const got = await fetchLawRefBook(server.url(route), dir, {
        onProgress: (p) => {
          phases.add(p.phase);
          if (p.phase === 'download') lastDownload = p;
        },
      });
      assert.equal(path.basename(got.root), TOP_FOLDER);
      assert.ok(got.mdFiles >= 10, `mdFiles = ${got.mdFiles}`);
      assert.ok((await stat(path.join(got.root, 'db.sqlite3'))).size > 0);
      assert.ok((await stat(path.join(got.root, '民法典', '总则.md'))).isFile());
      assert.deepEqual([...phases], ['download', 'extract']);
      const archiveName = route.includes('tar') ? 'laws.tar.gz' : 'laws.zip';
      const size = (await stat(file(archiveName))).size;
      assert.deepEqual(lastDownload, { phase: 'download', received: size, total: size });
      assert.deepEqual(await readdir(dir), ['lawrefbook'], 'the archive is deleted after unpacking');
      await got.cleanup();
      await assertEmpty(dir);
    });
  }

  test('a zip cut short (correct Content-Length) fails as corrupt and leaves nothing', { skip: NEEDS_CORPUS }, async () => {
    const dir = await workDir();
    const err = await rejectsWith(fetchLawRefBook(server.url('/half.zip'), dir), ExtractError, 'corrupt');
    assert.match(err.message, /lawrefbook-archive/);
    assert.ok(err.message.includes(server.url('/half.zip')), err.message);
    assert.match(err.message, /download it again/);
    await assertEmpty(dir);
  });

  test('a tar.gz cut short (correct Content-Length) is caught by gzip validation', { skip: NEEDS_CORPUS }, async () => {
    const dir = await workDir();
    const err = await rejectsWith(fetchLawRefBook(server.url('/half.tar.gz'), dir), ExtractError, 'corrupt');
    assert.match(err.message, /gzip/);
    assert.match(err.message, /unexpected end of file/);
    await assertEmpty(dir);
  });

  test('an archive without db.sqlite3 is not a LawRefBook collection', { skip: NEEDS_CORPUS }, async () => {
    const dir = await workDir();
    const url = server.url('/no-db.zip');
    const err = await rejectsWith(fetchLawRefBook(url, dir), ExtractError, 'not-lawrefbook');
    assert.ok(err.message.includes(url), err.message);
    assert.match(err.message, /db\.sqlite3/);
    await assertEmpty(dir);
  });

  test('a db.sqlite3 that is not SQLite makes the tree incomplete', async () => {
    const dir = await workDir();
    const err = await rejectsWith(fetchLawRefBook(server.url('/bad-db.zip'), dir), ExtractError, 'incomplete');
    assert.match(err.message, /not an SQLite database/);
    await assertEmpty(dir);
  });

  test('a zip-slip entry is refused and nothing escapes', async () => {
    const dir = await workDir();
    await rejectsWith(fetchLawRefBook(server.url('/slip.zip'), dir), ExtractError, 'unsafe-path');
    await assertEmpty(dir);
    await assert.rejects(stat(path.join(dir, '..', 'evil.md')));
  });

  test('an HTML page instead of an archive is reported as such', async () => {
    const dir = await workDir();
    const err = await rejectsWith(fetchLawRefBook(server.url('/page'), dir), ExtractError, 'unsupported-format');
    assert.match(err.message, /web page/);
    await assertEmpty(dir);
  });
});

describe('downloadArchive failures', () => {
  const dest = async (): Promise<{ dir: string; dest: string }> => {
    const dir = await workDir();
    return { dir, dest: path.join(dir, 'archive.zip') };
  };

  test('connection reset mid-body is a truncated download', async () => {
    const { dir, dest: to } = await dest();
    const url = server.url('/reset.zip');
    const err = await rejectsWith(downloadArchive(url, to), DownloadError, 'truncated');
    assert.ok(err.message.includes(url), err.message);
    await assertEmpty(dir);
  });

  for (const [route, status] of [
    ['/missing.zip', 404],
    ['/broken.zip', 500],
  ] as const) {
    test(`HTTP ${status} names the URL and the fallback`, async () => {
      const { dir, dest: to } = await dest();
      const url = server.url(route);
      const err = await rejectsWith(downloadArchive(url, to), DownloadError, 'http-status');
      assert.ok(err.message.includes(url) && err.message.includes(String(status)), err.message);
      assert.match(err.message, /lexdesk import PATH/);
      await assertEmpty(dir);
    });
  }

  test('a server that never answers times out', async () => {
    const { dir, dest: to } = await dest();
    await rejectsWith(downloadArchive(server.url('/silent.zip'), to, { timeoutMs: 300 }), DownloadError, 'timeout');
    await assertEmpty(dir);
  });

  test('a body that stalls midway times out', async () => {
    const { dir, dest: to } = await dest();
    let received = 0;
    const p = downloadArchive(server.url('/slow.zip'), to, { timeoutMs: 300, onProgress: (n) => (received = n) });
    await rejectsWith(p, DownloadError, 'timeout');
    assert.equal(received, 100);
    await assertEmpty(dir);
  });

  test('AbortSignal cancels a running download', async () => {
    const { dir, dest: to } = await dest();
    const ac = new AbortController();
    const p = downloadArchive(server.url('/slow.zip'), to, { signal: ac.signal, onProgress: () => ac.abort() });
    await rejectsWith(p, DownloadError, 'aborted');
    await assertEmpty(dir);
  });

  test('an already aborted signal does nothing', async () => {
    const { dir, dest: to } = await dest();
    await rejectsWith(downloadArchive(server.url('/master.zip'), to, { signal: AbortSignal.abort() }), DownloadError, 'aborted');
    await assertEmpty(dir);
  });

  test('unreachable host is a network error', async () => {
    const { dir, dest: to } = await dest();
    const port = await freePort();
    await rejectsWith(downloadArchive(`http://127.0.0.1:${port}/x.zip`, to), DownloadError, 'network');
    await assertEmpty(dir);
  });

  test('only http, https and file URLs are accepted', async () => {
    const { dir, dest: to } = await dest();
    await rejectsWith(downloadArchive('ftp://example.com/laws.zip', to), DownloadError, 'unsupported-url');
    await rejectsWith(downloadArchive('laws.zip', to), DownloadError, 'unsupported-url');
    await assertEmpty(dir);
  });

  test('file: URLs are copied', async () => {
    const { dir, dest: to } = await dest();
    const got = await downloadArchive(pathToFileURL(file('raw.zip')).href, to);
    assert.equal(got.bytes, (await stat(file('raw.zip'))).size);
    assert.deepEqual(await readdir(dir), ['archive.zip']);
  });
});

describe('extractArchive', () => {
  const unpack = async (name: string, opts = {}): Promise<{ dir: string; promise: Promise<unknown> }> => {
    const dir = await workDir();
    return { dir, promise: extractArchive(file(name), path.join(dir, 'out'), opts) };
  };

  test('a tar.gz truncated mid-stream fails in gzip, not silently', { skip: NEEDS_CORPUS }, async () => {
    const data = await readFile(file('laws.tar.gz'));
    for (const fraction of [0.3, 0.9]) {
      await writeFile(file('cut.tar.gz'), data.subarray(0, Math.floor(data.length * fraction)));
      const { dir, promise } = await unpack('cut.tar.gz');
      const err = await rejectsWith(promise, ExtractError, 'corrupt');
      assert.match(err.message, /cut\.tar\.gz/);
      await assertEmpty(dir);
    }
  });

  test('a tar cut mid-file inside a clean gzip is caught by the tar parser', { skip: NEEDS_CORPUS }, async () => {
    const tarData = zlib.gunzipSync(await readFile(file('laws.tar.gz')));
    await writeFile(file('cut-inside.tar.gz'), zlib.gzipSync(tarData.subarray(0, Math.floor(tarData.length * 0.6))));
    const { dir, promise } = await unpack('cut-inside.tar.gz');
    const err = await rejectsWith(promise, ExtractError, 'corrupt');
    assert.match(err.message, /Truncated input/);
    await assertEmpty(dir);
  });

  test('a tar without its end-of-archive marker is incomplete', async () => {
    const { dir, promise } = await unpack('no-eof.tar.gz');
    const err = await rejectsWith(promise, ExtractError, 'corrupt');
    assert.match(err.message, /end-of-archive/);
    await assertEmpty(dir);
  });

  test('tar entries with .. or absolute paths are refused', async () => {
    for (const name of ['slip.tar.gz', 'abs.tar.gz']) {
      const { dir, promise } = await unpack(name);
      await rejectsWith(promise, ExtractError, 'unsafe-path');
      await assertEmpty(dir);
    }
    await assert.rejects(stat('/tmp/lexdesk-evil.md'));
  });

  test('a zip entry whose data fails its CRC is corrupt', async () => {
    const data = await readFile(file('raw.zip'));
    const at = data.indexOf(Buffer.from(MD));
    assert.ok(at > 0);
    data[at] = data[at]! ^ 0xff;
    await writeFile(file('bad-crc.zip'), data);
    const { dir, promise } = await unpack('bad-crc.zip');
    const err = await rejectsWith(promise, ExtractError, 'corrupt');
    assert.match(err.message, /CRC/);
    await assertEmpty(dir);
  });

  test('the format comes from the bytes, not the name', async () => {
    await copyFile(file('raw.zip'), file('misnamed.tar.gz'));
    const { dir, promise } = await unpack('misnamed.tar.gz');
    assert.deepEqual(await promise, { entries: 4, format: 'zip' });
    const tree = path.join(dir, 'out');
    assert.equal(await locateLawRefBookRoot(tree), path.join(tree, TOP_FOLDER));
    assert.deepEqual(await verifyLawRefBookTree(path.join(tree, TOP_FOLDER)), { mdFiles: 1, missing: [] });
  });

  test('AbortSignal stops unpacking and removes the partial folder', { skip: NEEDS_CORPUS }, async () => {
    for (const name of ['laws.zip', 'laws.tar.gz']) {
      const ac = new AbortController();
      const { dir, promise } = await unpack(name, { signal: ac.signal, onProgress: (n: number) => n === 3 && ac.abort() });
      await rejectsWith(promise, ExtractError, 'aborted');
      await assertEmpty(dir);
    }
  });

  test('a gzip that is not a tar is corrupt', async () => {
    await writeFile(file('plain.gz'), zlib.gzipSync(Buffer.alloc(4000, 'x')));
    const { dir, promise } = await unpack('plain.gz');
    await rejectsWith(promise, ExtractError, 'corrupt');
    await assertEmpty(dir);
  });
});

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}
