/** An article's linked interpretations say when one is no longer in force, so a repealed one is not cited by mistake. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import type { ArticleDetailDto, ArticleDto } from '../../preload/contract/index.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { ArticleView } from '../../renderer/src/features/statutes/ArticleView.js';
import { render } from '../helpers/dom.js';

const article = (id: number, lawTitle: string, label: string, status: string, publishDate: string): ArticleDto => ({
  id, lawTitle, shortName: '', label, number: id, path: [], text: '……', level: '司法解释', province: '', status, publishDate, effectiveDate: publishDate,
});

/** 劳动合同法 第三十八条 with the given links; nothing else. */
const detailOf = (links: Partial<ArticleDetailDto>): ArticleDetailDto => ({
  article: { ...article(1, '中华人民共和国劳动合同法', '第三十八条', 'current', '2012-12-28'), level: '法律' },
  previous: null,
  next: null,
  versions: [],
  references: [],
  referencedBy: [],
  interpretations: [],
  amendedBy: [],
  unverifiedLinks: [],
  citation: '《中华人民共和国劳动合同法》第三十八条（2012-12-28 版）',
  ...links,
});

const mount = (detail: ArticleDetailDto) => {
  const client = new ApiClient({ request: async () => ({ ok: false, error: { code: 'not_found', message: 'unused' } }), subscribe: () => () => undefined });
  return render(<ApiContext.Provider value={client}><ArticleView detail={detail} onOpen={() => undefined} /></ApiContext.Provider>);
};

test('linked interpretations carry a status badge when they are not in force, and none when they are', async () => {
  const r = await mount(detailOf({
    interpretations: [
      article(2, '最高人民法院关于审理劳动争议案件适用法律问题的解释（一）', '第四十六条', 'current', '2020-12-29'),
      article(3, '最高人民法院关于审理劳动争议案件适用法律若干问题的解释（四）', '第五条', 'repealed', '2013-01-18'),
    ],
    unverifiedLinks: [3],
  }));
  const items = [...r.byTestId('interpretations').querySelectorAll('li')];
  assert.equal(items.length, 2);
  assert.equal(items[0]!.querySelector('[data-testid="link-status"]'), null, 'the interpretation in force has no badge');
  assert.equal(items[1]!.querySelector('[data-testid="link-status"]')?.textContent, '已废止');
  // The unverified link is marked, and what the mark means is said under the list, not only on hover.
  assert.equal(items[1]!.querySelector('[data-testid="link-unverified"]')?.textContent, ' ?');
  assert.equal(r.byTestId('interpretations').querySelector('[data-testid="unverified-legend"]')?.textContent, '? 引用早于库中各版本，条号未核对');
  r.unmount();
});

test('opened with a date, each linked interpretation says how it stood then, beside its status today', async () => {
  const r = await mount(detailOf({
    interpretations: [
      article(6, '最高人民法院关于审理非法集资刑事案件具体应用法律若干问题的解释', '第三条', 'superseded', '2010-12-13'),
      article(7, '最高人民法院关于审理非法集资刑事案件具体应用法律若干问题的解释', '第三条', 'current', '2022-02-23'),
    ],
    interpretationsOnDate: [
      { id: 6, onDate: { date: '2019-06-01', standing: 'in-force' } },
      { id: 7, onDate: { date: '2019-06-01', standing: 'version-not-yet' } },
    ],
  }));
  const items = [...r.byTestId('interpretations').querySelectorAll('li')];
  assert.deepEqual(items.map((li) => li.querySelector('[data-testid="link-on-date"]')?.textContent), ['2019-06-01 施行中', '2019-06-01 本版尚未施行']);
  assert.equal(items[0]!.querySelector('[data-testid="link-status"]')?.textContent, '已被修订');
  r.unmount();
  // Without a date, no such badge.
  const undated = await mount(detailOf({ interpretations: [article(7, '最高人民法院关于审理非法集资刑事案件具体应用法律若干问题的解释', '第三条', 'current', '2022-02-23')] }));
  assert.equal(undated.allByTestId('link-on-date').length, 0);
  undated.unmount();
});

test('an article that cites this one shows where: its clause with the citation marked, after its list\'s lead', async () => {
  const lead = '有下列情形之一的，用人单位应当向劳动者支付经济补偿：';
  const clause = '（一）劳动者依照本法第三十八条规定解除劳动合同的；';
  const r = await mount(detailOf({
    referencedBy: [article(4, '中华人民共和国劳动合同法', '第四十六条', 'current', '2012-12-28'), article(5, '中华人民共和国劳动合同法', '第六十五条', 'current', '2012-12-28')],
    citingPassages: [{ articleId: 4, lead, text: clause, mark: [clause.indexOf('本法'), clause.indexOf('规定')] }],
  }));
  const items = [...r.byTestId('referenced-by').querySelectorAll('li')];
  const passage = items[0]!.querySelector('[data-testid="citing-passage"]');
  assert.equal(passage?.textContent, `${lead} ${clause}`);
  assert.equal(passage?.querySelector('[data-testid="passage-citation"]')?.textContent, '本法第三十八条');
  assert.equal(items[1]!.querySelector('[data-testid="citing-passage"]'), null, 'no passage, none shown');
  r.unmount();
});

test('the law\'s first day, where the library knows it, follows the version\'s dates; nothing where it does not', async () => {
  const known = await mount(detailOf({ lawTookEffect: '2008-01-01' }));
  assert.equal(known.byTestId('law-took-effect').textContent, ' · 首次施行 2008-01-01');
  known.unmount();
  const unknown = await mount(detailOf({}));
  assert.equal(unknown.allByTestId('law-took-effect').length, 0);
  unknown.unmount();
});

test('婚姻法解释（二） or its amended text filed apart says which text it is above the text; nothing otherwise', async () => {
  const zh = '2017-03-01 起施行的是经《最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）的补充规定》修改后的文本，法规库将该文本另列为一个文件';
  const apart = await mount(detailOf({ filedApart: { en: 'from 2017-03-01 the text in force is the one amended by …', zh } }));
  assert.equal(apart.byTestId('filed-apart').textContent, zh);
  apart.unmount();
  const plain = await mount(detailOf({}));
  assert.equal(plain.allByTestId('filed-apart').length, 0);
  plain.unmount();
});

test('a text older than a decision that amended its interpretation says so above the text; nothing otherwise', async () => {
  const zh = '该解释已经《最高人民法院关于修改…的决定》（2020-12-23 公布，2021-01-01 起施行）修改，法规库中没有修改后的文本；此为 2011-01-27 版，现行条文（包括条文序号）可能与此不同';
  const stale = await mount(detailOf({ staleText: { en: 'this interpretation was amended by …', zh } }));
  assert.equal(stale.byTestId('stale-text').textContent, zh);
  stale.unmount();
  const plain = await mount(detailOf({ staleText: null }));
  assert.equal(plain.allByTestId('stale-text').length, 0);
  plain.unmount();
});

test('an article of a law revised after the library\'s texts says so above the text; nothing otherwise', async () => {
  const zh = '注意：该法已于 2025-06-27 修订，2025-10-15 起施行，法规库未收录修改后的文本（库中的是 2019-04-23 版，在 2026-12-08 已不是现行文本）。';
  const revised = await mount(detailOf({ laterRevision: { en: 'Note: this law was revised on 2025-06-27 (in force 2025-10-15).', zh } }));
  assert.equal(revised.byTestId('later-revision').textContent, zh);
  revised.unmount();
  const plain = await mount(detailOf({}));
  assert.equal(plain.allByTestId('later-revision').length, 0);
  plain.unmount();
});
