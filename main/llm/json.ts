/**
 * Pulls the JSON object out of a model reply: tolerates code fences and text
 * around the object, nothing more (no guessing at broken JSON).
 */
export function parseJsonReply(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const unfenced = text.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end < start) return { ok: false, error: 'no JSON object in the reply' };
  try {
    return { ok: true, value: JSON.parse(unfenced.slice(start, end + 1)) };
  } catch (err) {
    return { ok: false, error: `malformed JSON: ${(err as Error).message.slice(0, 120)}` };
  }
}
