import { useState } from 'react';
import type { SettingsDto } from '../../../../preload/contract/index.js';
import { minMaxInputChars } from '../../../../preload/contract/limits.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../api/errorText.js';
import { fill, useT } from '../../i18n.js';

/**
 * An OpenAI-compatible embeddings endpoint and model in place of the model folder (a GPU on
 * another machine): URL and model are saved together; its key goes to the host's key store.
 */
export function EmbeddingEndpoint({ models, onSaved, onError }: { models: SettingsDto['models']; onSaved(s: SettingsDto): void; onError(message: string): void }) {
  const api = useApi();
  const t = useT();
  const [base, setBase] = useState(models.httpBase ?? '');
  const [model, setModel] = useState(models.httpModel ?? '');
  const [queryPrefix, setQueryPrefix] = useState(models.httpQueryPrefix ?? '');
  const [documentPrefix, setDocumentPrefix] = useState(models.httpDocumentPrefix ?? '');
  const [maxChars, setMaxChars] = useState(models.httpMaxChars === null ? '' : String(models.httpMaxChars));
  const [key, setKey] = useState('');
  const limit = maxChars.trim() === '' ? null : Number(maxChars);
  const least = minMaxInputChars([queryPrefix, documentPrefix]);
  const limitOk = limit === null || (Number.isInteger(limit) && limit >= least && limit <= 200_000);
  const update = (httpBase: string | null, httpModel: string | null) =>
    api
      .call('settings.update', {
        models: httpBase
          ? { httpBase, httpModel, httpQueryPrefix: queryPrefix || null, httpDocumentPrefix: documentPrefix || null, httpMaxChars: limit }
          : { httpBase, httpModel },
      })
      // The field then shows the address as saved: a user:password@ typed into it is not left on screen.
      .then((s) => { setBase(s.models.httpBase ?? ''); onSaved(s); }, (e: unknown) => onError(errorText(t, e)));
  return (
    <>
      <label>{t.embeddingEndpoint}<input value={base} placeholder="http://192.168.1.20:11434/v1" data-testid="embedding-base" onChange={(e) => setBase(e.target.value)} /></label>
      {models.embeddingUser !== null && <p className="muted" data-testid="embedding-user">{fill(t.embeddingUser, { user: models.embeddingUser })}</p>}
      <label>{t.embeddingModel}<input value={model} placeholder="bge-m3" data-testid="embedding-model" onChange={(e) => setModel(e.target.value)} /></label>
      <label>{t.embeddingQueryPrefix}<input value={queryPrefix} placeholder="query: " data-testid="embedding-query-prefix" onChange={(e) => setQueryPrefix(e.target.value)} /></label>
      <label>{t.embeddingDocumentPrefix}<input value={documentPrefix} placeholder="passage: " data-testid="embedding-document-prefix" onChange={(e) => setDocumentPrefix(e.target.value)} /></label>
      <label>{t.embeddingMaxChars}<input value={maxChars} inputMode="numeric" placeholder="500" data-testid="embedding-max-chars" onChange={(e) => setMaxChars(e.target.value)} /></label>
      {!limitOk && <p className="error" data-testid="embedding-max-chars-error">{fill(t.embeddingMaxCharsInvalid, { least })}</p>}
      <button type="button" disabled={!base.trim() || !model.trim() || !limitOk} data-testid="use-endpoint" onClick={() => void update(base.trim(), model.trim())}>{t.useEndpoint}</button>
      {models.httpBase && <button type="button" data-testid="clear-endpoint" onClick={() => { setBase(''); setModel(''); setQueryPrefix(''); setDocumentPrefix(''); setMaxChars(''); void update(null, null); }}>{t.clearEndpoint}</button>}
      <label>{t.embeddingKey}
        <input type="password" autoComplete="off" value={key} placeholder={models.embeddingKeyHint ? `${t.keyStored}：${models.embeddingKeyHint}` : ''} data-testid="embedding-key" onChange={(e) => setKey(e.target.value)} />
      </label>
      <button type="button" disabled={!key} data-testid="save-embedding-key" onClick={() => void api.call('settings.setKey', { key, which: 'embedding' }).then((s) => { setKey(''); onSaved(s); }, (e: unknown) => onError(errorText(t, e)))}>{t.save}</button>
    </>
  );
}
