import type { ArticleVersion } from '../library/versions/counterparts.js';
import type { DiffPart } from '../library/versions/textDiff.js';
import type { Output } from './output.js';

const MATCH: Record<ArticleVersion['match'], string> = {
  self: '◀ this article',
  identical: 'same text',
  amended: 'amended',
  partly: 'partly carried over',
  none: 'no article holds this provision',
};

/** What changed, marked: red struck-through deletions and green underlined insertions on a terminal, [-…-] and {+…+} otherwise. */
export function renderDiff(parts: DiffPart[], ansi: boolean): string {
  return parts
    .map(([op, text]) => {
      if (op === 0) return text;
      if (ansi) return `${op < 0 ? '\x1b[9;31m' : '\x1b[4;32m'}${text}\x1b[0m`;
      return op < 0 ? `[-${text}-]` : `{+${text}+}`;
    })
    .join('');
}

/** Each version of the law with the article that holds this provision there; with `changes`, what changed from each to the next. */
export function printVersions(out: Output, versions: ArticleVersion[], changes: boolean): void {
  if (versions.length < 2) return;
  out.print('\nVersions (the article holding this provision in each, found by its text):');
  for (const v of versions) {
    const similar = v.match === 'amended' || v.match === 'partly' ? `, ${Math.round((v.similarity ?? 0) * 100)}% alike` : '';
    const also = v.also.length ? `; also ${v.also.map((a) => a.label).join('、')}` : '';
    const where = v.match === 'self' || v.match === 'none' ? '' : `${v.label} — `;
    const republished = v.sameWordingAs ? ` (the same words as the ${v.sameWordingAs} version, punctuation aside: published again)` : '';
    out.print(`  ${v.publishDate ?? '?'} ${v.status.padEnd(10)} ${where}${MATCH[v.match]}${similar}${also}${republished}`);
  }
  if (!changes) {
    if (versions.some((v) => v.diff)) out.print('  (--changes shows what changed)');
    return;
  }
  const self = versions.find((v) => v.match === 'self');
  for (const v of versions) {
    if (!v.diff) continue;
    const older = (v.publishDate ?? '') < (self?.publishDate ?? '');
    const [from, to] = older ? [`${v.publishDate} version (${v.label})`, 'this one'] : [`this one`, `${v.publishDate} version (${v.label})`];
    out.print(`\nChanges from ${from} to ${to}:`);
    out.print(renderDiff(v.diff, Boolean(process.stdout.isTTY)).replace(/^/gm, '  '));
  }
}
