import type ort from 'onnxruntime-node';
import { LexError } from '../util/errors.js';
import { checkBatchSize, l2Normalize, modelId, readModelFolder, type ModelFolder, type Pooling } from './modelFolder.js';
import { buildFeeds, createSession, floatOutput, type ProviderFallback, type ProviderName } from './providers.js';
import { padBatch, TextTokenizer, type EncodedText } from './tokenizer.js';
import type { EmbedCallOptions, EmbedKind, TextEmbedder } from './types.js';

/**
 * A local sentence-embedding model (BERT/XLM-R/… exported to ONNX) in a
 * Hugging Face folder: tokenise, run, pool, L2-normalise.
 */
export interface OnnxModelOptions {
  /** Execution providers in order of preference; CPU is always the fallback. Default ['cpu']. */
  providers?: ProviderName[];
  /** Intra-op threads (default: all cores). */
  threads?: number;
  /** Override the folder's max length (tokens, special tokens included). */
  maxLength?: number;
  /** Texts per ONNX run. Default 16. */
  batchSize?: number;
}

export interface OnnxEmbedderOptions extends OnnxModelOptions {
  /** Override the folder's pooling. */
  pooling?: Pooling;
}

export interface OnnxFolderSession {
  folder: ModelFolder;
  tokenizer: TextTokenizer;
  session: ort.InferenceSession;
  provider: ProviderName;
  fallbacks: ProviderFallback[];
  id: string;
}

/** Reads a model folder and opens its tokenizer and ONNX session (shared with the reranker). */
export async function openOnnxFolder(dir: string, opts: OnnxModelOptions = {}): Promise<OnnxFolderSession> {
  const folder = readModelFolder(dir);
  const maxLength = opts.maxLength ?? folder.maxLength;
  const tokenizer = new TextTokenizer(folder.tokenizerJson, folder.tokenizerConfig, {
    maxLength,
    zeroTokenTypes: folder.config.type_vocab_size === 1,
  });
  const id = await modelId({ ...folder, maxLength });
  const created = await createSession(folder.modelPath, opts.providers ?? ['cpu'], { threads: opts.threads });
  return { folder: { ...folder, maxLength }, tokenizer, id, ...created };
}

/** `make(opened)`, releasing the session when it throws (bad options, an unusable graph), so nothing is left open. */
export async function buildOnSession<T>(opened: OnnxFolderSession, make: (opened: OnnxFolderSession) => T): Promise<T> {
  try {
    return make(opened);
  } catch (err) {
    await opened.session.release();
    throw err;
  }
}

/** Splits 0..n-1 into runs of at most `size`, longest texts first (less padding per run). */
export function lengthSortedBatches(lengths: number[], size: number): number[][] {
  const order = lengths.map((_, i) => i).sort((a, b) => (lengths[b] ?? 0) - (lengths[a] ?? 0) || a - b);
  const batches: number[][] = [];
  for (let i = 0; i < order.length; i += size) batches.push(order.slice(i, i + size));
  return batches;
}

/** Pools one row of a [batch, seq, hidden] output over the positions whose mask is 1. */
export function poolRow(data: Float32Array, row: number, seqLen: number, hidden: number, mask: BigInt64Array, pooling: Pooling): Float32Array {
  const out = new Float32Array(hidden);
  const base = row * seqLen;
  const at = (pos: number, h: number) => data[(base + pos) * hidden + h] as number;
  const live: number[] = [];
  for (let p = 0; p < seqLen; p += 1) if (mask[base + p] === 1n) live.push(p);
  if (pooling === 'cls' || pooling === 'last') {
    const pos = pooling === 'cls' ? 0 : (live[live.length - 1] ?? 0);
    for (let h = 0; h < hidden; h += 1) out[h] = at(pos, h);
    return out;
  }
  if (pooling === 'max') out.fill(-Infinity);
  for (const p of live) {
    for (let h = 0; h < hidden; h += 1) out[h] = pooling === 'max' ? Math.max(out[h] as number, at(p, h)) : (out[h] as number) + at(p, h);
  }
  if (pooling === 'mean' && live.length) for (let h = 0; h < hidden; h += 1) out[h] = (out[h] as number) / live.length;
  return out;
}

/** The output holding the embeddings: a pooled `sentence_embedding` when the model has one. */
function embeddingOutput(session: ort.InferenceSession): string {
  const names = session.outputNames;
  const preferred = ['sentence_embedding', 'last_hidden_state', 'token_embeddings'].find((n) => names.includes(n));
  const name = preferred ?? names[0];
  if (!name) throw new LexError('model-unsupported', 'The ONNX model has no outputs');
  return name;
}

function declaredDimension(session: ort.InferenceSession, output: string): number | undefined {
  const meta = session.outputMetadata.find((m) => m.name === output);
  const last = meta?.isTensor ? meta.shape[meta.shape.length - 1] : undefined;
  return typeof last === 'number' && last > 0 ? last : undefined;
}

