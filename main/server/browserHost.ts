import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { HostApi } from '../host/hostApi.js';
import { loopbackProblem, SECURITY_HEADERS, tokenMatches, tokenOf } from './security.js';

export interface BrowserHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};
const MAX_BODY = 1 << 20;

type Refuse = (status: number, code: string, message: string) => void;

/**
 * `lexdesk serve`: the renderer build and the host API over HTTP on
 * 127.0.0.1 only. The pages are the public renderer build and need no token;
 * every API call and the event stream need the random per-launch token in an
 * `x-lexdesk-token` header. The printed URL carries it in its fragment
 * (`#token=`), which the browser never sends to any server; the page keeps it in
 * sessionStorage, which is scoped to this origin (port included), and drops it
 * from the address bar. (A cookie would not do: browsers send cookies for
 * 127.0.0.1 to every port, i.e. to any other local server.) API: POST
 * /api/<route> with a JSON body, answered with the same envelope as IPC;
 * GET /api/events is the event stream (SSE).
 */
export async function startBrowserHost(opts: { api: HostApi; staticDir: string; port?: number; token?: string }): Promise<BrowserHost> {
  const token = opts.token ?? crypto.randomBytes(24).toString('base64url');
  const staticDir = path.resolve(opts.staticDir);
  let port = 0;
  const streams = new Set<http.ServerResponse>();
  const unsubscribe = opts.api.subscribe((event) => {
    for (const res of streams) res.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  const server = http.createServer((req, res) => {
    const refuse = (status: number, code: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json', ...SECURITY_HEADERS }).end(JSON.stringify({ ok: false, error: { code, message } }));
    };
    try {
      route(req, res, refuse);
    } catch (err) {
      if (!res.headersSent) refuse(400, 'bad_input', `Malformed request: ${err instanceof Error ? err.message : String(err)}`);
      else res.destroy();
    }
  });
  const route = (req: http.IncomingMessage, res: http.ServerResponse, refuse: Refuse): void => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const problem = loopbackProblem(req, port);
    if (problem) return refuse(403, 'forbidden', `Refused: ${problem}.`);
    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET') return refuse(405, 'bad_input', 'Only GET for pages.');
      return serveStatic(staticDir, url.pathname, res, refuse);
    }
    if (!tokenMatches(tokenOf(req), token)) return refuse(401, 'unauthorized', 'Missing or wrong token: open the URL that lexdesk serve printed.');
    if (url.pathname === '/api/events' && req.method === 'GET') return openStream(res, streams);
    if (req.method !== 'POST') return refuse(405, 'bad_input', 'API routes take POST with a JSON body.');
    void handleApi(opts.api, url.pathname.slice(5), req, res, refuse).catch((err: unknown) => {
      // A client that went away mid-request, or a failure outside the route's own envelope: answer if still possible.
      if (!res.headersSent && !res.destroyed) refuse(500, 'internal', `The request failed: ${err instanceof Error ? err.message : String(err)}`);
      else res.destroy();
    });
  };
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        for (const s of streams) s.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function openStream(res: http.ServerResponse, streams: Set<http.ServerResponse>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'keep-alive', ...SECURITY_HEADERS });
  res.write(': connected\n\n');
  streams.add(res);
  res.on('close', () => streams.delete(res));
}

async function handleApi(api: HostApi, route: string, req: http.IncomingMessage, res: http.ServerResponse, refuse: Refuse): Promise<void> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return refuse(415, 'bad_input', 'Send JSON (content-type: application/json).');
  // Bytes first, decoded once: a character split across two network chunks must not become U+FFFD.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return refuse(413, 'bad_input', `Request body too large (over ${MAX_BODY} bytes).`);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks).toString('utf8');
  let input: unknown;
  try {
    input = body ? JSON.parse(body) : {};
  } catch {
    return refuse(400, 'bad_input', 'The body is not valid JSON.');
  }
  const envelope = await api.call(route, input);
  res.writeHead(200, { 'content-type': 'application/json', ...SECURITY_HEADERS }).end(JSON.stringify(envelope));
}

function serveStatic(dir: string, pathname: string, res: http.ServerResponse, refuse: Refuse): void {
  let rel: string;
  try {
    rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  } catch {
    return refuse(400, 'bad_input', `Malformed path: ${pathname}`);
  }
  const file = path.resolve(dir, rel);
  if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return refuse(404, 'not_found', `No such file: ${pathname}`);
  const headers: Record<string, string> = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...SECURITY_HEADERS };
  res.writeHead(200, headers);
  fs.createReadStream(file).pipe(res);
}
