/**
 * A scripted OpenAI-compatible server on 127.0.0.1 — the one stand-in the
 * tests use for an LLM. It speaks real HTTP and SSE, so the engine drives it
 * through the real `openai` client. Replies are scripted per role (the
 * X-LexDesk-Role header); roles without a script get a plausible default
 * built from the prompt (valid JSON for structured roles, an answer citing
 * [1] with a verbatim quote for the answer role).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply =
  | ({ json: unknown } & ReplyPacing)
  | ({ text: string } & ReplyPacing)
  /** An HTTP error status, with optional headers (e.g. retry-after-ms). */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** A streamed reply cut off before it finished (no finish_reason, connection closed). */
  | { truncateAfter: string }
  /** Never answers (until the client gives up or cancels). */
  | { hang: true }
  /** Closes the socket without an HTTP response. */
  | { destroy: true };

export interface ReplyPacing {
  /** Waits this long before the headers. */
  delayMs?: number;
  /** Sends the headers and the first part of the body (half the JSON, or the first chunk of a stream), then pauses this long before the rest. */
  stallMs?: number;
  /** During a stall, sends an SSE keep-alive comment this often (streams only). */
  keepAliveMs?: number;
  usage?: boolean;
}

export type Script = (request: RecordedRequest) => Reply | undefined;

export interface RecordedRequest {
  role: string;
  headers: http.IncomingHttpHeaders;
  body: { model: string; messages: Array<{ role: string; content: string }>; stream?: boolean; response_format?: unknown };
  /** The last user message. */
  prompt: string;
  /** Date.now() when the request was in. */
  receivedAt: number;
}

export interface ScriptedLlm {
  baseURL: string;
  requests: RecordedRequest[];
  /** Queues replies for a role (used in order; then the default applies). */
  queue(role: string, ...replies: Reply[]): void;
  /** A function consulted before the queues. */
  setScript(script: Script | null): void;
  /** Clears the queues, the script and the recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startScriptedLlm(): Promise<ScriptedLlm> {
  const queues = new Map<string, Reply[]>();
  const requests: RecordedRequest[] = [];
  let script: Script | null = null;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as RecordedRequest['body'];
      const role = String(req.headers['x-lexdesk-role'] ?? 'unknown');
      const prompt = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const recorded: RecordedRequest = { role, headers: req.headers, body, prompt, receivedAt: Date.now() };
      requests.push(recorded);
      const reply = script?.(recorded) ?? queues.get(role)?.shift() ?? defaultReply(role, recorded);
      void respond(res, body, reply);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (role, ...replies) => queues.set(role, [...(queues.get(role) ?? []), ...replies]),
    setScript: (s) => (script = s),
    reset: () => {
      requests.length = 0;
      queues.clear();
      script = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function respond(res: http.ServerResponse, body: RecordedRequest['body'], reply: Reply): Promise<void> {
  if ('hang' in reply) return;
  if ('destroy' in reply) {
    res.socket?.destroy();
    return;
  }
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
    res.end(JSON.stringify(reply.body ?? { error: { message: `scripted ${reply.status}`, type: 'scripted' } }));
    return;
  }
  if ('truncateAfter' in reply) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(sse(chunk(body.model, reply.truncateAfter, null)));
    await sleep(20);
    res.socket?.destroy();
    return;
  }
  if (reply.delayMs) await sleep(reply.delayMs);
  const content = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
  const usage = { prompt_tokens: 100, completion_tokens: Math.max(1, content.length), total_tokens: 100 + content.length };
  if (!body.stream) {
    const whole = JSON.stringify({
      id: 'chatcmpl-scripted',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      ...(reply.usage === false ? {} : { usage }),
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    if (reply.stallMs) {
      const half = Math.floor(whole.length / 2);
      res.write(whole.slice(0, half));
      if (!(await stall(res, reply.stallMs))) return;
      res.end(whole.slice(half));
    } else res.end(whole);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const pieces = content.match(/[\s\S]{1,7}/g) ?? [''];
  for (const [i, p] of pieces.entries()) {
    res.write(sse(chunk(body.model, p, null)));
    if (i === 0 && reply.stallMs && !(await stall(res, reply.stallMs, reply.keepAliveMs))) return;
    await sleep(1);
  }
  res.write(sse(chunk(body.model, '', 'stop')));
  if (reply.usage !== false) res.write(sse({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage }));
  res.end('data: [DONE]\n\n');
}

/** Pauses mid-body (with SSE keep-alive comments if asked); false when the client hung up meanwhile. */
async function stall(res: http.ServerResponse, ms: number, keepAliveMs?: number): Promise<boolean> {
  const keepAlive = keepAliveMs ? setInterval(() => res.writable && res.write(': keep-alive\n\n'), keepAliveMs) : undefined;
  const hungUp = new Promise<void>((resolve) => res.once('close', resolve));
  await Promise.race([sleep(ms), hungUp]);
  clearInterval(keepAlive);
  return !res.destroyed && res.writable;
}

function chunk(model: string, content: string, finish: string | null) {
  return { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta: { content }, finish_reason: finish }] };
}

function sse(obj: unknown): string {
  return `data: ${JSON.stringify(obj)}\n\n`;
}

/** Numbered items "[i] …" in a prompt. */
export function numberedItems(prompt: string): Array<{ index: number; text: string }> {
  return [...prompt.matchAll(/^\[(\d+)\] (.*)$/gm)].map((m) => ({ index: Number(m[1]), text: m[2]! }));
}

export function defaultReply(role: string, r: RecordedRequest): Reply {
  const items = numberedItems(r.prompt);
  switch (role) {
    case 'state':
      return { json: { parties: [{ name: '用户', role: '劳动者' }], relations: ['劳动合同关系'], keyFacts: ['用人单位拖欠工资'], disputeFocus: ['拖欠工资能否解除劳动合同'], posture: '协商', domains: ['劳动法'], subQuestion: '能否解除劳动合同并要求经济补偿', missingFacts: [], factDate: null, place: null } };
    case 'planner':
      return { json: { historyQuery: '用人单位拖欠劳动报酬 劳动者解除劳动合同 经济补偿', role: 'terminology', queries: ['未及时足额支付劳动报酬 解除劳动合同'], covered: true, reason: '覆盖' } };
    case 'rules':
      return { json: { expansions: [] } };
    case 'rerank':
      return { json: { ranking: items.map((i) => i.index) } };
    case 'checklist':
      return { json: { items: items.map((i) => ({ index: i.index, conditions: ['存在劳动关系'] })) } };
    case 'audit':
      return { json: { results: items.map((i) => ({ index: i.index, applicable: true, failedCondition: null, reason: '' })) } };
    case 'judge':
      return { json: { verdict: 'SUFFICIENT', checks: okChecks(), missing: [], refinementQueries: [] } };
    case 'answer': {
      const first = items.find((i) => i.index === 1);
      const body = first?.text.split('：').slice(1).join('：') ?? '';
      const quote = body.replace(/\s+/g, '').slice(0, 12);
      return { text: first ? `可以解除劳动合同。依据规定“${quote}”[1]。` : '证据不足，无法回答。' };
    }
    default:
      return { status: 400, body: { error: { message: `no script for role ${role}` } } };
  }
}

export function okChecks() {
  const ok = { ok: true, note: '' };
  return { factualSupport: ok, jurisdiction: ok, temporal: ok, contradictions: ok, missingElements: ok };
}
