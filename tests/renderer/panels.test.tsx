import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { act, type ReactNode } from 'react';
import '../helpers/domGlobals.js';
import { ApiClient, HostCallError } from '../../renderer/src/api/client.js';
import { AnswerText } from '../../renderer/src/features/consultation/AnswerText.js';
import { CitedStatutesPanel } from '../../renderer/src/features/consultation/CitedStatutesPanel.js';
import { StageProgress } from '../../renderer/src/features/consultation/StageProgress.js';
import { parseField, StatePanel } from '../../renderer/src/features/consultation/StatePanel.js';
import { SufficiencyIndicator } from '../../renderer/src/features/consultation/SufficiencyIndicator.js';
import { I18nContext, STRINGS } from '../../renderer/src/i18n.js';
import { render } from '../helpers/dom.js';
import { turnFixture } from '../helpers/turnFixture.js';
import { ApiContext } from '../../renderer/src/api/context.js';

/** A host that answers nothing: panels that can call the host (☆) get one, though these tests press nothing that calls it. */
const NO_API = new ApiClient({ request: async () => ({ ok: false, error: { code: 'internal', message: 'no host in this test' } }), subscribe: () => () => undefined });

describe('consultation panels', () => {
  test('sufficiency indicator: the verdict at a glance, expandable to iterations, checks and refinements; override', async () => {
    const calls: Array<[string, string]> = [];
    const r = await render(<SufficiencyIndicator turn={turnFixture()} onOverride={(v, n) => calls.push([v, n])} />);
    assert.equal(r.byTestId('verdict').textContent, '证据不足（已达上限）');
    assert.equal(r.allByTestId('verdict-details').length, 0, 'collapsed at first');
    await r.click(r.byTestId('verdict'));
    assert.equal(r.allByTestId('iteration').length, 2);
    assert.match(r.byTestId('verdict-details').textContent!, /缺少工资标准/);
    assert.match(r.byTestId('verdict-details').textContent!, /经济补偿 月工资 计算基数/);
    assert.match(r.byTestId('verdict-details').textContent!, /是已被修订的旧版本/);
    await r.type(r.byTestId('override-choice') as HTMLSelectElement, 'sufficient');
    await r.type(r.byTestId('override-note') as HTMLInputElement, '律师复核后认为充分');
    await r.click(r.byTestId('override-save'));
    assert.deepEqual(calls, [['sufficient', '律师复核后认为充分']]);
    r.unmount();
    const overridden = await render(<SufficiencyIndicator turn={turnFixture({ verdictOverride: { verdict: 'sufficient', note: '复核' } })} onOverride={() => undefined} />);
    assert.equal(overridden.byTestId('verdict').textContent, '证据充分 · 已人工更改');
    assert.match(overridden.byTestId('original-verdict').textContent!, /证据不足（已达上限） → 证据充分：复核/);
    overridden.unmount();
    const offline = await render(<SufficiencyIndicator turn={turnFixture({ verdict: 'offline', mode: 'offline', iterations: [] })} onOverride={() => undefined} />);
    assert.equal(offline.byTestId('verdict').textContent, '离线：无审查');
    offline.unmount();
  });

  test('state panel: changes highlighted, removed items struck through; a correction is parsed into the field', async () => {
    const corrections: unknown[] = [];
    const r = await render(<StatePanel turn={turnFixture()} onCorrect={(c) => { corrections.push(c); }} />);
    const facts = r.byTestId('state-keyFacts');
    assert.ok(facts.classList.contains('changed'));
    assert.equal(facts.querySelector('.added')!.textContent, '工作五年');
    assert.equal(r.byTestId('state-missingFacts').querySelector('del')!.textContent, '工作年限');
    assert.ok(!r.byTestId('state-posture').classList.contains('changed'));
    const first = await render(<StatePanel turn={turnFixture({ seq: 1 })} onCorrect={() => undefined} />);
    assert.equal(first.container.querySelectorAll('.changed').length, 0, 'nothing is highlighted on the first turn');
    first.unmount();
    await r.click(r.byTestId('correct-parties'));
    await r.type(r.byTestId('edit-parties') as HTMLTextAreaElement, '张三（劳动者）\n某科技公司（用人单位）');
    await r.click(r.byTestId('save-parties'));
    assert.deepEqual(corrections, [{ parties: [{ name: '张三', role: '劳动者' }, { name: '某科技公司', role: '用人单位' }] }]);
    assert.deepEqual(parseField('factDate', '2024-03-01'), { factDate: '2024-03-01' });
    assert.deepEqual(parseField('posture', '已申请\n劳动仲裁'), { posture: '已申请 劳动仲裁' });
    r.unmount();
  });

  test('state panel: dates as lawyers write them are stored as 2023-05-01; the editor stays open until the correction is stored, with the reason when refused', async () => {
    for (const typed of ['2023年5月1日', '2023.5.1', '2023/5/1', '2023-5-1', '２０２３年５月１日', ' 2023 年 05 月 01 日 ']) assert.deepEqual(parseField('factDate', typed), { factDate: '2023-05-01' }, typed);
    // No calendar date: left as typed (the panel says so before anything is sent).
    for (const typed of ['2023年2月30日', '2023-13-01', '去年五月']) assert.deepEqual(parseField('factDate', typed), { factDate: typed }, typed);
    assert.deepEqual(parseField('factDate', ''), { factDate: null });
    let refuse = true;
    const stored: unknown[] = [];
    const r = await render(
      <StatePanel
        turn={turnFixture()}
        onCorrect={async (c) => {
          if (refuse) throw new Error('consult.correctState: correction.keyFacts.0: String must contain at most 1000 character(s)');
          stored.push(c);
        }}
      />,
    );
    await r.click(r.byTestId('correct-factDate'));
    await r.type(r.byTestId('edit-factDate') as HTMLTextAreaElement, '去年春天');
    await r.click(r.byTestId('save-factDate'));
    assert.match(r.byTestId('correct-error').textContent!, /日期请写成 2023-05-01/);
    assert.equal((r.byTestId('edit-factDate') as HTMLTextAreaElement).value, '去年春天', 'the text stays');
    await r.type(r.byTestId('edit-factDate') as HTMLTextAreaElement, '2023年5月1日');
    await r.click(r.byTestId('save-factDate'));
    assert.match(r.byTestId('correct-error').textContent!, /at most 1000/, 'the host\'s reason');
    assert.equal(r.allByTestId('edit-factDate').length, 1, 'still open');
    refuse = false;
    await r.click(r.byTestId('save-factDate'));
    assert.deepEqual(stored, [{ factDate: '2023-05-01' }]);
    assert.equal(r.allByTestId('edit-factDate').length, 0, 'closed once stored');
    r.unmount();
  });

  test('cited statutes: status badge, audit label per article, why selected, excluded and stray citations; opening an article', async () => {
    const opened: number[] = [];
    const r = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turnFixture()} onOpenArticle={(id) => opened.push(id)} /></ApiContext.Provider>);
    const items = r.allByTestId('evidence');
    assert.equal(items.length, 2, 'excluded articles are not among the evidence');
    assert.deepEqual(r.allByTestId('audit-label').map((e) => e.textContent), ['已核验', '引文不符']);
    assert.deepEqual(r.allByTestId('status-badge').map((e) => e.textContent), ['现行有效', '现行有效']);
    assert.equal(r.allByTestId('on-date').length, 0, 'no date, no badge for it');
    assert.equal(r.byTestId('evidence-quote').textContent, '“每满两年支付一个月工资”引文与法条原文不一致', 'the mismatching quote is shown, with why');
    assert.match(items[0]!.textContent!, /入选原因：检索原问题第1名/, 'the question is on screen: its rank is said, not the question again');
    assert.equal(r.allByTestId('evidence-breadcrumb')[0]!.textContent, '中华人民共和国劳动合同法 › 第四章 劳动合同的解除和终止');
    assert.match(r.byTestId('excluded').textContent!, /《中华人民共和国公司法》第一条：不存在公司组织关系/);
    assert.equal(r.byTestId('stray-citations').textContent, '《劳动合同法》第九百条 · 无法解析：无此条', 'the audit note in Chinese');
    // Offline no answer was written, so no article carries 「未引用」.
    const offline = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turnFixture({ mode: 'offline', verdict: 'offline', citations: [] })} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.equal(offline.allByTestId('evidence').length, 2);
    assert.equal(offline.allByTestId('audit-label').length, 0);
    offline.unmount();
    assert.equal(r.allByTestId('audit-label')[1]!.getAttribute('title'), '引文与法条原文不一致', 'why a label is not 已核验, on hover');
    await r.click(r.allByTestId('open-article')[1]!);
    assert.deepEqual(opened, [47]);
    assert.equal(r.allByTestId('evidence-check').length, 0, 'the last iteration found nothing of the articles shown');
    r.unmount();
    // The last iteration's code checks, under the article each concerns: here a later text read for the facts' date.
    const dated = turnFixture();
    const problem = '《中华人民共和国劳动合同法》第三十八条（2012-12-28版（2013-07-01 起施行）；法规库中没有该法在 2010-06-01 施行的文本，当时的条文可能不同），须另行核对';
    dated.iterations = [...dated.iterations.slice(0, -1), { ...dated.iterations.at(-1)!, codeChecks: [{ articleId: 38, problem }] }];
    const checked = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={dated} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.deepEqual(checked.allByTestId('evidence').map((e) => e.querySelector('[data-testid=evidence-check]')?.textContent ?? null), [`程序检查：${problem}`, null]);
    checked.unmount();

    const english = await render(<I18nContext.Provider value={STRINGS.en}><ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turnFixture()} onOpenArticle={() => undefined} /></ApiContext.Provider></I18nContext.Provider>);
    assert.match(english.byTestId('stray-citations').textContent!, /：no such article$/, 'and in English in the English UI');
    english.unmount();
    const older = turnFixture();
    older.citations = older.citations.map((c) => ({ ...c, noteZh: null }));
    const stored = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={older} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.match(stored.byTestId('stray-citations').textContent!, /：no such article$/, 'a turn stored before the Chinese note shows the English one');
    stored.unmount();
  });

  test('cited statutes: a written citation whose words fit another article says so under the article, with that article to open', async () => {
    const turn = turnFixture();
    const noteZh = '回答此处所述与该条内容不符（该条为「用人单位有下列情形之一的，劳动者可以解除劳动合同」），与该法第四十六条相符（「有下列情形之一的，用人单位应当向劳动者支付经济补偿」），请核对条号';
    turn.citations = [...turn.citations, { ...turn.citations[0]!, seq: 4, marker: '《劳动合同法》第三十八条', note: 'what the answer says here does not match this article', noteZh, closer: { articleId: 46, label: '第四十六条' } }];
    const opened: number[] = [];
    const r = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={(id) => opened.push(id)} /></ApiContext.Provider>);
    const [topic, ...more] = r.allByTestId('evidence-topic');
    assert.equal(more.length, 0);
    assert.ok(r.allByTestId('evidence')[0]!.contains(topic!), 'under the article cited');
    assert.equal(topic!.textContent, `《劳动合同法》第三十八条：${noteZh} 查看第四十六条`);
    await r.click(topic!.querySelector('button')!);
    assert.deepEqual(opened, [46]);
    r.unmount();
    // None stands out: the note alone; and a turn with no such mark (none found, or stored before migration 16) shows none.
    turn.citations[3] = { ...turn.citations[3]!, closer: null };
    const alone = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.equal(alone.byTestId('evidence-topic').querySelector('button'), null);
    alone.unmount();
    const stored = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turnFixture()} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.equal(stored.allByTestId('evidence-topic').length, 0);
    stored.unmount();
  });

  test('cited statutes: with a date the law is applied as of, whether each article was law then, before its status today', async () => {
    const base = turnFixture();
    const evidence = base.evidence.map((e, i) => ({ ...e, onDate: { date: '2019-06-01', standing: i === 0 ? 'not-yet' as const : 'in-force' as const } }));
    const r = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={{ ...base, evidence }} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.deepEqual(r.allByTestId('on-date').map((e) => [e.textContent, e.className]), [['2019-06-01 尚未施行', 'badge warn'], ['2019-06-01 施行中', 'badge ok']]);
    assert.deepEqual(r.allByTestId('status-badge').map((e) => e.textContent), ['现行有效', '现行有效']);
    r.unmount();
  });

  test('cited statutes: ☆ saves the article, as the turn stored it, to the consultation\'s folder; a refusal is said in place', async () => {
    const sent: Array<{ route: string; input: unknown }> = [];
    const client = new ApiClient({
      request: async (route, input) => {
        if (route === 'saved.ofEvidence') return { ok: false, error: { code: 'internal', message: 'not read in this test' } };
        sent.push({ route, input });
        const i = input as { articleId: number; folder: string };
        if (i.articleId === 47) return { ok: false, error: { code: 'not_found', message: '《中华人民共和国劳动合同法》第四十七条 is no longer article 47 of the library (a later import changed it); look it up again and save it from its view.' } };
        return { ok: true, data: { id: 5, folder: i.folder, note: '' } };
      },
      subscribe: () => () => undefined,
    });
    const r = await render(<ApiContext.Provider value={client}><CitedStatutesPanel turn={turnFixture()} onOpenArticle={() => undefined} folder="张三诉某公司拖欠工资" /></ApiContext.Provider>);
    const stars = r.allByTestId('evidence-save');
    assert.equal(stars.length, 2, 'one ☆ per evidence article shown');
    await r.click(stars[0]!);
    await new Promise((done) => setTimeout(done, 0));
    assert.deepEqual(sent, [{ route: 'saved.add', input: { articleId: 38, folder: '张三诉某公司拖欠工资', expected: { lawTitle: '中华人民共和国劳动合同法', label: '第三十八条', publishDate: '2012-12-28', province: '' } } }]);
    assert.equal(r.byTestId('evidence-saved').textContent, '★ 全文 · 张三诉某公司拖欠工资', '★ says what of the article the folder holds');
    await r.click(r.allByTestId('evidence-save')[0]!);
    await new Promise((done) => setTimeout(done, 0));
    assert.match(r.allByTestId('evidence')[1]!.textContent!, /no longer article 47/);
    assert.equal(r.allByTestId('evidence-saved').length, 1);
    r.unmount();
  });

  test('cited statutes: ★ for an article already saved, read from the host by what the turn stored, and read again when the tab is shown again', async () => {
    const sent: Array<{ route: string; input: unknown }> = [];
    const whole = (...names: string[]) => names.map((folder) => ({ folder, part: null }));
    let folders = [whole('张三诉某公司拖欠工资', '劳动争议模板'), whole('劳动争议模板')];
    const client = new ApiClient({
      request: async (route, input) => {
        sent.push({ route, input });
        if (route === 'saved.ofEvidence') return { ok: true, data: folders };
        const i = input as { folder: string };
        return { ok: true, data: { id: 6, folder: i.folder, note: '' } };
      },
      subscribe: () => () => undefined,
    });
    const panel = (shown: number) => <ApiContext.Provider value={client}><CitedStatutesPanel turn={turnFixture()} onOpenArticle={() => undefined} folder="张三诉某公司拖欠工资" shown={shown} /></ApiContext.Provider>;
    const r = await render(panel(1));
    await new Promise((done) => setTimeout(done, 0));
    assert.deepEqual(sent, [{ route: 'saved.ofEvidence', input: { articles: [
      { lawTitle: '中华人民共和国劳动合同法', label: '第三十八条', publishDate: '2012-12-28', province: '' },
      { lawTitle: '中华人民共和国劳动合同法', label: '第四十七条', publishDate: '2012-12-28', province: '' },
    ] } }]);
    const [first, second] = r.allByTestId('evidence');
    assert.equal(first!.querySelector('[data-testid="evidence-saved"]')!.textContent, '★ 全文 · 张三诉某公司拖欠工资');
    assert.equal(first!.querySelector('[data-testid="evidence-saved"]')!.getAttribute('title'), '★ 已收藏：张三诉某公司拖欠工资；劳动争议模板');
    assert.equal(first!.querySelector('[data-testid="evidence-save"]'), null, 'saved in this consultation\'s folder: no ☆');
    assert.equal(second!.querySelector('[data-testid="evidence-saved-elsewhere"]')!.textContent, '★ 全文 · 劳动争议模板', 'saved elsewhere only: what and where, and ☆ to save it here too');
    await r.click(second!.querySelector('[data-testid="evidence-save"]')!);
    await new Promise((done) => setTimeout(done, 0));
    assert.equal(r.allByTestId('evidence')[1]!.querySelector('[data-testid="evidence-saved"]')!.getAttribute('title'), '★ 已收藏：劳动争议模板；张三诉某公司拖欠工资');
    // Removed in the 收藏夹 tab meanwhile: shown again, the panel reads it again.
    folders = [[], []];
    await act(async () => r.root.render(panel(2)));
    await new Promise((done) => setTimeout(done, 0));
    assert.equal(r.allByTestId('evidence-saved').length + r.allByTestId('evidence-saved-elsewhere').length, 0);
    assert.equal(r.allByTestId('evidence-save').length, 2);
    assert.equal(sent.filter((x) => x.route === 'saved.ofEvidence').length, 2);
    r.unmount();
    // A title with spaces the host does not keep (runs of them as one, none at the end) is still the folder it stored.
    folders = [whole('股东能否 转让股权 ？'), []];
    const spaced = await render(<ApiContext.Provider value={client}><CitedStatutesPanel turn={turnFixture()} onOpenArticle={() => undefined} folder={'股东能否  转让股权 ？ '} shown={1} /></ApiContext.Provider>);
    await new Promise((done) => setTimeout(done, 0));
    assert.equal(spaced.allByTestId('evidence-saved')[0]?.textContent, '★ 全文 · 股东能否 转让股权 ？');
    spaced.unmount();
  });

  test('cited statutes: ☆ saves the 款 the answer wrote (its spans sent); ★ for a folder holding a 款 of the article names that 款', async () => {
    const turn = turnFixture();
    const text = turn.evidence[0]!.text;
    const item = '未及时足额支付劳动报酬的；';
    const span: [number, number] = [text.indexOf(item), text.indexOf(item) + item.length];
    // 「依《劳动合同法》第三十八条第一款第二项」 written in the answer, beside the [1] marker of the same article.
    turn.citations.push({ ...turn.citations[0]!, seq: 4, marker: '《劳动合同法》第三十八条第一款第二项', text, citedSpans: [span] });
    const sent: Array<{ route: string; input: unknown }> = [];
    let folders: Array<Array<{ folder: string; part: string | null }>> = [[], [{ folder: '张三诉某公司拖欠工资', part: '第一款' }, { folder: '劳动争议模板', part: null }]];
    const client = new ApiClient({
      request: async (route, input) => {
        sent.push({ route, input });
        if (route === 'saved.ofEvidence') return { ok: true, data: folders };
        return { ok: true, data: { id: 7, folder: (input as { folder: string }).folder, note: '', part: '第一款第二项' } };
      },
      subscribe: () => () => undefined,
    });
    const panel = (shown: number) => <ApiContext.Provider value={client}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} folder="张三诉某公司拖欠工资" shown={shown} /></ApiContext.Provider>;
    const r = await render(panel(1));
    await new Promise((done) => setTimeout(done, 0));
    const [first, second] = r.allByTestId('evidence');
    // 第四十七条: only its 第一款 is in this consultation's folder — ★ names it (★ 第一款), not the whole article.
    const star = second!.querySelector('[data-testid="evidence-saved"]')!;
    assert.equal(star.textContent, '★ 第一款 · 张三诉某公司拖欠工资');
    assert.equal(star.getAttribute('title'), '★ 已收藏：张三诉某公司拖欠工资（第一款）；劳动争议模板');
    assert.equal(second!.querySelector('[data-testid="evidence-save"]'), null);
    // 第三十八条: ☆ sends where the answer named its 项; ★ then names it.
    await r.click(first!.querySelector('[data-testid="evidence-save"]')!);
    await new Promise((done) => setTimeout(done, 0));
    assert.deepEqual(sent.find((x) => x.route === 'saved.add')?.input, { articleId: 38, folder: '张三诉某公司拖欠工资', expected: { lawTitle: '中华人民共和国劳动合同法', label: '第三十八条', publishDate: '2012-12-28', province: '' }, citedSpans: [span] });
    assert.equal(r.allByTestId('evidence')[0]!.querySelector('[data-testid="evidence-saved"]')!.getAttribute('title'), '★ 已收藏：张三诉某公司拖欠工资（第一款第二项）');
    assert.equal(r.allByTestId('evidence')[0]!.querySelector('[data-testid="evidence-saved"]')!.textContent, '★ 第一款第二项 · 张三诉某公司拖欠工资');
    r.unmount();
    // The answer cites 第三十八条 whole somewhere too: ☆ saves the whole article (no spans sent).
    turn.citations.push({ ...turn.citations[0]!, seq: 5, marker: '《劳动合同法》第三十八条', text, citedSpans: [] });
    folders = [[], []];
    sent.length = 0;
    const again = await render(panel(2));
    await new Promise((done) => setTimeout(done, 0));
    await again.click(again.allByTestId('evidence-save')[0]!);
    await new Promise((done) => setTimeout(done, 0));
    assert.equal('citedSpans' in (sent.find((x) => x.route === 'saved.add')?.input as object), false);
    again.unmount();
  });

  test('cited statutes: the 款 and 项 the answer named are marked in the article, only where the stored text is the evidence text', async () => {
    const turn = turnFixture();
    const text = turn.evidence[0]!.text;
    const item = '未及时足额支付劳动报酬的；';
    const spans: Array<[number, number]> = [[text.indexOf(item), text.indexOf(item) + item.length]];
    turn.citations[0] = { ...turn.citations[0]!, text, citedSpans: spans };
    const r = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.deepEqual(r.allByTestId('cited-part').map((e) => e.textContent), [item]);
    assert.equal(r.allByTestId('evidence')[0]!.textContent!.includes(`（二）${item}`), true, 'the text around it stays');
    r.unmount();
    turn.citations[0] = { ...turn.citations[0]!, text: `${text}（旧文本）` };
    const other = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.equal(other.allByTestId('cited-part').length, 0, 'spans of another text are not applied');
    other.unmount();
  });

  test('cited statutes: shortened, an article opens after its list lead at the words that found it, or at the cited 项; a click shows all of it', async () => {
    const turn = turnFixture();
    const lead = '用人单位有下列情形之一的，劳动者可以解除劳动合同：';
    const text = [lead, '（一）未按照劳动合同约定提供劳动保护或者劳动条件的；', '（二）未及时足额支付劳动报酬的；', '（三）未依法为劳动者缴纳社会保险费的；'].join('\n');
    const at = (word: string): [number, number] => [text.indexOf(word), text.indexOf(word) + word.length];
    turn.evidence[0] = { ...turn.evidence[0]!, text, excerpt: { start: text.indexOf('（二）'), hits: [at('用人单位'), at('劳动报酬')] } };
    const r = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    const shown = () => r.allByTestId('evidence-text')[0]!.textContent;
    assert.equal(shown(), `${lead}\n…（二）未及时足额支付劳动报酬的；\n（三）未依法为劳动者缴纳社会保险费的；`);
    assert.deepEqual(r.allByTestId('query-hit').map((e) => e.textContent).slice(0, 2), ['用人单位', '劳动报酬'], 'the words that found it are marked, in the lead too');
    await r.click(r.allByTestId('evidence-text')[0]!);
    assert.equal(shown(), text, 'a click shows the whole article');
    r.unmount();
    turn.evidence[0] = { ...turn.evidence[0]!, excerpt: { start: lead.indexOf('劳动者'), hits: [at('劳动者')] } };
    const inLead = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.equal(inLead.allByTestId('evidence-text')[0]!.textContent, text, 'an excerpt inside the lead opens at the start, not mid-lead');
    inLead.unmount();

    const item = '未依法为劳动者缴纳社会保险费的；';
    turn.citations[0] = { ...turn.citations[0]!, articleId: turn.evidence[0]!.articleId, text, citedSpans: [at(item)] };
    const cited = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.equal(cited.allByTestId('evidence-text')[0]!.textContent, `${lead}\n…（三）${item}`, 'a cited 项 comes before the words');
    assert.deepEqual(cited.allByTestId('cited-part').map((e) => e.textContent), [item]);
    cited.unmount();

    turn.evidence[0] = { ...turn.evidence[0]!, excerpt: null };
    turn.citations[0] = { ...turn.citations[0]!, citedSpans: [] };
    const stored = await render(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    assert.equal(stored.allByTestId('evidence-text')[0]!.textContent, text, 'a turn stored before excerpts opens at the start');
    stored.unmount();
  });

  test('answer text: each [n] is a chip that opens evidence n', async () => {
    const cited: number[] = [];
    const r = await render(<AnswerText text="结论[1]，依据[2]与[12]。" onCite={(n) => cited.push(n)} />);
    const chips = r.allByTestId('citation-chip');
    assert.deepEqual(chips.map((c) => c.textContent), ['1', '2', '12']);
    await r.click(chips[2]!);
    assert.deepEqual(cited, [12]);
    assert.equal(r.byTestId('answer').textContent, '结论1，依据2与12。');
    r.unmount();
  });

  test('stage progress: stages in order with summed times; running ones marked', async () => {
    const r = await render(
      <StageProgress
        lines={[
          { stage: 'state', iteration: 0, status: 'done', ms: 100 },
          { stage: 'judge', iteration: 1, status: 'done', ms: 30 },
          { stage: 'judge', iteration: 2, status: 'done', ms: 12 },
          { stage: 'rewrite', iteration: 1, status: 'started' },
        ]}
      />,
    );
    assert.deepEqual([...r.byTestId('stages').children].map((li) => li.textContent), ['状态 100 ms', '改写 …', '审查 42 ms']);
    r.unmount();
  });

  test('labels are in the UI\'s language: the judge\'s checks and verdicts in Chinese; stage names, why selected and dates in English', async () => {
    const zh = await render(<SufficiencyIndicator turn={turnFixture()} onOverride={() => undefined} />);
    await zh.click(zh.byTestId('verdict'));
    const details = zh.byTestId('verdict-details').textContent!;
    assert.match(details, /事实支撑/);
    assert.match(details, /缺失要件：缺少工资标准/);
    assert.doesNotMatch(details, /INSUFFICIENT|factualSupport|jurisdiction|missingElements/);
    assert.equal(zh.allByTestId('iteration')[0]!.querySelector('strong')!.textContent, '证据不足');
    zh.unmount();
    const inEnglish = (node: ReactNode) => render(<I18nContext.Provider value={STRINGS.en}>{node}</I18nContext.Provider>);
    const stages = await inEnglish(<StageProgress lines={[{ stage: 'state', iteration: 0, status: 'done', ms: 100 }, { stage: 'citations', iteration: 0, status: 'done', ms: 2 }]} />);
    assert.deepEqual([...stages.byTestId('stages').children].map((li) => li.textContent), ['State 100 ms', 'Citation check 2 ms']);
    stages.unmount();
    const cited = await inEnglish(<ApiContext.Provider value={NO_API}><CitedStatutesPanel turn={turnFixture()} onOpenArticle={() => undefined} /></ApiContext.Provider>);
    const first = cited.allByTestId('evidence')[0]!;
    assert.match(first.textContent!, /Why selected: #1 for the question(?!:)/);
    assert.match(first.textContent!, /2012-12-28 version · in force 2013-07-01/);
    cited.unmount();
  });

  test('English strings are complete and used', async () => {
    assert.deepEqual(Object.keys(STRINGS.en).sort(), Object.keys(STRINGS.zh).sort());
    const r = await render(
      <I18nContext.Provider value={STRINGS.en}>
        <SufficiencyIndicator turn={turnFixture({ verdict: 'sufficient' })} onOverride={() => undefined} />
      </I18nContext.Provider>,
    );
    assert.equal(r.byTestId('verdict').textContent, 'Sufficient');
    r.unmount();
  });

  test('the API client turns error envelopes into coded errors', async () => {
    const client = new ApiClient({ request: async () => ({ ok: false, error: { code: 'bad_input', message: 'statute.search: query: too short' } }), subscribe: () => () => undefined });
    await assert.rejects(client.call('statute.search', { query: 'x' }), (e: HostCallError) => e.code === 'bad_input' && /too short/.test(e.message));
  });
});
