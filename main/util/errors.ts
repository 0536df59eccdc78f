/**
 * Errors the user can act on. `code` is stable (CLI exit, IPC envelopes);
 * `message` says what went wrong and how to fix it.
 */
export class LexError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'LexError';
  }
}

export function isLexError(err: unknown): err is LexError {
  return err instanceof LexError;
}

/** A readable one-line message for any thrown value (no stack). */
export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
