import { seededRandom } from '../../util/numeric.js';
import type { FeatureBag } from './features.js';
import { contrastiveStep, type ContrastiveBatch } from './loss.js';
import { HashgramModel } from './model.js';
import type { LabelledQuery } from './trainingData.js';
import type { TrainingSet } from './trainingSet.js';

/** What dense training reads of the training set (all of it can be sent to a worker thread). */
export type DenseTrainingData = Pick<TrainingSet, 'shape' | 'docFeatures' | 'queries' | 'queryFeatures' | 'negatives'>;

export interface DenseTrainOptions {
  steps: number;
  batch: number;
  lr: number;
  temperature: number;
  seed: number;
  deadline: number;
  log: (m: string) => void;
  /** Mined hard negatives added to the batch per question (default 1). */
  hardNegatives?: number;
  /** Start from these weights (e.g. the corpus-pretrained model) instead of random ones. */
  init?: HashgramModel;
}

/** Trains a hashgram model on every labelled text except those of `excludeFold`. */
export function trainDense(set: DenseTrainingData, opts: DenseTrainOptions, excludeFold: number | null): { model: HashgramModel; steps: number } {
  const random = seededRandom(opts.seed + (excludeFold ?? 99));
  const usable = set.queries.map((q, i) => ({ q, i })).filter(({ q }) => excludeFold === null || q.fold !== excludeFold);
  const model = new HashgramModel(set.shape, random);
  if (opts.init) model.copyWeightsFrom(opts.init);
  const steps = contrastiveLoop(model, opts, `fold ${excludeFold ?? 'all'}`, () => {
    const picked = Array.from({ length: opts.batch }, () => (usable[Math.floor(random() * usable.length)] as { i: number }).i);
    return sampleBatch(set, picked, random, opts.hardNegatives ?? 1);
  });
  return { model, steps };
}

/**
 * Contrastive steps on batches from `nextBatch` (learning rate decaying
 * linearly from 105% of `lr` to 5% of it) until `steps` or the deadline; logs
 * a running loss every 500 steps under `label`, and says so when the deadline
 * cut the run short (the model then differs from a full run's). Returns the steps taken.
 */
export function contrastiveLoop(
  model: HashgramModel, opts: Pick<DenseTrainOptions, 'steps' | 'lr' | 'temperature' | 'deadline' | 'log'>, label: string, nextBatch: () => ContrastiveBatch,
): number {
  let avg = 0;
  let step = 0;
  for (; step < opts.steps && Date.now() < opts.deadline; step += 1) {
    const batch = nextBatch();
    const lr = opts.lr * (1 - step / opts.steps) + opts.lr * 0.05;
    const loss = contrastiveStep(model, batch, opts.temperature, lr);
    avg = step === 0 ? loss : 0.98 * avg + 0.02 * loss;
    if (step % 500 === 0) opts.log(`${label} step ${step} loss ${avg.toFixed(3)}`);
  }
  if (step < opts.steps) opts.log(`WARNING: ${label} stopped at the time limit after ${step} of ${opts.steps} steps; this model differs from a full run's (raise --minutes on a slower machine)`);
  return step;
}

function sampleBatch(set: DenseTrainingData, picked: number[], random: () => number, hardNegatives: number): ContrastiveBatch {
  const docIds: number[] = [];
  const docIndex = new Map<number, number>();
  const addDoc = (id: number) => {
    if (!docIndex.has(id)) {
      docIndex.set(id, docIds.length);
      docIds.push(id);
    }
    return docIndex.get(id) as number;
  };
  const positive = picked.map((qi) => {
    const gold = (set.queries[qi] as LabelledQuery).gold;
    return addDoc(gold[Math.floor(random() * gold.length)] as number);
  });
  for (const qi of picked) {
    const negs = set.negatives[qi] ?? [];
    for (let n = 0; n < hardNegatives && negs.length; n += 1) addDoc(negs[Math.floor(random() * Math.min(negs.length, 10))] as number);
  }
  return {
    queries: picked.map((qi) => set.queryFeatures[qi] as FeatureBag),
    docs: docIds.map((id) => set.docFeatures.get(id) as FeatureBag),
    positive,
    alsoRelevant: picked.map(
      (qi) => new Set((set.queries[qi] as LabelledQuery).gold.map((g) => docIndex.get(g)).filter((x): x is number => x !== undefined)),
    ),
  };
}
