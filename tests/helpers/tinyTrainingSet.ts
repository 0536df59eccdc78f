import { Tokenizer } from '@huggingface/tokenizers';
import { featuresOf } from '../../main/models/hashgram/features.js';
import type { TrainingSet } from '../../main/models/hashgram/trainingSet.js';
import { buildVocab, tokenizerConfigJson, tokenizerJson } from '../../main/models/hashgram/vocab.js';

/** Six short statute-like articles on unrelated subjects (wages, marital property, theft, leases, licensing, copyright). */
export const TINY_ARTICLES = [
  '用人单位应当按时足额支付劳动报酬。用人单位拖欠劳动报酬的，劳动者可以申请支付令。',
  '夫妻在婚姻关系存续期间所得的工资奖金为共同财产。离婚时共同财产由双方协议处理。',
  '盗窃公私财物数额较大的，处三年以下有期徒刑。多次盗窃或者入户盗窃的，依照前款处罚。',
  '出租人应当按照约定将租赁物交付承租人。承租人应当按照约定的方法使用租赁物。',
  '行政机关实施行政许可应当公开公平。申请人可以委托代理人提出行政许可申请。',
  '著作权人享有发表权和署名权。他人使用作品应当取得著作权人的许可并支付报酬。',
];

/**
 * A training set over TINY_ARTICLES (article id = index) for the hashgram trainers, with
 * `questions` as labelled queries ([text, article]; fold = index mod 3, one hard negative:
 * the next article).
 */
export function tinyTrainingSet(questions: Array<[string, number]> = []): TrainingSet {
  const vocab = buildVocab([...TINY_ARTICLES, ...questions.map(([q]) => q)], 1, 5000);
  const tokenizer = new Tokenizer(tokenizerJson(vocab, 128), tokenizerConfigJson(128));
  const tokenize = (text: string) => tokenizer.encode(text).ids as number[];
  const shape = { vocabSize: vocab.length, buckets: 4096, dimension: 16 };
  const corpus = TINY_ARTICLES.map((text, id) => ({ id, text, current: true }));
  const queries = questions.map(([text, article], i) => ({ id: `q${i}`, text, gold: [article], source: 'stard', fold: i % 3 }));
  return {
    corpus, vocab, tokenizer, shape, tokenize, queries,
    queryFeatures: queries.map((q) => featuresOf(tokenize(q.text), shape)),
    negatives: queries.map((q) => [((q.gold[0] as number) + 1) % TINY_ARTICLES.length]),
    docFeatures: new Map(corpus.map((a) => [a.id, featuresOf(tokenize(a.text), shape)])),
  };
}
