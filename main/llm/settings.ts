import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LLM_ROLE_NAMES } from '../../preload/contract/routes.js';
import type { HttpEmbedderOptions } from '../models/httpEmbedder.js';
import { PROVIDER_NAMES, type ProviderName } from '../models/providerNames.js';
import { LexError } from '../util/errors.js';
import { withStoredCredentials } from './endpointCredentials.js';
import type { KeyStore } from './keyStore.js';
import { findPreset, isLoopbackUrl, PRESETS } from './presets.js';
import type { LlmEndpoint } from './types.js';

const ROLE = z.enum(LLM_ROLE_NAMES);

/** The consultation roles a model can be set for (roleModels). */
export const LLM_ROLES: readonly string[] = ROLE.options;

export const LlmSettingsSchema = z.object({
  preset: z.string().optional(),
  baseURL: z.string().url().regex(/^https?:\/\//i).optional(),
  model: z.string().min(1).optional(),
  roleModels: z.partialRecord(ROLE, z.string().min(1)).optional(),
  jsonMode: z.boolean().optional(),
  timeoutMs: z.number().int().min(1000).max(600_000).optional(),
  maxRetries: z.number().int().min(0).max(6).optional(),
  pricing: z.object({ inputPerMTok: z.number().min(0), outputPerMTok: z.number().min(0), currency: z.string().min(1) }).optional(),
  /** Redact personal identifiers also for loopback endpoints. */
  redactLocal: z.boolean().optional(),
  /** Redaction off even for cloud endpoints (the user's explicit choice). */
  redactionOff: z.boolean().optional(),
  /** Names the user marked for redaction. */
  redactNames: z.array(z.string().min(1)).optional(),
});

export const ConsultSettingsSchema = z.object({
  llmRerank: z.boolean().optional(),
  stateAwareRerank: z.boolean().optional(),
  maxRounds: z.number().int().min(1).max(4).optional(),
  maxJudgeIterations: z.number().int().min(1).max(3).optional(),
});

export const UiSettingsSchema = z.object({ language: z.enum(['zh', 'en']).optional() });

/**
 * The embedding model folder (or an OpenAI-compatible embeddings endpoint and model, which then
 * take its place), optional cross-encoder folder and execution providers the app starts the engine with.
 */
export const ModelSettingsSchema = z.object({
  dir: z.string().min(1).optional(),
  httpBase: z.string().url().regex(/^https?:\/\//i).optional(),
  httpModel: z.string().min(1).optional(),
  /** Instruction prefixes the endpoint's model expects (e5: "query: " / "passage: "); part of the vector set's id. */
  httpQueryPrefix: z.string().min(1).max(200).optional(),
  httpDocumentPrefix: z.string().min(1).max(200).optional(),
  /** Characters per text sent (prefix included); default DEFAULT_HTTP_MAX_CHARS. */
  httpMaxChars: z.number().int().min(1).max(200_000).optional(),
  crossEncoderDir: z.string().min(1).optional(),
  providers: z.array(z.enum(PROVIDER_NAMES as [ProviderName, ...ProviderName[]])).min(1).optional(),
});

/**
 * The model settings in comparable form (folders resolved, no providers = CPU),
 * so the host can tell whether they changed since the engine started.
 */
export function modelSettingsKey(models: z.infer<typeof ModelSettingsSchema> | undefined): string {
  const folder = (dir: string | undefined) => (dir ? path.resolve(dir) : null);
  return JSON.stringify([
    folder(models?.dir), folder(models?.crossEncoderDir), models?.providers ?? ['cpu'], models?.httpBase ?? null, models?.httpModel ?? null,
    models?.httpQueryPrefix ?? null, models?.httpDocumentPrefix ?? null, models?.httpMaxChars ?? null,
  ]);
}

/** The key of the embeddings endpoint, kept with the LLM's in the encrypted key store. */
export const EMBEDDING_KEY_ID = 'embedding';

/** The embeddings endpoint the settings name (with its stored key), or undefined when they name a model folder. */
export function httpEmbeddingOfSettings(models: z.infer<typeof ModelSettingsSchema> | undefined, keys: Pick<KeyStore, 'get'>): HttpEmbedderOptions | undefined {
  if (!models?.httpBase || !models.httpModel) return undefined;
  const apiKey = keys.get(EMBEDDING_KEY_ID);
  return {
    baseURL: withStoredCredentials(keys, models.httpBase), model: models.httpModel, ...(apiKey ? { apiKey } : {}),
    ...(models.httpQueryPrefix ? { queryPrefix: models.httpQueryPrefix } : {}), ...(models.httpDocumentPrefix ? { documentPrefix: models.httpDocumentPrefix } : {}),
    ...(models.httpMaxChars ? { maxInputChars: models.httpMaxChars } : {}),
  };
}

export const SettingsSchema = z.object({
  llm: LlmSettingsSchema.optional(),
  consult: ConsultSettingsSchema.optional(),
  ui: UiSettingsSchema.optional(),
  models: ModelSettingsSchema.optional(),
});

export type LlmSettings = z.infer<typeof LlmSettingsSchema>;
export type ConsultSettings = z.infer<typeof ConsultSettingsSchema>;
export type Settings = z.infer<typeof SettingsSchema>;

export const LLM_KEY_ID = 'llm';

export class SettingsStore {
  private readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, 'settings.json');
  }

  read(): Settings {
    if (!fs.existsSync(this.file)) return {};
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (err) {
      throw new LexError('bad_settings', `${this.file} is not valid JSON (${(err as Error).message}). Fix or delete it.`);
    }
    const parsed = SettingsSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LexError('bad_settings', `${this.file}: ${issue?.path.join('.')}: ${issue?.message}. Fix or delete the file.`);
    }
    return parsed.data;
  }

  /**
   * The settings, or none when the file cannot be read (broken by hand, or by another
   * version): what a host starts with, so a bad file never keeps the app from opening.
   * settings.get still reports the problem, and setAside() clears it.
   */
  readOrEmpty(): Settings {
    try {
      return this.read();
    } catch (err) {
      if (err instanceof LexError && err.code === 'bad_settings') return {};
      throw err;
    }
  }

  /** Moves an unreadable settings file aside (kept for the user to look at) so defaults apply; its new path, or null when there was none. */
  setAside(): string | null {
    if (!fs.existsSync(this.file)) return null;
    const aside = path.join(path.dirname(this.file), `settings.broken-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.renameSync(this.file, aside);
    return aside;
  }

  write(settings: Settings): void {
    const checked = SettingsSchema.parse(settings);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(checked, null, 2));
    fs.renameSync(tmp, this.file);
  }
}

export interface ResolvedLlm {
  endpoint: LlmEndpoint;
  /** Whether personal identifiers are redacted before requests. */
  redact: boolean;
  redactNames: string[];
  local: boolean;
}

/**
 * The endpoint to use: settings (preset filled in), overridden by
 * LEXDESK_LLM_BASE_URL / LEXDESK_LLM_MODEL / LEXDESK_LLM_API_KEY. Null when no
 * endpoint is configured: consultations then run offline.
 */
export function resolveLlm(settings: Settings, keys: KeyStore, env: NodeJS.ProcessEnv = process.env): ResolvedLlm | null {
  const llm = settings.llm ?? {};
  const preset = llm.preset ? findPreset(llm.preset) : undefined;
  const unknown = unknownPreset(settings);
  if (unknown !== null) throw new LexError('bad_settings', `Unknown LLM preset "${unknown}" in the settings; choose one of ${presetIds()}.`, { preset: unknown });
  const baseURL = env.LEXDESK_LLM_BASE_URL || llm.baseURL || preset?.baseURL;
  const model = env.LEXDESK_LLM_MODEL || llm.model || preset?.defaultModel;
  if (!baseURL || !model) return null;
  const local = isLoopbackUrl(baseURL);
  return {
    endpoint: {
      baseURL,
      model,
      apiKey: env.LEXDESK_LLM_API_KEY || keys.get(LLM_KEY_ID),
      roleModels: llm.roleModels,
      jsonMode: llm.jsonMode ?? preset?.jsonMode ?? true,
      timeoutMs: llm.timeoutMs,
      maxRetries: llm.maxRetries,
      pricing: llm.pricing,
    },
    redact: llm.redactionOff ? false : local ? llm.redactLocal === true : true,
    redactNames: llm.redactNames ?? [],
    local,
  };
}

/**
 * The saved preset when it names none of PRESETS (a hand-edited settings.json, or one an older
 * lexdesk saved unchecked), else null: readers show it as a problem to fix rather than failing.
 */
export function unknownPreset(settings: Settings): string | null {
  const id = settings.llm?.preset;
  return id && !findPreset(id) ? id : null;
}

/** The preset ids, for messages: "openai, deepseek, …". */
export function presetIds(): string {
  return PRESETS.map((p) => p.id).join(', ');
}
