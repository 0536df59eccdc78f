import os from 'node:os';
import ort from 'onnxruntime-node';
import { LexError } from '../util/errors.js';
import type { ProviderName } from './providerNames.js';
import { webgpuBlocker } from './vulkanLoader.js';
import { webgpuProbeOnce } from './webgpuProbe.js';
import { clip } from '../util/clip.js';

/**
 * ONNX Runtime sessions on the best execution provider that actually works:
 * each requested GPU provider is tried alone and CPU is the fallback, so a
 * missing GPU, driver or provider library never stops LexDesk.
 */
export { PROVIDER_NAMES, parseProviders, type ProviderName } from './providerNames.js';

export interface ProviderFallback {
  provider: ProviderName;
  reason: string;
}

export interface CreatedSession {
  session: ort.InferenceSession;
  /** The provider the session runs on. */
  provider: ProviderName;
  requested: ProviderName[];
  /** Why each provider tried before `provider` was not used. */
  fallbacks: ProviderFallback[];
}

export interface SessionCreateOptions {
  /** Intra-op threads; default os.availableParallelism(). */
  threads?: number;
}

/** The GPU providers worth trying on this platform (what `lexdesk doctor` checks by default), then CPU. */
export function platformProviders(): ProviderName[] {
  if (process.platform === 'win32') return ['dml', 'cpu'];
  if (process.platform === 'darwin') return ['coreml', 'cpu'];
  // CUDA needs its libraries installed apart (see README); WebGPU is bundled and runs on Vulkan.
  return ['cuda', 'webgpu', 'cpu'];
}

/** Backends this onnxruntime-node build knows on this platform (bundled or installable). */
export function supportedBackends(): string[] {
  return ort.listSupportedBackends().map((b) => b.name);
}

function sessionOptions(provider: ProviderName, opts: SessionCreateOptions): ort.InferenceSession.SessionOptions {
  return {
    executionProviders: [provider],
    intraOpNumThreads: opts.threads ?? os.availableParallelism(),
    graphOptimizationLevel: 'all',
  };
}

function firstLine(message: string): string {
  // ORT's C++ asserts read "/onnxruntime_src/…cc:136 fn(…) cond was false. What failed": keep what failed.
  const text = message.replace(/^\/\S+\.(?:cc|h|cpp):\d+ [\s\S]*? was false\.\s*/, '');
  const line = text.split('\n').find((l) => l.trim()) ?? text;
  return clip(line, 200);
}

/** What a Linux machine needs for WebGPU. Seen on an NVIDIA machine: without libglvnd the Vulkan loader finds NVIDIA's driver file but cannot open the driver. */
const VULKAN_HINT = "; on Linux WebGPU runs on Vulkan: install the Vulkan loader and the GPU's Vulkan driver (Debian/Ubuntu: libvulkan1, and libglvnd0 for NVIDIA's driver)";

/** A readable reason for a provider that could not start. */
export function explainFailure(provider: ProviderName, message: string, platform: NodeJS.Platform = process.platform): string {
  const detail = firstLine(message);
  if (/backend not found/i.test(message)) {
    return `${provider} is not part of onnxruntime-node on ${platform}/${process.arch}`;
  }
  if (provider === 'cuda' && /shared library|providers_shared|libcu|cudnn/i.test(message)) {
    return (
      'CUDA provider libraries are not installed or CUDA 12/cuDNN 9 is missing ' +
      `(reinstall with ONNXRUNTIME_NODE_INSTALL=cuda12 npm rebuild onnxruntime-node): ${detail}`
    );
  }
  if (provider === 'webgpu' && /adapter/i.test(message)) {
    return `no WebGPU adapter (GPU driver / Vulkan not available${platform === 'linux' ? VULKAN_HINT : ''}): ${detail}`;
  }
  return detail;
}

/**
 * ONNX Runtime writes provider-load failures to stderr itself; keep them out of
 * the user's terminal (we record them as fallback reasons) unless debugging.
 */
function quietRuntimeLogs(): void {
  if (!process.env.LEXDESK_DEBUG && ort.env.logLevel === 'warning') ort.env.logLevel = 'fatal';
}

function openSession(model: string | Uint8Array, options: ort.InferenceSession.SessionOptions): Promise<ort.InferenceSession> {
  return typeof model === 'string' ? ort.InferenceSession.create(model, options) : ort.InferenceSession.create(model, options);
}

/**
 * Why WebGPU must not be opened in this process, or null when it may: on Linux first what the
 * Vulkan loader needs, then (under plain Node) a test run in a child process, so that a driver
 * which cannot start says why in the fallback reason instead of in warnings on the terminal.
 */
