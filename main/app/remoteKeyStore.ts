import type { KeyStore } from '../llm/keyStore.js';

/**
 * The engine process's view of the keys: decrypted by the main process with
 * Electron's safeStorage and handed over in memory; changes go back to the
 * main process, which stores them encrypted. Nothing here touches the disk.
 */
export class RemoteKeyStore implements KeyStore {
  private readonly keys: Map<string, string>;

  constructor(initial: Record<string, string>, private readonly persist: (op: 'set' | 'delete', id: string, key?: string) => void) {
    this.keys = new Map(Object.entries(initial));
  }

  get(id: string): string | undefined {
    return this.keys.get(id);
  }

  has(id: string): boolean {
    return this.keys.has(id);
  }

  set(id: string, key: string): void {
    this.keys.set(id, key);
    this.persist('set', id, key);
  }

  delete(id: string): void {
    this.keys.delete(id);
    this.persist('delete', id);
  }
}
