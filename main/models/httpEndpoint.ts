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

/** Where the server is, for messages and commands shown: origin and path only (no user:password@, no query). */
export function displayURL(baseURL: string): string {
  try {
    const u = new URL(baseURL);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, '')}`;
  } catch {
    return baseURL.replace(/^([a-z][\w+.-]*:\/\/)?[^/?#]*@/i, '$1').replace(/[?#].*$/, '');
  }
}
