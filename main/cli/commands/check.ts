import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../engine/index.js';
import { checkDraft, MAX_DRAFT_CHARS, type DraftCitation, type DraftFinding } from '../../consult/draftCheck.js';
import { decodeText, draftFileText, type DraftText } from '../../util/draftFile.js';
import { compilationOfCheck } from '../../report/compilation.js';
import { compilationOut, writeCompilation, writtenLine } from '../compilationOut.js';
import { LexError } from '../../util/errors.js';
import { dateOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { todayOf } from '../../db/today.js';
import { bookTitle, citedLabel } from '../../../preload/contract/citationLine.js';
import { ensureStatuteGraph, graphIsCurrent } from '../../library/graph/statuteGraph.js';

const USAGE = 'lexdesk check FILE.docx|FILE.doc|FILE.rtf|FILE.pdf|FILE.html|FILE.md|FILE.txt|- [--as-of YYYY-MM-DD] [--out FILE.md|FILE.docx]   checks every statute citation in a brief or opinion (- reads stdin); --out writes the articles it cites as a compilation (法条汇编)';
const MARK: Record<DraftFinding, string> = { ok: '✓', check: '!', quote_mismatch: '≠', unresolvable: '✗', not_statute: '○' };
const NAME: Record<DraftFinding, string> = { ok: 'found', check: 'to check', quote_mismatch: 'quotation differs', unresolvable: 'not found', not_statute: 'document clauses, not statutes (not checked)' };

/** `lexdesk check`: the citations of a text of the user's own, each looked up and checked (draftCheck.ts). */
export async function checkCommand(args: string[], open: (db?: string) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(args, { 'as-of': { type: 'string' }, out: { type: 'string' } }, USAGE);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new LexError('usage', `Give one file to check.\nUsage: ${USAGE}`);
  const outFile = compilationOut(values.out);
  const { text, paragraphs } = await readDraft(file);
  if (text.length > MAX_DRAFT_CHARS) throw new LexError('bad_input', `${file} holds ${text.length} characters; check at most ${MAX_DRAFT_CHARS} at a time (split the file).`);
  const engine = open(values.db as string | undefined);
  try {
    const asOf = dateOption(values['as-of'], 'as-of') ?? todayOf(engine.db);
    graphForCheck(engine);
    const result = checkDraft(engine.searchDeps().resolver, text, asOf, { paragraphs });
    // The articles it cites as a compilation, when asked and when it cites any.
    const compilation = outFile ? compilationOfCheck(engine, result, file === '-' ? '输入' : path.basename(file)) : null;
    const written = outFile && compilation?.articles.length ? await writeCompilation(compilation, outFile) : null;
    if (out.json) {
      out.printJson({ file, ...result, ...(written ? { out: written } : {}) });
      return 0;
    }
    const n = result.citations.length;
    if (n === 0) out.print(`No statute citation found in ${file} (${text.length} characters).`);
    else {
      // A repealed law (合同法) is counted apart from a citation that names nothing: the first is gone, the second mistyped.
      const shown = { ...result.counts, unresolvable: result.counts.unresolvable - result.repealedLaws };
      const counts = [...(Object.keys(MARK) as DraftFinding[]).filter((f) => shown[f] > 0).map((f) => `${shown[f]} ${NAME[f]}`),
        ...(result.repealedLaws ? [`${result.repealedLaws} citing a repealed law`] : [])].join(', ');
      // Titles within titles written in 《》: a note on writing, apart from the findings.
      const styled = result.citations.filter((c) => c.titleStyle).length;
      const style = styled ? `; ${styled} title${styled === 1 ? '' : 's'} within a title to write in 〈〉 (a note, not an error)` : '';
      out.print(`${n} citation${n === 1 ? '' : 's'} in ${file}, law as of ${asOf}: ${counts}${style}`);
      for (const c of result.citations) out.print(line(c));
    }
    if (outFile) out.print(`\n${written ? writtenLine(written) : `No article found to compile: nothing written to ${outFile}.`}`);
    return 0;
  } finally {
    engine.close();
  }
}

/**
 * A citation whose words fit another article is told the article of an implementing document they fit (evidenceFit.ts,
 * implementingArticles), which the statute graph says; a library imported by `lexdesk import` has none until `show`, a
 * consultation or the app builds it, and the check said nothing of it. Built here when missing or out of date (once per
 * import: 2.9–3.1 s on the national library of 67,092 articles, the command 4.1–4.2 s against 1.2 s with the graph built), and said on stderr.
 */
function graphForCheck(engine: Engine): void {
  if (graphIsCurrent(engine.db)) return;
  if (engine.db.readonly) {
    process.stderr.write('lexdesk: the library is read-only and its statute graph is not built: suggestions from implementing documents are left out\n');
    return;
  }
  process.stderr.write('lexdesk: building the statute graph first (once after each import; about 3 s for the national library)…\n');
  const started = performance.now();
  const { links } = ensureStatuteGraph(engine.db, engine.searchDeps().resolver);
  process.stderr.write(`lexdesk: statute graph built: ${links.toLocaleString('en-US')} links in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

function line(c: DraftCitation): string {
  const found = c.lawTitle && c.articleLabel ? ` → ${bookTitle(c.lawTitle)}${citedLabel({ label: c.articleLabel })}（${c.publishDate ?? '日期不详'} 版）` : '';
  const place = `${c.where.page !== null ? `第${c.where.page}页` : ''}第${c.where.line}${c.where.unit === 'paragraph' ? '段' : '行'}`;
  // Where to find it in the file: its line, and for a finding worth a look the words around it.
  const at = c.finding === 'ok' ? `  [${place}]` : `\n       ${place}：${c.where.context}`;
  const note = c.noteZh ?? c.note;
  const quote = (c.finding === 'quote_mismatch' || c.quoteSource) && c.quote ? `\n       引文：「${c.quote}」${c.original ? `\n       原文：「${c.original}」` : ''}` : '';
  // A title within a title in 《》: how to write it, a note only (the finding stands).
  const style = c.titleStyle ? `\n       写法：${c.titleStyle.noteZh}` : '';
  return `  ${MARK[c.finding]} ${c.seq}. ${c.marker}${found}${at}${note ? `\n       ${note}` : ''}${quote}${style}`;
}

async function readDraft(file: string): Promise<DraftText> {
  return file === '-' ? { text: decodeText(fs.readFileSync(0), 'stdin'), paragraphs: false } : draftFileText(file, { maxChars: MAX_DRAFT_CHARS });
}
