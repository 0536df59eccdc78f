import type { Engine } from '../../engine/index.js';
import { LlmClient } from '../../llm/client.js';
import { findPreset, PRESETS } from '../../llm/presets.js';
import { splitCredentials } from '../../llm/endpointCredentials.js';
import { displayURL } from '../../models/httpEndpoint.js';
import { keyHint } from '../../llm/secrets.js';
import { LLM_KEY_ID, LLM_ROLES, LlmSettingsSchema, presetIds, unknownPreset, type LlmSettings } from '../../llm/settings.js';
import { LexError } from '../../util/errors.js';
import { intOption, parseCommand, type ParsedCommand } from '../args.js';
import { cliSettings, unknownPresetMessage } from '../llmConfig.js';
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
      // Every value is checked before anything is written: a typo fails alone and leaves the saved settings usable.
      config.settings.write({ ...current, llm: updatedLlm(current.llm ?? {}, values) });
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

/** The endpoint settings `llm set` asks for, each value checked (a usage error otherwise). */
function updatedLlm(current: LlmSettings, values: ParsedCommand['values']): LlmSettings {
  const llm: LlmSettings = { ...current };
  if (values.preset !== undefined) llm.preset = presetOption(values.preset);
  if (values['base-url'] !== undefined) llm.baseURL = baseUrlOption(values['base-url']);
  if (values.model !== undefined) llm.model = nameOption(values.model, 'model');
  if (values.timeout !== undefined) llm.timeoutMs = timeoutOption(values.timeout);
  if (values['redact-local']) llm.redactLocal = true;
  if (values['no-redact-local']) llm.redactLocal = false;
  const names = (values['redact-name'] as string[] | undefined)?.map((name) => nameOption(name, 'redact-name'));
  if (names) llm.redactNames = [...new Set([...(llm.redactNames ?? []), ...names])];
  for (const pair of (values['role-model'] as string[] | undefined) ?? []) llm.roleModels = { ...(llm.roleModels ?? {}), ...roleModelOption(pair) };
  // The options above cover the schema; this catches any rule they miss, still before writing.
  const issue = LlmSettingsSchema.safeParse(llm).error?.issues[0];
  if (issue) throw new LexError('usage', `Not saved: ${issue.path.join('.')}: ${issue.message}\nUsage: ${USAGE}`);
  return llm;
}

function presetOption(value: unknown): string {
  const id = String(value);
  if (!findPreset(id)) throw new LexError('usage', `Unknown preset "${id}": use one of ${presetIds()} (lexdesk llm presets describes them).`);
  return id;
}

function baseUrlOption(value: unknown): string {
  const url = String(value);
  if (!/^https?:\/\/[^/\s]/i.test(url) || !URL.canParse(url)) {
    throw new LexError('usage', `--base-url must be an http:// or https:// URL up to the API version, e.g. https://api.deepseek.com/v1 (got "${url}")`);
  }
  if (splitCredentials(url).userinfo !== null) {
    throw new LexError('usage', `--base-url cannot carry a user and password (${displayURL(url)}): settings.json would hold them in plain text. Give the URL without them and the API key with \`lexdesk llm key\`.`);
  }
  return url;
}

function nameOption(value: unknown, name: string): string {
  const text = String(value).trim();
  if (!text) throw new LexError('usage', `--${name} must not be empty.`);
  return text;
}

/** --timeout in milliseconds, within what the settings allow (LlmSettingsSchema). */
function timeoutOption(value: unknown): number {
  const ms = intOption(value, 'timeout', 0);
  if (ms < 1000 || ms > 600_000) throw new LexError('usage', `--timeout is in milliseconds, from 1000 to 600000 (got ${ms})`);
  return ms;
}

function roleModelOption(pair: string): Record<string, string> {
  const at = pair.indexOf('=');
  const [role, model] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
  if (!role || !model) throw new LexError('usage', `--role-model takes ROLE=MODEL (got "${pair}")`);
  if (!LLM_ROLES.includes(role)) throw new LexError('usage', `--role-model: unknown role "${role}"; roles are ${LLM_ROLES.join(', ')}`);
  return { [role]: model };
}

function show(config: ReturnType<typeof cliSettings>, out: Output): number {
  const unknown = unknownPreset(config.read());
  if (unknown !== null) return showUnknownPreset(unknown, out);
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

/** Settings saved with a preset that does not exist: said, with how to fix it, instead of failing. */
function showUnknownPreset(preset: string, out: Output): number {
  const problem = unknownPresetMessage(preset);
  if (out.json) out.printJson({ endpoint: null, unknownPreset: preset, problem });
  else out.print(`No usable LLM endpoint: consultations need --offline until this is fixed.\n${problem}`);
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
