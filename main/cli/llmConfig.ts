import { FileKeyStore } from '../llm/keyStore.js';
import { presetIds, resolveLlm, SettingsStore, unknownPreset, type ResolvedLlm, type Settings } from '../llm/settings.js';
import { LexError } from '../util/errors.js';
import { userDataDir } from '../util/paths.js';

/** The CLI's settings and key store: the per-user folder shared with the desktop app. */
export function cliSettings(): { settings: SettingsStore; keys: FileKeyStore; read(): Settings; llm(): ResolvedLlm | null } {
  const dir = userDataDir();
  const settings = new SettingsStore(dir);
  const keys = new FileKeyStore(dir);
  return { settings, keys, read: () => settings.read(), llm: () => resolveLlm(checkedPreset(settings.read()), keys) };
}

/** The settings, refused with the command that fixes them when their saved preset is unknown. */
function checkedPreset(settings: Settings): Settings {
  const unknown = unknownPreset(settings);
  if (unknown !== null) throw new LexError('bad_settings', unknownPresetMessage(unknown), { preset: unknown });
  return settings;
}

export function unknownPresetMessage(preset: string): string {
  return `The saved LLM preset "${preset}" is unknown. Choose one of ${presetIds()}: lexdesk llm set --preset ID (lexdesk llm presets describes them).`;
}
