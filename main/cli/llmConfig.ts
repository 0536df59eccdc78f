import { FileKeyStore } from '../llm/keyStore.js';
import { resolveLlm, SettingsStore, type ResolvedLlm, type Settings } from '../llm/settings.js';
import { userDataDir } from '../util/paths.js';

/** The CLI's settings and key store: the per-user folder shared with the desktop app. */
export function cliSettings(): { settings: SettingsStore; keys: FileKeyStore; read(): Settings; llm(): ResolvedLlm | null } {
  const dir = userDataDir();
  const settings = new SettingsStore(dir);
  const keys = new FileKeyStore(dir);
  return { settings, keys, read: () => settings.read(), llm: () => resolveLlm(settings.read(), keys) };
}
