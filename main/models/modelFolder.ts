import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LexError } from '../util/errors.js';
import { readJsonFile } from '../util/jsonFile.js';

/**
 * Reads a Hugging Face style model folder (as exported by optimum or
 * sentence-transformers) for the ONNX embedder and reranker: where the .onnx
 * file is, the tokenizer files, and how to pool, prefix and truncate.
 */
export type Pooling = 'cls' | 'mean' | 'max' | 'last';

export const POOLINGS: readonly Pooling[] = ['cls', 'mean', 'max', 'last'];

/** Max length used when only the model's own (often 8192) limit is known. */
export const DEFAULT_MAX_LENGTH_CAP = 512;

export type JsonObject = Record<string, unknown>;

export interface ModelFolder {
  dir: string;
  /** The folder's base name (used in model ids). */
  name: string;
  modelPath: string;
  tokenizerJson: JsonObject;
  tokenizerConfig: JsonObject;
  config: JsonObject;
  /** From lexdesk.json or the sentence-transformers Pooling module; null when neither says. */
  pooling: Pooling | null;
  /** When neither says: the pooling used instead, and why (see inferPooling). */
  inferredPooling: InferredPooling | null;
  /**
   * sentence-transformers modules after pooling that change the vector (a Dense projection in 2_Dense, …),
   * from modules.json. Present in a `sentence_embedding` output; not applied to token outputs, so such a
   * folder can only be used through that output.
   */
  vectorModules: Array<{ path: string; type: string }>;
  queryPrefix: string;
  documentPrefix: string;
  maxLength: number;
}

/** lexdesk.json: optional overrides placed next to the model. */
export interface LexdeskModelConfig {
  queryPrefix?: string;
  documentPrefix?: string;
  maxLength?: number;
  pooling?: Pooling;
  /** The .onnx file to use, relative to the folder (e.g. "onnx/model_int8.onnx"). */
  onnx?: string;
}

export interface InferredPooling {
  pooling: Pooling;
  /** Said by `lexdesk doctor` and `lexdesk embed`: how the pooling was chosen and how to state it. */
  reason: string;
}

const ONNX_CANDIDATES = ['model.onnx', path.join('onnx', 'model.onnx')];

/** config.json model types of decoder-only language models: their embedding models pool the last token (Qwen3-Embedding, gte-Qwen2, e5-mistral, …). */
const DECODER_MODEL_TYPES = new Set([
  'qwen2', 'qwen2_moe', 'qwen3', 'qwen3_moe', 'llama', 'mistral', 'mixtral', 'gemma', 'gemma2', 'gemma3', 'gemma3_text', 'phi', 'phi3',
  'gpt2', 'gpt_neox', 'gptj', 'falcon', 'internlm2', 'baichuan', 'deepseek_v2', 'deepseek_v3', 'stablelm', 'starcoder2', 'olmo', 'olmo2',
  'cohere', 'minicpm', 'mpt', 'bloom', 'opt',
]);

/** sentence-transformers modules that leave the pooled vector as LexDesk computes it (it always L2-normalises). */
const HANDLED_MODULES = ['.Transformer', '.Pooling', '.Normalize'];

export function readModelFolder(dir: string): ModelFolder {
  const abs = path.resolve(dir);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) {
    throw new LexError('model-missing', `Model folder not found: ${abs}`);
  }
  const lexdesk = readLexdeskConfig(abs);
  const tokenizerJson = readRequiredJson(abs, 'tokenizer.json');
  const tokenizerConfig = readRequiredJson(abs, 'tokenizer_config.json');
  const config = readRequiredJson(abs, 'config.json');
  const st = sentenceTransformersPrompts(abs);
  const pooling = lexdesk.pooling ?? readPooling(abs);
  return {
    dir: abs,
    name: path.basename(abs),
    modelPath: findOnnxFile(abs, lexdesk.onnx),
    tokenizerJson,
    tokenizerConfig,
    config,
    pooling,
    inferredPooling: pooling ? null : inferPooling(config),
    vectorModules: vectorModules(abs),
    queryPrefix: lexdesk.queryPrefix ?? st.query,
    documentPrefix: lexdesk.documentPrefix ?? st.document,
    maxLength: lexdesk.maxLength ?? inferMaxLength(abs, tokenizerJson, tokenizerConfig, config),
  };
}

export function findOnnxFile(dir: string, override?: string): string {
  const candidates = override ? [override] : ONNX_CANDIDATES;
  for (const rel of candidates) {
    const file = path.join(dir, rel);
    if (fs.existsSync(file)) return file;
  }
  throw new LexError(
    'model-incomplete',
    `No ONNX model in ${dir}: expected ${candidates.join(' or ')}. Export one with optimum (optimum-cli export onnx) or copy it there.`,
    { missing: candidates },
  );
}

