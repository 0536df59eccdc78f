import crypto from 'node:crypto';
import type http from 'node:http';

/** Same-length comparison that does not leak how much of the token matched. */
export function tokenMatches(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The token of an API request: the x-lexdesk-token header only (never a cookie, which other local ports would get too). */
export function tokenOf(req: http.IncomingMessage): string | undefined {
  const header = req.headers['x-lexdesk-token'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * Only this machine may talk to the host: the Host header must name the
 * loopback address we listen on (no DNS rebinding), and a browser's Origin,
 * when sent, must be our own origin (no cross-site requests from other tabs).
 */
export function loopbackProblem(req: http.IncomingMessage, port: number): string | null {
  const remote = req.socket.remoteAddress ?? '';
  if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) return `remote address ${remote} is not loopback`;
  const host = req.headers.host ?? '';
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (!allowedHosts.includes(host)) return `Host "${host}" is not this loopback server`;
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedHosts.map((h) => `http://${h}`).includes(origin)) return `Origin "${origin}" is not allowed`;
  return null;
}

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};
