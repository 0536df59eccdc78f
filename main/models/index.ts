import type { HttpEmbedderOptions } from './httpEmbedder.js';
import type { OnnxEmbedderOptions } from './onnxEmbedder.js';
import type { ProviderName } from './providers.js';
import type { EmbedCallOptions, PairScorer, TextEmbedder } from './types.js';

/**
 * One entry point for the rest of LexDesk. The ONNX modules (and with them the
 * native onnxruntime binding) load only when an ONNX model is asked for, so an
 * HTTP-only setup never needs them.
 */
export type EmbedderSpec =
  | ({ kind: 'onnx'; dir: string } & OnnxEmbedderOptions)
  | ({ kind: 'http' } & HttpEmbedderOptions);

/** `signal` abandons an HTTP embedder's first request (which learns the dimension). */
export async function loadEmbedder(spec: EmbedderSpec, call: EmbedCallOptions = {}): Promise<TextEmbedder> {
  if (spec.kind === 'http') {
    const { HttpEmbedder } = await import('./httpEmbedder.js');
    const { kind: _kind, ...opts } = spec;
    return HttpEmbedder.connect(opts, call);
  }
  const { OnnxEmbedder } = await import('./onnxEmbedder.js');
  const { kind: _kind, dir, ...opts } = spec;
  return OnnxEmbedder.load(dir, opts);
}

export async function loadReranker(dir: string, providers?: ProviderName[]): Promise<PairScorer> {
  const { OnnxReranker } = await import('./onnxReranker.js');
  return OnnxReranker.load(dir, { providers });
}

export type { EmbedCallOptions, EmbedKind, PairScorer, TextEmbedder } from './types.js';
export type { ProviderFallback, ProviderName } from './providers.js';
export type { Pooling } from './modelFolder.js';
