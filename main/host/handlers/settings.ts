import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TURN_OPTIONS } from '../../consult/context.js';
import { findOnnxFile } from '../../models/modelFolder.js';
import { LexError } from '../../util/errors.js';
import { isLoopbackUrl, PRESETS } from '../../llm/presets.js';
import { credentialsTag, credentialUser, saveEndpointCredentials, splitCredentials } from '../../llm/endpointCredentials.js';
import { minMaxInputChars } from '../../models/httpEndpoint.js';
import { keyHint } from '../../llm/secrets.js';
import { EMBEDDING_KEY_ID, LLM_KEY_ID, modelSettingsKey, resolveLlm, unknownPreset, type LlmSettings, type Settings } from '../../llm/settings.js';
import type { SettingsDto } from '../../../preload/contract/dto.js';
import type { HostServices } from '../services.js';
import type { Handlers } from './types.js';

function view(s: HostServices): SettingsDto {
  const settings = s.settings.read();
  const llm = settings.llm ?? {};
  // A saved preset that does not exist shows as no endpoint, so this page still opens to fix it.
  const resolved = unknownPreset(settings) === null ? resolveLlm(settings, s.keys, {}) : null;
  const key = s.keys.get(LLM_KEY_ID);
  const embeddingKey = s.keys.get(EMBEDDING_KEY_ID);
  return {
    llm: {
      preset: llm.preset ?? null,
      // Without user:password@ (refused since session 13; a file written before may hold them).
      baseURL: shownUrl(resolved?.endpoint.baseURL ?? llm.baseURL),
      model: resolved?.endpoint.model ?? llm.model ?? null,
      roleModels: llm.roleModels ?? {},
      timeoutMs: llm.timeoutMs ?? null,
      redactLocal: llm.redactLocal ?? false,
      redactNames: llm.redactNames ?? [],
      keyHint: key ? keyHint(key) : null,
      keysPersistent: s.keys.persistent,
      local: resolved ? isLoopbackUrl(resolved.endpoint.baseURL) : null,
    },
    consult: {
      llmRerank: settings.consult?.llmRerank ?? DEFAULT_TURN_OPTIONS.llmRerank,
      stateAwareRerank: settings.consult?.stateAwareRerank ?? DEFAULT_TURN_OPTIONS.stateAwareRerank,
      maxRounds: settings.consult?.maxRounds ?? DEFAULT_TURN_OPTIONS.maxRounds,
      maxJudgeIterations: settings.consult?.maxJudgeIterations ?? DEFAULT_TURN_OPTIONS.maxJudgeIterations,
    },
    ui: { language: settings.ui?.language ?? 'zh' },
    models: {
      inUse: s.engine.retrieval.embeddingInUse,
      dir: settings.models?.dir ?? null,
      // Without user:password@, also for a file an earlier version wrote that still holds them (a key store that forgets keys at exit).
      httpBase: shownUrl(settings.models?.httpBase),
      httpModel: settings.models?.httpModel ?? null,
      httpQueryPrefix: settings.models?.httpQueryPrefix ?? null,
      httpDocumentPrefix: settings.models?.httpDocumentPrefix ?? null,
      httpMaxChars: settings.models?.httpMaxChars ?? null,
      embeddingKeyHint: embeddingKey ? keyHint(embeddingKey) : null,
      // Only what the key store holds ("stored encrypted"); an earlier version's file is moved on the next save.
      embeddingUser: credentialUser(s.keys, settings.models?.httpBase),
      crossEncoderInUse: s.engine.retrieval.crossEncoderDir,
      crossEncoderDir: settings.models?.crossEncoderDir ?? null,
      providers: settings.models?.providers ?? ['cpu'],
      // Changed since the engine started; a command-line override (serve --model …) is not a change.
      restartNeeded: modelSettingsKey(settings.models) !== s.modelSettingsAtStart || credentialsTag(s.keys) !== s.credentialsAtStart,
    },
  };
}

/** A URL as the page may see it: without user:password@. */
function shownUrl(url: string | undefined): string | null {
  return url ? splitCredentials(url).url : null;
}

/** A model folder the settings may point at: present, with an ONNX file and a tokenizer.json. */
function checkModelFolder(dir: string): void {
  if (!fs.existsSync(dir)) throw new LexError('bad_input', `No folder at ${dir}.`);
  findOnnxFile(dir);
  if (!fs.existsSync(path.join(dir, 'tokenizer.json'))) throw new LexError('bad_input', `${dir} has no tokenizer.json: it is not a Hugging Face-layout model folder.`);
}

/** null or '' clears a prefix, a value sets it as given (a prefix's trailing space matters: "query: "), undefined leaves it. */
function prefixPatch(field: 'httpQueryPrefix' | 'httpDocumentPrefix', value: string | null | undefined): Record<string, string | undefined> {
  if (value === undefined) return {};
  return { [field]: value || undefined };
}

