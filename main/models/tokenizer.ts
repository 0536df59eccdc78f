import { Tokenizer } from '@huggingface/tokenizers';
import { LexError } from '../util/errors.js';
import { isObject, type JsonObject } from './modelFolder.js';

/**
 * A tokenizer.json (BERT WordPiece, byte-level BPE, Unigram…) loaded with
 * @huggingface/tokenizers, plus what that package leaves out: truncation that
 * keeps the special tokens, padding, and int64 tensors for ONNX models.
 */
export interface EncodedText {
  ids: number[];
  typeIds: number[];
}

/** Row-major [batch, seqLen] tensors, right-padded with `padId` (mask 0). */
export interface EncodedBatch {
  batch: number;
  seqLen: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  tokenTypeIds: BigInt64Array;
  /** Unpadded length of each row. */
  lengths: number[];
}

export interface TextTokenizerOptions {
  /** Longest encoding in tokens, special tokens included. */
  maxLength: number;
  /** Send all-zero token_type_ids (models with type_vocab_size 1, e.g. XLM-R). */
  zeroTokenTypes?: boolean;
}

export class TextTokenizer {
  readonly maxLength: number;
  readonly padId: number;
  private readonly inner: Tokenizer;
  private readonly zeroTypes: boolean;
  private readonly dropsPairs: boolean;

  constructor(tokenizerJson: JsonObject, tokenizerConfig: JsonObject, opts: TextTokenizerOptions) {
    if (!Number.isInteger(opts.maxLength) || opts.maxLength < 2) throw new LexError('model-incomplete', `maxLength must be an integer ≥ 2`);
    this.inner = createTokenizer(tokenizerJson, tokenizerConfig);
    this.maxLength = opts.maxLength;
    this.zeroTypes = opts.zeroTokenTypes ?? false;
    this.dropsPairs = isObject(tokenizerJson.post_processor) && tokenizerJson.post_processor.type === 'ByteLevel';
    this.padId = findPadId(this.inner, tokenizerJson, tokenizerConfig);
  }

  /** Token strings (with special tokens), for inspection and tests. */
  tokens(text: string, pair?: string): string[] {
    return this.encode(text, pair).ids.map((id) => this.inner.id_to_token(id) ?? '');
  }

  tokenId(token: string): number | undefined {
    return this.inner.token_to_id(token);
  }

  /** One text (or a pair), with special tokens, truncated to maxLength. */
  encode(text: string, pair?: string): EncodedText {
    const full = this.fullEncoding(text, pair);
    const encoded = { ids: full.ids, typeIds: this.zeroTypes ? full.typeIds.map(() => 0) : full.typeIds };
    if (full.ids.length <= this.maxLength) return encoded;
    const bareA = this.bareIds(text);
    const bareB = pair === undefined ? [] : this.bareIds(pair);
    return truncateEncoding(encoded, bareA, bareB, pair !== undefined, this.maxLength);
  }

  private fullEncoding(text: string, pair: string | undefined): EncodedText {
    if (pair !== undefined && this.dropsPairs) {
      // A lone ByteLevel post-processor loses the second text in @huggingface/tokenizers: join them ourselves.
      const a = this.bareIds(text);
      const b = this.bareIds(pair);
      return { ids: [...a, ...b], typeIds: [...a.map(() => 0), ...b.map(() => 1)] };
    }
    const full = this.inner.encode(text, { text_pair: pair ?? null, return_token_type_ids: true });
    return { ids: full.ids, typeIds: full.token_type_ids?.map((t: number | undefined) => t ?? 0) ?? full.ids.map(() => 0) };
  }

  encodeBatch(texts: string[]): EncodedBatch {
    return padBatch(texts.map((t) => this.encode(t)), this.padId);
  }

  /** [query, passage] pairs for a cross-encoder. */
  encodePairs(query: string, passages: string[]): EncodedBatch {
    return padBatch(passages.map((p) => this.encode(query, p)), this.padId);
  }

  private bareIds(text: string): number[] {
    return this.inner.encode(text, { add_special_tokens: false }).ids;
  }
}

