/**
 * Test helper: runs the real CLI (`node --import tsx main/cli/run.ts …`) as a
 * child process from the repository root. The child never sees the caller's
 * LEXDESK_* variables, and HOME / XDG_CONFIG_HOME point into a sandbox folder
 * unless a test sets them, so a forgotten --db can never touch a real library.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './corpusSubset.js';

export const CLI_ENTRY = path.join('main', 'cli', 'run.ts');

export interface CliResult {
  code: number;
  /** The signal that ended the process, if any (then `code` is 128 + its number, or -1). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Variables to set for the child; `undefined` removes one. */
export type CliEnv = Record<string, string | undefined>;

let sandbox: string | null = null;

/** A per-process folder used as HOME and XDG_CONFIG_HOME when a test does not set them. */
function sandboxHome(): string {
  if (!sandbox) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lexdesk-cli-home-'));
    sandbox = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return sandbox;
}

export function cliEnv(env: CliEnv = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('LEXDESK_') && k !== 'NODE_TEST_CONTEXT' && k !== 'NODE_OPTIONS') base[k] = v;
  }
  const home = sandboxHome();
  base.HOME = home;
  base.XDG_CONFIG_HOME = path.join(home, '.config');
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete base[k];
    else base[k] = v;
  }
  return base;
}

export interface SpawnedCli {
  child: ChildProcess;
  /** Output so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited and its pipes are drained. */
  exited: Promise<CliResult>;
  /** Sends a signal if the process is still running; returns whether it was. */
  kill(signal: NodeJS.Signals): boolean;
  running(): boolean;
}

/** Starts the CLI; for tests that signal or kill it. */
export function spawnCli(args: string[], env: CliEnv = {}, input?: string): SpawnedCli {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: cliEnv(env),
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin?.end(input);
  return watch(child);
}

function watch(child: ChildProcess): SpawnedCli {
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr?.setEncoding('utf8').on('data', (s: string) => (err += s));
  const exited = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const signalCode = signal ? 128 + (os.constants.signals[signal] ?? 0) : -1;
      resolve({ code: code ?? signalCode, signal, stdout: out, stderr: err });
    });
  });
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    running,
    kill: (signal) => (running() ? child.kill(signal) : false),
  };
}

/**
 * Relays between a pseudo-terminal and plain pipes: runs argv[1:] on the
 * terminal's far side, copies what it prints to stdout and what arrives on
 * stdin to it as keystrokes, and exits with its exit code.
 */
const PTY_BRIDGE = `
import os, pty, select, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
inputs = [fd, 0]
while True:
    ready, _, _ = select.select(inputs, [], [])
    if 0 in ready:
        keys = os.read(0, 4096)
        if keys: os.write(fd, keys)
        else: inputs.remove(0)
    if fd in ready:
        try: data = os.read(fd, 4096)
        except OSError: data = b''
        if not data: break
        os.write(1, data)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
`;

/** Why the CLI cannot be run in a pseudo-terminal here (python3 with its pty module drives it), or null. */
export function terminalSkipReason(): string | null {
  const probe = spawnSync('python3', ['-c', 'import pty, select'], { stdio: 'ignore' });
  return probe.status === 0 ? null : 'needs python3 with its pty module to run the CLI in a pseudo-terminal';
}

/**
 * Starts the CLI in a pseudo-terminal, as a user at a terminal would: stdin and
 * stdout are TTYs, so readline goes into raw mode and Ctrl+C arrives as a
 * keypress (type '\x03'). stdout and stderr come back together in `stdout()`.
 */
export function spawnCliInTerminal(args: string[], env: CliEnv = {}): SpawnedCli & { type(keys: string): void } {
  const child = spawn('python3', ['-c', PTY_BRIDGE, process.execPath, '--import', 'tsx', CLI_ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: cliEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return { ...watch(child), type: (keys) => void child.stdin?.write(keys) };
}

/** Runs the CLI to completion (killed after `timeoutMs`, default 120 s), with `input` on stdin if given. */
export async function runCli(args: string[], env: CliEnv = {}, opts: { timeoutMs?: number; input?: string } = {}): Promise<CliResult> {
  const cli = spawnCli(args, env, opts.input);
  const timer = setTimeout(() => cli.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
  try {
    return await cli.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Polls until `check()` is true; throws after `timeoutMs`. */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 30_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until a file exists (e.g. the "-wal" file that shows a process has opened the library). */
export function waitForFile(file: string, timeoutMs = 30_000): Promise<void> {
  return waitUntil(() => existsSync(file), file, timeoutMs);
}

/** Lines of a stack trace ("    at fn (file:1:2)"). */
export function stackLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\s{4}at /.test(line));
}

/** Parses stdout that must be exactly one JSON document. */
export function parseJsonOutput<T = unknown>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch (err) {
    throw new Error(`stdout is not one JSON document (${(err as Error).message}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}
