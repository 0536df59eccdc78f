import { createHash } from 'node:crypto';

/**
 * What can be said about an embeddings endpoint without contacting it (and without loading
 * the OpenAI client): the id of its vector set, and its address as messages show it.
 */

/**
 * The vector set's id: the model name, plus a digest of the prefixes when there are any
 * (they change every vector, so vectors embedded with other prefixes are not reused).
 */
export function httpModelId(model: string, queryPrefix: string, documentPrefix: string): string {
  if (!queryPrefix && !documentPrefix) return `http:${model}`;
  return `http:${model}#${createHash('sha256').update(`${queryPrefix}\0${documentPrefix}`).digest('hex').slice(0, 8)}`;
}

export { minMaxInputChars } from '../../preload/contract/limits.js';

/** Where the server is, for messages and commands shown: origin and path only, user:password@ shown as ***@, no query. */
export function displayURL(baseURL: string): string {
  try {
    const u = new URL(baseURL);
    return `${u.protocol}//${u.username || u.password ? '***@' : ''}${u.host}${u.pathname.replace(/\/$/, '')}`;
  } catch {
    return baseURL.replace(/^([a-z][\w+.-]*:\/\/)?[^/?#]*@/i, '$1***@').replace(/[?#].*$/, '');
  }
}

/** A URL part percent-decoded, or as written when it is not valid percent-encoding (a literal % in a password). */
export function decodedUrlPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * A base URL with user:password@ (a proxy with basic auth): the URL without them, which fetch
 * accepts, and the "Authorization: Basic …" header they stand for; the secrets, to scrub from messages.
 */
export function urlCredentials(baseURL: string): { url: string; authorization: string | null; secrets: string[] } {
  let u: URL;
  try {
    u = new URL(baseURL);
  } catch {
    return { url: baseURL, authorization: null, secrets: [] };
  }
  if (!u.username && !u.password) return { url: baseURL, authorization: null, secrets: [] };
  const user = decodedUrlPart(u.username);
  const password = decodedUrlPart(u.password);
  const secrets = [`${u.username}:${u.password}`, u.password, password].filter((x) => x.length > 0);
  u.username = '';
  u.password = '';
  return { url: u.toString(), authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`, secrets };
}
