import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where API keys live. The desktop app backs this with Electron's safeStorage;
 * the CLI and the browser host use `FileKeyStore`: AES-256-GCM ciphertext in
 * keys.json, the data key in a separate owner-only file. Keys never sit in the
 * settings file, the database or a log in plain text.
 */
export interface KeyStore {
  /** False when keys can be held for this run only (no OS keychain): the settings screen says so. */
  readonly persistent: boolean;
  get(id: string): string | undefined;
  set(id: string, key: string): void;
  delete(id: string): void;
  has(id: string): boolean;
}

interface Sealed {
  iv: string;
  tag: string;
  data: string;
}

export class FileKeyStore implements KeyStore {
  readonly persistent = true;
  private readonly keysFile: string;
  private readonly secretFile: string;

  constructor(dir: string) {
    this.keysFile = path.join(dir, 'keys.json');
    this.secretFile = path.join(dir, 'secret.key');
  }

  get(id: string): string | undefined {
    const sealed = this.read()[id];
    if (!sealed) return undefined;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.secret(), Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return undefined; // the data key changed or the file was edited: treat as no key
    }
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, key: string): void {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.secret(), iv);
    const data = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
    const all = this.read();
    all[id] = { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
    this.write(all);
  }

  delete(id: string): void {
    const all = this.read();
    delete all[id];
    this.write(all);
  }

  private read(): Record<string, Sealed> {
    try {
      return JSON.parse(fs.readFileSync(this.keysFile, 'utf8')) as Record<string, Sealed>;
    } catch {
      return {};
    }
  }

  private write(all: Record<string, Sealed>): void {
    fs.mkdirSync(path.dirname(this.keysFile), { recursive: true });
    const tmp = `${this.keysFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(all, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, this.keysFile);
  }

  private secret(): Buffer {
    if (fs.existsSync(this.secretFile)) return Buffer.from(fs.readFileSync(this.secretFile, 'utf8').trim(), 'base64');
    fs.mkdirSync(path.dirname(this.secretFile), { recursive: true });
    const secret = crypto.randomBytes(32);
    fs.writeFileSync(this.secretFile, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
