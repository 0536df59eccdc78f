/**
 * Citations outside a turn's evidence in the app: the cited-statutes panel opens the article such a citation resolved to,
 * as it opens evidence articles, and the sufficiency badge says that 证据充分 holds for the evidence alone.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import '../helpers/domGlobals.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { CitedStatutesPanel } from '../../renderer/src/features/consultation/CitedStatutesPanel.js';
import { SufficiencyIndicator } from '../../renderer/src/features/consultation/SufficiencyIndicator.js';
import { I18nContext, STRINGS } from '../../renderer/src/i18n.js';
import type { CitationAudit } from '../../preload/contract/index.js';
import { render } from '../helpers/dom.js';
import { turnFixture } from '../helpers/turnFixture.js';

const NO_API = new ApiClient({ request: async () => ({ ok: false, error: { code: 'internal', message: 'no host in this test' } }), subscribe: () => () => undefined });

const outside = (seq: number, marker: string, articleId: number, articleLabel: string): CitationAudit => ({
  seq, marker, articleId, lawTitle: '中华人民共和国劳动争议调解仲裁法', articleLabel, publishDate: '2007-12-29', status: 'current', text: '劳动争议申请仲裁的时效期间为一年。',
  quote: null, label: 'outside_evidence', notCurrent: false, note: 'cited, but not in this turn\'s evidence', noteZh: '回答引用了这一条，但它不在本轮证据中。', citedSpans: [],
});

/** The fixture's answer, judged sufficient, then citing 劳动争议调解仲裁法 第二十七条 (twice) and 第二十八条, none of which retrieval found. */
function outsideTurn() {
  const base = turnFixture();
  return turnFixture({
    verdict: 'sufficient',
    citations: [...base.citations, outside(4, '《劳动争议调解仲裁法》第二十七条', 2701, '第二十七条'), outside(5, '第二十七条', 2701, '第二十七条'), outside(6, '第二十八条', 2702, '第二十八条')],
  });
}

/** The answer quoting 第二十八条, outside the evidence, in words it does not hold: 引文不符, outside the evidence too (as the host reads it back). */
function mismatchedOutsideTurn() {
  const base = outsideTurn();
  const wrong: CitationAudit = { ...outside(7, '《劳动争议调解仲裁法》第二十八条', 2702, '第二十八条'), label: 'quote_mismatch', quote: '时效期间为三年', note: 'the quoted text does not appear verbatim in the article', noteZh: '引文与法条原文不一致', outsideEvidence: true };
  // 第二十八条 only quoted wrongly, and 第二十九条 besides: three articles outside the evidence, one of them 引文不符.
  return { ...base, citations: [...base.citations.filter((c) => c.articleId !== 2702), wrong, outside(8, '第二十九条', 2703, '第二十九条')] };
}

