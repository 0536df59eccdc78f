/**
 * A model loaded once and shared by every caller, unless its load fails. A failed load
 * is kept for `retryAfterMs`, so the searches in that time get its error at once instead
 * of each asking a server that is down (or re-reading a broken folder), and is then
 * forgotten: the next caller loads again, so a server that comes back is used without a
 * restart.
 */
export class RetryingLoad<T> {
  private pending: Promise<T> | null = null;
  private failedAt: number | null = null;

  constructor(
    private readonly retryAfterMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The loaded (or loading) value; `load` runs when there is none, or the last one failed over `retryAfterMs` ago. */
  get(load: () => Promise<T>): Promise<T> {
    if (this.pending && this.failedAt !== null && this.now() - this.failedAt >= this.retryAfterMs) this.pending = null;
    if (!this.pending) {
      this.failedAt = null;
      const loading = load();
      this.pending = loading;
      // Registered before any caller's handler, so a caller retrying at once sees the failure recorded.
      loading.catch(() => {
        if (this.pending === loading) this.failedAt = this.now();
      });
    }
    return this.pending;
  }

  /** Whether a load is in flight or done (failed ones included). */
  get held(): boolean {
    return this.pending !== null;
  }

  /** The load in flight or done, forgotten here (for closing what it loaded). */
  take(): Promise<T> | null {
    const taken = this.pending;
    this.pending = null;
    this.failedAt = null;
    return taken;
  }
}
