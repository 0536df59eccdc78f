import path from 'node:path';
import { Consultations } from '../../consult/index.js';
import type { Engine } from '../../engine/index.js';
import type { ModelOptions } from '../../engine/retrieval.js';
import { exportReport, REPORT_FORMATS, type ReportFormat } from '../../report/index.js';
import { LexError } from '../../util/errors.js';
import { intOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { appVersion } from './serve.js';

const USAGE = 'lexdesk export CONSULTATION_ID --out FILE.md|FILE.docx|FILE.pdf [--format md|docx|pdf] [--turn N] [--all-states] [--excluded]';
const FORMAT_OF_EXTENSION: Record<string, ReportFormat> = { '.md': 'md', '.markdown': 'md', '.docx': 'docx', '.pdf': 'pdf' };

/** A cited report of a consultation (or one turn of it) as Markdown, Word or PDF. */
export async function exportCommand(args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(
    args,
    { format: { type: 'string' }, out: { type: 'string' }, turn: { type: 'string' }, 'all-states': { type: 'boolean', default: false }, excluded: { type: 'boolean', default: false } },
    USAGE,
  );
  if (!positionals[0]) throw new LexError('usage', `Name the consultation (lexdesk consult --list shows them).\nUsage: ${USAGE}`);
  const id = Number(positionals[0]);
  if (!Number.isInteger(id) || id <= 0) throw new LexError('usage', `The consultation's number must be a positive integer (got "${positionals[0]}"; lexdesk consult --list shows them).\nUsage: ${USAGE}`);
  if (!values.out) throw new LexError('usage', `--out FILE is required.\nUsage: ${USAGE}`);
  const ext = path.extname(String(values.out)).toLowerCase();
  // Without --format, the file's extension says it (report.pdf), as `show --out` reads it.
  const format = String(values.format ?? FORMAT_OF_EXTENSION[ext] ?? '') as ReportFormat;
  if (values.format === undefined && !format) throw new LexError('usage', `Name the format with --format md|docx|pdf, or end --out in .md, .docx or .pdf (got "${String(values.out)}").\nUsage: ${USAGE}`);
  if (!REPORT_FORMATS.includes(format)) throw new LexError('usage', `--format must be md, docx or pdf (got "${values.format ?? ''}").\nUsage: ${USAGE}`);
  // A Markdown report in report.docx would not open in Word: the file's extension must be the format's.
  if (ext !== `.${format}` && !(format === 'md' && ext === '.markdown')) throw new LexError('usage', `--out ${String(values.out)} does not end in .${format}, the format asked for; name it …${`.${format}`} or choose --format ${ext.slice(1) || '…'}.`);
  const engine = open(values.db as string | undefined);
  try {
    const consultations = new Consultations({ engine, llm: null });
    const result = await exportReport(engine, consultations, id, format, String(values.out), appVersion(), {
      turn: values.turn === undefined ? undefined : intOption(values.turn, 'turn', 0),
      allStates: Boolean(values['all-states']),
      includeExcluded: Boolean(values.excluded),
    });
    if (out.json) out.printJson({ file: result.file, bytes: result.bytes, statutes: result.model.statutes.length, warnings: result.model.warnings });
    else {
      out.print(`Wrote ${result.file} (${(result.bytes / 1024).toFixed(1)} KB, ${result.model.statutes.length} statutes).`);
      for (const w of result.model.warnings) out.print(`  ! ${w}`);
    }
    return 0;
  } finally {
    engine.close();
  }
}
