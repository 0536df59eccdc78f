import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairBudget, TextTokenizer } from '../../main/models/tokenizer.js';
import { tokenId, tokenizerJson } from '../helpers/tinyModels.js';

const CONFIG = { pad_token: '[PAD]', unk_token: '[UNK]' };
const make = (maxLength = 32) => new TextTokenizer(tokenizerJson(), CONFIG, { maxLength });
const ids = (...tokens: string[]) => tokens.map(tokenId);

test('Chinese characters are split one per token, between [CLS] and [SEP]', () => {
  const tok = make();
  assert.deepEqual(tok.encode('劳动合同法').ids, ids('[CLS]', '劳', '动', '合', '同', '法', '[SEP]'));
  assert.deepEqual(tok.encode('劳动合同法').typeIds, [0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(tok.encode('工资law').ids, ids('[CLS]', '工', '资', 'law', '[SEP]'));
});

test('text is lowercased and split into wordpieces', () => {
  const tok = make();
  assert.deepEqual(tok.tokens('Laws'), ['[CLS]', 'law', '##s', '[SEP]']);
  assert.deepEqual(tok.encode('EMPLOYERS and LABOR').ids, ids('[CLS]', 'employ', '##er', '##s', 'and', 'labor', '[SEP]'));
  assert.deepEqual(tok.encode('wages').ids, ids('[CLS]', 'wage', '##s', '[SEP]'));
});

test('unknown characters and words become [UNK]; punctuation is its own token', () => {
  const tok = make();
  assert.deepEqual(tok.encode('猫').ids, ids('[CLS]', '[UNK]', '[SEP]'));
  assert.deepEqual(tok.encode('xyz laws').ids, ids('[CLS]', '[UNK]', 'law', '##s', '[SEP]'));
  assert.deepEqual(tok.encode('法，law.').ids, ids('[CLS]', '法', '，', 'law', '.', '[SEP]'));
  assert.deepEqual(tok.encode('').ids, ids('[CLS]', '[SEP]'));
});

test('truncation to the max length keeps [CLS] and [SEP]', () => {
  const tok = make(5);
  assert.deepEqual(tok.encode('劳动合同法').ids, ids('[CLS]', '劳', '动', '合', '[SEP]'));
  assert.deepEqual(tok.encode('劳动合').ids, ids('[CLS]', '劳', '动', '合', '[SEP]'));
  assert.deepEqual(tok.encode('劳动').ids, ids('[CLS]', '劳', '动', '[SEP]'));
});

test('pairs get [SEP] between them and token type 1 for the second text', () => {
  const tok = make();
  const pair = tok.encode('劳动', '工资');
  assert.deepEqual(pair.ids, ids('[CLS]', '劳', '动', '[SEP]', '工', '资', '[SEP]'));
  assert.deepEqual(pair.typeIds, [0, 0, 0, 0, 1, 1, 1]);
});

test('pair truncation removes from the longer text first and keeps every special token', () => {
  const tok = make(8);
  const pair = tok.encode('劳动', '用人单位解除劳动合同');
  assert.deepEqual(pair.ids, ids('[CLS]', '劳', '动', '[SEP]', '用', '人', '单', '[SEP]'));
  assert.deepEqual(pair.typeIds, [0, 0, 0, 0, 1, 1, 1, 1]);
  // 5 + 6 content tokens, budget 8 - 3 specials = 5: the shorter text keeps 2, the longer 3.
  assert.deepEqual(tok.encode('劳动合同法', '用人单位解除').ids, ids('[CLS]', '劳', '动', '[SEP]', '用', '人', '单', '[SEP]'));
});

test('pairBudget follows the longest-first rule', () => {
  assert.deepEqual(pairBudget(2, 3, 10), [2, 3]);
  assert.deepEqual(pairBudget(2, 10, 6), [2, 4]);
  assert.deepEqual(pairBudget(10, 2, 6), [4, 2]);
  assert.deepEqual(pairBudget(10, 10, 7), [3, 4]);
  assert.deepEqual(pairBudget(5, 6, 4), [2, 2]);
});

test('a batch is right-padded with [PAD] and a zero attention mask', () => {
  const tok = make();
  const batch = tok.encodeBatch(['劳动合同法', 'law']);
  assert.equal(batch.batch, 2);
  assert.equal(batch.seqLen, 7);
  assert.deepEqual(batch.lengths, [7, 3]);
  assert.deepEqual(Array.from(batch.inputIds.slice(7), Number), [...ids('[CLS]', 'law', '[SEP]'), 0, 0, 0, 0]);
  assert.deepEqual(Array.from(batch.attentionMask, Number), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
  assert.equal(tok.padId, tokenId('[PAD]'));
});

test('pair batches carry token_type_ids', () => {
  const tok = make();
  const batch = tok.encodePairs('劳动', ['工资', '法']);
  assert.deepEqual(Array.from(batch.tokenTypeIds, Number), [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0]);
});

test('tokenizer.json files that omit optional keys still load', () => {
  const json = tokenizerJson();
  delete json.added_tokens;
  delete json.decoder;
  const model = json.model as Record<string, unknown>;
  delete model.continuing_subword_prefix;
  const tok = new TextTokenizer(json, {}, { maxLength: 16 });
  assert.deepEqual(tok.tokens('laws'), ['[CLS]', 'law', '##s', '[SEP]']);
});

test('zeroTokenTypes sends type 0 for both texts (models with one token type)', () => {
  const tok = new TextTokenizer(tokenizerJson(), CONFIG, { maxLength: 32, zeroTokenTypes: true });
  assert.deepEqual(tok.encode('劳动', '工资').typeIds, [0, 0, 0, 0, 0, 0, 0]);
});
