/**
 * What the article view and the whole-law reading show besides the statute's text: the collection's footnote under an
 * article (刑法 第四百五十二条's ①), marked as no statute text, and 刑法's note on interpretations of the act's time and
 * later ones, as the host words it, in the UI's language.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import type { ArticleDetailDto } from '../../preload/contract/index.js';
import { readingBlocks } from '../../preload/contract/lawReading.js';
import { ApiClient } from '../../renderer/src/api/client.js';
import { ApiContext } from '../../renderer/src/api/context.js';
import { I18nContext, STRINGS } from '../../renderer/src/i18n.js';
import { ArticleView } from '../../renderer/src/features/statutes/ArticleView.js';
import { ReadingArticle } from '../../renderer/src/features/statutes/LawReadingText.js';
import { CitedStatutesPanel } from '../../renderer/src/features/consultation/CitedStatutesPanel.js';
import { render } from '../helpers/dom.js';
import { turnFixture } from '../helpers/turnFixture.js';

const NOTE = '① 刑法、历次刑法修正案、涉及修改刑法的决定的施行日期，分别依据各法律所规定的施行日期确定。';
const TIMES = { en: 'interpretations of the time and later ones are both listed: compare both.', zh: '所列司法解释既有当时施行的，也有其后施行的：请对照两者。' };

const detailOf = (extra: Partial<ArticleDetailDto>, notes?: string[]): ArticleDetailDto => ({
  article: { id: 515, lawTitle: '中华人民共和国刑法', shortName: '刑法', label: '第四百五十二条', number: 452, path: ['附则'], text: '本法自1997年10月1日起施行。', level: '法律', province: '', status: 'current', publishDate: '2020-12-26', effectiveDate: '2021-03-01', ...(notes ? { notes } : {}) },
  previous: null, next: null, versions: [], references: [], referencedBy: [], interpretations: [], amendedBy: [], unverifiedLinks: [],
  citation: '《中华人民共和国刑法》第四百五十二条（2020-12-26 版）',
  ...extra,
});

const client = new ApiClient({ request: async () => ({ ok: false, error: { code: 'not_found', message: 'unused' } }), subscribe: () => () => undefined });
const mount = (detail: ArticleDetailDto, lang: 'zh' | 'en' = 'zh') =>
  render(<I18nContext.Provider value={STRINGS[lang]}><ApiContext.Provider value={client}><ArticleView detail={detail} onOpen={() => undefined} /></ApiContext.Provider></I18nContext.Provider>);

test('an article\'s footnote stands under its text, outside it, marked as the collection\'s note and no statute text', async () => {
  const r = await mount(detailOf({}, [NOTE]));
  assert.equal(r.byTestId('article-text').textContent, '本法自1997年10月1日起施行。', 'the text holds no note');
  const notes = r.allByTestId('article-note');
  assert.deepEqual(notes.map((n) => n.textContent), [`注（汇编所附注释，非条文内容）：${NOTE}`]);
  assert.ok(r.byTestId('article-text').compareDocumentPosition(notes[0]!) & Node.DOCUMENT_POSITION_FOLLOWING, 'after the text');
  r.unmount();
  const en = await mount(detailOf({}, [NOTE]), 'en');
  assert.equal(en.byTestId('article-note').textContent, `Note (the collection's, not statute text): ${NOTE}`);
  en.unmount();
  const none = await mount(detailOf({}));
  assert.equal(none.allByTestId('article-note').length, 0);
  none.unmount();
});

test('刑法 opened with a date: the note on interpretations of the time and later ones, as the host words it, in zh and en', async () => {
  const interpretations = [{ id: 6, lawTitle: '最高人民法院关于审理非法集资刑事案件具体应用法律若干问题的解释', shortName: '', label: '第三条', number: 3, path: [], text: '……', level: '司法解释', province: '', status: 'superseded', publishDate: '2010-12-13', effectiveDate: '2011-01-04' }];
  const zh = await mount(detailOf({ interpretations, interpretationTimes: TIMES }));
  assert.equal(zh.byTestId('interpretation-times').textContent, TIMES.zh);
  assert.ok(zh.byTestId('interpretations').compareDocumentPosition(zh.byTestId('interpretation-times')) & Node.DOCUMENT_POSITION_FOLLOWING, 'under the interpretations');
  zh.unmount();
  const en = await mount(detailOf({ interpretations, interpretationTimes: TIMES }), 'en');
  assert.equal(en.byTestId('interpretation-times').textContent, TIMES.en);
  en.unmount();
  const undated = await mount(detailOf({ interpretations, interpretationTimes: null }));
  assert.equal(undated.allByTestId('interpretation-times').length, 0);
  undated.unmount();
});

test('the whole-law reading: the footnote under its article\'s paragraphs, marked', async () => {
  const [block] = readingBlocks([{ path: [], part: null, articles: [{ id: 515, label: '第四百五十二条', kind: 'article', text: '本法自1997年10月1日起施行。\n列于本法附件一的……予以废止。', notes: [NOTE] }] }]);
  assert.equal(block?.kind, 'article');
  const r = await render(<ReadingArticle index={0} block={block as Extract<typeof block, { kind: 'article' }>} current={false} cut={new Map()} active={-1} dated={null} onOpen={() => undefined} />);
  const paragraphs = [...r.byTestId('law-article').querySelectorAll('p')].map((p) => p.textContent);
  assert.deepEqual(paragraphs, ['第四百五十二条　本法自1997年10月1日起施行。', '列于本法附件一的……予以废止。', `注（汇编所附注释，非条文内容）：${NOTE}`]);
  assert.equal(r.byTestId('law-article-note').textContent, `注（汇编所附注释，非条文内容）：${NOTE}`);
  r.unmount();
});

test('a consultation\'s evidence: the note under the article\'s text, outside it, marked; none under the others', async () => {
  const turn = turnFixture();
  turn.evidence[0] = { ...turn.evidence[0]!, notes: [NOTE] };
  const r = await render(<ApiContext.Provider value={client}><CitedStatutesPanel turn={turn} onOpenArticle={() => undefined} /></ApiContext.Provider>);
  const [first, second] = r.allByTestId('evidence');
  const note = first!.querySelector('[data-testid="evidence-note"]')!;
  assert.equal(note.textContent, `注（汇编所附注释，非条文内容）：${NOTE}`);
  const text = first!.querySelector('[data-testid="evidence-text"]')!;
  assert.ok(!text.contains(note) && (text.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING), 'after the text, not inside it');
  assert.equal(second!.querySelector('[data-testid="evidence-note"]'), null);
  r.unmount();
});
