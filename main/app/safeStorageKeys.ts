import { safeStorage } from 'electron';
import path from 'node:path';
import { SealedKeyFile } from './sealedKeyFile.js';

/**
 * API keys encrypted with the OS keychain (Electron safeStorage: DPAPI, Keychain,
 * libsecret/kwallet) in keys.safe.json. Only the main process can decrypt them; the engine
 * process receives them in memory.
 */
export function safeStorageKeys(userData: string): SealedKeyFile {
  return new SealedKeyFile(path.join(userData, 'keys.safe.json'), {
    available: keychainAvailable,
    seal: (plain) => safeStorage.encryptString(plain),
    open: (sealed) => safeStorage.decryptString(sealed),
  });
}

/**
 * Whether keys can be stored encrypted. On Linux without a Secret Service or KWallet, Electron
 * falls back to 'basic_text', which "encrypts" with a fixed password — plain text in effect — so
 * that counts as unavailable: the keys are then kept in memory for this run only, and the
 * settings screen says so.
 */
function keychainAvailable(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}
