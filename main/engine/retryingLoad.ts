/**
 * A model loaded once and shared by every caller, unless its load fails. A failed load is
 * kept: callers get its error at once instead of each asking a server that is down (or
 * re-reading a broken folder). Once `retryAfterMs` has passed, the next caller starts a new
 * load in the background and still gets the old error at once, so a server that accepts
 * connections but never answers never holds a search up for its timeouts; when the new load
 * succeeds, later callers get the model, so a server that comes back is used without a restart.
 */
export class RetryingLoad<T> {
  private pending: Promise<T> | null = null;
  private failedAt: number | null = null;
  private retrying = false;

  constructor(
    private readonly retryAfterMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The loaded (or loading) value, or the last failure while a new load runs in the background. */
  get(load: () => Promise<T>): Promise<T> {
    if (!this.pending) {
      this.failedAt = null;
      const loading = load();
      this.pending = loading;
      // Registered before any caller's handler, so a caller retrying at once sees the failure recorded.
      loading.catch(() => {
        if (this.pending === loading) this.failedAt = this.now();
      });
    } else if (this.failedAt !== null && !this.retrying && this.now() - this.failedAt >= this.retryAfterMs) {
      this.retrying = true;
      const failed = this.pending;
      const again = load();
      again.then(
        () => {
          if (this.pending === failed) {
            this.pending = again;
            this.failedAt = null;
          }
          this.retrying = false;
        },
        () => {
          if (this.pending === failed) this.failedAt = this.now();
          this.retrying = false;
        },
      );
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
    this.retrying = false;
    return taken;
  }
}
