import path from 'node:path';
import type { ModelOptions, RetrievalMode } from '../../engine/retrieval.js';
import { LexError } from '../../util/errors.js';

/** --model and --cross-encoder: the model folders of every command that searches. */
export const MODEL_DIR_OPTIONS = {
  model: { type: 'string' },
  'cross-encoder': { type: 'string' },
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

/** --model and --cross-encoder as engine model options (folders resolved; missing ones fail when first used). */
export function modelOptionsOf(values: { model?: unknown; 'cross-encoder'?: unknown }): ModelOptions {
  return { modelDir: modelDirOption(values.model), crossEncoderDir: modelDirOption(values['cross-encoder']) };
}
