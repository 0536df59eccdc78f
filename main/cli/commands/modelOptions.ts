import path from 'node:path';
import type { Engine } from '../../engine/index.js';
import type { ModelOptions, RetrievalMode } from '../../engine/retrieval.js';
import type { ProviderFallback } from '../../models/providers.js';
import { parseProviders } from '../../models/providerNames.js';
import { LexError } from '../../util/errors.js';

/** --model, --cross-encoder and --providers: the models of every command that searches, and where they run. */
export const MODEL_DIR_OPTIONS = {
  model: { type: 'string' },
  'cross-encoder': { type: 'string' },
  providers: { type: 'string' },
} as const;

/** The model folders plus --mode (search, eval). */
export const MODEL_OPTIONS = { mode: { type: 'string' }, ...MODEL_DIR_OPTIONS } as const;

const MODES: RetrievalMode[] = ['lexical', 'dense', 'fused', 'hybrid'];

export function modeOption(value: unknown): RetrievalMode | undefined {
  if (value === undefined) return undefined;
  const mode = String(value) as RetrievalMode;
  if (!MODES.includes(mode)) throw new LexError('usage', `--mode must be lexical, dense, fused or hybrid (got "${String(value)}")`);
  return mode;
}

export function modelDirOption(value: unknown): string | undefined {
  return value === undefined ? undefined : path.resolve(String(value));
}

/**
 * --model, --cross-encoder and --providers as engine model options (folders
 * resolved, missing ones fail when first used; provider names checked now,
 * each GPU provider falls back to CPU when the model loads).
 */
export function modelOptionsOf(values: { model?: unknown; 'cross-encoder'?: unknown; providers?: unknown }): ModelOptions {
  return {
    modelDir: modelDirOption(values.model),
    crossEncoderDir: modelDirOption(values['cross-encoder']),
    ...(values.providers === undefined ? {} : { providers: parseProviders(String(values.providers)) }),
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
