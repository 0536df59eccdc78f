/** Where an evidence article's shortened view opens, and which words it marks: those of the queries that found it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evidenceExcerpt, excerptSnippet, withExcerpts } from '../../main/consult/excerpt.js';
import type { Evidence } from '../../main/consult/types.js';
import { ARTICLE_38 } from '../helpers/article38.js';


function evidence(over: Partial<Evidence>): Evidence {
  return {
    articleId: 38, lawTitle: '中华人民共和国劳动合同法', articleLabel: '第三十八条', level: '法律', province: '', status: 'current',
    publishDate: '2012-12-28', effectiveDate: '2013-07-01', path: [], text: ARTICLE_38, score: 1, foundBy: [], excluded: null, excerpt: null, ...over,
  };
}

const words = (text: string, hits: Array<[number, number]>) => hits.map(([s, e]) => text.slice(s, e));

test('the excerpt opens at the line holding the words, and every place of them is kept', () => {
  const excerpt = evidenceExcerpt(ARTICLE_38, ['劳动报酬', '社会保险费']);
  assert.ok(excerpt);
  assert.ok(ARTICLE_38.slice(excerpt.start).startsWith('（二）未及时足额支付劳动报酬的'), ARTICLE_38.slice(excerpt.start, excerpt.start + 20));
  assert.deepEqual(words(ARTICLE_38, excerpt.hits), ['劳动报酬', '社会保险费']);
  assert.equal(evidenceExcerpt(ARTICLE_38, ['仲裁', '']), null, 'none of the words: no excerpt, the views open at the start');
});

test('each article is marked with the words of the queries that found it; one reached through the statute graph with those of the question', () => {
  const termsOf = (query: string) => query.split(' ');
  const [byRewrite, byGraph] = withExcerpts(
    [
      evidence({ foundBy: [{ via: 'rewrite', query: '劳动报酬 拖欠', rank: 2 }, { via: 'graph', query: 'cites:《劳动合同法》第四十六条', rank: 0 }] }),
      evidence({ articleId: 46, foundBy: [{ via: 'graph', query: 'cites:《劳动合同法》第三十八条', rank: 0 }] }),
      evidence({ articleId: 7, text: '用人单位自用工之日起即与劳动者建立劳动关系。', foundBy: [{ via: 'original', query: '社会保险费 用人单位', rank: 1 }] }),
    ],
    termsOf,
  );
  assert.deepEqual(words(ARTICLE_38, byRewrite!.excerpt!.hits), ['劳动报酬']);
  assert.deepEqual(words(ARTICLE_38, byGraph!.excerpt!.hits), ['用人单位', '社会保险费', '用人单位', '用人单位', '用人单位', '用人单位'], "the question's words, in the order of the text");
});

test('as one line: line breaks become spaces, the words stay marked, and cut ends say so', () => {
  const e = evidence({ excerpt: evidenceExcerpt(ARTICLE_38, ['劳动报酬']) });
  const line = excerptSnippet(e, 20);
  assert.equal(line.text, '…（二）未及时足额支付劳动报酬的； （三）…');
  assert.deepEqual(line.highlights.map(([s, t]) => line.text.slice(s, t)), ['劳动报酬']);
  const stored = excerptSnippet(evidence({}), 12);
  assert.equal(stored.text, '用人单位有下列情形之一的…', 'a turn stored before excerpts shows the beginning');
  assert.deepEqual(stored.highlights, []);
});
