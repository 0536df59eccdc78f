import { decodedUrlPart } from '../models/httpEndpoint.js';
import { LexError } from '../util/errors.js';
import type { KeyStore } from './keyStore.js';
import type { SettingsStore } from './settings.js';

/**
 * A user and password in an embeddings endpoint's URL (http://user:pass@proxy/v1, basic auth) are
 * a secret like an API key: Settings → Models keeps them in the key store, bound to the URL's
 * origin, and saves the URL without them, so settings.json never holds a password. They are put
 * back into the URL only when the engine starts with that endpoint (HttpEmbedder then sends them
 * as an Authorization header and never shows them).
 */
export const EMBEDDING_CREDENTIALS_ID = 'embedding-credentials';

interface Stored {
  /** Where they may be sent: the origin of the URL they were given with. */
  origin: string;
  /** user:password as written in the URL (percent-encoding kept). */
  userinfo: string;
}

/** The URL without user:password@, what it held (null when nothing), and its origin. */
export function splitCredentials(url: string): { url: string; userinfo: string | null; origin: string | null } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, userinfo: null, origin: null };
  }
  if (!u.username && !u.password) return { url, userinfo: null, origin: u.origin };
  const userinfo = `${u.username}:${u.password}`;
  u.username = '';
  u.password = '';
  return { url: u.toString(), userinfo, origin: u.origin };
}

function read(keys: Pick<KeyStore, 'get'>): Stored | null {
  const raw = keys.get(EMBEDDING_CREDENTIALS_ID);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return typeof parsed.origin === 'string' && typeof parsed.userinfo === 'string' ? { origin: parsed.origin, userinfo: parsed.userinfo } : null;
  } catch {
    return null;
  }
}

/** The stored credentials for this URL's origin, or null (none stored, or stored for another server). */
function forOrigin(keys: Pick<KeyStore, 'get'>, url: string): Stored | null {
  const stored = read(keys);
  const { origin, userinfo } = splitCredentials(url);
  return stored && userinfo === null && origin === stored.origin ? stored : null;
}

/** user:password as written, split at the first colon (percent-encoding kept). */
function userAndPassword(userinfo: string): { user: string; password: string } {
  const colon = userinfo.indexOf(':');
  return colon < 0 ? { user: userinfo, password: '' } : { user: userinfo.slice(0, colon), password: userinfo.slice(colon + 1) };
}

/** The URL the engine connects with: the stored user and password put back when they belong to its origin. */
export function withStoredCredentials(keys: Pick<KeyStore, 'get'>, url: string): string {
  const stored = forOrigin(keys, url);
  if (!stored) return url;
  const u = new URL(url);
  const { user, password } = userAndPassword(stored.userinfo);
  // Already percent-encoded as the user typed them: URL's setters keep existing escapes.
  u.username = user;
  u.password = password;
  return u.toString();
}

/** The user name stored for this URL's server (decoded, for Settings to show; the password never leaves the store). */
export function credentialUser(keys: Pick<KeyStore, 'get'>, url: string | undefined): string | null {
  const stored = url ? forOrigin(keys, url) : null;
  return stored ? decodedUrlPart(userAndPassword(stored.userinfo).user) : null;
}

/**
 * The URL to save for the endpoint, given the one saved now: user:password@ in it goes to the
 * key store (bound to its origin) and the URL is saved without them; a URL without them keeps
 * what is stored for the same origin (the address shown in Settings has none, so re-saving it must
 * not lose them), and drops it for another server (credentials are never sent elsewhere); no URL
 * drops them. A file an earlier version wrote with the password in the URL counts as stored for its
 * origin: re-saving the shown address moves it to the key store instead of losing it. A key store
 * that forgets keys at exit cannot hold credentials the next start needs, so a URL with them is
 * refused there, and an earlier file's URL is kept as it was.
 */
export function saveEndpointCredentials(keys: KeyStore, url: string | undefined, saved?: string): string | undefined {
  if (!url) {
    keys.delete(EMBEDDING_CREDENTIALS_ID);
    return url;
  }
  const split = splitCredentials(url);
  const old = saved ? splitCredentials(saved) : null;
  const legacy = old?.userinfo != null && split.userinfo === null && old.origin === split.origin ? old.userinfo : null;
  const userinfo = split.userinfo ?? legacy;
  if (userinfo !== null && split.origin) {
    if (!keys.persistent) {
      if (legacy !== null) return saved;
      throw new LexError(
        'bad_input',
        'This system has no keychain, so a user and password in the endpoint URL could not be kept for the next start without writing them in plain text. Save the URL without them (a proxy on 127.0.0.1 that adds them, or an API key) or use lexdesk serve, which keeps them in its encrypted key file.',
      );
    }
    keys.set(EMBEDDING_CREDENTIALS_ID, JSON.stringify({ origin: split.origin, userinfo } satisfies Stored));
    return split.url;
  }
  if (!forOrigin(keys, url)) keys.delete(EMBEDDING_CREDENTIALS_ID);
  return url;
}

/** What restarting would change about the credentials the engine connects with (compared, never shown). */
export function credentialsTag(keys: Pick<KeyStore, 'get'>): string {
  return keys.get(EMBEDDING_CREDENTIALS_ID) ?? '';
}

/**
 * Settings written by an earlier version may hold the endpoint's password in the URL: when the key
 * store keeps keys across runs, the credentials move there and the file is rewritten without them
 * (a store that forgets keys at exit would lose them, so the file is left as it was). For a store
 * whose writes complete before it returns (the browser host's key file); the desktop app's engine
 * process hands keys to the main process asynchronously, so there the move happens on the next save
 * of the endpoint in Settings.
 */
export function moveSavedCredentials(settings: SettingsStore, keys: KeyStore): void {
  if (!keys.persistent) return;
  const saved = settings.readOrEmpty();
  const url = saved.models?.httpBase;
  if (!url || splitCredentials(url).userinfo === null) return;
  const stripped = saveEndpointCredentials(keys, url);
  settings.write({ ...saved, models: { ...saved.models, httpBase: stripped } });
}