export class OnnxEmbedder implements TextEmbedder {
  readonly id: string;
  readonly provider: ProviderName;
  readonly fallbacks: ProviderFallback[];
  readonly pooling: Pooling;
  /** Set when the folder states no pooling and the one used was guessed: how, and how to state it (said by doctor and embed). */
  readonly poolingGuess: string | null;
  readonly maxLength: number;
  readonly batchSize: number;
  readonly outputName: string;
  private dim: number;
  private closed = false;
  private readonly prefixes: Record<EmbedKind, string>;
  private readonly tokenizer: TextTokenizer;
  private readonly session: ort.InferenceSession;

  private constructor(opened: OnnxFolderSession, opts: OnnxEmbedderOptions) {
    const folder = opened.folder;
    const folderPooling = folder.pooling ?? folder.inferredPooling?.pooling ?? 'mean';
    // A pooling override changes every vector, so it is part of the id too.
    this.id = opts.pooling && opts.pooling !== folderPooling ? `${opened.id}+${opts.pooling}` : opened.id;
    this.provider = opened.provider;
    this.fallbacks = opened.fallbacks;
    this.tokenizer = opened.tokenizer;
    this.session = opened.session;
    this.pooling = opts.pooling ?? folderPooling;
    this.maxLength = folder.maxLength;
    this.batchSize = checkBatchSize(opts.batchSize, 16);
    this.prefixes = { query: folder.queryPrefix, document: folder.documentPrefix };
    this.outputName = embeddingOutput(this.session);
    this.dim = declaredDimension(this.session, this.outputName) ?? 0;
    // A sentence_embedding output is pooled (and projected) inside the model: pooling applies to token outputs only.
    const pooledHere = this.outputName !== 'sentence_embedding';
    this.poolingGuess = pooledHere && !opts.pooling ? (folder.inferredPooling?.reason ?? null) : null;
    const unapplied = folder.vectorModules[0];
    if (pooledHere && unapplied) {
      throw new LexError(
        'model-unsupported',
        `${folder.dir}/modules.json lists a ${unapplied.type.split('.').pop()} module (${unapplied.path}) after pooling, which LexDesk cannot apply to the ONNX output "${this.outputName}": ` +
          'its vectors would be wrong. Export the model with its pooled output (optimum-cli export onnx --library sentence_transformers, which adds "sentence_embedding"), or use another model.',
        { module: unapplied.path },
      );
    }
  }

  /** Loads a model folder (see readModelFolder) and opens it on the preferred provider. */
  static async load(dir: string, opts: OnnxEmbedderOptions = {}): Promise<OnnxEmbedder> {
    const embedder = await buildOnSession(await openOnnxFolder(dir, opts), (opened) => new OnnxEmbedder(opened, opts));
    try {
      if (!embedder.dim) embedder.dim = (await embedder.embed(['维度'], 'document'))[0]?.length ?? 0;
    } catch (err) {
      await embedder.close();
      throw err;
    }
    return embedder;
  }

  get dimension(): number {
    return this.dim;
  }

  async embed(texts: string[], kind: EmbedKind, call: EmbedCallOptions = {}): Promise<Float32Array[]> {
    const prefix = this.prefixes[kind];
    const encoded = texts.map((t) => this.tokenizer.encode(prefix + t));
    const out = new Array<Float32Array>(texts.length);
    for (const indexes of lengthSortedBatches(encoded.map((e) => e.ids.length), this.batchSize)) {
      if (call.signal?.aborted) throw new LexError('embedder-cancelled', 'Embedding cancelled');
      const vectors = await this.runBatch(indexes.map((i) => encoded[i] as EncodedText));
      indexes.forEach((i, k) => (out[i] = vectors[k] as Float32Array));
    }
    return out;
  }

  private async runBatch(rows: EncodedText[]): Promise<Float32Array[]> {
    const batch = padBatch(rows, this.tokenizer.padId);
    const result = await this.session.run(buildFeeds(this.session, batch), [this.outputName]);
    const { data, dims } = floatOutput(result[this.outputName], this.outputName);
    const hidden = dims[dims.length - 1] ?? 0;
    if (dims.length === 2) return rows.map((_, r) => l2Normalize(data.slice(r * hidden, (r + 1) * hidden)));
    if (dims.length !== 3) {
      throw new LexError('model-unsupported', `The ONNX output "${this.outputName}" has shape [${dims.join(', ')}]; expected [batch, seq, hidden] or [batch, dim]`);
    }
    const seqLen = dims[1] ?? batch.seqLen;
    return rows.map((_, r) => l2Normalize(poolRow(data, r, seqLen, hidden, batch.attentionMask, this.pooling)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.session.release();
  }
}
