/**
 * `lexdesk check` on a library whose statute graph was never built (imported by `lexdesk import`, checked before any
 * `show` or consultation): it builds the graph first, says so on stderr, and the suggestion from the document that
 * implements the law cited (evidenceFit.ts, implementingArticles) is made, as it is once the graph exists.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostApi } from '../../main/host/hostApi.js';
import { FileKeyStore } from '../../main/llm/keyStore.js';
import { SettingsStore } from '../../main/llm/settings.js';
import { checkDraft } from '../../main/consult/draftCheck.js';
import { graphIsCurrent } from '../../main/library/graph/statuteGraph.js';
import { parseJsonOutput, runCli } from '../helpers/cli.js';
import { buildLibrary, sharedSkipReason, type TempLibrary } from '../helpers/library.js';

const SKIP = sharedSkipReason();
const INTERPRETATION = '最高人民法院关于审理劳动争议案件适用法律问题的解释（一）';
const MEMO = '公司与该总监签订的竞业限制协议未约定补偿标准。依据《劳动合同法》第二十二条，劳动者履行了竞业限制义务的，可以要求公司按照其离职前十二个月平均工资的30%按月支付经济补偿。';

describe('lexdesk check builds the statute graph it reads', { skip: SKIP }, () => {
  let lib: TempLibrary;
  before(async () => {
    lib = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md', `司法解释/${INTERPRETATION}(2020-12-29).md`] });
  });
  after(async () => {
    await lib?.dispose();
  });

  test('without the graph the check names only the law\'s own article; the CLI builds it, says so once, and names the interpretation', async () => {
    assert.equal(graphIsCurrent(lib.engine.db), false, 'an imported library has no graph yet');
    const before = checkDraft(lib.engine.searchDeps().resolver, MEMO, '2025-06-01').citations[0]!;
    assert.equal(before.closer?.lawTitle, undefined, 'no graph, no implementing document: the article of 劳动合同法 its words fit');
    const first = await runCli(['check', '-', '--json', '--as-of', '2025-06-01', '--db', lib.dbPath], {}, { input: MEMO });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /^lexdesk: building the statute graph first \(once after each import; about 3 s for the national library\)…\nlexdesk: statute graph built: [\d,]+ links in \d+\.\d s\n$/);
    const json = parseJsonOutput<{ citations: Array<{ finding: string; closer?: { lawTitle?: string; label: string } }> }>(first);
    assert.deepEqual([json.citations[0]!.finding, json.citations[0]!.closer?.lawTitle, json.citations[0]!.closer?.label], ['check', INTERPRETATION, '第三十六条']);
    assert.equal(graphIsCurrent(lib.engine.db), true, 'the graph is kept in the library');
    const again = await runCli(['check', '-', '--as-of', '2025-06-01', '--db', lib.dbPath], {}, { input: MEMO });
    assert.equal(again.code, 0);
    assert.equal(again.stderr, '', 'built once: nothing said the second time');
    assert.match(again.stdout, /与《最高人民法院关于审理劳动争议案件适用法律问题的解释（一）》第三十六条相符/);
  });

  test('the app\'s 核验 route builds it too, on a library imported outside the app', async () => {
    const fresh = await buildLibrary({ files: ['社会法/劳动合同法(2012-12-28).md', `司法解释/${INTERPRETATION}(2020-12-29).md`] });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-graph-'));
    try {
      assert.equal(graphIsCurrent(fresh.engine.db), false);
      const api = createHostApi({ engine: fresh.engine, settings: new SettingsStore(dir), keys: new FileKeyStore(dir), host: 'browser', version: 'test' });
      const res = await api.call('statute.checkText', { text: MEMO, asOf: '2025-06-01' });
      assert.ok(res.ok, JSON.stringify(res));
      const [cited] = (res.data as { citations: Array<{ closer?: { lawTitle?: string; label: string } }> }).citations;
      assert.deepEqual([cited?.closer?.lawTitle, cited?.closer?.label], [INTERPRETATION, '第三十六条']);
      assert.equal(graphIsCurrent(fresh.engine.db), true);
    } finally {
      await fresh.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
