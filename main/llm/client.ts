import OpenAI from 'openai';
import type { z } from 'zod';
import { LlmError, toLlmError } from './errors.js';
import { parseJsonReply } from './json.js';
import type { Redactor } from './redaction.js';
import { makeScrubber } from './secrets.js';
import type { ChatMessage, LlmCallRecord, LlmEndpoint, LlmRole, LlmUsage } from './types.js';

export interface CallOptions {
  role: LlmRole;
  messages: ChatMessage[];
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
  /** Streams the reply: called with each (restored) piece of text as it arrives. */
  onToken?: (text: string) => void;
}

export interface LlmReply {
  text: string;
  usage: LlmUsage;
  model: string;
}

export interface ClientHooks {
  /** Redacts what is sent and restores what comes back (non-local endpoints). */
  redactor?: Redactor | null;
  /** Every request, successful or not, for the call log and the turn's token and cost totals. */
  onCall?: (record: LlmCallRecord) => void;
  /** Only for tests and embedding: a custom fetch. */
  fetch?: typeof fetch;
}

/** The LLM endpoint as the consultation engine sees it: text and JSON calls, streamed or not. */
export class LlmClient {
  private readonly api: OpenAI;
  readonly scrub: (text: string) => string;
  readonly label: string;

  constructor(
    readonly endpoint: LlmEndpoint,
    private readonly hooks: ClientHooks = {},
  ) {
    this.scrub = makeScrubber([endpoint.apiKey]);
    this.label = safeHost(endpoint.baseURL);
    this.api = new OpenAI({
      baseURL: endpoint.baseURL,
      apiKey: endpoint.apiKey || 'no-key',
      // OPENAI_ORG_ID / OPENAI_PROJECT_ID in the environment belong to OpenAI accounts: never sent to the configured endpoint.
      organization: null,
      project: null,
      timeout: timeoutOf(endpoint),
      maxRetries: endpoint.maxRetries ?? 2,
      logLevel: 'off',
      fetch: hooks.fetch,
    });
  }

  modelFor(role: LlmRole): string {
    return this.endpoint.roleModels?.[role] || this.endpoint.model;
  }

  async text(opts: CallOptions): Promise<LlmReply> {
    return this.call(opts, false);
  }

  /**
   * A structured reply validated against `schema`. An invalid reply gets one
   * repair request that quotes the problem; a second failure is `llm_bad_json`.
   */
  async json<T>(opts: CallOptions & { schema: z.ZodType<T> }): Promise<{ value: T; reply: LlmReply }> {
    const first = await this.call({ ...opts, onToken: undefined }, true);
    const problem = validate(first.text, opts.schema);
    if (problem.ok) return { value: problem.value, reply: first };
    const repair: ChatMessage[] = [
      ...opts.messages,
      { role: 'assistant', content: first.text },
      { role: 'user', content: `上面的输出不符合要求（${problem.error}）。只输出一个符合要求格式的 JSON 对象，不要任何其他文字。` },
    ];
    const second = await this.call({ ...opts, messages: repair, onToken: undefined }, true);
    const again = validate(second.text, opts.schema);
    if (again.ok) return { value: again.value, reply: second };
    throw new LlmError('llm_bad_json', `The model's ${opts.role} reply was not valid JSON of the expected shape, even after a repair request (${again.error}). Try a stronger model for this role.`);
  }

  private async call(opts: CallOptions, json: boolean): Promise<LlmReply> {
    const model = this.modelFor(opts.role);
    const redactor = this.hooks.redactor;
    const messages = opts.messages.map((m) => ({ role: m.role, content: redactor ? redactor.redact(m.content) : m.content }));
    const started = Date.now();
    const deadline = new ReplyDeadline(timeoutOf(this.endpoint), opts.signal);
    let raw = '';
    let usage: LlmUsage = { promptTokens: 0, completionTokens: 0, estimated: true };
    try {
      const body = {
        model,
        messages,
        max_tokens: opts.maxTokens,
        temperature: opts.temperature ?? 0.2,
        ...(json && this.endpoint.jsonMode !== false ? { response_format: { type: 'json_object' as const } } : {}),
      };
      const request = { signal: deadline.signal, headers: { 'X-LexDesk-Role': opts.role } };
      if (opts.onToken) {
        ({ raw, usage } = await this.streamed(body, request, deadline, opts.onToken));
      } else {
        const pending = this.api.chat.completions.create(body, request);
        await pending.asResponse(); // the headers are in: openai's timer has stopped, ours covers the body
        deadline.arm();
        const res = await pending;
        const choice = res.choices[0];
        raw = choice?.message?.content ?? '';
        if (choice?.finish_reason === 'length') throw truncated(this.label, 'the reply hit the token limit');
        usage = toUsage(res.usage, messages, raw);
      }
      this.record(opts.role, model, messages, raw, usage, started, null);
      return { text: redactor ? redactor.restore(raw) : raw, usage, model };
    } catch (err) {
      const error = deadline.expired ? stalled(this.label, deadline.ms) : toLlmError(err, this.label, this.scrub);
      this.record(opts.role, model, messages, raw, usage, started, error.code);
      throw error;
    } finally {
      deadline.stop();
    }
  }