async function whyNotWebgpu(): Promise<string | null> {
  const linux = process.platform === 'linux';
  const blocked = linux ? webgpuBlocker() : null;
  if (blocked) return `${blocked}${VULKAN_HINT}`;
  const probe = await webgpuProbeOnce();
  if (!probe || probe.ok) return null;
  const reason = explainFailure('webgpu', probe.error ?? '');
  return probe.native ? `${reason} (${linux ? 'Vulkan' : 'the GPU driver'} said: ${probe.native})` : reason;
}

/** Creates a session on the first requested provider that works, in the order given, else on CPU (so `cpu,cuda` never tries CUDA). */
export async function createSession(
  model: string | Uint8Array,
  preference: ProviderName[] = ['cpu'],
  opts: SessionCreateOptions = {},
): Promise<CreatedSession> {
  const fallbacks: ProviderFallback[] = [];
  const cpuAt = preference.indexOf('cpu');
  const gpus = cpuAt < 0 ? preference : preference.slice(0, cpuAt);
  quietRuntimeLogs();
  for (const provider of gpus) {
    const blocked = provider === 'webgpu' ? await whyNotWebgpu() : null;
    if (blocked) {
      fallbacks.push({ provider, reason: blocked });
      continue;
    }
    try {
      const session = await openSession(model, sessionOptions(provider, opts));
      return { session, provider, requested: preference, fallbacks };
    } catch (err) {
      fallbacks.push({ provider, reason: explainFailure(provider, (err as Error).message ?? String(err)) });
    }
  }
  try {
    const session = await openSession(model, sessionOptions('cpu', opts));
    return { session, provider: 'cpu', requested: preference, fallbacks };
  } catch (err) {
    const where = typeof model === 'string' ? model : 'the in-memory model';
    throw new LexError('model-load', `ONNX Runtime cannot load ${where}: ${firstLine((err as Error).message ?? String(err))}`);
  }
}

/** What the tokenizer produces, as fed to a transformer graph. */
export interface TokenBatch {
  batch: number;
  seqLen: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  tokenTypeIds: BigInt64Array;
}

const FEEDABLE = ['input_ids', 'attention_mask', 'token_type_ids', 'position_ids'];

function positionIds(batch: number, seqLen: number): BigInt64Array {
  const out = new BigInt64Array(batch * seqLen);
  for (let i = 0; i < out.length; i += 1) out[i] = BigInt(i % seqLen);
  return out;
}

function inputType(session: ort.InferenceSession, name: string): string {
  const meta = session.inputMetadata.find((m) => m.name === name);
  return meta?.isTensor ? meta.type : 'int64';
}

/** Feeds exactly the inputs the session declares (token_type_ids and position_ids only when asked for). */
export function buildFeeds(session: ort.InferenceSession, b: TokenBatch): Record<string, ort.Tensor> {
  const data: Record<string, () => BigInt64Array> = {
    input_ids: () => b.inputIds,
    attention_mask: () => b.attentionMask,
    token_type_ids: () => b.tokenTypeIds,
    position_ids: () => positionIds(b.batch, b.seqLen),
  };
  const feeds: Record<string, ort.Tensor> = {};
  for (const name of session.inputNames) {
    const make = data[name];
    if (!make) {
      throw new LexError('model-unsupported', `The ONNX model needs an input "${name}"; LexDesk feeds only ${FEEDABLE.join(', ')}`);
    }
    const values = make();
    const dims = [b.batch, b.seqLen];
    feeds[name] =
      inputType(session, name) === 'int32'
        ? new ort.Tensor('int32', Int32Array.from(values, (v) => Number(v)), dims)
        : new ort.Tensor('int64', values, dims);
  }
  return feeds;
}

function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

/** An output tensor's values as float32 (fp16 outputs converted). */
export function floatOutput(tensor: ort.Tensor | undefined, name: string): { data: Float32Array; dims: readonly number[] } {
  if (!tensor) throw new LexError('model-unsupported', `The ONNX model did not produce the output "${name}"`);
  if (tensor.type === 'float32') return { data: tensor.data as Float32Array, dims: tensor.dims };
  if (tensor.type === 'float16') {
    const raw = tensor.data as ArrayLike<number>;
    const isBits = raw instanceof Uint16Array;
    return { data: Float32Array.from(raw, (v) => (isBits ? halfToFloat(v) : v)), dims: tensor.dims };
  }
  throw new LexError('model-unsupported', `The ONNX output "${name}" is ${tensor.type}; expected float32 or float16`);
}
