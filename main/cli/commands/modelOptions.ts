import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../engine/index.js';
import type { ModelOptions, RetrievalMode } from '../../engine/retrieval.js';
import type { HttpEmbedderOptions } from '../../models/httpEmbedder.js';
import { displayURL } from '../../models/httpEndpoint.js';
import type { ProviderFallback } from '../../models/providers.js';
import { parseProviders } from '../../models/providerNames.js';
import { describeError, LexError } from '../../util/errors.js';
import { intOption } from '../args.js';

/** --model, --cross-encoder and --providers: ONNX model folders and where they run. */
export const ONNX_MODEL_OPTIONS = {
  model: { type: 'string' },
  'cross-encoder': { type: 'string' },
  providers: { type: 'string' },
} as const;

/**
 * An embedding model behind an OpenAI-compatible /v1/embeddings endpoint instead of --model
 * (the key from --http-key or, kept out of the process list, LEXDESK_EMBED_API_KEY).
 */
export const HTTP_EMBEDDING_OPTIONS = {
  'http-base': { type: 'string' },
  'http-model': { type: 'string' },
  'http-key': { type: 'string' },
  'http-query-prefix': { type: 'string' },
  'http-document-prefix': { type: 'string' },
  'http-max-chars': { type: 'string' },
} as const;

/** The models of every command that searches, and where they run. */
export const MODEL_DIR_OPTIONS = { ...ONNX_MODEL_OPTIONS, ...HTTP_EMBEDDING_OPTIONS } as const;

/** The model folders plus --mode (search, eval). */
export const MODEL_OPTIONS = { mode: { type: 'string' }, ...MODEL_DIR_OPTIONS } as const;

const MODES: RetrievalMode[] = ['lexical', 'dense', 'fused', 'hybrid'];

export function modeOption(value: unknown, crossEncoder?: unknown): RetrievalMode | undefined {
  if (value === undefined) return undefined;
  const mode = String(value) as RetrievalMode;
  if (!MODES.includes(mode)) throw new LexError('usage', `--mode must be lexical, dense, fused or hybrid (got "${String(value)}")`);
  // The cross-encoder rescores hybrid results only: with another mode it would be ignored in silence.
  if (crossEncoder !== undefined && mode !== 'hybrid') throw new LexError('usage', `--cross-encoder rescores hybrid results only; it does nothing with --mode ${mode}.`);
  return mode;
}

/** A model folder named by --NAME, resolved; missing or unreadable fails now, before any work and whatever the mode. */
export function modelDirOption(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  const dir = path.resolve(String(value));
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new LexError('model-missing', `--${name}: no model folder at ${dir}`);
  try {
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.X_OK);
  } catch (err) {
    throw new LexError('model-unreadable', `--${name}: cannot read the model folder ${dir} (${(err as NodeJS.ErrnoException).code ?? describeError(err)})`);
  }
  return dir;
}

/**
 * --model, --cross-encoder and --providers as engine model options (folders
 * checked and resolved; provider names checked now, each GPU provider falls
 * back to CPU when the model loads). Models named here are required: a search
 * without --mode fails when the library has no vectors for them, instead of
 * quietly searching lexically.
 */
export function modelOptionsOf(values: Record<string, unknown>): ModelOptions {
  const httpEmbedding = httpEmbeddingOf(values);
  if (httpEmbedding && values.model !== undefined) throw new LexError('usage', 'Give either --model or --http-base/--http-model, not both.');
  const modelDir = modelDirOption(values.model, 'model');
  const crossEncoderDir = modelDirOption(values['cross-encoder'], 'cross-encoder');
  return {
    modelDir,
    crossEncoderDir,
    ...(values.providers === undefined ? {} : { providers: parseProviders(String(values.providers)) }),
    ...(httpEmbedding ? { httpEmbedding } : {}),
    ...(modelDir || crossEncoderDir || httpEmbedding ? { required: true } : {}),
  };
}

/** --http-base and --http-model (with the key and prefixes), or undefined when neither is given. */
export function httpEmbeddingOf(values: Record<string, unknown>): HttpEmbedderOptions | undefined {
  const baseURL = values['http-base'] as string | undefined;
  const model = values['http-model'] as string | undefined;
  if (!baseURL && !model) {
    const stray = ['http-key', 'http-query-prefix', 'http-document-prefix', 'http-max-chars'].find((k) => values[k] !== undefined);
    if (stray) throw new LexError('usage', `--${stray} needs --http-base and --http-model.`);
    return undefined;
  }
  if (!baseURL || !model) throw new LexError('usage', '--http-base and --http-model go together.');
  if (!/^https?:\/\//i.test(baseURL)) throw new LexError('usage', `--http-base must be an http:// or https:// URL up to the API version, e.g. http://127.0.0.1:11434/v1 (got "${displayURL(baseURL)}")`);
  const apiKey = (values['http-key'] as string | undefined) ?? process.env.LEXDESK_EMBED_API_KEY;
  const queryPrefix = values['http-query-prefix'] as string | undefined;
  const documentPrefix = values['http-document-prefix'] as string | undefined;
  const maxInputChars = values['http-max-chars'] === undefined ? undefined : intOption(values['http-max-chars'], 'http-max-chars', 0);
  return {
    baseURL, model, ...(apiKey ? { apiKey } : {}), ...(queryPrefix ? { queryPrefix } : {}), ...(documentPrefix ? { documentPrefix } : {}),
    ...(maxInputChars ? { maxInputChars } : {}),
  };
}

export interface ProviderReport {
  /** The execution provider the embedding model runs on ('cpu', 'cuda', …). */
  provider: string;
  /** Providers asked for before it that could not be used, and why. */
  fallbacks: readonly ProviderFallback[];
}

/** Where the embedding model of a dense, fused or hybrid search ran (null for lexical search, which needs none). */
export async function providerReport(engine: Engine, mode: RetrievalMode): Promise<ProviderReport | null> {
  if (mode === 'lexical') return null;
  const embedder = await engine.retrieval.loadEmbedder();
  return { provider: embedder.provider, fallbacks: embedder.fallbacks ?? [] };
}

export function describeProviders(report: ProviderReport): string {
  const notUsed = report.fallbacks.map((f) => `; ${f.provider} not used: ${f.reason}`).join('');
  return `embedding model on ${report.provider}${notUsed}`;
}
