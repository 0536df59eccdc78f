import { useEffect, useState } from 'react';
import type { PresetDto, SettingsDto } from '../../../../preload/contract/index.js';
import { HostCallError } from '../../api/client.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { desktop, PickButtons } from '../../components/PickButtons.js';
import { useT } from '../../i18n.js';
import { EmbeddingEndpoint } from './EmbeddingEndpoint.js';

interface LoadProblem {
  code: string;
  message: string;
}

/**
 * Settings the host cannot read: the reason, and a way out. A settings file that is not
 * valid (edited by hand, another version) is moved aside and the defaults apply; any other
 * problem with the LLM endpoint is reset (preset, URL, model) — keys and everything else stay.
 */
function SettingsUnreadable({ problem, onReset }: { problem: LoadProblem; onReset(s: SettingsDto): void }) {
  const api = useApi();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const brokenFile = problem.code === 'bad_settings';
  const reset = () =>
    (brokenFile ? api.call('settings.reset', {}) : api.call('settings.update', { llm: { preset: null, baseURL: null, model: null } })).then(onReset, (e: unknown) => setError(errorText(t, e)));
  return (
    <div className="settings" data-testid="settings-error">
      <div className="error">{t.settingsUnreadable}{errorText(t, problem)}</div>
      <button type="button" data-testid={brokenFile ? 'reset-settings' : 'reset-endpoint'} onClick={() => void reset()}>{brokenFile ? t.resetSettings : t.resetEndpoint}</button>
      {error && <div className="error" data-testid="reset-error">{error}</div>}
    </div>
  );
}

