import type { Engine } from '../../engine/index.js';
import { LlmClient } from '../../llm/client.js';
import { PRESETS } from '../../llm/presets.js';
import { keyHint } from '../../llm/secrets.js';
import { LLM_KEY_ID, type LlmSettings } from '../../llm/settings.js';
import { LexError } from '../../util/errors.js';
import { parseCommand } from '../args.js';
import { cliSettings } from '../llmConfig.js';
import type { Output } from '../output.js';

const USAGE = `lexdesk llm show | presets | set [--preset ID] [--base-url URL] [--model NAME] [--role-model ROLE=MODEL]… [--timeout MS] [--redact-local|--no-redact-local] [--redact-name NAME]… | key (reads the key from stdin) | forget-key | test`;

/** Endpoint settings for consultations; the key goes to the encrypted key store, never to settings.json. */
export async function llmCommand(args: string[], _open: unknown, out: Output): Promise<number> {
  const [action = 'show', ...rest] = args;
  const { values } = parseCommand(
    rest,
    {
      preset: { type: 'string' }, 'base-url': { type: 'string' }, model: { type: 'string' }, 'role-model': { type: 'string', multiple: true },
      timeout: { type: 'string' }, 'redact-local': { type: 'boolean' }, 'no-redact-local': { type: 'boolean' }, 'redact-name': { type: 'string', multiple: true },
    },
    USAGE,
  );
  const config = cliSettings();
  switch (action) {
    case 'presets':
      if (out.json) out.printJson(PRESETS);
      else for (const p of PRESETS) out.print(`${p.id.padEnd(10)} ${p.name.padEnd(26)} ${p.baseURL}  (${p.defaultModel})`);
      return 0;
    case 'set': {
      const current = config.read();
      const llm: LlmSettings = { ...(current.llm ?? {}) };
      if (values.preset) llm.preset = String(values.preset);
      if (values['base-url']) llm.baseURL = String(values['base-url']);
      if (values.model) llm.model = String(values.model);
      if (values.timeout) llm.timeoutMs = Number(values.timeout);
      if (values['redact-local']) llm.redactLocal = true;
      if (values['no-redact-local']) llm.redactLocal = false;
      if (values['redact-name']) llm.redactNames = [...new Set([...(llm.redactNames ?? []), ...(values['redact-name'] as string[])])];
      for (const pair of (values['role-model'] as string[] | undefined) ?? []) {
        const [role, model] = pair.split('=');
        if (!role || !model) throw new LexError('usage', `--role-model takes ROLE=MODEL (got "${pair}")`);
        llm.roleModels = { ...(llm.roleModels ?? {}), [role]: model };
      }
      config.settings.write({ ...current, llm });
      return show(config, out);
    }
    case 'key': {
      const key = (await readStdin()).trim();
      if (!key) throw new LexError('usage', 'Pipe the key on stdin, e.g.: lexdesk llm key < keyfile (it is never taken from the command line).');
      config.keys.set(LLM_KEY_ID, key);
      out.print(`Key stored (${keyHint(key)}), encrypted.`);
      return 0;
    }
    case 'forget-key':
      config.keys.delete(LLM_KEY_ID);
      out.print('Key removed.');
      return 0;
    case 'test':
      return testEndpoint(config, out);
    case 'show':
      return show(config, out);
    default:
      throw new LexError('usage', `Unknown llm action "${action}".\nUsage: ${USAGE}`);
  }
}

function show(config: ReturnType<typeof cliSettings>, out: Output): number {
  const resolved = config.llm();
  const key = resolved?.endpoint.apiKey;
  const view = resolved
    ? { baseURL: resolved.endpoint.baseURL, model: resolved.endpoint.model, roleModels: resolved.endpoint.roleModels ?? {}, key: key ? keyHint(key) : null, local: resolved.local, redaction: resolved.redact, redactNames: resolved.redactNames }
    : null;
  if (out.json) out.printJson({ endpoint: view });
  else if (!view) out.print('No LLM endpoint configured: consultations run offline. Set one with: lexdesk llm set --preset deepseek (see lexdesk llm presets)');
  else {
    out.print(`Endpoint: ${view.baseURL}  model ${view.model}${Object.keys(view.roleModels).length ? `  roles ${JSON.stringify(view.roleModels)}` : ''}`);
    out.print(`Key: ${view.key ?? 'none'}   ${view.local ? 'local' : 'remote'}   redaction ${view.redaction ? 'on' : 'off'}`);
  }
  return 0;
}

async function testEndpoint(config: ReturnType<typeof cliSettings>, out: Output): Promise<number> {
  const resolved = config.llm();
  if (!resolved) throw new LexError('llm_not_configured', 'No LLM endpoint configured. Set one with: lexdesk llm set --preset …');
  const client = new LlmClient(resolved.endpoint);
  const started = Date.now();
  const reply = await client.text({ role: 'answer', messages: [{ role: 'user', content: '回复“好”。' }], maxTokens: 8 });
  if (out.json) out.printJson({ ok: true, model: reply.model, ms: Date.now() - started, usage: reply.usage });
  else out.print(`OK: ${client.label} answered with ${reply.model} in ${Date.now() - started} ms`);
  return 0;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new LexError('usage', 'Pipe the key on stdin: lexdesk llm key < keyfile');
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

export type { Engine };
