import type { Envelope } from '../../preload/contract/envelope.js';
import type { HostEvent } from '../../preload/contract/events.js';

/** Messages between the Electron main process and the engine's utility process. */
export type ToEngine =
  | { type: 'init'; dbPath: string; userData: string; modelsDir: string; resourcesDir: string; version: string; keys: Record<string, string>; keysPersistent: boolean }
  | { type: 'request'; id: number; route: string; input: unknown }
  | { type: 'smoke' }
  /** The main process could not store a key change: the engine keeps keys for this run only from now on. */
  | { type: 'keys-unsaved'; message: string };

export type FromEngine =
  | { type: 'ready' }
  | { type: 'response'; id: number; envelope: Envelope<unknown> }
  | { type: 'event'; event: HostEvent }
  | { type: 'keys'; op: 'set' | 'delete'; id: string; key?: string }
  | { type: 'smoke-result'; ok: boolean; detail: Record<string, unknown> }
  | { type: 'fatal'; message: string };

export const IPC_REQUEST = 'lexdesk:request';
export const IPC_EVENT = 'lexdesk:event';
/** The renderer asks main to show an open dialog; main remembers what the user chose (PickedPaths). */
export const IPC_PICK_PATH = 'lexdesk:pick-path';
export type PickKind = 'folder' | 'jsonl';
