import fs from 'node:fs';
import path from 'node:path';

/** The page is served as app://lexdesk/…: a standard, secure origin of its own, not file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'lexdesk';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;
/** The page's policy, sent as a header with every app:// response as well as in index.html's meta tag. */
export const APP_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * The file an app:// URL names inside the renderer bundle, or null. Only our host, only
 * files that really lie inside the bundle once every `..` (plain or percent-encoded) and every
 * symbolic link is resolved; no folders, no query tricks.
 */
export function appAssetPath(rendererDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (relative.includes('\0') || relative.includes('\\')) return null;
  const root = realpathOrNull(rendererDir);
  if (!root) return null;
  const file = realpathOrNull(path.join(root, relative === '/' ? 'index.html' : relative));
  if (!file || !(file === root || file.startsWith(root + path.sep))) return null;
  return fs.statSync(file).isFile() ? file : null;
}

function realpathOrNull(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}
