/**
 * Keeps API keys out of logs, errors, exports and the database: every string
 * that leaves the LLM layer goes through a scrubber that knows the keys in use.
 */
const KEY_SHAPES = [/\bsk-[A-Za-z0-9_-]{8,}/g, /\bBearer\s+[A-Za-z0-9._~+/-]{8,}=*/gi];

export function makeScrubber(secrets: Array<string | undefined>): (text: string) => string {
  const known = secrets.filter((s): s is string => !!s && s.length >= 4);
  return (text: string) => {
    let out = text;
    for (const s of known) out = out.split(s).join('***');
    for (const shape of KEY_SHAPES) out = out.replace(shape, (m) => (m.toLowerCase().startsWith('bearer') ? 'Bearer ***' : 'sk-***'));
    return out;
  };
}

/** "sk-ab…wxyz" style hint so the user can tell which key is stored. */
export function keyHint(key: string): string {
  // At most a quarter of the key is shown: enough to tell two keys apart, too little to help guess one.
  if (key.length < 16) return '***';
  return key.length < 28 ? `…${key.slice(-4)}` : `${key.slice(0, 3)}…${key.slice(-4)}`;
}