/** null clears a folder setting, a path sets it (resolved), undefined leaves it. */
function folderPatch(field: 'dir' | 'crossEncoderDir', value: string | null | undefined): Record<string, string | undefined> {
  if (value === null) return { [field]: undefined };
  return value ? { [field]: path.resolve(value) } : {};
}

/** null or '' clears a text setting, a value sets it (trimmed), undefined leaves it. */
function textPatch(field: 'httpBase' | 'httpModel', value: string | null | undefined): Record<string, string | undefined> {
  if (value === undefined) return {};
  const trimmed = value?.trim() ?? '';
  return { [field]: trimmed || undefined };
}

/** null clears a field; undefined leaves it. */
function merge(current: LlmSettings, patch: Record<string, unknown>): LlmSettings {
  const next: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else if (v !== undefined) next[k] = v;
  }
  return next as LlmSettings;
}

export const settingsHandlers: Pick<Handlers, 'settings.get' | 'settings.presets' | 'settings.update' | 'settings.setKey' | 'settings.clearKey' | 'settings.reset'> = {
  'settings.get': (s) => view(s),
  'settings.presets': () => PRESETS.map(({ id, name, baseURL, defaultModel, local }) => ({ id, name, baseURL, defaultModel, local })),
  'settings.update'(s, input) {
    const current = s.settings.read();
    const preset = input.llm?.preset;
    if (preset && !PRESETS.some((p) => p.id === preset)) {
      throw new LexError('bad_input', `No endpoint preset "${preset}". Presets: ${PRESETS.map((p) => p.id).join(', ')}; or clear the preset and give a base URL.`);
    }
    const dir = input.models?.dir;
    const crossEncoderDir = input.models?.crossEncoderDir;
    if (dir) checkModelFolder(dir);
    if (crossEncoderDir) checkModelFolder(crossEncoderDir);
    const models = input.models
      ? {
          ...(current.models ?? {}),
          ...folderPatch('dir', dir),
          ...folderPatch('crossEncoderDir', crossEncoderDir),
          ...textPatch('httpBase', input.models.httpBase),
          ...textPatch('httpModel', input.models.httpModel),
          ...prefixPatch('httpQueryPrefix', input.models.httpQueryPrefix),
          ...prefixPatch('httpDocumentPrefix', input.models.httpDocumentPrefix),
          ...(input.models.httpMaxChars !== undefined ? { httpMaxChars: input.models.httpMaxChars ?? undefined } : {}),
          ...(input.models.providers ? { providers: input.models.providers } : {}),
        }
      : current.models;
    // The prefixes and the input limit belong to the endpoint: they go when it does.
    if (models && !models.httpBase && !models.httpModel) {
      delete models.httpQueryPrefix;
      delete models.httpDocumentPrefix;
      delete models.httpMaxChars;
    }
    if (models && Boolean(models.httpBase) !== Boolean(models.httpModel)) {
      throw new LexError('bad_input', 'An embeddings endpoint needs both its URL (up to /v1) and the model name; give both, or clear both to use the model folder.');
    }
    if (input.llm?.baseURL && splitCredentials(input.llm.baseURL).userinfo !== null) {
      throw new LexError('bad_input', 'The LLM endpoint\'s URL cannot carry a user and password (user:password@): save the URL without them and give the API key in the key field.');
    }
    const limit = models?.httpMaxChars;
    const least = minMaxInputChars([models?.httpQueryPrefix ?? '', models?.httpDocumentPrefix ?? '']);
    if (limit !== undefined && limit < least) {
      throw new LexError('bad_input', `The characters sent per text must leave room after the prefixes: at least ${least} with these prefixes.`);
    }
    // A user and password in the endpoint's URL go to the key store; the settings file gets the URL without them.
    if (models && input.models?.httpBase !== undefined) models.httpBase = saveEndpointCredentials(s.keys, models.httpBase, current.models?.httpBase);
    const next: Settings = {
      ...current,
      ...(input.llm ? { llm: merge(current.llm ?? {}, input.llm) } : {}),
      ...(input.consult ? { consult: { ...(current.consult ?? {}), ...input.consult } } : {}),
      ...(input.ui ? { ui: { ...(current.ui ?? {}), ...input.ui } } : {}),
      ...(models ? { models } : {}),
    };
    s.settings.write(next);
    s.settingsChanged();
    return view(s);
  },
  'settings.setKey'(s, input) {
    s.keys.set(input.which === 'embedding' ? EMBEDDING_KEY_ID : LLM_KEY_ID, input.key);
    s.settingsChanged();
    return view(s);
  },
  /** An unreadable settings file is moved aside (kept beside it as settings.broken-….json) and the defaults apply; keys are kept. */
  'settings.reset'(s) {
    s.settings.setAside();
    s.settingsChanged();
    return view(s);
  },
  'settings.clearKey'(s, input) {
    s.keys.delete(input.which === 'embedding' ? EMBEDDING_KEY_ID : LLM_KEY_ID);
    s.settingsChanged();
    return view(s);
  },
};
