import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { encodeModel } from './onnx/model.js';

/**
 * WebGPU tried in a child process before LexDesk opens a session on it. Where the Vulkan loader and
 * a driver manifest are present but the driver cannot start (seen on a lent NVIDIA H100 whose
 * container could not start NVIDIA's Vulkan driver), the loader and Dawn print their warnings
 * straight to the process's stderr, where no JavaScript can catch them, and a broken driver may
 * end the process outright. The probe's stderr is read instead of shown, and its first warning
 * becomes part of the fallback reason.
 */

export interface WebgpuProbe {
  ok: boolean;
  /** ONNX Runtime's error, or how the test run ended when it gave none. */
  error?: string;
  /** The first warning or error the Vulkan loader or Dawn printed, without its prefix. */
  native?: string;
}

export interface ProbeOptions {
  timeoutMs?: number;
  /** The child's script (tests); it reads LEXDESK_ORT_PATH, LEXDESK_PROBE_MODEL and LEXDESK_PROBE_PROVIDER. */
  script?: string;
  /** The provider the default script runs the model on (tests: 'cpu'); default webgpu. */
  provider?: string;
}

const TIMEOUT_MS = 30_000;
/** Characters of the child's output kept: its report is one short line, the warnings a few. */
const OUTPUT_KEPT = 64 * 1024;

/** y = x + x: small enough to cost nothing, real enough that the provider must run it. */
function doublingModel(): Uint8Array {
  return encodeModel({
    inputs: [{ name: 'x', dtype: 'float32', shape: [2] }],
    outputs: [{ name: 'y', dtype: 'float32', shape: [2] }],
    nodes: [{ op: 'Add', inputs: ['x', 'x'], outputs: ['y'] }],
    initializers: [],
  });
}

const SCRIPT = `
const ort = require(process.env.LEXDESK_ORT_PATH);
ort.env.logLevel = 'fatal';
const say = (r) => { process.stdout.write('\\n' + JSON.stringify(r) + '\\n'); process.exit(0); };
(async () => {
  const model = new Uint8Array(Buffer.from(process.env.LEXDESK_PROBE_MODEL, 'base64'));
  const session = await ort.InferenceSession.create(model, { executionProviders: [process.env.LEXDESK_PROBE_PROVIDER] });
  const { y } = await session.run({ x: new ort.Tensor('float32', Float32Array.from([1.5, -2]), [2]) });
  say(y.data[0] === 3 && y.data[1] === -4 ? { ok: true } : { ok: false, error: process.env.LEXDESK_PROBE_PROVIDER + ' computed ' + Array.from(y.data) + ' for 2·[1.5, -2]' });
})().catch((e) => say({ ok: false, error: String((e && e.message) || e) }));
`;

/** The first line the Vulkan loader or Dawn printed as a warning or error ("Warning: …", "ERROR: …"). */
export function firstNativeWarning(stderr: string): string | undefined {
  for (const line of stderr.split('\n')) {
    const m = /^\s*(?:warning|error)\s*:\s*(\S.*)$/i.exec(line);
    if (m) return (m[1] as string).trim().slice(0, 200);
  }
  return undefined;
}

/** The child's report: its last line that is a JSON object with `ok` (native code may print before it). */
function lastReport(stdout: string): WebgpuProbe | undefined {
  for (const line of stdout.split('\n').reverse()) {
    try {
      const parsed = JSON.parse(line) as unknown;
      if (parsed && typeof parsed === 'object' && typeof (parsed as WebgpuProbe).ok === 'boolean') return parsed as WebgpuProbe;
    } catch {
      // not the report
    }
  }
  return undefined;
}

/** Runs the doubling model on WebGPU (or `options.provider`) in a child Node process and reports how it went; never throws. */
export function probeWebgpu(options: ProbeOptions = {}): Promise<WebgpuProbe> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      const env = {
        ...process.env,
        LEXDESK_ORT_PATH: createRequire(import.meta.url).resolve('onnxruntime-node'),
        LEXDESK_PROBE_MODEL: Buffer.from(doublingModel()).toString('base64'),
        LEXDESK_PROBE_PROVIDER: options.provider ?? 'webgpu',
      };
      child = spawn(process.execPath, ['-e', options.script ?? SCRIPT], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      resolve({ ok: false, error: `the WebGPU test run could not start: ${(err as Error).message}` });
      return;
    }
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-OUTPUT_KEPT)));
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < OUTPUT_KEPT) stderr += d.toString();
      if (process.env.LEXDESK_DEBUG) process.stderr.write(d);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, error: `the WebGPU test run could not start: ${err.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const native = firstNativeWarning(stderr);
      if (timedOut) return resolve({ ok: false, error: `WebGPU did not start within ${Math.round(timeoutMs / 1000)} s`, native });
      const report = lastReport(stdout);
      if (report) return resolve(report.ok ? { ok: true } : { ok: false, error: report.error ?? 'unknown error', native });
      const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
      return resolve({ ok: false, error: `the WebGPU test run ${how} before reporting`, native });
    });
  });
}

let once: Promise<WebgpuProbe> | undefined;

/**
 * The probe, run once per process. Under Electron it is not run: the packaged app's fuses forbid
 * starting its binary as Node, and the engine already runs in a process of its own with no terminal.
 */
export function webgpuProbeOnce(): Promise<WebgpuProbe> | null {
  if (process.versions.electron) return null;
  once ??= probeWebgpu();
  return once;
}
