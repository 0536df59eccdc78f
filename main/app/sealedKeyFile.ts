import fs from 'node:fs';
import path from 'node:path';

/** The OS keychain's encryption as the key file needs it (Electron's safeStorage in the app). */
export interface Sealer {
  available(): boolean;
  seal(plain: string): Buffer;
  /** Throws when the data was sealed by another OS user or keychain. */
  open(sealed: Buffer): string;
}

/**
 * API keys sealed with the OS keychain, one base64 string per key id, in one JSON file. Writes
 * go to a temporary file that then replaces the old one, so a crash mid-write leaves the old
 * file; a file that cannot be read anyway (damaged, edited by hand) is moved aside — never
 * deleted — and the keys are entered again, instead of the app refusing to start.
 */
export class SealedKeyFile {
  constructor(
    readonly file: string,
    private readonly sealer: Sealer,
    private readonly log: (line: string) => void = console.error,
  ) {}

  /** Whether keys can be stored at all (an OS keychain that really encrypts). */
  available(): boolean {
    return this.sealer.available();
  }

  readAll(): Record<string, string> {
    if (!this.sealer.available()) return {};
    const out: Record<string, string> = {};
    for (const [id, b64] of Object.entries(this.readSealed())) {
      try {
        out[id] = this.sealer.open(Buffer.from(b64, 'base64'));
      } catch {
        // Sealed by another OS user or keychain: the user enters this key again.
      }
    }
    return out;
  }

  apply(op: 'set' | 'delete', id: string, key?: string): void {
    if (!this.sealer.available()) throw new Error('The OS keychain is not available: the key is kept for this session only.');
    const sealed = this.readSealed();
    if (op === 'set' && key) sealed[id] = this.sealer.seal(key).toString('base64');
    else delete sealed[id];
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(sealed), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  private readSealed(): Record<string, string> {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string')) {
        return Object.fromEntries(Object.entries(parsed as Record<string, string>));
      }
    } catch {
      // falls through: unreadable
    }
    const aside = path.join(path.dirname(this.file), `${path.basename(this.file)}.unreadable-${Date.now()}`);
    fs.renameSync(this.file, aside);
    this.log(`LexDesk: the key file could not be read; it was moved to ${aside} and the API keys must be entered again.`);
    return {};
  }
}
