import type { Engine } from '../../engine/index.js';
import { citationText, itemMarker, type StatuteArticle } from '../../library/articles.js';
import { ensureStatuteGraph, referencedBy, type LinkedArticle } from '../../library/graph/statuteGraph.js';
import { EFFECTIVE_UNKNOWN, inForceFirst, STATUS_ZH } from '../../library/status.js';
import { LexError } from '../../util/errors.js';
import { dateOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';

const USAGE = 'lexdesk show "CITATION" [--as-of YYYY-MM-DD] [--version YYYY-MM-DD]   e.g. 民法典第1165条, 刑法264, 劳动合同法 38, 宪法序言';
/** Interpretations listed in text output; --json lists all. */
const MAX_LISTED = 10;

export function showCommand(args: string[], open: (db?: string) => Engine, out: Output): number {
  const { values, positionals } = parseCommand(args, { 'as-of': { type: 'string' }, version: { type: 'string' } }, USAGE);
  const citation = positionals.join(' ').trim();
  if (!citation) throw new LexError('usage', `Give a citation.\nUsage: ${USAGE}`);
  const engine = open(values.db as string | undefined);
  try {
    const result = engine.lookup(citation, { asOf: dateOption(values['as-of'], 'as-of'), version: dateOption(values.version, 'version') });
    if (!result.ok) {
      const hint = result.candidates.length ? `\nCandidates: ${result.candidates.slice(0, 10).join('；')}` : '';
      throw new LexError(result.code, result.message + hint, { candidates: result.candidates });
    }
    const context = engine.context(result.article);
    const links = incomingLinks(engine, result.article);
    if (out.json) {
      const { paragraph, item, warning } = result;
      out.printJson({ citation, article: result.article, paragraph, item, warning, note: result.note ?? null, ...context, ...links });
      return 0;
    }
    if (result.note) out.print(`Note: ${result.note}`);
    printArticle(out, result.article, result.paragraph, result.item);
    if (result.warning) out.print(`\n(note: ${result.warning})`);
    const { previous, next } = context.neighbours;
    if (previous) out.print(`\n← ${previous.label}  ${previous.text.slice(0, 40)}…`);
    if (next) out.print(`→ ${next.label}  ${next.text.slice(0, 40)}…`);
    if (context.versions.length > 1) {
      out.print('\nVersions: ' + context.versions.map((v) => `${v.publishDate ?? '?'} ${v.status}${v.articleId === result.article.id ? ' ◀' : ''}`).join('；'));
    }
    printLinks(out, 'Amended by', links.amendedBy);
    printLinks(out, 'Interpretations', links.interpretations);
    return 0;
  } finally {
    engine.close();
  }
}

interface ShownLink {
  id: number;
  citation: string;
  /** False when the citing text's numbering could not be checked against the version it meant (see the statute graph). */
  verified: boolean;
  /** The linking document's status: a repealed interpretation is no authority, and is said so. */
  status: StatuteArticle['status'];
  publishDate: string | null;
}

/** Amendments and judicial interpretations of the article, from the statute graph (built on first use). */
function incomingLinks(engine: Engine, article: StatuteArticle): { amendedBy: ShownLink[]; interpretations: ShownLink[] } {
  ensureStatuteGraph(engine.db, engine.searchDeps().resolver);
  const incoming = referencedBy(engine.db, article.id);
  const shown = (kind: LinkedArticle['kind']): ShownLink[] => {
    const links = incoming.filter((l) => l.kind === kind);
    const verified = new Map(links.map((l) => [l.articleId, l.verified]));
    return inForceFirst(engine.articles(links.map((l) => l.articleId)))
      .map((a) => ({ id: a.id, citation: citationText(a), verified: verified.get(a.id) ?? false, status: a.status, publishDate: a.publishDate }));
  };
  return { amendedBy: shown('amends'), interpretations: shown('interprets') };
}

function printLinks(out: Output, title: string, links: ShownLink[]): void {
  if (links.length === 0) return;
  out.print(`\n${title}:`);
  for (const l of links.slice(0, MAX_LISTED)) {
    const status = l.status === 'current' ? '' : ` [${STATUS_ZH[l.status] ?? l.status}${l.publishDate ? ` ${l.publishDate}` : ''}]`;
    out.print(`  ${l.citation}${status}${l.verified ? '' : '  (cites an earlier text; numbering not checked)'}`);
  }
  if (links.length > MAX_LISTED) out.print(`  … and ${links.length - MAX_LISTED} more (--json lists all)`);
}

function printArticle(out: Output, a: StatuteArticle, paragraph: number | null, item: number | null): void {
  out.print(citationText(a) + (a.province ? `（${a.province}）` : ''));
  const crumbs = [a.subtitle, ...a.path].filter(Boolean).join(' › ');
  if (crumbs) out.print(crumbs);
  out.print(`${a.level} · ${STATUS_ZH[a.status] ?? a.status} · 公布 ${a.publishDate ?? '未知'} · ${a.effectiveDate ? `施行 ${a.effectiveDate}` : EFFECTIVE_UNKNOWN}`);
  out.print('');
  a.paragraphs.forEach((p, i) => {
    const mark = paragraph === i + 1 ? '▶ ' : '  ';
    out.print(`${mark}${i === 0 ? a.label + ' ' : ''}${p.text}`);
    for (const it of p.items) {
      const itemMark = paragraph === i + 1 && item === it.number ? '   ▶ ' : '     ';
      out.print(`${itemMark}${itemMarker(a, it)}${it.text.replace(/\n/g, '\n       ')}`);
    }
  });
}
