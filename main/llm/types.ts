/** Who a request is for; each role may use its own model (a small one for rewrites, a strong one for judge and answer). */
export type LlmRole = 'state' | 'planner' | 'rules' | 'rerank' | 'summary' | 'checklist' | 'audit' | 'judge' | 'answer' | 'evolve';

export interface LlmPricing {
  /** Price per million prompt tokens. */
  inputPerMTok: number;
  /** Price per million completion tokens. */
  outputPerMTok: number;
  currency: string;
}

export interface LlmEndpoint {
  baseURL: string;
  model: string;
  apiKey?: string;
  /** Per-role model overrides. */
  roleModels?: Partial<Record<LlmRole, string>>;
  /** Send `response_format: json_object` for structured outputs (default true). */
  jsonMode?: boolean;
  timeoutMs?: number;
  maxRetries?: number;
  pricing?: LlmPricing;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  /** True when the endpoint reported no usage and the counts are estimates. */
  estimated: boolean;
}

/** One request as stored in the call log: what was actually sent (redacted), never a key. */
export interface LlmCallRecord {
  role: LlmRole;
  model: string;
  messages: ChatMessage[];
  response: string;
  usage: LlmUsage;
  cost: number | null;
  ms: number;
  errorCode: string | null;
}
