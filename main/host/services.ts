import { Consultations } from '../consult/index.js';
import type { Engine } from '../engine/index.js';
import { credentialsTag } from '../llm/endpointCredentials.js';
import type { KeyStore } from '../llm/keyStore.js';
import { modelSettingsKey, resolveLlm, unknownPreset, type ResolvedLlm, type Settings, type SettingsStore } from '../llm/settings.js';
import type { HostEvent } from '../../preload/contract/events.js';

/** What the handlers work with: one engine, settings, keys, and the consultations built on them. */
export interface HostServices {
  engine: Engine;
  settings: SettingsStore;
  keys: KeyStore;
  host: 'electron' | 'browser';
  version: string;
  emit(event: HostEvent): void;
  /** Consultations with the endpoint as currently configured (reconfigured after a settings change). */
  consultations(): Consultations;
  settingsChanged(): void;
  /** Running turns by consultation, for cancel. */
  readonly running: Map<number, AbortController>;
  importing: AbortController | null;
  /** The model settings when the host started (modelSettingsKey), which the engine was started with. */
  readonly modelSettingsAtStart: string;
  /** The endpoint's stored credentials when the host started (credentialsTag; compared, never shown). */
  readonly credentialsAtStart: string;
}

export function createServices(base: Omit<HostServices, 'consultations' | 'settingsChanged' | 'running' | 'importing' | 'modelSettingsAtStart' | 'credentialsAtStart'>): HostServices {
  let consultations: Consultations | null = null;
  return {
    ...base,
    modelSettingsAtStart: modelSettingsKey(base.settings.readOrEmpty().models),
    credentialsAtStart: credentialsTag(base.keys),
    running: new Map(),
    importing: null,
    consultations() {
      if (!consultations) {
        const settings = base.settings.readOrEmpty();
        consultations = new Consultations({ engine: base.engine, llm: usableLlm(settings, base.keys), settings: settings.consult });
      }
      return consultations;
    },
    settingsChanged() {
      const settings = base.settings.readOrEmpty();
      consultations?.configure(usableLlm(settings, base.keys), settings.consult);
    },
  };
}

/**
 * The endpoint the settings name, or none when they name a preset this version does not know:
 * consultations then run offline and their history stays readable, while settings.get shows the
 * problem and the settings screen offers the fix (the same test settings.get makes).
 */
function usableLlm(settings: Settings, keys: KeyStore): ResolvedLlm | null {
  return unknownPreset(settings) === null ? resolveLlm(settings, keys) : null;
}
