import { seededRandom } from '../../util/numeric.js';
import { contrastiveLoop, type DenseTrainOptions } from './denseTrainer.js';
import { featuresOf, type FeatureBag } from './features.js';
import { HashgramModel } from './model.js';
import type { TrainingSet } from './trainingSet.js';

/** The same schedule settings as fine-tuning, without its labelled-data options. */
export type PretrainOptions = Omit<DenseTrainOptions, 'hardNegatives' | 'init'>;

/** Token ids that end a sentence or clause (。；！？ and ;, which the vocabulary keeps; the tokenizer drops line breaks, so they cannot). */
function sentenceEnds(vocab: string[]): Set<number> {
  return new Set(['。', '；', '！', '？', ';'].map((c) => vocab.indexOf(c)).filter((i) => i >= 0));
}

interface Article { ids: number[]; spans: Array<[number, number]> }

/**
 * Inverse-cloze pretraining on the statute corpus alone (no labels): one
 * sentence of an article is the pseudo-query and the rest of the article its
 * positive (the sentence is removed from it nine times in ten), with in-batch
 * negatives. It teaches the hashgram tables which legal words go together
 * before the few thousand labelled questions fine-tune them.
 */
export function pretrainInverseCloze(set: TrainingSet, opts: PretrainOptions): HashgramModel {
  const random = seededRandom(opts.seed ^ 0x1c7);
  const ends = sentenceEnds(set.vocab);
  const articles: Article[] = [];
  for (const a of set.corpus) {
    if (!a.current) continue;
    const ids = set.tokenize(a.text);
    const spans: Array<[number, number]> = [];
    let start = 1;
    for (let i = 1; i < ids.length - 1; i += 1) {
      if (ends.has(ids[i] as number)) {
        if (i + 1 - start >= 8) spans.push([start, i + 1]);
        start = i + 1;
      }
    }
    if (ids.length - 1 - start >= 8) spans.push([start, ids.length - 1]);
    if (spans.length >= 2) articles.push({ ids, spans });
  }
  opts.log(`inverse-cloze pretraining on ${articles.length} articles`);
  const model = new HashgramModel(set.shape, random);
  // [CLS] and [SEP] as the tokenizer adds them around any text.
  const [cls, sep] = set.tokenize('') as [number, number];
  contrastiveLoop(model, opts, 'pretrain', () => {
    const queries: FeatureBag[] = [];
    const docs: FeatureBag[] = [];
    for (let b = 0; b < opts.batch; b += 1) {
      const art = articles[Math.floor(random() * articles.length)] as Article;
      const [s, e] = art.spans[Math.floor(random() * art.spans.length)] as [number, number];
      queries.push(featuresOf([cls, ...art.ids.slice(s, e), sep], set.shape));
      const keep = random() < 0.1;
      docs.push(featuresOf(keep ? art.ids : [...art.ids.slice(0, s), ...art.ids.slice(e)], set.shape));
    }
    return { queries, docs, positive: queries.map((_, i) => i), alsoRelevant: queries.map(() => new Set<number>()) };
  });
  return model;
}
