import OpenAI from 'openai';
import { LexError } from '../util/errors.js';

/** Stable codes for everything that can go wrong talking to an LLM endpoint. */
export type LlmErrorCode =
  | 'llm_auth'
  | 'llm_rate_limited'
  | 'llm_server'
  | 'llm_bad_request'
  | 'llm_timeout'
  | 'llm_cancelled'
  | 'llm_unreachable'
  | 'llm_bad_json'
  | 'llm_truncated'
  | 'llm_not_configured';

export class LlmError extends LexError {
  constructor(
    override readonly code: LlmErrorCode,
    message: string,
    details?: Record<string, unknown>,
  ) {
    super(code, message, details);
    this.name = 'LlmError';
  }
}

/**
 * Maps an `openai` client error onto a readable, actionable LlmError. Server
 * bodies are shortened and scrubbed of secrets by the caller's `scrub`.
 */
export function toLlmError(err: unknown, endpoint: string, scrub: (s: string) => string): LlmError {
  if (err instanceof LlmError) return err;
  if (err instanceof OpenAI.APIUserAbortError) return new LlmError('llm_cancelled', 'The request was cancelled.');
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmError('llm_timeout', `${endpoint} did not answer in time. Try again, raise the timeout in settings, or choose a faster model.`);
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new LlmError('llm_unreachable', `Cannot reach ${endpoint}. Check the base URL and that the server is running (for Ollama: ollama serve).`);
  }
  if (err instanceof OpenAI.APIError) {
    const detail = scrub(String(err.message ?? '')).slice(0, 300);
    const status = err.status ?? 0;
    if (status === 401 || status === 403) {
      return new LlmError('llm_auth', `${endpoint} rejected the API key (HTTP ${status}). Enter a valid key in settings or set LEXDESK_LLM_API_KEY.`, { status });
    }
    if (status === 429) return new LlmError('llm_rate_limited', `${endpoint} is rate-limiting requests (HTTP 429) and retries did not help. Wait a minute or check the account's quota.`, { status });
    if (status >= 500) return new LlmError('llm_server', `${endpoint} had a server error (HTTP ${status}) after retries: ${detail}`, { status });
    if (status === 404) return new LlmError('llm_bad_request', `${endpoint} answered 404: check the base URL (it usually ends in /v1) and the model name. ${detail}`, { status });
    return new LlmError('llm_bad_request', `${endpoint} refused the request (HTTP ${status}): ${detail}`, { status });
  }
  if (err instanceof Error && err.name === 'AbortError') return new LlmError('llm_cancelled', 'The request was cancelled.');
  return new LlmError('llm_server', `Unexpected failure talking to ${endpoint}: ${scrub(err instanceof Error ? err.message : String(err))}`);
}