  private async streamed(
    body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
    request: OpenAI.RequestOptions,
    deadline: ReplyDeadline,
    onToken: (text: string) => void,
  ): Promise<{ raw: string; usage: LlmUsage }> {
    const stream = await this.api.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, request);
    const restorer = this.hooks.redactor?.streamRestorer(onToken);
    let raw = '';
    let finish: string | null = null;
    let reported: OpenAI.CompletionUsage | undefined;
    deadline.arm();
    try {
      for await (const chunk of stream) {
        // Only a parsed chunk counts as progress: SSE keep-alive comments never reach here, so they cannot hold a turn open.
        deadline.arm();
        if (chunk.usage) reported = chunk.usage;
        const choice = chunk.choices[0];
        const piece = choice?.delta?.content ?? '';
        if (piece) {
          raw += piece;
          if (restorer) restorer.push(piece);
          else onToken(piece);
        }
        if (choice?.finish_reason) finish = choice.finish_reason;
      }
    } catch (err) {
      this.throwIfStopped(deadline);
      // The connection dropped mid-stream (undici: "terminated").
      if (!(err instanceof OpenAI.APIError) || err instanceof OpenAI.APIConnectionError) throw truncated(this.label, 'the stream broke off before the reply was complete');
      throw err;
    }
    // openai's stream ends quietly when its request is aborted: say whether the user or the deadline did it.
    this.throwIfStopped(deadline);
    restorer?.end();
    if (!finish) throw truncated(this.label, 'the stream ended before the reply was complete');
    if (finish === 'length') throw truncated(this.label, 'the reply hit the token limit');
    return { raw, usage: toUsage(reported, body.messages as ChatMessage[], raw) };
  }

  private throwIfStopped(deadline: ReplyDeadline): void {
    if (deadline.expired) throw stalled(this.label, deadline.ms);
    if (deadline.signal.aborted) throw new LlmError('llm_cancelled', 'The request was cancelled.');
  }

  private record(role: LlmRole, model: string, messages: ChatMessage[], response: string, usage: LlmUsage, started: number, errorCode: string | null): void {
    const pricing = this.endpoint.pricing;
    const cost = pricing ? (usage.promptTokens * pricing.inputPerMTok + usage.completionTokens * pricing.outputPerMTok) / 1e6 : null;
    this.hooks.onCall?.({
      role,
      model,
      messages: messages.map((m) => ({ role: m.role, content: this.scrub(m.content) })),
      response: this.scrub(response),
      usage,
      cost,
      ms: Date.now() - started,
      errorCode,
    });
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;

function timeoutOf(endpoint: LlmEndpoint): number {
  return endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS;
}

const TIMED_OUT = Symbol('reply stalled');

/**
 * openai's own timer stops once the response headers arrive, and reading the
 * body has none, so a server that sends headers and then stalls (or sends
 * only SSE keep-alive comments) would hold a turn forever. This deadline takes
 * over from the headers on: the whole body of a plain reply, and each chunk of
 * a streamed one, must arrive within the configured timeout. Its signal also
 * carries the caller's, and keeps the two apart: a user's cancel stays a cancel.
 */
class ReplyDeadline {
  private readonly own = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  readonly signal: AbortSignal;

  constructor(
    readonly ms: number,
    caller?: AbortSignal,
  ) {
    this.signal = caller ? AbortSignal.any([caller, this.own.signal]) : this.own.signal;
  }

  /** (Re)starts the wait for the next part of the reply. */
  arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.own.abort(TIMED_OUT), this.ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** Whether the deadline, not the caller, stopped the request (AbortSignal.any keeps the first reason). */
  get expired(): boolean {
    return this.signal.aborted && this.signal.reason === TIMED_OUT;
  }
}

function stalled(label: string, ms: number): LlmError {
  return new LlmError('llm_timeout', `${label} started its reply, then sent nothing for ${ms / 1000} s (the configured timeout). Try again, raise the timeout in settings, or choose a faster model.`);
}

function truncated(label: string, why: string): LlmError {
  return new LlmError('llm_truncated', `${label}: ${why}. Retry the turn, or raise the model's output limit.`);
}

function validate<T>(text: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; error: string } {
  const parsed = parseJsonReply(text);
  if (!parsed.ok) return parsed;
  const result = schema.safeParse(parsed.value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, error: issue ? `${issue.path.join('.') || 'root'}: ${issue.message}` : 'schema mismatch' };
}

/** Rough token estimate when the endpoint reports no usage: CJK ~1 token per character, others ~4 characters. */
export function estimateTokens(text: string): number {
  const cjk = (text.match(/[\u3400-\u9fff]/g) ?? []).length;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

function toUsage(u: OpenAI.CompletionUsage | undefined | null, messages: ChatMessage[], reply: string): LlmUsage {
  if (u) return { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, estimated: false };
  const prompt = messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);
  return { promptTokens: prompt, completionTokens: estimateTokens(reply), estimated: true };
}

function safeHost(baseURL: string): string {
  try {
    const u = new URL(baseURL);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'the LLM endpoint';
  }
}
