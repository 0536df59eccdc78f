import type ort from 'onnxruntime-node';
import { LexError } from '../util/errors.js';
import { checkBatchSize } from './modelFolder.js';
import { buildOnSession, lengthSortedBatches, openOnnxFolder, type OnnxModelOptions } from './onnxEmbedder.js';
import { buildFeeds, floatOutput, type ProviderFallback, type ProviderName } from './providers.js';
import { padBatch, type EncodedText, type TextTokenizer } from './tokenizer.js';
import type { PairScorer } from './types.js';

/**
 * A sequence-classification cross-encoder (bge-reranker, ms-marco MiniLM…)
 * exported to ONNX. Scores are log-odds of relevance: the single logit of a
 * [n, 1] head, or positive minus negative logit of a [n, 2] head, so
 * sigmoid(score) is the model's relevance probability in both cases.
 */
export type OnnxRerankerOptions = OnnxModelOptions;

/** Relevance scores from a [n, 1] or [n, 2] logits tensor. */
export function logitScores(data: Float32Array, dims: readonly number[], n: number): number[] {
  const classes = dims.length === 1 ? 1 : (dims[dims.length - 1] ?? 0);
  if (classes !== 1 && classes !== 2) {
    throw new LexError('model-unsupported', `The reranker outputs ${classes} classes per pair; expected a [n, 1] or [n, 2] logits tensor`);
  }
  const scores: number[] = [];
  for (let r = 0; r < n; r += 1) {
    scores.push(classes === 1 ? (data[r] as number) : (data[r * 2 + 1] as number) - (data[r * 2] as number));
  }
  return scores;
}

export class OnnxReranker implements PairScorer {
  readonly id: string;
  readonly provider: ProviderName;
  readonly fallbacks: ProviderFallback[];
  readonly maxLength: number;
  readonly batchSize: number;
  private readonly outputName: string;
  private readonly tokenizer: TextTokenizer;
  private readonly session: ort.InferenceSession;
  private closed = false;

  private constructor(opened: Awaited<ReturnType<typeof openOnnxFolder>>, opts: OnnxRerankerOptions) {
    this.id = opened.id;
    this.provider = opened.provider;
    this.fallbacks = opened.fallbacks;
    this.maxLength = opened.folder.maxLength;
    this.tokenizer = opened.tokenizer;
    this.session = opened.session;
    this.batchSize = checkBatchSize(opts.batchSize, 16);
    const names = opened.session.outputNames;
    const name = names.includes('logits') ? 'logits' : names[0];
    if (!name) throw new LexError('model-unsupported', 'The reranker ONNX model has no outputs');
    this.outputName = name;
  }

  static async load(dir: string, opts: OnnxRerankerOptions = {}): Promise<OnnxReranker> {
    return buildOnSession(await openOnnxFolder(dir, opts), (opened) => new OnnxReranker(opened, opts));
  }

  async score(query: string, passages: string[]): Promise<number[]> {
    const encoded = passages.map((p) => this.tokenizer.encode(query, p));
    const scores = new Array<number>(passages.length);
    for (const indexes of lengthSortedBatches(encoded.map((e) => e.ids.length), this.batchSize)) {
      const batchScores = await this.runBatch(indexes.map((i) => encoded[i] as EncodedText));
      indexes.forEach((i, k) => (scores[i] = batchScores[k] as number));
    }
    return scores;
  }

  private async runBatch(rows: EncodedText[]): Promise<number[]> {
    const batch = padBatch(rows, this.tokenizer.padId);
    const result = await this.session.run(buildFeeds(this.session, batch), [this.outputName]);
    const { data, dims } = floatOutput(result[this.outputName], this.outputName);
    return logitScores(data, dims, rows.length);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.session.release();
  }
}
