/** Milliseconds of reading between two yields to the event loop while a copy loads. */
export const SLICE_MS = 10;
/**
 * After a load that failed or that the library overtook, wait this long before the next,
 * doubled after each further such load up to MAX_RETRY_AFTER_MS: while \`lexdesk embed\`
 * commits a batch every few milliseconds, a copy read in the meantime is always out of
 * date, and reading it every 5 s would be wasted work for as long as the run lasts.
 */
const RETRY_AFTER_MS = 5000;
const MAX_RETRY_AFTER_MS = 80_000;

/** Where a copy held in memory comes from: the library's data and the revision that tells when it changed. */
export interface CopySource<T extends { revision: string }> {
  /** The library's revision of that data now; null when the data is gone (then no copy is current). */
  revision(): string | null;
  /** Reads a copy, with the revision it was read at; null when it cannot or should not be held, or when `stopped()`. */
  read(stopped: () => boolean): Promise<T | null>;
  /** Frees a copy that is no longer used (default: nothing to free). */
  release?(copy: T): Promise<void>;
  /**
   * True while the library is being written through this connection (an import's transaction):
   * a copy read now could not match the revision this connection sees, so uses start no load.
   */
  busy?(): boolean;
}

export interface ResidentCopyOptions {
  /** Start a load when a use finds no current copy (default true); false: only after `ready()` asked for one. */
  loadOnUse?: boolean;
  /** The clock the pauses after failed loads are measured on (default Date.now; tests move their own). */
  now?: () => number;
}

/**
 * The life of a copy of library data held in memory (the vectors of
 * residentVectors.ts, the postings of residentPostings.ts): read in the
 * background, used only while the library's revision is the one it was read
 * at, read again after a change, released when replaced or closed. Callers fall
 * back to the library itself whenever `use()` answers null.
 */
export class ResidentCopy<T extends { revision: string }> {
  private loaded: T | null = null;
  private loading: Promise<boolean> | null = null;
  private notBefore = 0;
  /** Loads in a row that failed or were overtaken. */
  private failures = 0;
  private closed = false;
  private wanted: boolean;
  private readonly now: () => number;

  constructor(private readonly source: CopySource<T>, opts: ResidentCopyOptions = {}) {
    this.wanted = opts.loadOnUse ?? true;
    this.now = opts.now ?? Date.now;
  }

  /** The up-to-date copy, or null (a load then starts, if one is wanted and no recent one failed). */
  use(): T | null {
    const copy = this.current();
    if (!copy && this.wanted && !this.closed && this.now() >= this.notBefore && !this.source.busy?.()) void this.ready();
    return copy;
  }

  /** Loads an up-to-date copy unless one is loaded (and keeps wanting one); false when none could be read. */
  ready(): Promise<boolean> {
    this.wanted = true;
    if (this.current()) return Promise.resolve(true);
    // A failed load leaves the caller on the library, which reports any error itself.
    this.loading ??= this.load()
      .catch(() => {
        this.pause();
        return false;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** Whether a use now gets the copy. */
  get isReady(): boolean {
    return this.current() !== null;
  }

  /** Stops any load and releases the copy; later uses answer null. */
  async close(): Promise<void> {
    this.closed = true;
    await this.loading?.catch(() => false);
    await this.drop();
  }

  private current(): T | null {
    if (!this.loaded || this.closed) return null;
    if (this.source.revision() === this.loaded.revision) return this.loaded;
    void this.drop();
    return null;
  }

  private async drop(): Promise<void> {
    const old = this.loaded;
    this.loaded = null;
    if (old) await this.source.release?.(old);
  }

  private async load(): Promise<boolean> {
    if (this.closed) return false;
    const copy = await this.source.read(() => this.closed);
    // The library may have changed while the copy was read: keep it only if it still matches.
    if (!copy || this.closed || copy.revision !== this.source.revision()) {
      if (copy) await this.source.release?.(copy);
      this.pause();
      return false;
    }
    await this.drop();
    this.loaded = copy;
    this.failures = 0;
    return true;
  }

  /** After a failed or overtaken load, uses start none for a while (ready() still loads on request). */
  private pause(): void {
    this.notBefore = this.now() + Math.min(MAX_RETRY_AFTER_MS, RETRY_AFTER_MS * 2 ** this.failures);
    this.failures += 1;
  }
}

/** What the searchers over a copy in memory share: loading it on request, asking whether it is in use, closing it. */
export abstract class ResidentSearcher<T extends { revision: string }> {
  protected abstract readonly copy: ResidentCopy<T>;

  /** Loads an up-to-date copy unless one is loaded, and keeps it up to date from then on; false when none could be read. */
  ready(): Promise<boolean> {
    return this.copy.ready();
  }

  /** Whether searches are answered from memory now. */
  get isReady(): boolean {
    return this.copy.isReady;
  }

  /** Stops any load and releases the copy; later searches answer null. */
  close(): Promise<void> {
    return this.copy.close();
  }
}

/** Splits a long load into slices of about `ms` of work, yielding to the event loop between them. */
export class Slices {
  private since = performance.now();

  constructor(private readonly ms: number, private readonly stopped: () => boolean) {}

  get due(): boolean {
    return performance.now() - this.since >= this.ms;
  }

  /** Yields; false when the load was stopped meanwhile. */
  async next(): Promise<boolean> {
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
    return !this.stopped();
  }
}