describe('citations outside the evidence, in the app', () => {
  test('the cited-statutes panel opens the article a stray citation resolved to; one that named nothing has no link', async () => {
    const opened: number[] = [];
    const r = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={outsideTurn()} onOpenArticle={(id) => opened.push(id)} /></ApiContext.Provider>);
    const items = r.allByTestId('stray-citation');
    assert.deepEqual(items.map((li) => li.querySelector('[data-testid=open-stray]')?.textContent ?? null), [null, '《劳动争议调解仲裁法》第二十七条', '第二十七条', '第二十八条']);
    assert.equal(items[0]!.textContent, '《劳动合同法》第九百条 · 无法解析：无此条', 'unresolved: the marker as text');
    assert.equal(items[3]!.textContent, '第二十八条 · 证据外：回答引用了这一条，但它不在本轮证据中。');
    // An article outside the evidence is real and may apply: a warning, not a failure.
    assert.deepEqual(items.map((li) => li.className), ['bad', 'warn', 'warn', 'warn']);
    for (const link of r.allByTestId('open-stray')) await r.click(link);
    assert.deepEqual(opened, [2701, 2701, 2702]);
    r.unmount();
  });

  test('a 证据充分 badge says it holds for the statutes retrieved, and how many articles the answer cites besides', async () => {
    const r = await render(<SufficiencyIndicator turn={outsideTurn()} onOverride={() => undefined} />);
    assert.equal(r.byTestId('verdict').textContent, '证据充分（仅就检索到的法条而言）');
    assert.ok(r.byTestId('verdict').classList.contains('warn'), 'not the plain ok badge');
    assert.equal(r.byTestId('verdict-scope').textContent, '回答另引 2 条证据外的法条，未经适用性和充分性审查', 'each article once');
    r.unmount();
    const en = await render(<I18nContext.Provider value={STRINGS.en}><SufficiencyIndicator turn={outsideTurn()} onOverride={() => undefined} /></I18nContext.Provider>);
    assert.equal(en.byTestId('verdict').textContent, 'Sufficient (for the statutes retrieved)');
    assert.match(en.byTestId('verdict-scope').textContent!, /cites 2 statute\(s\) outside the evidence/);
    en.unmount();
    // Only evidence cited: the plain verdict.
    const plain = await render(<SufficiencyIndicator turn={turnFixture({ verdict: 'sufficient' })} onOverride={() => undefined} />);
    assert.equal(plain.byTestId('verdict').textContent, '证据充分');
    assert.ok(plain.byTestId('verdict').classList.contains('ok'));
    assert.equal(plain.allByTestId('verdict-scope').length, 0);
    plain.unmount();
    // The user's own verdict is theirs; the judge's, shown beside it, keeps its qualification.
    const overridden = await render(<SufficiencyIndicator turn={{ ...outsideTurn(), verdictOverride: { verdict: 'insufficient', note: '时效条文需核对' } }} onOverride={() => undefined} />);
    assert.equal(overridden.byTestId('verdict').textContent, '证据不足 · 已人工更改');
    assert.equal(overridden.byTestId('original-verdict').textContent, '证据充分（仅就检索到的法条而言） → 证据不足：时效条文需核对');
    assert.equal(overridden.allByTestId('verdict-scope').length, 0);
    overridden.unmount();
  });

  test('a citation 引文不符 of an article outside the evidence counts among them, and is said; it is listed with the stray citations', async () => {
    const turn = mismatchedOutsideTurn();
    const r = await render(<SufficiencyIndicator turn={turn} onOverride={() => undefined} />);
    assert.equal(r.byTestId('verdict').textContent, '证据充分（仅就检索到的法条而言）');
    assert.equal(r.byTestId('verdict-scope').textContent, '回答另引 3 条证据外的法条（其中 1 条引文与法条原文不符），未经适用性和充分性审查');
    r.unmount();
    const en = await render(<I18nContext.Provider value={STRINGS.en}><SufficiencyIndicator turn={turn} onOverride={() => undefined} /></I18nContext.Provider>);
    assert.equal(en.byTestId('verdict-scope').textContent, 'The answer also cites 3 statute(s) outside the evidence (of them 1 quoted in words the article does not hold), not checked for applicability or sufficiency');
    en.unmount();
    // Alone it still qualifies the verdict: before, a 证据充分 resting on it read as plain.
    const alone = await render(<SufficiencyIndicator turn={{ ...turn, citations: [...turnFixture().citations, turn.citations.find((c) => c.label === 'quote_mismatch' && c.outsideEvidence)!] }} onOverride={() => undefined} />);
    assert.equal(alone.byTestId('verdict').textContent, '证据充分（仅就检索到的法条而言）');
    assert.equal(alone.byTestId('verdict-scope').textContent, '回答另引 1 条证据外的法条（其中 1 条引文与法条原文不符），未经适用性和充分性审查');
    alone.unmount();
    // An evidence article quoted wrongly ([2] of the fixture) is no article outside the evidence.
    const inside = await render(<SufficiencyIndicator turn={turnFixture({ verdict: 'sufficient' })} onOverride={() => undefined} />);
    assert.equal(inside.byTestId('verdict').textContent, '证据充分');
    inside.unmount();
    const panel = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    const wrong = panel.allByTestId('stray-citation').find((li) => li.textContent!.startsWith('《劳动争议调解仲裁法》第二十八条'));
    assert.equal(wrong?.textContent, '《劳动争议调解仲裁法》第二十八条 · 引文不符；证据外：引文与法条原文不一致');
    assert.equal(wrong?.className, 'bad');
    panel.unmount();
  });
});
