import path from 'node:path';
import { evalConsultations } from '../../consult/evalConsult.js';
import { Consultations } from '../../consult/index.js';
import type { Engine } from '../../engine/index.js';
import type { ModelOptions } from '../../engine/retrieval.js';
import { labelledRecords } from '../../eval/labelled.js';
import { LexError } from '../../util/errors.js';
import { intOption, parseCommand } from '../args.js';
import { cliSettings } from '../llmConfig.js';
import { interrupted, type Output } from '../output.js';
import { MODEL_DIR_OPTIONS, modelOptionsOf } from './modelOptions.js';

const USAGE = 'lexdesk eval-consult FILE.jsonl [--limit N] [--k 10] [--keep] [--offline] [--model DIR | --http-base URL --http-model NAME] [--cross-encoder DIR] [--providers cuda,cpu] [--json]';

/** Consultations over a labelled file against the configured endpoint (offline when none). */
export async function evalConsultCommand(args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(
    args,
    { limit: { type: 'string' }, k: { type: 'string' }, keep: { type: 'boolean', default: false }, offline: { type: 'boolean', default: false }, ...MODEL_DIR_OPTIONS },
    USAGE,
  );
  const file = positionals[0];
  if (!file) throw new LexError('usage', `Name a labelled file.\nUsage: ${USAGE}`);
  const engine = open(values.db as string | undefined, modelOptionsOf(values));
  try {
    const config = cliSettings();
    const llm = values.offline ? null : config.llm();
    const consultations = new Consultations({ engine, llm, settings: config.read().consult });
    const records = labelledRecords(engine.db, path.resolve(file), values.limit === undefined ? undefined : intOption(values.limit, 'limit', 0));
    if (!records.length) throw new LexError('eval-file-empty', `${file} has no records whose gold articles are in this library.`);
    // Many turns in one process: search from memory, as the app does (loaded before the first turn is timed).
    await engine.warmIndex();
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const report = await evalConsultations(consultations, records, {
      k: intOption(values.k, 'k', 10),
      keep: Boolean(values.keep),
      signal: controller.signal,
      onProgress: (done, total) => out.progress(`${done}/${total} consultations`),
    });
    out.endProgress();
    if (out.json) {
      out.printJson({ file: path.basename(file), endpoint: llm ? llm.endpoint.baseURL : null, model: llm?.endpoint.model ?? null, ...report, interrupted: controller.signal.aborted });
      return interruptedAfter(controller.signal, out, report.records);
    }
    out.print(`${path.basename(file)}: ${report.records} consultations, ${report.turns} turns, ${llm ? `${llm.endpoint.model} @ ${llm.endpoint.baseURL}` : 'offline'}`);
    out.print(`  evidence Recall@${report.k}  ${report.recall.toFixed(3)}`);
    out.print(`  citations         ${Object.entries(report.citations).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    out.print(`  verdicts          ${Object.entries(report.verdicts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    if (report.keywordRecall !== null) out.print(`  keyword recall    ${report.keywordRecall.toFixed(3)}`);
    out.print(`  tokens per turn   ${report.tokensPerTurn.prompt.toFixed(0)} prompt + ${report.tokensPerTurn.completion.toFixed(0)} completion`);
    out.print(`  evidence per turn mean ${report.evidencePerTurn.mean.toFixed(1)}, median ${report.evidencePerTurn.median}, most ${report.evidencePerTurn.max}`);
    out.print(`  seconds per turn  median ${report.secondsPerTurn.median.toFixed(2)}, p95 ${report.secondsPerTurn.p95.toFixed(2)}`);
    if (Object.keys(report.errors).length) out.print(`  errors            ${JSON.stringify(report.errors)}`);
    return interruptedAfter(controller.signal, out, report.records);
  } finally {
    engine.close();
  }
}

/** After Ctrl+C the figures above cover only the consultations finished before it: say so, and exit 130 like any interrupted command. */
function interruptedAfter(signal: AbortSignal, out: Output, records: number): number {
  if (!signal.aborted) return 0;
  if (out.json) return 130; // the report says "interrupted": true
  return interrupted(out, new LexError('eval-cancelled', `Interrupted: the figures cover the ${records} consultation(s) finished before Ctrl+C.`));
}
