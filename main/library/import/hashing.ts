import { createHash } from 'node:crypto';

export function sha1(...parts: Array<string | Buffer>): string {
  const h = createHash('sha1');
  for (const part of parts) h.update(part);
  return h.digest('hex');
}
