import type { Engine } from '../engine/index.js';
import { LexError } from '../util/errors.js';

/** The law a name means (公司法, 民诉法解释, a full title): exactly one, else a message with the candidates. */
export function lawNamed(engine: Engine, name: string): number {
  const resolver = engine.searchDeps().resolver;
  const ids = [...new Set(resolver.names.lookup(name.replace(/[《》]/g, '')).map(Number))];
  if (ids.length === 1) return ids[0]!;
  if (!ids.length) throw new LexError('unknown-law', `No law named "${name}" in the library.`, { candidates: engine.unknownLawFilter(name) ?? [] });
  const titles = ids.map((id) => resolver.lawTitle(String(id))).filter(Boolean);
  throw new LexError('ambiguous-law', `"${name}" names ${ids.length} laws; give the full title.`, { candidates: titles as string[] });
}
