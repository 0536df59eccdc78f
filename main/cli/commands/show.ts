import type { Engine } from '../../engine/index.js';
import { citationText, type StatuteArticle } from '../../library/articles.js';
import { EFFECTIVE_UNKNOWN } from '../../library/status.js';
import { LexError } from '../../util/errors.js';
import { dateOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';

const USAGE = 'lexdesk show "CITATION" [--as-of YYYY-MM-DD] [--version YYYY-MM-DD]   e.g. 民法典第1165条, 刑法264, 劳动合同法 38';

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
    if (out.json) {
      out.printJson({ citation, article: result.article, paragraph: result.paragraph, item: result.item, note: result.note ?? null, ...context });
      return 0;
    }
    if (result.note) out.print(`Note: ${result.note}`);
    printArticle(out, result.article, result.paragraph, result.item);
    const { previous, next } = context.neighbours;
    if (previous) out.print(`\n← ${previous.label}  ${previous.text.slice(0, 40)}…`);
    if (next) out.print(`→ ${next.label}  ${next.text.slice(0, 40)}…`);
    if (context.versions.length > 1) {
      out.print('\nVersions: ' + context.versions.map((v) => `${v.publishDate ?? '?'} ${v.status}${v.articleId === result.article.id ? ' ◀' : ''}`).join('；'));
    }
    return 0;
  } finally {
    engine.close();
  }
}

function printArticle(out: Output, a: StatuteArticle, paragraph: number | null, item: number | null): void {
  out.print(citationText(a) + (a.province ? `（${a.province}）` : ''));
  const crumbs = [a.subtitle, ...a.path].filter(Boolean).join(' › ');
  if (crumbs) out.print(crumbs);
  out.print(`${a.level} · ${STATUS_TEXT[a.status] ?? a.status} · 公布 ${a.publishDate ?? '未知'} · ${a.effectiveDate ? `施行 ${a.effectiveDate}` : EFFECTIVE_UNKNOWN}`);
  out.print('');
  a.paragraphs.forEach((p, i) => {
    const mark = paragraph === i + 1 ? '▶ ' : '  ';
    out.print(`${mark}${i === 0 ? a.label + ' ' : ''}${p.text}`);
    p.items.forEach((it) => out.print(`${paragraph === i + 1 && item === it.number ? '   ▶ ' : '     '}${it.text}`));
  });
  if (paragraph !== null && paragraph > a.paragraphs.length) out.print(`\n(note: this article has only ${a.paragraphs.length} 款; 第${paragraph}款 does not exist)`);
}

/** The CLI's words for a version's status (as it has always printed them). */
export const STATUS_TEXT: Record<string, string> = { current: '现行有效', superseded: '已被修订', repealed: '已失效', pending: '尚未施行' };
