/**
 * The preload bridge: one small typed API on window.lexdesk — request a
 * route, subscribe to host events — never raw ipcRenderer. Bundled to
 * CommonJS (dist/preload/index.cjs) because sandboxed preloads cannot load
 * ES modules or local files.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Envelope } from './contract/envelope.js';
import type { HostEvent } from './contract/events.js';

const REQUEST = 'lexdesk:request';
const EVENT = 'lexdesk:event';
const PICK_PATH = 'lexdesk:pick-path';

const api = {
  request(route: string, input: unknown): Promise<Envelope<unknown>> {
    if (typeof route !== 'string' || !/^[a-z]+\.[A-Za-z]+$/.test(route)) {
      return Promise.resolve({ ok: false, error: { code: 'bad_input', message: `Not a route: ${String(route)}` } });
    }
    return ipcRenderer.invoke(REQUEST, route, input) as Promise<Envelope<unknown>>;
  },
  /** Main's open dialog: the path the user chose (the host then accepts it), or null when cancelled. */
  pickPath(kind: 'folder' | 'jsonl'): Promise<string | null> {
    if (kind !== 'folder' && kind !== 'jsonl') return Promise.resolve(null);
    return ipcRenderer.invoke(PICK_PATH, kind) as Promise<string | null>;
  },
  subscribe(listener: (event: HostEvent) => void): () => void {
    const handler = (_e: IpcRendererEvent, event: HostEvent) => listener(event);
    ipcRenderer.on(EVENT, handler);
    return () => ipcRenderer.removeListener(EVENT, handler);
  },
};

contextBridge.exposeInMainWorld('lexdesk', api);
