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

/** The URL the engine connects with: the stored user and password put back when they belong to its origin. */
export function withStoredCredentials(keys: Pick<KeyStore, 'get'>, url: string): string {
  const stored = forOrigin(keys, url);
  if (!stored) return url;
  const u = new URL(url);
  const colon = stored.userinfo.indexOf(':');
  // Already percent-encoded as the user typed them: URL's setters keep existing escapes.
  u.username = colon < 0 ? stored.userinfo : stored.userinfo.slice(0, colon);
  u.password = colon < 0 ? '' : stored.userinfo.slice(colon + 1);
  return u.toString();
}

/** The user name stored for this URL's server (decoded, for Settings to show; the password never leaves the store). */
export function credentialUser(keys: Pick<KeyStore, 'get'>, url: string | undefined): string | null {
  const stored = url ? forOrigin(keys, url) : null;
  if (!stored) return null;
  const colon = stored.userinfo.indexOf(':');
  const user = colon < 0 ? stored.userinfo : stored.userinfo.slice(0, colon);
  try {
    return decodeURIComponent(user);
  } catch {
    return user;
  }
}

/**
 * Saving an endpoint URL: user:password@ in it replaces the stored credentials and the URL is
 * returned without them; a URL without them keeps the stored ones when it is on the same origin
 * (the address shown in Settings has none, so re-saving it must not lose them) and drops them
 * when it names another server (they must never be sent elsewhere); clearing the URL drops them.
 */
export function saveEndpointCredentials(keys: KeyStore, url: string | undefined): string | undefined {
  if (!url) {
    keys.delete(EMBEDDING_CREDENTIALS_ID);
    return url;
  }
  const split = splitCredentials(url);
  if (split.userinfo !== null && split.origin) {
    keys.set(EMBEDDING_CREDENTIALS_ID, JSON.stringify({ origin: split.origin, userinfo: split.userinfo } satisfies Stored));
    return split.url;
  }
  if (!forOrigin(keys, url)) keys.delete(EMBEDDING_CREDENTIALS_ID);
  return url;
}

/**
 * Settings written by an earlier version may hold the endpoint's password in the URL: when the key
 * store keeps keys across runs, the credentials move there and the file is rewritten without them
 * (a store that forgets keys at exit would lose them, so the file is left as it was).
 */
export function moveSavedCredentials(settings: SettingsStore, keys: KeyStore): void {
  if (!keys.persistent) return;
  const saved = settings.readOrEmpty();
  const url = saved.models?.httpBase;
  if (!url || splitCredentials(url).userinfo === null) return;
  const stripped = saveEndpointCredentials(keys, url);
  settings.write({ ...saved, models: { ...saved.models, httpBase: stripped } });
}
