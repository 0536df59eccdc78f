import { Tokenizer } from '@huggingface/tokenizers';
import type { Engine } from '../../engine/index.js';
import { featuresOf, type FeatureBag, type HashgramShape } from './features.js';
import { loadCorpus, loadLabelledQueries, type CorpusArticle, type LabelledQuery } from './trainingData.js';
import { buildVocab, tokenizerConfigJson, tokenizerJson } from './vocab.js';

export const MAX_LENGTH = 256;
export const FOLDS = 5;

/** Everything the trainers share, tokenised once. */
export interface TrainingSet {
  corpus: CorpusArticle[];
  vocab: string[];
  tokenizer: Tokenizer;
  shape: HashgramShape;
  docFeatures: Map<number, FeatureBag>;
  queries: LabelledQuery[];
  queryFeatures: FeatureBag[];
  /** BM25 hard negatives per query (top lexical results that are not gold). */
  negatives: number[][];
  tokenize(text: string): number[];
}

/** Ids exactly as the Embedder sees them: truncated to maxLength keeping [SEP]. */
export function truncateIds(ids: number[], maxLength: number): number[] {
  return ids.length <= maxLength ? ids : [...ids.slice(0, maxLength - 1), ids[ids.length - 1] as number];
}

export function prepareTrainingSet(engine: Engine, evalDir: string, shape: Omit<HashgramShape, 'vocabSize'>, log: (m: string) => void): TrainingSet {
  const corpus = loadCorpus(engine);
  const queries = loadLabelledQueries(engine, evalDir);
  log(`${corpus.length} articles, ${queries.length} labelled training texts`);
  const vocab = buildVocab([...corpus.map((a) => a.text), ...queries.map((q) => q.text)], 3, 12000);
  const tokenizer = new Tokenizer(tokenizerJson(vocab, MAX_LENGTH), tokenizerConfigJson(MAX_LENGTH));
  const tokenize = (text: string) => truncateIds(tokenizer.encode(text).ids as number[], MAX_LENGTH);
  const fullShape: HashgramShape = { ...shape, vocabSize: vocab.length };
  const docFeatures = new Map<number, FeatureBag>();
  for (const a of corpus) docFeatures.set(a.id, featuresOf(tokenize(a.text), fullShape));
  log(`vocabulary ${vocab.length}; articles tokenised; mining BM25 negatives …`);
  const negatives = queries.map((q) => {
    const gold = new Set(q.gold);
    return engine.rank(q.text.slice(0, 300), { limit: 30 }).filter((id) => !gold.has(id)).slice(0, 20);
  });
  const queryFeatures = queries.map((q) => featuresOf(tokenize(q.text), fullShape));
  return { corpus, vocab, tokenizer, shape: fullShape, docFeatures, queries, queryFeatures, negatives, tokenize };
}
