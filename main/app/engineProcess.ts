/**
 * The engine host, run by Electron's utilityProcess: SQLite, ONNX inference
 * and LLM orchestration happen here, off the UI and main threads. It speaks
 * the same host API as the browser host, over the parent port.
 */
import type { MessageEvent } from 'electron';
import { createEngine } from '../engine/index.js';
import { engineModels } from '../host/engineModels.js';
import { createHostApi, type HostApi } from '../host/hostApi.js';
import { SettingsStore } from '../llm/settings.js';
import type { FromEngine, ToEngine } from './protocol.js';
import { RemoteKeyStore } from './remoteKeyStore.js';
import { runSmokeTest } from './smoke.js';

const port = process.parentPort;
const send = (m: FromEngine) => port.postMessage(m);
let api: HostApi | null = null;
let keyStore: RemoteKeyStore | null = null;

port.on('message', (e: MessageEvent) => {
  const msg = e.data as ToEngine;
  void handle(msg).catch((err: unknown) => send({ type: 'fatal', message: err instanceof Error ? err.message : String(err) }));
});

async function handle(msg: ToEngine): Promise<void> {
  if (msg.type === 'init') {
    process.env.LEXDESK_MODELS = msg.modelsDir;
    process.env.LEXDESK_RESOURCES = msg.resourcesDir;
    const settings = new SettingsStore(msg.userData);
    const keys = new RemoteKeyStore(msg.keys, msg.keysPersistent, (op, id, key) => send({ type: 'keys', op, id, key }));
    keyStore = keys;
    const engine = createEngine({ dbPath: msg.dbPath, models: engineModels(settings.readOrEmpty().models, keys) });
    engine.holdInMemory();
    api = createHostApi({ engine, settings, keys, host: 'electron', version: msg.version });
    api.subscribe((event) => send({ type: 'event', event }));
    send({ type: 'ready' });
    return;
  }
  if (msg.type === 'keys-unsaved') {
    keyStore?.stopPersisting();
    console.error(`LexDesk: ${msg.message}`);
    return;
  }
  if (msg.type === 'smoke') {
    const detail = await runSmokeTest();
    send({ type: 'smoke-result', ok: detail.ok === true, detail });
    return;
  }
  if (!api) {
    send({ type: 'response', id: msg.id, envelope: { ok: false, error: { code: 'internal', message: 'The engine is still starting.' } } });
    return;
  }
  send({ type: 'response', id: msg.id, envelope: await api.call(msg.route, msg.input) });
}
