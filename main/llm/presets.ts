/**
 * Endpoint presets: any OpenAI-compatible `/v1/chat/completions` server works;
 * these fill in the base URL and a sensible default model.
 */
export interface EndpointPreset {
  id: string;
  name: string;
  baseURL: string;
  defaultModel: string;
  /** Runs on this machine or the LAN: no key needed, not redacted unless asked. */
  local: boolean;
  /** Whether the server accepts `response_format: { type: "json_object" }`. */
  jsonMode: boolean;
}

export const PRESETS: readonly EndpointPreset[] = [
  { id: 'openai', name: 'OpenAI', baseURL: 'https://api.openai.com/v1', defaultModel: 'gpt-4.1-mini', local: false, jsonMode: true },
  { id: 'deepseek', name: 'DeepSeek', baseURL: 'https://api.deepseek.com/v1', defaultModel: 'deepseek-chat', local: false, jsonMode: true },
  { id: 'qwen', name: 'Qwen (DashScope)', baseURL: 'https://dashscope.aliyuncs.com/compatible-mode/v1', defaultModel: 'qwen-plus', local: false, jsonMode: true },
  { id: 'moonshot', name: 'Moonshot (Kimi)', baseURL: 'https://api.moonshot.cn/v1', defaultModel: 'moonshot-v1-32k', local: false, jsonMode: true },
  { id: 'zhipu', name: 'Zhipu (GLM)', baseURL: 'https://open.bigmodel.cn/api/paas/v4', defaultModel: 'glm-4-plus', local: false, jsonMode: true },
  { id: 'ollama', name: 'Ollama (local)', baseURL: 'http://127.0.0.1:11434/v1', defaultModel: 'qwen2.5:7b', local: true, jsonMode: true },
  { id: 'lmstudio', name: 'LM Studio (local)', baseURL: 'http://127.0.0.1:1234/v1', defaultModel: 'local-model', local: true, jsonMode: false },
  { id: 'vllm', name: 'vLLM (local)', baseURL: 'http://127.0.0.1:8000/v1', defaultModel: 'Qwen/Qwen2.5-7B-Instruct', local: true, jsonMode: true },
  { id: 'llamacpp', name: 'llama.cpp server (local)', baseURL: 'http://127.0.0.1:8080/v1', defaultModel: 'local-model', local: true, jsonMode: true },
];

export function findPreset(id: string): EndpointPreset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** Loopback hosts: requests never leave this machine. */
export function isLoopbackUrl(baseURL: string): boolean {
  try {
    const host = new URL(baseURL).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}
