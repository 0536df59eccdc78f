import type { Engine } from '../../engine/index.js';
import { citationText } from '../../library/articles.js';
import { renderSnippet } from '../../search/snippet.js';
import { LexError } from '../../util/errors.js';
import { intOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { FILTER_OPTIONS, filtersFrom } from './searchOptions.js';

const USAGE = 'lexdesk search "QUERY" [--k 10] [--law NAME] [--level 法律,司法解释] [--all-versions] [--as-of YYYY-MM-DD] [--province 北京|all]';

export function searchCommand(args: string[], open: (db?: string) => Engine, out: Output): number {
  const { values, positionals } = parseCommand(args, { ...FILTER_OPTIONS, k: { type: 'string' }, mode: { type: 'string' } }, USAGE);
  const query = positionals.join(' ').trim();
  if (!query) throw new LexError('usage', `Give a query.\nUsage: ${USAGE}`);
  if (values.mode !== undefined && values.mode !== 'lexical') {
    throw new LexError('usage', `--mode ${String(values.mode)} is not available yet; use lexical.`);
  }
  const limit = intOption(values.k, 'k', 10);
  const engine = open(values.db as string | undefined);
  try {
    const hits = engine.search(query, { limit, filters: filtersFrom(values) });
    if (out.json) {
      out.printJson({ query, mode: 'lexical', hits: hits.map((h, i) => ({ rank: i + 1, score: h.score === Infinity ? null : h.score, matchedBy: h.matchedBy, snippet: h.snippet, ...h.article })) });
      return 0;
    }
    if (!hits.length) out.print('No matching articles. Try other words, --all-versions, or a citation such as 民法典第1165条.');
    hits.forEach((h, i) => {
      const a = h.article;
      const status = a.status === 'current' ? '' : ` [${a.status === 'superseded' ? '已被修订' : '已失效'} ${a.publishDate ?? ''}]`;
      const tag = h.matchedBy === 'citation' ? ' (cited)' : '';
      out.print(`${i + 1}. ${citationText(a)}${a.province ? `（${a.province}）` : ''}${status}${tag}`);
      out.print(`   ${renderSnippet(h.snippet, Boolean(process.stdout.isTTY))}`);
    });
    return 0;
  } finally {
    engine.close();
  }
}