/** Fills in what real-world tokenizer.json files omit and the package requires. */
function createTokenizer(json: JsonObject, config: JsonObject): Tokenizer {
  const patched: JsonObject = { normalizer: null, pre_tokenizer: null, post_processor: null, decoder: null, ...json };
  patched.added_tokens = Array.isArray(json.added_tokens) ? json.added_tokens : [];
  if (isObject(json.model) && json.model.type === 'WordPiece' && json.model.continuing_subword_prefix == null) {
    patched.model = { ...json.model, continuing_subword_prefix: '##' };
  }
  try {
    return new Tokenizer(patched, config);
  } catch (err) {
    throw new LexError('model-incomplete', `tokenizer.json could not be loaded: ${(err as Error).message}`);
  }
}

function findPadId(tok: Tokenizer, json: JsonObject, config: JsonObject): number {
  const padding = isObject(json.padding) ? json.padding : {};
  if (typeof padding.pad_id === 'number') return padding.pad_id;
  const configured = typeof config.pad_token === 'string' ? config.pad_token : isObject(config.pad_token) ? config.pad_token.content : undefined;
  for (const token of [configured, '[PAD]', '<pad>']) {
    const id = typeof token === 'string' ? tok.token_to_id(token) : undefined;
    if (id !== undefined) return id;
  }
  return 0;
}

/** Where `needle` starts in `hay` at or after `from`; -1 when absent. */
function indexOfRun(hay: number[], needle: number[], from: number): number {
  for (let i = from; i + needle.length <= hay.length; i += 1) {
    let j = 0;
    while (j < needle.length && hay[i + j] === needle[j]) j += 1;
    if (j === needle.length) return i;
  }
  return -1;
}

/** How many tokens of each sequence to keep: the Rust tokenizers' "longest_first" rule. */
export function pairBudget(lenA: number, lenB: number, budget: number): [number, number] {
  if (lenA + lenB <= budget) return [lenA, lenB];
  const swap = lenA > lenB;
  let short = swap ? lenB : lenA;
  let long: number;
  if (short > budget) long = short;
  else long = Math.max(short, budget - short);
  if (short + long > budget) {
    short = Math.floor(budget / 2);
    long = short + (budget % 2);
  }
  const a = Math.min(lenA, swap ? long : short);
  const b = Math.min(lenB, swap ? short : long);
  return [a, b];
}

/**
 * Drops content tokens from the ends of sequence A (and B) so the encoding
 * fits, keeping every special token the post-processor added.
 */
function truncateEncoding(full: EncodedText, bareA: number[], bareB: number[], isPair: boolean, maxLength: number): EncodedText {
  const added = full.ids.length - bareA.length - bareB.length;
  const budget = Math.max(0, maxLength - added);
  const startA = indexOfRun(full.ids, bareA, 0);
  const startB = isPair ? indexOfRun(full.ids, bareB, Math.max(0, startA) + bareA.length) : 0;
  if (startA < 0 || startB < 0) {
    // Layout not recognised (a post-processor that reorders): cut the tail.
    return { ids: full.ids.slice(0, maxLength), typeIds: full.typeIds.slice(0, maxLength) };
  }
  const [keepA, keepB] = isPair ? pairBudget(bareA.length, bareB.length, budget) : [Math.min(bareA.length, budget), 0];
  const drop = (i: number) =>
    (i >= startA + keepA && i < startA + bareA.length) || (isPair && i >= startB + keepB && i < startB + bareB.length);
  const ids: number[] = [];
  const typeIds: number[] = [];
  full.ids.forEach((id, i) => {
    if (drop(i)) return;
    ids.push(id);
    typeIds.push(full.typeIds[i] ?? 0);
  });
  return { ids, typeIds };
}

export function padBatch(rows: EncodedText[], padId: number): EncodedBatch {
  const seqLen = Math.max(1, ...rows.map((r) => r.ids.length));
  const size = rows.length * seqLen;
  const inputIds = new BigInt64Array(size).fill(BigInt(padId));
  const attentionMask = new BigInt64Array(size);
  const tokenTypeIds = new BigInt64Array(size);
  rows.forEach((row, r) => {
    const base = r * seqLen;
    row.ids.forEach((id, i) => {
      inputIds[base + i] = BigInt(id);
      attentionMask[base + i] = 1n;
      tokenTypeIds[base + i] = BigInt(row.typeIds[i] ?? 0);
    });
  });
  return { batch: rows.length, seqLen, inputIds, attentionMask, tokenTypeIds, lengths: rows.map((r) => r.ids.length) };
}
