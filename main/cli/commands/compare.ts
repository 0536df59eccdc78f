import type { Engine } from '../../engine/index.js';
import { compareVersions, type VersionComparison } from '../../library/versions/compareVersions.js';
import { sameWording } from '../../library/versions/sameWording.js';
import { lawVersions } from '../../library/versions/counterparts.js';
import { comparisonDocx, comparisonMarkdown, matchZh } from '../../report/comparison.js';
import { writableOutput, writeAtomically } from '../../util/atomicWrite.js';
import { LexError } from '../../util/errors.js';
import { dateOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { renderDiff } from '../versionsView.js';
import { lawNamed } from '../lawNamed.js';
import { bookTitle } from '../../../preload/contract/citationLine.js';

const USAGE = 'lexdesk compare "LAW" [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--changes] [--out FILE.md|FILE.docx]   e.g. lexdesk compare 公司法 --out 公司法新旧对照.docx';

/** `lexdesk compare`: a revised law's old and new articles side by side (新旧对照表), from the text of both versions. */
export async function compareCommand(args: string[], open: (db?: string) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(args, { from: { type: 'string' }, to: { type: 'string' }, changes: { type: 'boolean' }, out: { type: 'string' } }, USAGE);
  const name = positionals.join(' ').trim();
  if (!name) throw new LexError('usage', `Name a law.\nUsage: ${USAGE}`);
  // The output is checked before any work: a Markdown or Word file in a folder that can be written.
  const outFile = values.out === undefined ? null : writableOutput(String(values.out));
  if (outFile && !/\.(md|docx)$/i.test(outFile)) throw new LexError('usage', `--out must name a .md or .docx file (got ${outFile})`);
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
    // A republication that changes only punctuation (民诉法解释 2022-04-01 and 04-02) is passed over for the revision before it.
    const givenFrom = pick(dateOption(values.from, 'from'), 'from');
    const earlier = dates.filter((d) => d < to);
    const republished = givenFrom === undefined ? earlier.filter((d) => sameWording(engine.db, lawId, d, to)) : [];
    const from = givenFrom ?? earlier.find((d) => !republished.includes(d)) ?? earlier[0];
    if (!from) throw new LexError('usage', `${title} has no version before ${to} to compare it with; give --from and --to (versions: ${dates.join(', ')})`);
    if (from >= to) throw new LexError('usage', `--from (${from}) must be an earlier version than --to (${to})`);
    const comparison = compareVersions(engine.db, lawId, from, to);
    if (outFile) writeAtomically(outFile, /\.docx$/i.test(outFile) ? await comparisonDocx(comparison) : comparisonMarkdown(comparison));
    if (out.json) {
      out.printJson({ ...comparison, ...(republished.length ? { republished } : {}), ...(outFile ? { out: outFile } : {}) });
      return 0;
    }
    for (const d of republished) out.print(`Note: the ${d} version has the same words as the ${to} one (punctuation and spacing aside); compared with the ${from} version instead (--from ${d} shows it).`);
    printComparison(out, comparison, Boolean(values.changes));
    if (outFile) out.print(`\nWritten to ${outFile}`);
    return 0;
  } finally {
    engine.close();
  }
}

function summary(c: VersionComparison): string {
  const n = c.counts;
  const newer = n.identical + n.amended + n.partly + n.added;
  const punctuation = c.rows.filter((r) => r.punctuationOnly).length;
  return `${newer} articles in the ${c.newer.publishDate} version: ${n.identical} same text, ${n.amended} amended${punctuation ? ` (${punctuation} of them in punctuation only)` : ''}, ${n.partly} partly carried over, ${n.added} new; of the ${c.older.publishDate} version, ${n.merged} merged into another article and ${n.removed} removed`;
}

function printComparison(out: Output, c: VersionComparison, changes: boolean): void {
  out.print(`${bookTitle(c.lawTitle)} ${c.older.publishDate} → ${c.newer.publishDate}`);
  out.print(summary(c));
  out.print('');
  const ansi = Boolean(process.stdout.isTTY);
  for (const r of c.rows) {
    const similar = r.similarity !== null && r.match !== 'identical' ? ` ${Math.round(r.similarity * 100)}%` : '';
    const also = r.also.length ? `; also ${r.also.map((a) => a.label).join('、')}` : '';
    out.print(`  ${(r.newer?.label ?? '—').padEnd(8, '\u3000')} ← ${(r.older?.label ?? '—').padEnd(8, '\u3000')} ${matchZh(r)}${similar}${also}`);
    if (changes && r.diff) out.print(renderDiff(r.diff, ansi).replace(/^/gm, '      '));
  }
}
