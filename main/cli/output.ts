import { LexError } from '../util/errors.js';

/** Where a command writes: stdout for results, stderr for progress and errors. */
export interface Output {
  json: boolean;
  tty: boolean;
  print(line?: string): void;
  printJson(value: unknown): void;
  progress(line: string): void;
  endProgress(): void;
  error(err: unknown): number;
}

export function createOutput(json: boolean): Output {
  const tty = Boolean(process.stderr.isTTY) && !json;
  let progressShown = false;
  return {
    json,
    tty,
    print: (line = '') => process.stdout.write(line + '\n'),
    printJson: (value) => process.stdout.write(JSON.stringify(value, null, 2) + '\n'),
    progress(line) {
      if (!tty) return;
      process.stderr.write(`\r\x1b[2K${line}`);
      progressShown = true;
    },
    endProgress() {
      if (progressShown) process.stderr.write('\r\x1b[2K');
      progressShown = false;
    },
    error(err) {
      this.endProgress();
      const code = err instanceof LexError ? err.code : 'internal';
      const message = err instanceof Error ? err.message : String(err);
      if (json) process.stdout.write(JSON.stringify({ error: { code, message } }) + '\n');
      else process.stderr.write(`lexdesk: ${message}\n`);
      if (!(err instanceof LexError) && process.env.LEXDESK_DEBUG) process.stderr.write(`${(err as Error).stack}\n`);
      return err instanceof LexError && err.code === 'usage' ? 2 : 1;
    },
  };
}

/**
 * A command stopped by Ctrl+C: its "cancelled" message, then 130 (128 + SIGINT), the exit code shells
 * and scripts expect of an interrupted command (consult exits so too).
 */
export function interrupted(out: Output, err: unknown): number {
  out.error(err);
  return 130;
}
