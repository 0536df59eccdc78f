import { utilityProcess, type UtilityProcess } from 'electron';
import type { Envelope } from '../../preload/contract/envelope.js';
import type { HostEvent } from '../../preload/contract/events.js';
import type { FromEngine, ToEngine } from './protocol.js';
import type { SafeStorageKeys } from './safeStorageKeys.js';

/** The engine in its own utility process; requests and events go through its message port. */
export class EngineHost {
  private readonly child: UtilityProcess;
  private readonly pending = new Map<number, (e: Envelope<unknown>) => void>();
  private nextId = 1;
  readonly ready: Promise<void>;

  constructor(entry: string, init: Extract<ToEngine, { type: 'init' }>, keys: SafeStorageKeys, onEvent: (e: HostEvent) => void, onSmoke?: (m: Extract<FromEngine, { type: 'smoke-result' }>) => void) {
    this.child = utilityProcess.fork(entry, [], { serviceName: 'LexDesk engine' });
    let markReady: () => void = () => undefined;
    this.ready = new Promise((resolve) => (markReady = resolve));
    this.child.on('message', (msg: FromEngine) => {
      if (msg.type === 'ready') markReady();
      else if (msg.type === 'response') {
        this.pending.get(msg.id)?.(msg.envelope);
        this.pending.delete(msg.id);
      } else if (msg.type === 'event') onEvent(msg.event);
      else if (msg.type === 'keys') {
        try {
          keys.apply(msg.op, msg.id, msg.key);
        } catch (err) {
          // The keychain was there at start (else the engine would not send): a write failure here is a disk error.
          console.error(`LexDesk: the key could not be stored: ${(err as Error).message}`);
        }
      } else if (msg.type === 'smoke-result') onSmoke?.(msg);
      else if (msg.type === 'fatal') console.error(`LexDesk engine: ${msg.message}`);
    });
    this.child.on('exit', (code) => {
      for (const resolve of this.pending.values()) resolve({ ok: false, error: { code: 'internal', message: `The engine process stopped (exit ${code}). Restart LexDesk.` } });
      this.pending.clear();
    });
    this.send(init);
  }

  send(msg: ToEngine): void {
    this.child.postMessage(msg);
  }

  request(route: string, input: unknown): Promise<Envelope<unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ type: 'request', id, route, input });
    });
  }

  kill(): void {
    this.child.kill();
  }
}
