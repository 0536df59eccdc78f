import fs from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { LexError } from '../../util/errors.js';
import { readJsonFile } from '../../util/jsonFile.js';
import { FEATURE_COUNT, FEATURE_NAMES, type Popularity } from './features.js';
import { LabelMemory, type MemoryEntry } from './labelMemory.js';

/**
 * The learned reranker: an ONNX model (gradient-boosted trees, TreeEnsembleRegressor, blended
 * with a listwise MLP; gbdtOnnx.ts) from the feature rows [n, F] of one query's candidates to
 * scores [n, 1] (the blend standardises each part over those rows), plus the training labels it uses:
 * their popularity (popularity.json) and the labelled questions (memory.json).
 */

export interface RerankerManifest {
  name: string;
  kind: string;
  features: string[];
  trainedOn: string[];
  crossValidation: Record<string, number>;
}

export function writeRerankerFolder(dir: string, model: Uint8Array, popularity: Popularity, memory: MemoryEntry[], manifest: RerankerManifest): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'model.onnx'), model);
  fs.writeFileSync(path.join(dir, 'popularity.json'), JSON.stringify(popularity));
  fs.writeFileSync(path.join(dir, 'memory.json'), `[\n${memory.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
  fs.writeFileSync(path.join(dir, 'reranker.json'), JSON.stringify(manifest, null, 2));
}

/** Loads a reranker folder written by writeRerankerFolder and scores feature rows with onnxruntime. */
export class LearnedReranker {
  private constructor(
    private readonly session: ort.InferenceSession,
    readonly popularity: Popularity,
    readonly memory: LabelMemory,
    readonly name: string,
  ) {}

  static async load(dir: string): Promise<LearnedReranker> {
    const manifestFile = path.join(dir, 'reranker.json');
    if (!fs.existsSync(manifestFile)) throw new LexError('reranker-missing', `No reranker at ${dir} (reranker.json missing).`);
    const invalid = (problem: string) => new LexError('reranker-invalid', `The reranker at ${dir} cannot be read: ${problem}. Retrain it with npm run train-model, or restore the shipped models/ folder.`);
    const manifest = readJsonFile(manifestFile, invalid) as RerankerManifest;
    if (!Array.isArray(manifest?.features) || manifest.features.join(',') !== FEATURE_NAMES.join(',')) {
      throw new LexError('reranker-mismatch', `The reranker at ${dir} was trained on other features; retrain it with npm run train-model.`);
    }
    const popularity = readJsonFile(path.join(dir, 'popularity.json'), invalid) as Popularity;
    const memory = new LabelMemory(readJsonFile(path.join(dir, 'memory.json'), invalid) as MemoryEntry[]);
    const session = await ort.InferenceSession.create(path.join(dir, 'model.onnx'), { executionProviders: ['cpu'] });
    return new LearnedReranker(session, popularity, memory, manifest.name);
  }

  /** Scores the rows of all of one query's candidates together: a score is relative to the others. */
  async score(rows: Float32Array[]): Promise<number[]> {
    if (!rows.length) return [];
    const data = new Float32Array(rows.length * FEATURE_COUNT);
    rows.forEach((r, i) => data.set(r, i * FEATURE_COUNT));
    const out = await this.session.run({ features: new ort.Tensor('float32', data, [rows.length, FEATURE_COUNT]) });
    return Array.from(out.score?.data as Float32Array);
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