const incomplete = (problem: string): LexError => new LexError('model-incomplete', problem);

function readOptionalJson(file: string): JsonObject | null {
  if (!fs.existsSync(file)) return null;
  const value = readJsonFile(file, incomplete);
  if (!isObject(value)) throw new LexError('model-incomplete', `${file} must hold a JSON object`);
  return value;
}

function readRequiredJson(dir: string, name: string): JsonObject {
  const value = readOptionalJson(path.join(dir, name));
  if (!value) throw new LexError('model-incomplete', `The model folder ${dir} has no ${name}`, { missing: [name] });
  return value;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readLexdeskConfig(dir: string): LexdeskModelConfig {
  const file = path.join(dir, 'lexdesk.json');
  const raw = readOptionalJson(file);
  if (!raw) return {};
  const bad = (key: string, want: string) => new LexError('model-incomplete', `${file}: "${key}" must be ${want}`);
  const out: LexdeskModelConfig = {};
  for (const key of ['queryPrefix', 'documentPrefix', 'onnx'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'string') throw bad(key, 'a string');
    out[key] = raw[key];
  }
  if (raw.maxLength !== undefined) {
    if (!Number.isInteger(raw.maxLength) || (raw.maxLength as number) < 2) throw bad('maxLength', 'an integer ≥ 2');
    out.maxLength = raw.maxLength as number;
  }
  if (raw.pooling !== undefined) {
    if (!POOLINGS.includes(raw.pooling as Pooling)) throw bad('pooling', `one of ${POOLINGS.join(', ')}`);
    out.pooling = raw.pooling as Pooling;
  }
  return out;
}

/** modules.json's entries (sentence-transformers), or none. */
function stModules(dir: string): JsonObject[] {
  const modules = fs.existsSync(path.join(dir, 'modules.json')) ? readJsonFile(path.join(dir, 'modules.json'), incomplete) : null;
  return Array.isArray(modules) ? modules.filter(isObject) : [];
}

/** The sentence-transformers Pooling module's folder: from modules.json, else 1_Pooling. */
function poolingDir(dir: string): string {
  const pooling = stModules(dir).find((m) => String(m.type ?? '').endsWith('.Pooling'));
  return typeof pooling?.path === 'string' ? path.join(dir, pooling.path) : path.join(dir, '1_Pooling');
}

/** The modules.json entries besides Transformer, Pooling and Normalize: they change the vector (Dense, LayerNorm, …). */
function vectorModules(dir: string): Array<{ path: string; type: string }> {
  return stModules(dir)
    .map((m) => ({ path: String(m.path ?? m.name ?? ''), type: String(m.type ?? '') }))
    .filter((m) => !HANDLED_MODULES.some((suffix) => m.type.endsWith(suffix)));
}

/**
 * The pooling of a folder that states none: last token for a decoder-only model (config.json model_type
 * or a …ForCausalLM architecture), else mean. Whether an encoder was trained on its CLS token cannot be
 * told from the folder reliably, so that one is only said to be a guess.
 */
export function inferPooling(config: JsonObject): InferredPooling {
  const type = String(config.model_type ?? '');
  const architectures = Array.isArray(config.architectures) ? config.architectures.map(String) : [];
  const state = 'state it as "pooling" in lexdesk.json (cls, mean, max or last) if the model card says otherwise';
  if (DECODER_MODEL_TYPES.has(type) || architectures.some((a) => /ForCausalLM$|LMHeadModel$/.test(a))) {
    return { pooling: 'last', reason: `pooling guessed: last token, as config.json names a decoder model (${type || architectures.join(', ')}) and the folder has no pooling config; ${state}` };
  }
  return { pooling: 'mean', reason: `pooling guessed: mean, as the folder has no pooling config (1_Pooling/config.json or lexdesk.json); ${state}` };
}

export function readPooling(dir: string): Pooling | null {
  const cfg = readOptionalJson(path.join(poolingDir(dir), 'config.json'));
  if (!cfg) return null;
  if (cfg.pooling_mode_cls_token) return 'cls';
  if (cfg.pooling_mode_lasttoken) return 'last';
  if (cfg.pooling_mode_max_tokens) return 'max';
  if (cfg.pooling_mode_mean_tokens) return 'mean';
  throw new LexError('model-incomplete', `${poolingDir(dir)}/config.json selects a pooling mode LexDesk does not support (cls, mean, max, lasttoken)`);
}

/** Query / document prompts from config_sentence_transformers.json ("prompts"). */
function sentenceTransformersPrompts(dir: string): { query: string; document: string } {
  const cfg = readOptionalJson(path.join(dir, 'config_sentence_transformers.json'));
  const prompts = isObject(cfg?.prompts) ? cfg.prompts : {};
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { query: str(prompts.query) ?? '', document: str(prompts.document) ?? str(prompts.passage) ?? '' };
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 1 && value < 1_000_000 ? value : undefined;
}

/**
 * The first limit the folder states (sentence_bert_config max_seq_length,
 * tokenizer.json truncation, tokenizer_config model_max_length, config
 * max_position_embeddings), capped at DEFAULT_MAX_LENGTH_CAP.
 */
function inferMaxLength(dir: string, tokenizerJson: JsonObject, tokenizerConfig: JsonObject, config: JsonObject): number {
  const sbert = readOptionalJson(path.join(dir, 'sentence_bert_config.json'));
  const truncation = isObject(tokenizerJson.truncation) ? tokenizerJson.truncation : {};
  const offset = ['roberta', 'xlm-roberta', 'camembert'].includes(String(config.model_type)) ? 2 : 0;
  const maxPos = positiveInt(config.max_position_embeddings);
  const stated =
    positiveInt(sbert?.max_seq_length) ??
    positiveInt(truncation.max_length) ??
    positiveInt(tokenizerConfig.model_max_length) ??
    (maxPos === undefined ? undefined : maxPos - offset);
  return Math.min(stated ?? DEFAULT_MAX_LENGTH_CAP, DEFAULT_MAX_LENGTH_CAP);
}

/** The weights a large model keeps beside its .onnx file: model.onnx_data or model.onnx.data (as optimum and torch.onnx write them). */
function externalDataFiles(modelPath: string): string[] {
  const dir = path.dirname(modelPath);
  const base = path.basename(modelPath);
  return fs.readdirSync(dir).filter((name) => name.startsWith(base) && /[._]data$/.test(name)).sort().map((name) => path.join(dir, name));
}

/** Bytes read from each end of an external data file for the model id (it can be gigabytes). */
const SAMPLE_BYTES = 1 << 20;

/** Adds a file's name, size and first and last MiB to the hash: cheap for gigabytes, and a copy (new mtime) keeps its id. */
function hashSampled(hash: ReturnType<typeof createHash>, file: string): void {
  const size = fs.statSync(file).size;
  hash.update(`${path.basename(file)}\0${size}\0`);
  const fd = fs.openSync(file, 'r');
  try {
    const ranges = size > 2 * SAMPLE_BYTES ? [[0, SAMPLE_BYTES], [size - SAMPLE_BYTES, SAMPLE_BYTES]] : [[0, size]];
    for (const [start, length] of ranges as Array<[number, number]>) {
      const buffer = Buffer.alloc(length);
      fs.readSync(fd, buffer, 0, length, start);
      hash.update(buffer);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * `onnx:<folder name>@<12 hex>`: identifies what stored vectors were made with: a sha1 over
 * model.onnx, its external data file when it has one (name, size, first and last MiB),
 * tokenizer.json and every setting that changes a vector (pooling, max length, prefixes), so
 * editing any of them makes `lexdesk embed` re-embed instead of mixing vectors.
 */
export async function modelId(
  folder: Pick<ModelFolder, 'name' | 'modelPath' | 'tokenizerJson' | 'pooling' | 'inferredPooling' | 'maxLength' | 'queryPrefix' | 'documentPrefix'>,
): Promise<string> {
  const hash = createHash('sha1');
  for await (const chunk of fs.createReadStream(folder.modelPath)) hash.update(chunk as Buffer);
  for (const file of externalDataFiles(folder.modelPath)) hashSampled(hash, file);
  hash.update(JSON.stringify(folder.tokenizerJson));
  const { maxLength, queryPrefix, documentPrefix } = folder;
  // A guessed mean is hashed as "not stated", as before guesses were made, so the vectors of such folders keep their id.
  const guessed = folder.inferredPooling?.pooling;
  const pooling = folder.pooling ?? (guessed && guessed !== 'mean' ? guessed : null);
  hash.update(JSON.stringify({ pooling, maxLength, queryPrefix, documentPrefix }));
  return `onnx:${folder.name}@${hash.digest('hex').slice(0, 12)}`;
}

// Small helpers shared by the embedders (kept here: this file loads no native code).

export function checkBatchSize(value: number | undefined, fallback: number): number {
  const size = value ?? fallback;
  if (!Number.isInteger(size) || size < 1) throw new LexError('usage', `batch size must be a positive integer (got ${size})`);
  return size;
}

/** Scales a vector to unit length in place (a zero vector stays zero). */
export function l2Normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i += 1) v[i] = (v[i] as number) / norm;
  return v;
}
