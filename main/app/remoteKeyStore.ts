import type { KeyStore } from '../llm/keyStore.js';

/**
 * The engine process's view of the keys: decrypted by the main process with
 * Electron's safeStorage and handed over in memory; changes go back to the
 * main process, which stores them encrypted. Nothing here touches the disk.
 */
export class RemoteKeyStore implements KeyStore {
  private readonly keys: Map<string, string>;

  /** `persistent` false: the main process has no OS keychain, so changes stay in memory for this run. */
  constructor(initial: Record<string, string>, private stored: boolean, private readonly persist: (op: 'set' | 'delete', id: string, key?: string) => void) {
    this.keys = new Map(Object.entries(initial));
  }

  get persistent(): boolean {
    return this.stored;
  }

  /** The main process could not write a change (a disk error): from now on keys live for this run only, and Settings says so. */
  stopPersisting(): void {
    this.stored = false;
  }

  get(id: string): string | undefined {
    return this.keys.get(id);
  }

  has(id: string): boolean {
    return this.keys.has(id);
  }

  set(id: string, key: string): void {
    this.keys.set(id, key);
    if (this.persistent) this.persist('set', id, key);
  }

  delete(id: string): void {
    this.keys.delete(id);
    if (this.persistent) this.persist('delete', id);
  }
}
