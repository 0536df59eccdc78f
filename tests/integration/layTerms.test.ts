/**
 * Everyday wording on a real library (core subset of ../shared): the statute
 * terms for a query's everyday words reach the article that uses them, and
 * the label memory adds no articles for a query unlike every labelled
 * question. Real SQLite, real FTS5, the real CLI.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getArticles } from '../../main/library/articles.js';
import { MIN_MEMORY_SIMILARITY } from '../../main/engine/retrieval.js';
import { gatherCandidates } from '../../main/search/hybrid/hybridRank.js';
import { LabelMemory, memoryEntry } from '../../main/search/hybrid/labelMemory.js';
import { layTermExpansion } from '../../main/search/layTerms.js';
import { runCli } from '../helpers/cli.js';
import { buildLibrary, CORE_SUBSET, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const LAY_QUESTION = '老板不发工资，我辞职能要补偿吗';
const LABOUR_LAW = '中华人民共和国劳动合同法';

describe('everyday wording', { skip: SKIP, concurrency: false }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: CORE_SUBSET });
  });
  after(async () => {
    await lib?.dispose();
  });

  const cited = (ids: number[]) => getArticles(lib.engine.db, ids).map((a) => `${a.lawTitle}#${a.number}`);

  test('工资 and 辞职 reach 劳动合同法 第三十八条 (劳动报酬, 解除劳动合同); the words as typed do not', async () => {
    const expanded = cited((await lib.engine.retrieval.rank(LAY_QUESTION, { mode: 'lexical', limit: 10 })).map((r) => r.id));
    const literal = cited((await lib.engine.retrieval.rank(LAY_QUESTION, { mode: 'lexical', limit: 50, literal: true })).map((r) => r.id));
    assert.ok(expanded.includes(`${LABOUR_LAW}#38`), expanded.join(' '));
    assert.ok(!literal.includes(`${LABOUR_LAW}#38`), literal.join(' '));
  });

  test('a hit-and-run in everyday words (撞了人逃跑) reaches 民法典 第一千二百一十六条 (机动车驾驶人发生交通事故后逃逸); the words as typed do not', async () => {
    const question = '开车撞了人逃跑会判几年';
    const expanded = cited((await lib.engine.retrieval.rank(question, { mode: 'lexical', limit: 10 })).map((r) => r.id));
    const literal = cited((await lib.engine.retrieval.rank(question, { mode: 'lexical', limit: 50, literal: true })).map((r) => r.id));
    assert.equal(expanded[0], '中华人民共和国民法典#1216', expanded.join(' '));
    assert.ok(!literal.includes('中华人民共和国民法典#1216'), literal.join(' '));
  });

  test('a law named at the head of a query, set apart, puts its articles first among the same results', async () => {
    const scoped = cited((await lib.engine.retrieval.rank('刑法 正当防卫', { mode: 'lexical', limit: 10 })).map((r) => r.id));
    const inLaw = scoped.map((c) => c.startsWith('中华人民共和国刑法#'));
    assert.ok(inLaw[0], scoped.join(' '));
    assert.ok(inLaw.indexOf(false) > 0 && !inLaw.slice(inLaw.indexOf(false)).includes(true), `刑法's articles form the head: ${scoped.join(' ')}`);
    assert.ok(scoped.includes('中华人民共和国刑法#20'));
    assert.ok(scoped.includes('中华人民共和国民法典#181'), 'the other laws\' articles stay listed, after them');
    // The same words with the law in running text: the same articles (the query's words are the same), ranked as search ranks them.
    const unscoped = cited((await lib.engine.retrieval.rank('正当防卫 刑法', { mode: 'lexical', limit: 10 })).map((r) => r.id));
    assert.deepEqual([...unscoped].sort(), [...scoped].sort());
    // A law filter is scope enough: the order is search's own.
    const filtered = await lib.engine.retrieval.rank('刑法 正当防卫', { mode: 'lexical', limit: 10, filters: { law: '刑法' } });
    assert.ok(filtered.length > 0);
  });

  test('search marks the statute terms it added in the snippets', async () => {
    const hits = await lib.engine.retrieval.search(LAY_QUESTION, { mode: 'lexical', limit: 10 });
    const article38 = hits.find((h) => h.article.lawTitle === LABOUR_LAW && h.article.number === 38);
    assert.ok(article38);
    const marked = article38.snippet.highlights.map(([s, e]) => article38.snippet.text.slice(s, e));
    assert.ok(marked.includes('用人单位'), `an added term is marked: ${marked.join(' ')}`);
  });

  test('the label memory adds its articles only for a query close enough to a labelled question', async () => {
    const memory = new LabelMemory([
      memoryEntry('离婚后孩子抚养权归谁？', ['中华人民共和国民法典#1084']),
      memoryEntry('夫妻离婚财产怎么分', ['中华人民共和国民法典#1087']),
      memoryEntry('借款到期不还能要利息吗', ['中华人民共和国民法典#680']),
    ]);
    const deps = { ...lib.engine.searchDeps(), dense: null, reranker: null };
    const similarOnly = async (text: string, floor: number) => {
      const { candidates } = await gatherCandidates(deps, text, {}, { memory, minMemorySimilarity: floor, terms: layTermExpansion(text) });
      return cited(candidates.filter((c) => c.similar && c.lexicalRank === null && !c.cited).map((c) => c.articleId));
    };
    const unlike = memory.votes(LAY_QUESTION).neighbours[0]?.similarity ?? 0;
    assert.ok(unlike > 0 && unlike < MIN_MEMORY_SIMILARITY, `nearest similarity ${unlike}`);
    assert.ok((await similarOnly(LAY_QUESTION, 0)).includes('中华人民共和国民法典#680'), 'without a floor the loan article joins a wage question');
    assert.deepEqual(await similarOnly(LAY_QUESTION, MIN_MEMORY_SIMILARITY), []);
    const close = '离婚后孩子的抚养权一般归谁';
    assert.ok((memory.votes(close).neighbours[0]?.similarity ?? 0) >= MIN_MEMORY_SIMILARITY);
    const { candidates } = await gatherCandidates(deps, close, {}, { memory, minMemorySimilarity: MIN_MEMORY_SIMILARITY });
    assert.ok(cited(candidates.filter((c) => c.similar).map((c) => c.articleId)).includes('中华人民共和国民法典#1084'));
  });

  test('lexdesk search says which statute terms it added; --literal adds none', async () => {
    const text = await runCli(['search', LAY_QUESTION, '--db', lib.dbPath, '--mode', 'lexical', '--k', '10']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Also searched for the statute terms 劳动报酬、用人单位、劳动者、解除劳动合同、经济补偿 \(--literal searches only your words\)$/m);
    assert.match(text.stdout, /《中华人民共和国劳动合同法》第三十八条/);
    const literal = await runCli(['search', LAY_QUESTION, '--db', lib.dbPath, '--mode', 'lexical', '--k', '10', '--literal', '--json']);
    assert.equal(literal.code, 0, literal.stderr);
    const parsed = JSON.parse(literal.stdout) as { addedTerms: string[]; hits: Array<{ lawTitle: string; number: number }> };
    assert.deepEqual(parsed.addedTerms, []);
    assert.ok(!parsed.hits.some((h) => h.lawTitle === LABOUR_LAW && h.number === 38));
  });
});
