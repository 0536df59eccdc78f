/**
 * Saving the 款 a user means (real SQLite library from a JSONL collection written here, two versions of a law whose
 * revision gave 第二条 to another provision, as 公司法 2023 did to 第二十条): a citation without a version naming a 款
 * the version in force lacks is the older version's, and `saved add` offers the two precise commands instead of saving
 * the wrong article; a consultation's answer that wrote 「依《…》第四条第一款」 has ☆ and `saved add --consultation` save
 * that 款 (the citation audit run for real on the answer, the turn stored by the real store).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createEngine, type Engine } from '../../main/engine/index.js';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { savedArticles, savedRows, type SavedArticle } from '../../main/library/saved/index.js';
import { ConsultationStore } from '../../main/consult/store.js';
import { auditCitations } from '../../main/consult/citationAudit.js';
import type { Evidence } from '../../main/consult/types.js';
import type { StatuteArticle } from '../../main/library/articles.js';
import { citedSpansToSave } from '../../preload/contract/citedToSave.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';

const LAW = '测试改号法';
const line = (publish: string, article: string, paragraphs: string[]) => JSON.stringify({ law: LAW, article, text: paragraphs.join('\n'), publish });
const PAY = '合伙人应当按照合伙协议约定的出资方式、数额和缴付期限，履行出资义务。';
const LATE = '合伙人未按期足额缴纳出资的，应当依法向其他合伙人承担违约责任。';
const LIABLE = '普通合伙人对合伙企业债务承担无限连带责任，合伙协议不得约定由部分合伙人承担全部亏损。';
const OLD = [
  line('2020-01-01', '第一条', ['为了规范测试合伙活动，制定本法。']),
  line('2020-01-01', '第二条', [PAY, LATE, LIABLE]),
];
// 2022: 第二条 is about accounts; 2020 第二条's first two 款 are 第三条 (the second amended), its third 款 opens 第四条.
const NEW = [
  line('2022-01-01', '第一条', ['为了规范测试合伙活动，制定本法。']),
  line('2022-01-01', '第二条', ['合伙企业应当依照法律、行政法规的规定建立企业财务、会计制度。', '合伙企业的年度财务会计报告应当经全体合伙人审阅并签字确认。']),
  line('2022-01-01', '第三条', [PAY, '合伙人未按期足额缴纳出资的，应当承担补缴义务，并对其他合伙人承担违约责任。']),
  line('2022-01-01', '第四条', [LIABLE, '有限合伙人以其认缴的出资额为限对合伙企业债务承担责任。']),
];

describe('saving the 款 meant: an older version\'s 款, and the 款 a consultation\'s answer wrote', () => {
  let dir: string;
  let dbPath: string;
  let engine: Engine;
  const cli = (...args: string[]) => runCli(['saved', ...args, '--db', dbPath]);
  const listed = (folder: string) => savedArticles(engine.db, savedRows(engine.db, folder));
  const article = (label: string): StatuteArticle => {
    const r = engine.lookup(`${LAW}${label}`);
    assert.ok(r.ok, label);
    return r.article;
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-saved-meant-'));
    dbPath = path.join(dir, 'library.db');
    engine = createEngine({ dbPath });
    for (const [name, lines] of [['old.jsonl', OLD], ['new.jsonl', NEW]] as const) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      await engine.importPath(file);
    }
  });
  after(() => {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a 款 the version in force lacks and the version before had: nothing saved, both precise commands offered, each saving the 款', async () => {
    const meant = await cli('add', `${LAW}第二条第三款`, '--folder', '合伙 纠纷');
    assert.equal(meant.code, 1);
    assert.equal(listed('合伙 纠纷').length, 0, 'not the whole 2022 第二条, another provision');
    assert.match(meant.stderr, /Nothing saved: 《测试改号法》第二条第三款: the 2022-01-01 version, in force, has no 第三款 in 第二条; the 2020-01-01 version's 第二条 \(「合伙人应当按照/);
    assert.match(meant.stderr, /it is 第四条第一款 of the version in force/);
    const commands = [...meant.stderr.matchAll(/^ {2}lexdesk (saved add .*?) {3}\(/gm)].map((m) => m[1]!);
    assert.deepEqual(commands, [`saved add "${LAW}第二条第三款" --version 2020-01-01 --folder "合伙 纠纷"`, `saved add "${LAW}第四条第一款" --folder "合伙 纠纷"`]);
    // Each command as offered (the words in quotes one argument).
    for (const command of commands) {
      const args = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
      const run = await runCli([...args, '--db', dbPath]);
      assert.equal(run.code, 0, run.stderr);
    }
    const saved = listed('合伙 纠纷');
    assert.deepEqual(saved.map((s) => [s.citation, s.state, s.now?.label ?? null]), [
      ['《测试改号法》第二条第三款（2020-01-01 版）', 'renumbered', '第四条第一款'],
      ['《测试改号法》第四条第一款（2022-01-01 版）', 'in_force', null],
    ]);
    // With another citation beside it, that one is saved and this one said; --json gives the commands.
    const json = parseJsonOutput<{ olderMeant: Array<{ label: string; now: string; commands: string[] }>; saved: SavedArticle[]; partsMissing?: unknown }>(await cli('add', `${LAW}第二条第三款、第一条`, '--folder', '其他', '--json'));
    assert.deepEqual(json.olderMeant.map((o) => [o.label, o.now, o.commands.length]), [['第二条第三款', '第四条第一款', 2]]);
    assert.deepEqual(json.saved.map((s) => s.citation), ['《测试改号法》第一条（2022-01-01 版）']);
    assert.equal(json.partsMissing, undefined, 'not also warned of as a 款 missing from the article saved');
  });

  test('a 款 the version in force has under a number the version before gave another provision: the command offered saves where that 款 is now', async () => {
    const second = await cli('add', `${LAW}第二条第二款`, '--folder', '出资');
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /第二条第二款 of the 2020-01-01 version reads otherwise \(「[^」]+」\), which older texts may mean; it is 第三条第二款 in this version \(lexdesk saved add "测试改号法第三条第二款" --folder "出资" saves that\)\./);
    // And two 款 gone to two articles: each where it is.
    const both = await cli('add', `${LAW}第二条第三款`, '--version', '2020-01-01', '--folder', '出资');
    assert.equal(both.code, 0);
    const twoMissing = await cli('add', `${LAW}第二条第二款、第三款`, '--folder', '出资');
    assert.match(twoMissing.stderr, /has no 第三款 in 第二条;.* it is 第三条第二款、第四条第一款 of the version in force/);
  });

  test('a consultation\'s answer naming 第四条第一款: saved add --consultation and ☆ (saved.add with the spans stored) save that 款; ★ reads it', async () => {
    const evidence = (a: StatuteArticle): Evidence => ({
      articleId: a.id, lawTitle: a.lawTitle, articleLabel: a.label, level: a.level, province: a.province, status: a.status,
      publishDate: a.publishDate, effectiveDate: a.effectiveDate, path: a.path, text: a.text, score: 1, foundBy: [], excluded: null, excerpt: null,
    });
    const [fourth, third, second] = [article('第四条'), article('第三条'), article('第二条')];
    const store = new ConsultationStore(engine.db);
    const id = store.createConsultation('合伙人对外欠债谁来还');
    const turn = store.startTurn(id, '合伙企业欠债，合伙人要用自己的钱还吗？', 'test');
    // 第四条第一款 written, its [1] at the sentence's end; 第二条第二款 folded into the [3] right after it; 第三条 cited whole
    // in writing, and by a 款 elsewhere.
    const answer = `要。依《${LAW}》第四条第一款，普通合伙人对合伙企业债务承担无限连带责任[1]。年度报告须经全体合伙人审阅（《${LAW}》第二条第二款[3]）。` +
      `出资问题见《${LAW}》第三条的规定；逾期出资的，另见《${LAW}》第三条第二款[2]。`;
    const shown = [evidence(fourth), evidence(third), evidence(second)];
    const citations = auditCitations(answer, shown, engine.searchDeps().resolver, '2026-11-22');
    store.saveEvidence(turn.id, shown);
    store.saveCitations(turn.id, citations);
    const stored = store.citations(turn.id);
    assert.deepEqual(citedSpansToSave(stored, fourth.id, fourth.text).map(([from, to]) => fourth.text.slice(from, to)), [LIABLE]);
    assert.deepEqual(citedSpansToSave(stored, second.id, second.text).map(([from, to]) => second.text.slice(from, to)), ['合伙企业的年度财务会计报告应当经全体合伙人审阅并签字确认。']);
    assert.deepEqual(citedSpansToSave(stored, third.id, third.text), [], 'cited whole once');

    const saved = await cli('add', '--consultation', String(id));
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(saved.stdout, /^Saved: \[\d+\] 《测试改号法》第四条第一款 → 合伙人对外欠债谁来还$/m);
    assert.match(saved.stdout, /^Saved: \[\d+\] 《测试改号法》第三条 → 合伙人对外欠债谁来还$/m);
    assert.match(saved.stdout, /^Saved: \[\d+\] 《测试改号法》第二条第二款 → 合伙人对外欠债谁来还$/m);
    assert.deepEqual(listed('合伙人对外欠债谁来还').map((s) => [s.label, s.part]), [['第四条', '第一款'], ['第二条', '第二款'], ['第三条', null]]);

    // The app: ☆ sends the spans the turn stored; the host saves the 款 they cover; ★ reads the 款 saved.
    const api = createHostApi({ engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
    const expected = { lawTitle: fourth.lawTitle, label: fourth.label, publishDate: fourth.publishDate, province: '' };
    const added = await api.call('saved.add', { articleId: fourth.id, folder: '另一案', expected, citedSpans: citedSpansToSave(stored, fourth.id, fourth.text) });
    assert.ok(added.ok, JSON.stringify(added));
    assert.deepEqual([(added.data as SavedArticle).part, (added.data as SavedArticle).partText], ['第一款', LIABLE]);
    // Spans that are no 款 of the article as the library holds it (a text changed since): the whole article.
    const odd = await api.call('saved.add', { articleId: fourth.id, folder: '第三案', expected, citedSpans: [[0, 5]] });
    assert.equal(odd.ok && (odd.data as SavedArticle).part, null);
    // (合伙 纠纷 holds 第四条第一款 since the first test.)
    const stars = await api.call('saved.ofEvidence', { articles: [expected, { ...expected, label: third.label }] });
    assert.deepEqual(stars.ok && stars.data, [
      [{ folder: '另一案', part: '第一款' }, { folder: '合伙 纠纷', part: '第一款' }, { folder: '合伙人对外欠债谁来还', part: '第一款' }, { folder: '第三案', part: null }],
      [{ folder: '合伙人对外欠债谁来还', part: null }],
    ]);
  });
});
