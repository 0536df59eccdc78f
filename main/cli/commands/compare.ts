import fs from 'node:fs';
import type { Engine } from '../../engine/index.js';
import { compareVersions, lawVersions, type ComparisonRow, type VersionComparison } from '../../library/versions/compareVersions.js';
import { LexError } from '../../util/errors.js';
import { dateOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { renderDiff } from '../versionsView.js';

const USAGE = 'lexdesk compare "LAW" [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--changes] [--out FILE.md]   e.g. lexdesk compare 公司法 --out 公司法新旧对照.md';

const MATCH_ZH: Record<ComparisonRow['match'], string> = { identical: '内容相同', amended: '修改', partly: '部分对应', added: '新增', merged: '并入', removed: '删除' };

/** `lexdesk compare`: a revised law's old and new articles side by side (新旧对照表), from the text of both versions. */
export function compareCommand(args: string[], open: (db?: string) => Engine, out: Output): number {
  const { values, positionals } = parseCommand(args, { from: { type: 'string' }, to: { type: 'string' }, changes: { type: 'boolean' }, out: { type: 'string' } }, USAGE);
  const name = positionals.join(' ').trim();
  if (!name) throw new LexError('usage', `Name a law.\nUsage: ${USAGE}`);
  const engine = open(values.db as string | undefined);
  try {
    const lawId = lawNamed(engine, name);
    const versions = lawVersions(engine.db, lawId);
    const title = engine.searchDeps().resolver.lawTitle(String(lawId)) ?? name;
    const dates = versions.map((v) => v.publishDate);
    if (versions.length < 2) throw new LexError('single-version', `${title} has one version in the library (${dates[0] || 'undated'}): there is nothing to compare.`);
    const pick = (given: string | undefined, flag: string) => {
      if (given !== undefined && !dates.includes(given)) throw new LexError('no-such-version', `${title} has no version published ${given} (--${flag}); its versions: ${dates.join(', ')}`);
      return given;
    };
    // By default the version in force (else the newest) against the one before it.
    const to = pick(dateOption(values.to, 'to'), 'to') ?? (versions.find((v) => v.status === 'current') ?? versions[0]!).publishDate;
    const from = pick(dateOption(values.from, 'from'), 'from') ?? dates.find((d) => d < to);
    if (!from) throw new LexError('usage', `${title} has no version before ${to} to compare it with; give --from and --to (versions: ${dates.join(', ')})`);
    if (from >= to) throw new LexError('usage', `--from (${from}) must be an earlier version than --to (${to})`);
    const comparison = compareVersions(engine.db, lawId, from, to);
    if (values.out) {
      fs.writeFileSync(values.out as string, comparisonMarkdown(comparison));
    }
    if (out.json) {
      out.printJson({ ...comparison, ...(values.out ? { out: values.out } : {}) });
      return 0;
    }
    printComparison(out, comparison, Boolean(values.changes));
    if (values.out) out.print(`\nWritten to ${values.out}`);
    return 0;
  } finally {
    engine.close();
  }
}

/** The law a name means (公司法, 民诉法解释): exactly one, else a message with the candidates. */
function lawNamed(engine: Engine, name: string): number {
  const ids = [...new Set(engine.searchDeps().resolver.names.lookup(name).map(Number))];
  if (ids.length === 1) return ids[0]!;
  const titles = ids.map((id) => engine.searchDeps().resolver.lawTitle(String(id))).filter(Boolean);
  if (!ids.length) throw new LexError('unknown-law', `No law named "${name}" in the library.`);
  throw new LexError('ambiguous-law', `"${name}" names ${ids.length} laws; give the full title.`, { candidates: titles as string[] });
}

function summary(c: VersionComparison): string {
  const n = c.counts;
  const newer = n.identical + n.amended + n.partly + n.added;
  return `${newer} articles in the ${c.newer.publishDate} version: ${n.identical} same text, ${n.amended} amended, ${n.partly} partly carried over, ${n.added} new; of the ${c.older.publishDate} version, ${n.merged} merged into another article and ${n.removed} removed`;
}

function printComparison(out: Output, c: VersionComparison, changes: boolean): void {
  out.print(`《${c.lawTitle}》 ${c.older.publishDate} → ${c.newer.publishDate}`);
  out.print(summary(c));
  out.print('');
  const ansi = Boolean(process.stdout.isTTY);
  for (const r of c.rows) {
    const similar = r.similarity !== null && r.match !== 'identical' ? ` ${Math.round(r.similarity * 100)}%` : '';
    const also = r.also.length ? `; also ${r.also.map((a) => a.label).join('、')}` : '';
    out.print(`  ${(r.newer?.label ?? '—').padEnd(8, '\u3000')} ← ${(r.older?.label ?? '—').padEnd(8, '\u3000')} ${MATCH_ZH[r.match]}${similar}${also}`);
    if (changes && r.diff) out.print(renderDiff(r.diff, ansi).replace(/^/gm, '      '));
  }
}

/** The table as Markdown: a summary, one row per article, then what changed in each amended one (deletions struck through, insertions bold). */
export function comparisonMarkdown(c: VersionComparison): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    `# 《${c.lawTitle}》新旧对照（${c.older.publishDate} 版 → ${c.newer.publishDate} 版）`,
    '',
    `新版内容相同 ${c.counts.identical} 条，修改 ${c.counts.amended} 条，部分对应 ${c.counts.partly} 条，新增 ${c.counts.added} 条；旧版并入他条 ${c.counts.merged} 条，删除 ${c.counts.removed} 条。对应关系按条文文字比对得出（相似度为两条共有字对的比例），供核对参考。`,
    '',
    `| ${c.newer.publishDate} 版 | ${c.older.publishDate} 版 | 变化 | 相似度 | 另见 |`,
    '|---|---|---|---|---|',
    ...c.rows.map((r) => `| ${r.newer?.label ?? '—'} | ${r.older?.label ?? '—'} | ${MATCH_ZH[r.match]} | ${r.similarity !== null ? `${Math.round(r.similarity * 100)}%` : ''} | ${cell(r.also.map((a) => a.label).join('、'))} |`),
    '',
    '## 修改内容',
    '',
    '删除线为删去的文字，加粗为新增的文字。',
  ];
  for (const r of c.rows) {
    if (!r.diff || !r.newer || !r.older) continue;
    lines.push('', r.match === 'merged' ? `### 原${r.older.label}（并入${r.newer.label}）` : `### ${r.newer.label}（原${r.older.label}）`, '');
    const marked = r.diff.map(([op, text]) => (op === 0 ? text : text.split('\n').map((t) => (t ? (op < 0 ? `~~${t}~~` : `**${t}**`) : t)).join('\n'))).join('');
    lines.push(...marked.split('\n').map((l) => `> ${l}`));
  }
  return `${lines.join('\n')}\n`;
}
