import { LexError } from '../util/errors.js';

/**
 * Execution provider names and their parsing, apart from providers.ts so that
 * a command can check `--providers` without loading ONNX Runtime.
 */
export type ProviderName = 'cuda' | 'dml' | 'coreml' | 'webgpu' | 'cpu';

export const PROVIDER_NAMES: readonly ProviderName[] = ['cuda', 'dml', 'coreml', 'webgpu', 'cpu'];

/** Parses "cuda,cpu" (as typed on a command line). */
export function parseProviders(value: string): ProviderName[] {
  const names = value.split(/[,，\s]+/).filter(Boolean).map((n) => n.toLowerCase());
  const unknown = names.filter((n) => !PROVIDER_NAMES.includes(n as ProviderName));
  if (unknown.length || names.length === 0) {
    throw new LexError('usage', `Unknown execution provider "${unknown.join(', ') || value}": use ${PROVIDER_NAMES.join(', ')}`);
  }
  return names as ProviderName[];
}
