import type { Engine } from '../../engine/index.js';
import { lawCatalog } from '../../library/lawCatalog.js';
import { STATUS_ZH } from '../../library/status.js';
import { LexError } from '../../util/errors.js';
import { intOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';

const USAGE = 'lexdesk laws [QUERY] [--level 法律|行政法规|司法解释|…] [--province 北京|all] [--limit 50]   e.g. lexdesk laws 劳动, lexdesk laws --level 宪法';
const LEVELS = ['宪法', '法律', '行政法规', '司法解释', '部门规章', '地方性法规', '其他'];

/** `lexdesk laws`: the catalogue of the library's laws, each with the version in force, its articles and how to open it. */
export function lawsCommand(args: string[], open: (db?: string) => Engine, out: Output): number {
  const { values, positionals } = parseCommand(args, { level: { type: 'string' }, province: { type: 'string' }, limit: { type: 'string' } }, USAGE);
  const level = values.level as string | undefined;
  if (level !== undefined && !LEVELS.includes(level)) throw new LexError('usage', `--level must be one of ${LEVELS.join('、')} (got ${level})\nUsage: ${USAGE}`);
  const limit = intOption(values.limit, 'limit', 50);
  const engine = open(values.db as string | undefined);
  try {
    const query = positionals.join(' ').trim();
    const { total, laws } = lawCatalog(engine.db, engine.searchDeps().resolver.names, { query, level, province: values.province as string | undefined, limit });
    if (out.json) {
      out.printJson({ query, total, laws });
      return 0;
    }
    if (total === 0) {
      const near = (query ? engine.unknownLawFilter(query) : null) ?? [];
      const province = values.province as string | undefined;
      const of = province && province !== 'all' ? ` of ${province} (province packs installed: ${engine.counts().provinces.join('、') || 'none'})` : '';
      out.print(`No law${query ? ` whose title holds "${query}"` : ''}${level ? ` at level ${level}` : ''}${of} in the library.${near.length ? `\nNearest names: ${near.slice(0, 8).join('；')}` : ''}`);
      return 0;
    }
    out.print(`${total} law${total === 1 ? '' : 's'}${total > laws.length ? `, the first ${laws.length} (--limit)` : ''}:`);
    for (const l of laws) {
      const v = l.version;
      const status = STATUS_ZH[v.status] ?? v.status;
      // 「已废止（2022-06-05 起）」, 「首次施行 2008-01-01」: when it stopped, and when the law began where its text says so.
      const repealed = l.repealedOn && v.status === 'repealed' ? `（${l.repealedOn} 起）` : l.repealedOn ? `（${l.repealedOn} 起废止）` : '';
      const began = l.tookEffect ? ` · 首次施行 ${l.tookEffect}` : '';
      const stale = l.staleSince ? `（${l.staleSince} 经修改，库中无修改后的文本）` : '';
      out.print(`  ${l.title}${l.province ? `（${l.province}）` : ''}  ${l.level} · ${v.publishDate ? `${v.publishDate} 版` : '版本日期不详'} · ${status}${repealed}${stale} · ${l.articles} 条${l.versions > 1 ? ` · ${l.versions} versions` : ''}${began}`);
    }
    out.print(`\nOpen one: lexdesk show "${laws[0]!.shortName || laws[0]!.title}第1条"`);
    return 0;
  } finally {
    engine.close();
  }
}
