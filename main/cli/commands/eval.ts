import type { Engine } from '../../engine/index.js';
import { readEvalFile } from '../../eval/dataset.js';
import { runEval, runsWriter, type EvalResult } from '../../eval/runEval.js';
import { withLawNames } from '../../search/filters.js';
import { LexError } from '../../util/errors.js';
import { intOption, parseCommand } from '../args.js';
import type { Output } from '../output.js';
import { FILTER_OPTIONS, filtersFrom, LITERAL_OPTION, unknownLawFilterText } from './searchOptions.js';
import { describeProviders, MODEL_OPTIONS, modeOption, modelOptionsOf, providerReport } from './modelOptions.js';
import type { ModelOptions } from '../../engine/retrieval.js';

const USAGE = 'lexdesk eval FILE.jsonl [FILE…] [--k 10] [--runs OUT.jsonl] [--mode lexical|dense|fused|hybrid] [--model DIR | --http-base URL --http-model NAME] [--cross-encoder DIR] [--providers cuda,cpu] [--literal] [--json]';

export async function evalCommand(args: string[], open: (db?: string, models?: ModelOptions) => Engine, out: Output): Promise<number> {
  const { values, positionals } = parseCommand(args, { ...FILTER_OPTIONS, ...MODEL_OPTIONS, ...LITERAL_OPTION, k: { type: 'string' }, runs: { type: 'string' } }, USAGE);
  if (!positionals.length) throw new LexError('usage', `Give at least one eval file.\nUsage: ${USAGE}`);
  const requested = modeOption(values.mode, values['cross-encoder']);
  const k = intOption(values.k, 'k', 10);
  const typedFilters = filtersFrom(values);
  const engine = open(values.db as string | undefined, modelOptionsOf(values));
  const runs = values.runs ? runsWriter(values.runs as string) : null;
  try {
    // The law filter with the laws its name is known for (民诉法), as search reads it, so labels outside it are counted right.
    const filters = withLawNames(typedFilters, engine.searchDeps().resolver.names);
    if (engine.counts().articles === 0) throw new LexError('library-empty', `The library ${engine.dbPath} is empty: import a corpus first (lexdesk import PATH).`);
    const near = filters.law ? engine.unknownLawFilter(filters.law) : null;
    if (near && filters.law) throw new LexError('unknown-law', unknownLawFilterText(filters.law, near));
    const { mode, note, hint } = requested ? { mode: requested, note: null, hint: undefined } : await engine.retrieval.chooseMode();
    if (note ?? hint) process.stderr.write(`lexdesk: ${note ?? hint}\n`);
    // Latency is reported per query: load what a long-running engine holds in memory before the first one.
    await engine.warmIndex();
    if (mode !== 'lexical') await engine.retrieval.warmVectors();
    const literal = values.literal === true;
    const results: EvalResult[] = [];
    for (const file of positionals) {
      const rank = async (q: string, limit: number) => (await engine.retrieval.rank(q, { mode, limit, filters, literal })).map((r) => r.id);
      results.push(await runEval(engine.db, file, readEvalFile(file), rank, {
        k, mode, filters, onQuery: runs ? (run) => runs.write({ ...run, file } as never) : undefined,
      }));
    }
    const providers = await providerReport(engine, mode);
    const reported = results.map((r) => ({ ...r, literal, ...(providers ? { provider: providers.provider, providerFallbacks: providers.fallbacks } : {}) }));
    if (out.json) out.printJson(reported.length === 1 ? reported[0] : reported);
    else {
      for (const r of results) out.print(formatResult(r));
      if (literal) out.print('(queries searched as typed: --literal)');
      if (providers) out.print(`(${describeProviders(providers)})`);
    }
    return 0;
  } finally {
    runs?.close();
    engine.close();
  }
}

function formatResult(r: EvalResult): string {
  const f = (x: number) => x.toFixed(3);
  return `${r.file} (${r.queries} queries, mode ${r.mode}): Recall@${r.k} ${f(r.recall)}  MRR@${r.k} ${f(r.mrr)}  nDCG@${r.k} ${f(r.ndcg)}  Hit@${r.k} ${f(r.hit)}  unresolved labels ${r.unresolved}${r.outsideFilters ? `  labels outside the searched versions ${r.outsideFilters}` : ''}  latency p50 ${r.latencyMs.p50.toFixed(1)} ms p95 ${r.latencyMs.p95.toFixed(1)} ms`;
}
