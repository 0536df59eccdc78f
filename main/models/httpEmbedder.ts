import OpenAI from 'openai';
import { LexError } from '../util/errors.js';
import { displayURL, httpModelId, minMaxInputChars, urlCredentials } from './httpEndpoint.js';
import { checkBatchSize, l2Normalize } from './modelFolder.js';
import type { EmbedCallOptions, EmbedKind, TextEmbedder } from './types.js';

/**
 * An embedding model behind an OpenAI-compatible /v1/embeddings endpoint
 * (Ollama, vLLM, TEI, LM Studio, cloud APIs), called with the official client.
 */
export interface HttpEmbedderOptions {
  /** Up to and including the API version, e.g. http://127.0.0.1:11434/v1 */
  baseURL: string;
  model: string;
  /** Sent as "Authorization: Bearer …". Never read from OPENAI_API_KEY implicitly. */
  apiKey?: string;
  /** Expected dimension; discovered from the first response when omitted. */
  dimension?: number;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** Per-try timeout. Default 60 000 ms. */
  timeoutMs?: number;
  /** Retries for connection errors, 408/409/429 and 5xx. Default 2. */
  maxRetries?: number;
  queryPrefix?: string;
  documentPrefix?: string;
  /**
   * Characters per input sent, prefix included; longer texts are cut to their beginning.
   * Default DEFAULT_HTTP_MAX_CHARS.
   */
  maxInputChars?: number;
}

/**
 * 500 characters, prefix included: within every common server's input limit for Chinese text
 * (TEI serving a 512-token BERT model without --auto-truncate, vLLM's max_model_len for such
 * a model, OpenAI's 8192 tokens), as a BERT tokenizer makes at most one token of a character.
 * Only about 1% of articles are longer; the local ONNX models stop at 512 tokens too.
 */
export const DEFAULT_HTTP_MAX_CHARS = 500;

/** The shortest text cut further after a server refused it as too long (a refusal of a text this short is not about length). */
const MIN_SHORTENED_CHARS = 64;

/** Answers a server gives for an input longer than the model takes: 400 (OpenAI, vLLM), 413 and 422 (TEI). */
const TOO_LONG_STATUSES = new Set([400, 413, 422]);

/** Why a connection failed: a mapped errno code, else the innermost cause's message. */
function connectionReason(err: unknown): string {
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is the server running?)',
    ENOTFOUND: 'host not found',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'host unreachable',
  };
  let cur: unknown = err;
  let innermost = 'connection error';
  for (let depth = 0; cur && depth < 6; depth += 1) {
    const { code, message, cause } = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return known[code] ?? code;
    if (typeof message === 'string' && message) innermost = message;
    cur = cause;
  }
  return innermost;
}


