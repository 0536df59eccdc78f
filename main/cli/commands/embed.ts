import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_EMBEDDING_MODEL, modelsDir } from '../../util/paths.js';
import type { Engine } from '../../engine/index.js';
import { loadEmbedder, type EmbedderSpec } from '../../models/index.js';
import type { TextEmbedder } from '../../models/types.js';
import { embedLibrary, type EmbedLibrarySummary } from '../../search/vectors/embedLibrary.js';
import { QUANTIZATIONS, type Quantization } from '../../search/vectors/vecStore.js';
import { parseProviders } from '../../models/providerNames.js';
import { LexError } from '../../util/errors.js';
import { intOption, parseCommand } from '../args.js';
import { interrupted, type Output } from '../output.js';
import { HTTP_EMBEDDING_OPTIONS, httpEmbeddingOf } from './modelOptions.js';

const USAGE =
  'lexdesk embed [[--model DIR] [--providers cuda,cpu] | --http-base URL --http-model NAME [--http-key KEY] [--http-query-prefix P] [--http-document-prefix P] [--http-max-chars 500]] ' +
  '[--quantize none|int8|binary] [--batch N] [--rebuild] [--json]';

/** `lexdesk embed`: brings the library's article vectors up to date with one embedding model. */
export async function embedCommand(args: string[], openEngine: (db?: string) => Engine, out: Output): Promise<number> {
  const { values } = parseCommand(args, {
    model: { type: 'string' },
    providers: { type: 'string' },
    ...HTTP_EMBEDDING_OPTIONS,
    quantize: { type: 'string' },
    batch: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
  }, USAGE);
  const spec = embedderSpec(values);
  const quantization = quantizeOption(values.quantize);
  const batchSize = intOption(values.batch, 'batch', 64);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  let embedder: TextEmbedder | null = null;
  const engine = openEngine(values.db as string | undefined);
  try {
    out.progress('Loading the embedding model…');
    embedder = await loadEmbedder(spec, { signal: controller.signal });
    // A folder that states no pooling: say which was used, as it decides every vector.
    if ('poolingGuess' in embedder && embedder.poolingGuess) {
      out.endProgress();
      process.stderr.write(`lexdesk: ${String(embedder.poolingGuess)}\n`);
    }
    const started = performance.now();
    const summary = await embedLibrary(engine.db, embedder, {
      batchSize,
      quantization,
      rebuild: values.rebuild === true,
      signal: controller.signal,
      onProgress: (done, total) => showProgress(out, embedder?.id ?? '', done, total, started),
    });
    out.endProgress();
    if (out.json) out.printJson({ ...summary, provider: embedder.provider });
    else printSummary(out, summary, embedder.provider, 'maxInputChars' in embedder ? Number(embedder.maxInputChars) : null);
    return 0;
  } catch (err) {
    if (controller.signal.aborted) return interrupted(out, err);
    throw err;
  } finally {
    process.off('SIGINT', onSigint);
    await embedder?.close();
    engine.close();
  }
}

/** What to embed with: --model, an HTTP endpoint, or the shipped model; GPU providers for either ONNX folder. */
function embedderSpec(values: Record<string, unknown>): EmbedderSpec {
  const dir = values.model as string | undefined;
  const http = withUsage(() => httpEmbeddingOf(values));
  if (dir && http) throw new LexError('usage', `Give either --model or --http-base/--http-model, not both.\nUsage: ${USAGE}`);
  const providers = values.providers === undefined ? undefined : parseProviders(String(values.providers));
  if (providers && http) throw new LexError('usage', `--providers applies to ONNX models; a remote endpoint chooses its own hardware.\nUsage: ${USAGE}`);
  const onnx = (folder: string): EmbedderSpec => ({ kind: 'onnx', dir: folder, ...(providers ? { providers } : {}) });
  if (dir) return onnx(path.resolve(dir));
  if (http) return { kind: 'http', ...http };
  const shipped = path.join(modelsDir(), DEFAULT_EMBEDDING_MODEL);
  if (fs.existsSync(shipped)) return onnx(shipped);
  throw new LexError('usage', `The default model is missing (${shipped}); say which embedding model to use: --model DIR (an ONNX model folder) or --http-base URL --http-model NAME.\nUsage: ${USAGE}`);
}

/** A usage error from a shared option parser, with this command's usage line added. */
function withUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof LexError && err.code === 'usage') throw new LexError('usage', `${err.message}\nUsage: ${USAGE}`);
    throw err;
  }
}

function quantizeOption(value: unknown): Quantization | undefined {
  if (value === undefined) return undefined;
  const q = String(value) as Quantization;
  if (!QUANTIZATIONS.includes(q)) throw new LexError('usage', `--quantize must be none, int8 or binary (got "${String(value)}")`);
  return q;
}

function showProgress(out: Output, modelId: string, done: number, total: number, started: number): void {
  if (total === 0) return;
  const seconds = (performance.now() - started) / 1000;
  const rate = seconds > 0 ? done / seconds : 0;
  const eta = rate > 0 && done < total ? `, about ${formatSeconds((total - done) / rate)} left` : '';
  const pct = Math.floor((100 * done) / total);
  out.progress(`Embedding with ${modelId}: ${pct}% (${done}/${total}, ${Math.round(rate)}/s${eta})`.slice(0, 110));
}

function formatSeconds(s: number): string {
  if (s < 90) return `${Math.ceil(s)} s`;
  return `${Math.ceil(s / 60)} min`;
}

function printSummary(out: Output, s: EmbedLibrarySummary, provider: string, maxChars: number | null): void {
  out.print(`Embedded with ${s.modelId} (${s.dimension} dimensions, ${provider}) in ${s.seconds.toFixed(1)} s`);
  out.print(`  ${s.embedded} article(s) embedded, ${s.skipped} already up to date, ${s.removed} removed; ${s.total} articles in the library`);
  if (s.shortened > 0) out.print(`  ${s.shortened} long article(s) embedded from their first ${maxChars ?? '?'} characters (--http-max-chars)`);
  if (s.shortenedAfterRefusal > 0) out.print(`  ${s.shortenedAfterRefusal} article(s) refused by the server as too long were embedded from a shorter beginning (a lower --http-max-chars sends less)`);
  if (s.quantization !== 'none') out.print(`  quantized search table: ${s.quantization} (rescored with the float vectors)`);
  if (s.embedded > 0 && s.seconds > 0) out.print(`  ${Math.round(s.embedded / s.seconds)} articles/s`);
}