/** Endpoint presets, key (kept by the host, never in the page's storage), redaction, consultation options, language. */
export function SettingsView({ onLanguage }: { onLanguage(lang: 'zh' | 'en'): void }) {
  const api = useApi();
  const t = useT();
  const [settings, setSettings] = useState<SettingsDto | null>(null);
  const [presets, setPresets] = useState<PresetDto[]>([]);
  const [key, setKey] = useState('');
  const [names, setNames] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<LoadProblem | null>(null);

  const loaded = (s: SettingsDto) => {
    setSettings(s);
    setNames(s.llm.redactNames.join('，'));
    setLoadError(null);
  };
  useEffect(() => {
    void api.call('settings.get', {}).then(loaded, (e: Error) => setLoadError({ code: e instanceof HostCallError ? e.code : 'internal', message: e.message }));
    void api.call('settings.presets', {}).then(setPresets, () => undefined);
  }, [api]);
  if (!settings) return loadError === null ? null : <SettingsUnreadable problem={loadError} onReset={(s) => { loaded(s); onLanguage(s.ui.language); }} />;
  const llm = settings.llm;

  const save = async (patch: Parameters<typeof api.call<'settings.update'>>[1]) => {
    // Show the change at once (controlled inputs would otherwise snap back until the host answers).
    const redactLocal = patch.llm?.redactLocal;
    const providers = patch.models?.providers;
    setSettings((cur) =>
      cur
        ? { ...cur, llm: redactLocal === undefined ? cur.llm : { ...cur.llm, redactLocal }, consult: { ...cur.consult, ...patch.consult }, ui: { ...cur.ui, ...patch.ui }, models: providers ? { ...cur.models, providers } : cur.models }
        : cur,
    );
    try {
      const next = await api.call('settings.update', patch);
      setSettings(next);
      setMessage(t.settingsSaved);
      if (patch.ui?.language) onLanguage(patch.ui.language);
    } catch (e) {
      setMessage(errorText(t, e));
    }
  };

  return (
    <form className="settings" data-testid="settings" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>{t.llmSection}</legend>
        <p className="muted" data-testid="llm-hint">{t.llmHint}</p>
        <label>{t.preset}
          <select value={llm.preset ?? ''} data-testid="preset" onChange={(e) => void save({ llm: { preset: e.target.value || null, baseURL: null, model: null } })}>
            <option value="">—</option>
            {presets.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </label>
        <label>{t.baseURL}<input defaultValue={llm.baseURL ?? ''} key={`u${llm.baseURL}`} data-testid="base-url" onBlur={(e) => e.target.value !== (llm.baseURL ?? '') && void save({ llm: { baseURL: e.target.value || null } })} /></label>
        <label>{t.model}<input defaultValue={llm.model ?? ''} key={`m${llm.model}`} data-testid="model" onBlur={(e) => e.target.value !== (llm.model ?? '') && void save({ llm: { model: e.target.value || null } })} /></label>
        <label>{t.apiKey}
          <input type="password" autoComplete="off" value={key} placeholder={llm.keyHint ? `${t.keyStored}：${llm.keyHint}` : ''} onChange={(e) => setKey(e.target.value)} data-testid="api-key" />
        </label>
        <button type="button" disabled={!key} data-testid="save-key" onClick={() => void api.call('settings.setKey', { key }).then((s) => { setSettings(s); setKey(''); setMessage(t.settingsSaved); })}>{t.save}</button>
        {llm.keyHint && <button type="button" data-testid="clear-key" onClick={() => void api.call('settings.clearKey', {}).then(setSettings)}>{t.clearKey}</button>}
        {!llm.keysPersistent && <p className="notice" data-testid="keys-session-only">{t.keysSessionOnly}</p>}
      </fieldset>
      <fieldset>
        <legend>{t.privacy}</legend>
        <label><input type="checkbox" checked={llm.redactLocal} data-testid="redact-local" onChange={(e) => void save({ llm: { redactLocal: e.target.checked } })} />{t.redactLocal}</label>
        <label>{t.redactNames}<input value={names} data-testid="redact-names" onChange={(e) => setNames(e.target.value)} onBlur={() => void save({ llm: { redactNames: names.split(/[,，、\s]+/).filter(Boolean) } })} /></label>
      </fieldset>
      <fieldset>
        <legend>{t.consult}</legend>
        <label><input type="checkbox" checked={settings.consult.llmRerank} data-testid="llm-rerank" onChange={(e) => void save({ consult: { llmRerank: e.target.checked } })} />{t.llmRerank}</label>
        <label><input type="checkbox" checked={settings.consult.stateAwareRerank} data-testid="state-aware" onChange={(e) => void save({ consult: { stateAwareRerank: e.target.checked } })} />{t.stateAware}</label>
      </fieldset>
      <fieldset>
        <legend>{t.language}</legend>
        <select value={settings.ui.language} data-testid="language" onChange={(e) => void save({ ui: { language: e.target.value as 'zh' | 'en' } })}>
          <option value="zh">中文</option>
          <option value="en">English</option>
        </select>
      </fieldset>
      <fieldset data-testid="models">
        <legend>{t.models}</legend>
        <p className="muted" data-testid="models-hint">{t.modelsHint}</p>
        <label>{t.modelDir}
          <input defaultValue={settings.models.dir ?? ''} key={`d${settings.models.dir}`} placeholder={settings.models.inUse} readOnly={desktop()} data-testid="model-dir" onBlur={(e) => e.target.value.trim() !== (settings.models.dir ?? '') && void save({ models: { dir: e.target.value.trim() || null } })} />
          <PickButtons kinds={['folder']} onPicked={(dir) => void save({ models: { dir } })} testId="model-dir-pick" />
          {desktop() && settings.models.dir && <button type="button" data-testid="model-dir-clear" onClick={() => void save({ models: { dir: null } })}>{t.clearPath}</button>}
        </label>
        <EmbeddingEndpoint models={settings.models} onSaved={(s) => { setSettings(s); setMessage(t.settingsSaved); }} onError={setMessage} />
        <label>{t.crossEncoderDir}
          <input defaultValue={settings.models.crossEncoderDir ?? ''} key={`c${settings.models.crossEncoderDir}`} placeholder="bge-reranker-v2-m3" readOnly={desktop()} data-testid="cross-encoder-dir" onBlur={(e) => e.target.value.trim() !== (settings.models.crossEncoderDir ?? '') && void save({ models: { crossEncoderDir: e.target.value.trim() || null } })} />
          <PickButtons kinds={['folder']} onPicked={(crossEncoderDir) => void save({ models: { crossEncoderDir } })} testId="cross-encoder-pick" />
          {desktop() && settings.models.crossEncoderDir && <button type="button" data-testid="cross-encoder-clear" onClick={() => void save({ models: { crossEncoderDir: null } })}>{t.clearPath}</button>}
        </label>
        <label>{t.providers}
          <select value={settings.models.providers.join(',')} data-testid="providers" onChange={(e) => void save({ models: { providers: e.target.value.split(',') as Array<'cpu'> } })}>
            {['cpu', 'cuda,cpu', 'dml,cpu', 'coreml,cpu', 'webgpu,cpu'].map((p) => <option key={p} value={p}>{p}</option>)}
          </select>
        </label>
        <p className="muted">{t.inUse}：{settings.models.inUse}{settings.models.crossEncoderInUse ? ` + ${settings.models.crossEncoderInUse}` : ''}{settings.models.restartNeeded ? `（${t.restartNeeded}）` : ''}</p>
      </fieldset>
      {message && <p className="muted" data-testid="settings-message">{message}</p>}
    </form>
  );
}
