import type { Strings } from '../../i18n.js';

/** What a folder holds of an article: 「全文」 when the whole of it, else its 款 and 项 (「第一款、第二款第三项」). */
export function savedPartText(t: Pick<Strings, 'savedWhole'>, parts: ReadonlyArray<string | null>): string {
  if (parts.some((p) => p === null)) return t.savedWhole;
  return [...new Set(parts)].join('、');
}
