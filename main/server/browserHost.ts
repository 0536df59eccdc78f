import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { HostApi } from '../host/hostApi.js';
import { loopbackProblem, SECURITY_HEADERS, TOKEN_COOKIE, tokenMatches, tokenOf } from './security.js';

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

/**
 * `lexdesk serve`: the renderer build and the host API over HTTP on
 * 127.0.0.1 only, with a random per-launch token required on every request
 * (the printed URL carries it once; the page then holds it in an HttpOnly,
 * SameSite=Strict cookie). API: POST /api/<route> with a JSON body, answered
 * with the same envelope as IPC; GET /api/events is the event stream (SSE).
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
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const refuse = (status: number, code: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json', ...SECURITY_HEADERS }).end(JSON.stringify({ ok: false, error: { code, message } }));
    };
    const problem = loopbackProblem(req, port);
    if (problem) return refuse(403, 'forbidden', `Refused: ${problem}.`);
    if (!tokenMatches(tokenOf(req, url), token)) return refuse(401, 'unauthorized', 'Missing or wrong token: open the URL that lexdesk serve printed.');
    if (url.pathname === '/api/events' && req.method === 'GET') return openStream(res, streams);
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return refuse(405, 'bad_input', 'API routes take POST with a JSON body.');
      return void handleApi(opts.api, url.pathname.slice(5), req, res, refuse);
    }
    if (req.method !== 'GET') return refuse(405, 'bad_input', 'Only GET for pages.');
    serveStatic(staticDir, url.pathname, res, token, refuse);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
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

async function handleApi(api: HostApi, route: string, req: http.IncomingMessage, res: http.ServerResponse, refuse: (s: number, c: string, m: string) => void): Promise<void> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return refuse(415, 'bad_input', 'Send JSON (content-type: application/json).');
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BODY) return refuse(413, 'bad_input', 'Request body too large.');
  }
  let input: unknown;
  try {
    input = body ? JSON.parse(body) : {};
  } catch {
    return refuse(400, 'bad_input', 'The body is not valid JSON.');
  }
  const envelope = await api.call(route, input);
  res.writeHead(200, { 'content-type': 'application/json', ...SECURITY_HEADERS }).end(JSON.stringify(envelope));
}

function serveStatic(dir: string, pathname: string, res: http.ServerResponse, token: string, refuse: (s: number, c: string, m: string) => void): void {
  const rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  const file = path.resolve(dir, rel);
  if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return refuse(404, 'not_found', `No such file: ${pathname}`);
  const headers: Record<string, string> = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', ...SECURITY_HEADERS };
  if (rel === 'index.html') headers['set-cookie'] = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
  res.writeHead(200, headers);
  fs.createReadStream(file).pipe(res);
}
