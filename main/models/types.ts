import type { ProviderFallback } from './providers.js';

/** What the retrieval code needs from an embedding model, local (ONNX) or remote (HTTP). */
export type EmbedKind = 'query' | 'document';

export interface EmbedCallOptions {
  /** Abandons the call: a request in flight to an endpoint is aborted, and the call rejects at once. */
  signal?: AbortSignal;
  /** Told of each text (its index in `texts`) that the server refused as too long and that was embedded from a shorter beginning. */
  onShortened?(index: number, sentChars: number): void;
}

export interface TextEmbedder {
  /** Stable identity of the model (what stored vectors were made with): e.g. "onnx:lexdesk-hashgram-v1@3f2a…". */
  readonly id: string;
  readonly dimension: number;
  /** The execution provider actually running ('cpu', 'cuda', …; 'http' for a remote endpoint). */
  readonly provider: string;
  /** ONNX models: the providers asked for before `provider` that could not be used, and why. */
  readonly fallbacks?: readonly ProviderFallback[];
  /**
   * The part of a document text the model is given, when the embedder cuts long texts itself
   * (an HTTP endpoint's character limit). Stored vectors record the hash of this text, so a
   * changed limit re-embeds the articles it changes instead of mixing vectors of both.
   */
  fitDocument?(text: string): string;
  /** One L2-normalised vector per text, in order. */
  embed(texts: string[], kind: EmbedKind, opts?: EmbedCallOptions): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/** A cross-encoder: relevance of each passage to the query (higher is better). */
export interface PairScorer {
  readonly id: string;
  readonly provider: string;
  /** ONNX models: the providers asked for before `provider` that could not be used, and why. */
  readonly fallbacks?: readonly ProviderFallback[];
  score(query: string, passages: string[]): Promise<number[]>;
  close(): Promise<void>;
}
