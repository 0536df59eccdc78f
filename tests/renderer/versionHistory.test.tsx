/** The article view's versions: the article holding the provision in each version (not the same number), and what changed. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../helpers/domGlobals.js';
import type { ArticleVersion, VersionComparisonDto } from '../../preload/contract/index.js';
import { I18nContext, STRINGS } from '../../renderer/src/i18n.js';
import { VersionHistory } from '../../renderer/src/features/statutes/VersionHistory.js';
import { render } from '../helpers/dom.js';

const VERSIONS: ArticleVersion[] = [
  {
    publishDate: '2023-12-29', effectiveDate: '2024-07-01', status: 'current', articleId: 21, label: '第二十一条', similarity: 0.653, match: 'amended',
    also: [{ articleId: 23, label: '第二十三条', similarity: 0.469 }],
    diff: [[0, '不得滥用股东权利损害公司或者其他股东的利益'], [-1, '；不得滥用公司法人独立地位'], [0, '。'], [1, '（新增）']],
  },
  { publishDate: '2018-10-26', effectiveDate: '2018-10-26', status: 'superseded', articleId: 20, label: '第二十条', similarity: 1, match: 'self', also: [], diff: null },
  { publishDate: '2013-12-28', effectiveDate: '2014-03-01', status: 'superseded', articleId: null, label: null, similarity: null, match: 'none', also: [], diff: null },
];

test('each version names the article holding the provision there and how alike it is; its article and the others it went to open', async () => {
  const opened: number[] = [];
  const r = await render(<VersionHistory versions={VERSIONS} onOpen={(id) => opened.push(id)} />);
  assert.deepEqual(r.allByTestId('version-match').map((e) => e.textContent!.trim()), ['有修改（相似 65%）', '本条', '该版本没有对应条文']);
  await r.click(r.byTestId('version-article'));
  await r.click(r.byTestId('version-also').querySelector('button')!);
  assert.deepEqual(opened, [21, 23], 'the renumbered article, then the one that took a paragraph of it');
  assert.equal(r.allByTestId('version-toggle').length, 1, 'only a version with a change has one to show');
  r.unmount();
});

test('the changes open from older to newer, deletions struck through and insertions underlined', async () => {
  const r = await render(<VersionHistory versions={VERSIONS} onOpen={() => undefined} />);
  assert.equal(r.allByTestId('version-diff').length, 0);
  await r.click(r.byTestId('version-toggle'));
  const diff = r.byTestId('version-diff');
  assert.match(diff.textContent!, /^本条 → 2023-12-29 第二十一条/, 'this (2018) article is the older text');
  assert.deepEqual([...diff.querySelectorAll('del')].map((e) => e.textContent), ['；不得滥用公司法人独立地位']);
  assert.deepEqual([...diff.querySelectorAll('ins')].map((e) => e.textContent), ['（新增）']);
  await r.click(r.byTestId('version-toggle'));
  assert.equal(r.allByTestId('version-diff').length, 0, 'and close again');
  r.unmount();
  const english = await render(<I18nContext.Provider value={STRINGS.en}><VersionHistory versions={VERSIONS} onOpen={() => undefined} /></I18nContext.Provider>);
  assert.equal(english.allByTestId('version-match')[0]!.textContent!.trim(), 'amended (65% alike)');
  english.unmount();
  const single = await render(<VersionHistory versions={VERSIONS.slice(1, 2)} onOpen={() => undefined} />);
  assert.equal(single.allByTestId('versions').length, 0, 'a law with one version shows no list');
  single.unmount();
});

test('the whole law compared: loaded on demand, changed articles only by default, each change opening under its row', async () => {
  const asked: string[] = [];
  const comparison: VersionComparisonDto = {
    lawTitle: '中华人民共和国公司法',
    older: { publishDate: '2018-10-26', status: 'superseded' },
    newer: { publishDate: '2023-12-29', status: 'current' },
    rows: [
      { newer: { articleId: 101, label: '第一条' }, older: { articleId: 1, label: '第一条' }, match: 'identical', similarity: 1, also: [], diff: null },
      { newer: { articleId: 184, label: '第八十四条' }, older: { articleId: 71, label: '第七十一条' }, match: 'amended', similarity: 0.72, also: [], diff: [[0, '股东'], [-1, '经其他股东过半数同意'], [1, '书面通知']] },
      { newer: { articleId: 120, label: '第二十条' }, older: null, match: 'added', similarity: null, also: [], diff: null },
      { newer: null, older: { articleId: 58, label: '第五十八条' }, match: 'removed', similarity: null, also: [], diff: null },
    ],
    counts: { identical: 1, amended: 1, partly: 0, added: 1, merged: 0, removed: 1 },
  };
  const opened: number[] = [];
  const exported: string[] = [];
  const r = await render(
    <VersionHistory versions={VERSIONS} onOpen={(id) => opened.push(id)} loadComparison={async (date) => (asked.push(date), comparison)} exportComparison={async (date, format) => void exported.push(`${date} ${format}`)} />,
  );
  assert.equal(r.allByTestId('compare-law').length, 2, 'one per other version');
  await r.click(r.allByTestId('compare-law')[0]!);
  assert.deepEqual(asked, ['2023-12-29']);
  assert.match(r.byTestId('comparison-summary').textContent!, /新版内容相同 1 条，修改 1 条，部分对应 0 条，新增 1 条；旧版并入他条 0 条，删除 1 条/);
  const rows = () => r.allByTestId('comparison-row').map((row) => row.textContent);
  assert.equal(rows().length, 3, 'the identical article is left out');
  assert.match(rows()[0]!, /^第八十四条第七十一条修改 72%/);
  await r.click(r.byTestId('comparison-changed-only'));
  assert.equal(rows().length, 4, 'and shown on asking');
  await r.click(r.byTestId('comparison-toggle'));
  assert.deepEqual([...r.byTestId('law-comparison').querySelectorAll('del')].map((e) => e.textContent), ['经其他股东过半数同意']);
  await r.click(r.allByTestId('comparison-row')[1]!.querySelector('button')!);
  assert.deepEqual(opened, [184]);
  await r.click(r.byTestId('comparison-export-docx'));
  assert.deepEqual(exported, ['2023-12-29 docx'], 'the table downloads for the version compared');
  r.unmount();

  const failing = await render(<VersionHistory versions={VERSIONS} onOpen={() => undefined} loadComparison={async () => { throw new Error('库中没有该版本'); }} />);
  await failing.click(failing.allByTestId('compare-law')[0]!);
  assert.match(failing.byTestId('comparison-status').textContent!, /库中没有该版本/);
  failing.unmount();
  const noExport = await render(<VersionHistory versions={VERSIONS} onOpen={() => undefined} loadComparison={async () => comparison} exportComparison={async () => { throw new Error('写入失败'); }} />);
  await noExport.click(noExport.allByTestId('compare-law')[0]!);
  await noExport.click(noExport.byTestId('comparison-export-md'));
  assert.match(noExport.byTestId('comparison-export-error').textContent!, /写入失败/);
  noExport.unmount();
});

test('a version that is another published again, punctuation aside, says so beside its date', async () => {
  const versions: ArticleVersion[] = [
    { publishDate: '2022-04-02', effectiveDate: '2022-04-10', status: 'current', articleId: 1, label: '第一条', similarity: 1, match: 'self', also: [], diff: null },
    { publishDate: '2022-04-01', effectiveDate: '2022-04-10', status: 'superseded', articleId: 2, label: '第一条', similarity: 1, match: 'identical', also: [], diff: null, sameWordingAs: '2022-04-02' },
  ];
  const r = await render(<VersionHistory versions={versions} onOpen={() => undefined} />);
  assert.deepEqual(r.allByTestId('version-republished').map((e) => e.textContent!.trim()), ['（与 2022-04-02 版文字相同，仅标点、空格不同：同一文本的再次公布）']);
  r.unmount();
});