/** Waits `ms`, or rejects as soon as `signal` aborts (the timer is cleared, so nothing keeps the process alive). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new OpenAI.APIUserAbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new OpenAI.APIUserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Connection failures and timeouts, 408, 409, 429 and 5xx answers are worth another try. */
function retryable(err: unknown): boolean {
  if (err instanceof OpenAI.APIUserAbortError) return false;
  if (err instanceof OpenAI.APIConnectionError) return true;
  const status = err instanceof OpenAI.APIError ? (err.status ?? 0) : 0;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The wait before try `attempt + 1`: what the server asks for (up to a minute), else 0.5 s doubling up to 8 s. */
function retryDelayMs(err: unknown, attempt: number): number {
  const headers = err instanceof OpenAI.APIError ? err.headers : undefined;
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  const s = Number(headers?.get('retry-after') ?? NaN);
  const asked = Number.isFinite(ms) ? ms : Number.isFinite(s) ? s * 1000 : NaN;
  if (asked >= 0 && asked <= 60_000) return asked;
  return Math.min(8000, 500 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.25);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 || ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The first `max` UTF-16 units of `text`, without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function checkMaxInputChars(value: number | undefined, prefixes: string[]): number {
  const max = value ?? DEFAULT_HTTP_MAX_CHARS;
  const longest = Math.max(...prefixes.map((p) => p.length));
  if (!Number.isInteger(max) || max < minMaxInputChars(prefixes)) {
    throw new LexError('usage', `The input limit must be a whole number of characters, at least 16 more than the longest prefix (${longest}); got ${max}`);
  }
  return max;
}

function refusedAsTooLong(err: unknown): boolean {
  return err instanceof LexError && err.code === 'embedder-http' && TOO_LONG_STATUSES.has(err.details?.status as number);
}

export { httpModelId } from './httpEndpoint.js';

export class HttpEmbedder implements TextEmbedder {
  readonly id: string;
  readonly provider = 'http';
  readonly model: string;
  /** As given, credentials included: show displayURL(baseURL) instead. */
  readonly baseURL: string;
  readonly batchSize: number;
  /** Characters per input sent, prefix included. */
  readonly maxInputChars: number;
  private dim: number;
  /** The API key and any password in the base URL: removed from every text that came from outside. */
  private readonly secrets: string[];
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly tries: number;
  private readonly prefixes: Record<EmbedKind, string>;

  constructor(opts: HttpEmbedderOptions) {
    if (!opts.baseURL || !opts.model) throw new LexError('usage', 'An HTTP embedder needs a base URL and a model name');
    this.model = opts.model;
    this.baseURL = opts.baseURL;
    this.id = httpModelId(opts.model, opts.queryPrefix ?? '', opts.documentPrefix ?? '');
    this.dim = opts.dimension ?? 0;
    this.batchSize = checkBatchSize(opts.batchSize, 64);
    const { url, authorization, secrets } = urlCredentials(opts.baseURL);
    if (authorization && opts.apiKey) {
      throw new LexError('usage', `Give the embedding server either a user and password in its URL (${displayURL(opts.baseURL)}) or an API key, not both: both go in the Authorization header`);
    }
    this.secrets = [...secrets, ...(opts.apiKey ? [opts.apiKey] : [])];
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.tries = 1 + (opts.maxRetries ?? 2);
    this.prefixes = { query: opts.queryPrefix ?? '', document: opts.documentPrefix ?? '' };
    this.maxInputChars = checkMaxInputChars(opts.maxInputChars, Object.values(this.prefixes));
    this.client = new OpenAI({
      // fetch refuses a URL with credentials: they are sent as basic auth instead.
      baseURL: url,
      apiKey: opts.apiKey || 'unused',
      ...(authorization ? { defaultHeaders: { Authorization: authorization } } : {}),
      // Never forward OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment to a third-party server.
      organization: null,
      project: null,
      timeout: this.timeoutMs,
      // Retried here instead (request), so that cancel also ends the wait between tries.
      maxRetries: 0,
    });
  }

  /** Creates the embedder and, when no dimension was given, learns it with one request. */
  static async connect(opts: HttpEmbedderOptions, call: EmbedCallOptions = {}): Promise<HttpEmbedder> {
    const embedder = new HttpEmbedder(opts);
    if (!embedder.dim) await embedder.embed(['维度'], 'document', call);
    return embedder;
  }

  /** 0 until known (given, or learnt from the first response). */
  get dimension(): number {
    return this.dim;
  }

  fitDocument(text: string): string {
    return clip(text, this.maxInputChars - this.prefixes.document.length);
  }

  async embed(texts: string[], kind: EmbedKind, call: EmbedCallOptions = {}): Promise<Float32Array[]> {
    const prefix = this.prefixes[kind];
    const fitted = texts.map((t) => clip(t, this.maxInputChars - prefix.length));
    const out: Float32Array[] = [];
    for (let i = 0; i < fitted.length; i += this.batchSize) {
      out.push(...(await this.embedBatch(fitted.slice(i, i + this.batchSize), prefix, call, i)));
    }
    return out;
  }

  /** One request for the batch; when the server refuses it as too long, one per text, cutting a refused text to its first half until it passes. */
  private async embedBatch(texts: string[], prefix: string, call: EmbedCallOptions, offset: number): Promise<Float32Array[]> {
    try {
      return await this.requestTexts(texts, prefix, call.signal);
    } catch (err) {
      if (!refusedAsTooLong(err) || (texts.length === 1 && (texts[0] as string).length <= MIN_SHORTENED_CHARS)) throw err;
    }
    const out: Float32Array[] = [];
    for (const [i, text] of texts.entries()) {
      let sent = text;
      for (;;) {
        try {
          out.push(...(await this.requestTexts([sent], prefix, call.signal)));
          break;
        } catch (err) {
          if (!refusedAsTooLong(err) || sent.length <= MIN_SHORTENED_CHARS) throw err;
          sent = clip(sent, Math.ceil(sent.length / 2));
        }
      }
      if (sent !== text) call.onShortened?.(offset + i, prefix.length + sent.length);
    }
    return out;
  }

  private requestTexts(texts: string[], prefix: string, signal: AbortSignal | undefined): Promise<Float32Array[]> {
    // Empty inputs are rejected by OpenAI and several servers: send a space instead.
    return this.request(texts.map((t) => prefix + t || ' '), signal);
  }

  private async request(input: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    let response: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      response = await this.create(input, signal);
    } catch (err) {
      throw this.describe(err, signal);
    }
    return this.vectors(response, input.length);
  }

  /** One request, tried up to `tries` times; `signal` aborts a try in flight and the wait before the next. */
  private async create(input: string[], signal: AbortSignal | undefined): Promise<OpenAI.Embeddings.CreateEmbeddingResponse> {
    for (let attempt = 1; ; attempt += 1) {
      if (signal?.aborted) throw new OpenAI.APIUserAbortError();
      try {
        return await this.client.embeddings.create({ model: this.model, input, encoding_format: 'float' }, { signal });
      } catch (err) {
        if (attempt >= this.tries || !retryable(err) || signal?.aborted) throw err;
        await pause(retryDelayMs(err, attempt), signal);
      }
    }
  }

  private vectors(response: OpenAI.Embeddings.CreateEmbeddingResponse, count: number): Float32Array[] {
    const data = Array.isArray(response?.data) ? [...response.data] : [];
    if (data.length !== count) throw this.badResponse(`${data.length} embeddings for ${count} texts`);
    data.sort((a, b) => a.index - b.index);
    // Each text's vector exactly once: a repeated or missing index would pair vectors with the wrong articles.
    if (data.some((item, i) => item.index !== i)) throw this.badResponse(`embeddings whose indexes are not 0 to ${count - 1}`);
    return data.map((item) => {
      const values = item.embedding as unknown;
      if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'number')) {
        throw this.badResponse('an embedding that is not a list of numbers');
      }
      if (!this.dim) this.dim = values.length;
      if (values.length !== this.dim) throw this.badResponse(`a ${values.length}-dimensional vector where ${this.dim} was expected`);
      return l2Normalize(Float32Array.from(values as number[]));
    });
  }

  private badResponse(what: string): LexError {
    return new LexError('embedder-response', `The embedding server at ${displayURL(this.baseURL)} returned ${what} (model "${this.model}")`);
  }

  /** Removes the API key and the URL's password from any text that came from outside. */
  private scrub(text: string): string {
    return this.secrets.reduce((t, secret) => t.split(secret).join('***'), text);
  }

  private describe(err: unknown, signal: AbortSignal | undefined): LexError {
    const where = displayURL(this.baseURL);
    if (signal?.aborted || err instanceof OpenAI.APIUserAbortError) {
      return new LexError('embedder-cancelled', `The embedding request to ${where} was cancelled`);
    }
    // Timeouts, refused connections and 408/429/5xx answers are tried `tries` times in all before they come here.
    const tried = this.tries === 1 ? '1 try' : `${this.tries} tries`;
    if (err instanceof OpenAI.APIConnectionTimeoutError) {
      return new LexError('embedder-timeout', `The embedding server at ${where} did not answer in time (${tried}, each given ${seconds(this.timeoutMs)})`);
    }
    if (err instanceof OpenAI.APIConnectionError) {
      return new LexError('embedder-unreachable', `Cannot reach the embedding server at ${where} (${tried}): ${this.scrub(connectionReason(err))}`);
    }
    if (err instanceof OpenAI.APIError) return this.describeStatus(err, where);
    return new LexError('embedder-response', `Embedding request to ${where} failed: ${this.scrub(err instanceof Error ? err.message : String(err))}`);
  }

  private describeStatus(err: InstanceType<typeof OpenAI.APIError>, where: string): LexError {
    const status = err.status ?? 0;
    const said = this.scrub(err.message.replace(/^\d{3}\s*/, '')).slice(0, 300);
    if (status === 401 || status === 403) {
      return new LexError('embedder-auth', `The embedding server at ${where} rejected the API key (HTTP ${status}): check the key${said ? ` — ${said}` : ''}`);
    }
    if (status === 404) {
      return new LexError(
        'embedder-not-found',
        `The embedding server at ${where} answered 404: check that the base URL ends with the API version (e.g. …/v1) and that model "${this.model}" exists${said ? ` — ${said}` : ''}`,
      );
    }
    return new LexError('embedder-http', `The embedding server at ${where} answered HTTP ${status}${said ? `: ${said}` : ''}`, { status });
  }

  async close(): Promise<void> {
    // Nothing held open: the client keeps no persistent connections we own.
  }
}
