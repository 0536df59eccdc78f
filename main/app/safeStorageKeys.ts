import { safeStorage } from 'electron';
import fs from 'node:fs';
import path from 'node:path';

/**
 * API keys encrypted with the OS keychain (Electron safeStorage: DPAPI,
 * Keychain, libsecret/kwallet) in keys.safe.json. Only the main process can
 * decrypt them; the engine process receives them in memory.
 */
export class SafeStorageKeys {
  private readonly file: string;

  constructor(userData: string) {
    this.file = path.join(userData, 'keys.safe.json');
  }

  /**
   * Whether keys can be stored encrypted. On Linux without a Secret Service or KWallet, Electron
   * falls back to 'basic_text', which "encrypts" with a fixed password — plain text in effect — so
   * that counts as unavailable: the keys are then kept in memory for this run only, and the
   * settings screen says so.
   */
  available(): boolean {
    if (!safeStorage.isEncryptionAvailable()) return false;
    return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
  }

  readAll(): Record<string, string> {
    if (!this.available() || !fs.existsSync(this.file)) return {};
    const sealed = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, string>;
    const out: Record<string, string> = {};
    for (const [id, b64] of Object.entries(sealed)) {
      try {
        out[id] = safeStorage.decryptString(Buffer.from(b64, 'base64'));
      } catch {
        // sealed by another OS user or keychain: ignore, the user enters it again
      }
    }
    return out;
  }

  apply(op: 'set' | 'delete', id: string, key?: string): void {
    if (!this.available()) throw new Error('The OS keychain is not available: the key is kept for this session only.');
    const sealed = fs.existsSync(this.file) ? (JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, string>) : {};
    if (op === 'set' && key) sealed[id] = safeStorage.encryptString(key).toString('base64');
    else delete sealed[id];
    fs.writeFileSync(this.file, JSON.stringify(sealed), { mode: 0o600 });
  }
}
