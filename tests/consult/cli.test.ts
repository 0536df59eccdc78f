import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { runCli, spawnCli, spawnCliInTerminal, terminalSkipReason, waitUntil } from '../helpers/cli.js';
import { startBench, WAGES, type Bench } from '../helpers/consultFixture.js';
import { EVAL_DIR, sharedSkipReason } from '../helpers/library.js';
import { defaultReply, numberedItems } from '../helpers/scriptedLlm.js';
import { localStamp } from '../../preload/contract/localTime.js';
import { BEIJING } from '../helpers/stamp.js';

const SKIP = sharedSkipReason();
const NO_TERMINAL = terminalSkipReason();
const KEY = 'sk-cli-secret-0123456789';
let bench: Bench;
let home: string;

const env = (extra: Record<string, string | undefined> = {}) => ({
  LEXDESK_HOME: home,
  LEXDESK_LLM_BASE_URL: bench.llm.baseURL,
  LEXDESK_LLM_MODEL: 'scripted-model',
  LEXDESK_LLM_API_KEY: KEY,
  ...extra,
});
const json = (stdout: string) => JSON.parse(stdout) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The next state call takes 4 s: long enough to press Ctrl+C while it runs, short enough that a turn that ignores it prints its answer. */
function slowFirstState(): void {
  let slowed = false;
  bench.llm.setScript((req) => {
    if (req.role !== 'state' || slowed) return undefined;
    slowed = true;
    const reply = defaultReply('state', req);
    return 'json' in reply ? { json: reply.json, delayMs: 4000 } : reply;
  });
}

describe('lexdesk consult, llm, rules and eval-consult', { skip: SKIP }, () => {
  before(async () => {
    bench = await startBench();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'lexdesk-consult-cli-'));
  });
  after(async () => {
    await bench?.dispose();
    fs.rmSync(home, { recursive: true, force: true });
  });
  beforeEach(() => bench.llm.reset());

  test('saved add --consultation: the articles the answers cite, each once, to a folder named after the consultation', async () => {
    const asked = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--json'], env());
    assert.equal(asked.code, 0, asked.stderr);
    const r = json(asked.stdout);
    const cited = [...new Set((r.citations as Array<{ articleId: number | null; lawTitle: string; articleLabel: string }>).filter((c) => c.articleId !== null).map((c) => `${c.lawTitle}|${c.articleLabel}`))];
    assert.ok(cited.length > 0, 'the scripted answer cites articles');
    const saved = await runCli(['saved', 'add', '--consultation', String(r.consultationId), '--db', bench.lib.dbPath, '--json'], env());
    assert.equal(saved.code, 0, saved.stderr);
    const out = json(saved.stdout);
    const listed = JSON.parse((await runCli(['consult', '--list', '--db', bench.lib.dbPath, '--json'], env())).stdout) as Array<{ id: number; title: string }>;
    const title = listed.find((c) => c.id === r.consultationId)?.title;
    assert.ok(title);
    // The listing a person reads says when in local time; --json keeps the stored ISO time.
    const stored = (listed.find((c) => c.id === r.consultationId) as unknown as { updated_at: string }).updated_at;
    assert.match(stored, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const text = await runCli(['consult', '--list', '--db', bench.lib.dbPath], env(BEIJING));
    assert.ok(text.stdout.split('\n').includes(`${r.consultationId}\t${localStamp(stored, 480)}\t1 turns\t${title}`), text.stdout);
    assert.equal(out.folder, title.replace(/\s+/g, ' ').trim().slice(0, 60));
    assert.deepEqual(out.saved.map((s: { lawTitle: string; label: string }) => `${s.lawTitle}|${s.label}`), cited);
    assert.equal(out.created, cited.length);
    const again = json((await runCli(['saved', 'add', '--consultation', String(r.consultationId), '--turn', '1', '--db', bench.lib.dbPath, '--json'], env())).stdout);
    assert.equal(again.created, 0, 'saving again adds nothing');
    const noTurn = await runCli(['saved', 'add', '--consultation', String(r.consultationId), '--turn', '9', '--db', bench.lib.dbPath], env());
    assert.equal(noTurn.code, 1);
    assert.match(noTurn.stderr, /has no turn 9/);
    const both = await runCli(['saved', 'add', '劳动合同法第38条', '--consultation', String(r.consultationId), '--db', bench.lib.dbPath], env());
    assert.equal(both.code, 2);
  });

  test('consult --ask --json runs one turn and prints one JSON object; --consultation continues it', async () => {
    const first = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--json'], env());
    assert.equal(first.code, 0, first.stderr);
    const r = json(first.stdout);
    assert.equal(r.mode, 'llm');
    assert.equal(r.verdict, 'sufficient');
    assert.ok(r.answer.length > 0);
    assert.equal(r.citations[0].label, 'verified');
    assert.ok(r.state.disputeFocus.length > 0);
    assert.equal(r.error, null);
    assert.ok(!first.stdout.includes(KEY) && !first.stderr.includes(KEY));
    const second = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', '工作五年能拿多少经济补偿？', '--consultation', String(r.consultationId), '--json'], env());
    assert.equal(json(second.stdout).consultationId, r.consultationId);
    const shown = await runCli(['consult', '--db', bench.lib.dbPath, '--show', String(r.consultationId), '--json'], env());
    assert.equal(json(shown.stdout).turns.length, 2);
  });

  test('without an endpoint the turn is offline and says so', async () => {
    const res = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--json'], { LEXDESK_HOME: home });
    assert.equal(res.code, 0, res.stderr);
    const r = json(res.stdout);
    assert.equal(r.mode, 'offline');
    assert.equal(r.verdict, 'offline');
    assert.ok(r.evidence.length > 0);
    // Offline too, the question's own citations are checked: the terminal names a repealed law, --json carries it.
    const cited = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', '根据合同法第52条，借款合同无效吗？', '--offline'], { LEXDESK_HOME: home });
    assert.equal(cited.code, 0, cited.stderr);
    assert.match(cited.stdout, /问题中引用的法条：\n  ✗ 合同法第52条 — 已废止的法律：已由《中华人民共和国民法典》第一千二百六十条废止/);
    assert.deepEqual(r.questionCitations, []);
  });

  test('consult --list says the date and place a consultation was started with, as the app\'s history does', async () => {
    const dated = json((await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--as-of', '2024-05-10', '--place', '深圳', '--offline', '--json'], { LEXDESK_HOME: home })).stdout);
    const plain = json((await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--offline', '--json'], { LEXDESK_HOME: home })).stdout);
    const lines = (await runCli(['consult', '--list', '--db', bench.lib.dbPath], { LEXDESK_HOME: home })).stdout.split('\n');
    assert.match(lines.find((l) => l.startsWith(`${dated.consultationId}\t`)) ?? '', /\t1 turns\t.+\t\(as of 2024-05-10, 深圳\)$/);
    assert.doesNotMatch(lines.find((l) => l.startsWith(`${plain.consultationId}\t`)) ?? '(', /\(/, 'nothing said for one started without them');
  });

  test('consult --rename ID 标题: the title the first message gave, its facts since corrected, is replaced', async () => {
    const first = json((await runCli(['consult', '--db', bench.lib.dbPath, '--ask', '公司拖欠了我2022年的工资，能解除合同吗？', '--offline', '--json'], { LEXDESK_HOME: home })).stdout);
    await runCli(['consult', '--db', bench.lib.dbPath, '--consultation', String(first.consultationId), '--ask', '更正：拖欠的是2023年的工资。', '--offline', '--json'], { LEXDESK_HOME: home });
    const titleOf = async () => (JSON.parse((await runCli(['consult', '--list', '--db', bench.lib.dbPath, '--json'], { LEXDESK_HOME: home })).stdout) as Array<{ id: number; title: string }>).find((c) => c.id === first.consultationId)?.title;
    assert.equal(await titleOf(), '公司拖欠了我2022年的工资，能解除合同吗', 'the opening of the first message, kept after the correction');
    const renamed = await runCli(['consult', '--db', bench.lib.dbPath, '--rename', String(first.consultationId), '  欠薪解除（2023年工资） '], { LEXDESK_HOME: home });
    assert.equal(renamed.code, 0, renamed.stderr);
    assert.equal(renamed.stdout.trim(), `咨询 ${first.consultationId} 已重命名：欠薪解除（2023年工资）`);
    assert.equal(await titleOf(), '欠薪解除（2023年工资）');
    const byOption = json((await runCli(['consult', '--db', bench.lib.dbPath, '--rename', String(first.consultationId), '--title', '欠薪解除', '--json'], { LEXDESK_HOME: home })).stdout);
    assert.deepEqual(byOption, { id: first.consultationId, title: '欠薪解除' });
    // Refused before anything is stored: no title, one over the app's limit, no such consultation.
    const empty = await runCli(['consult', '--db', bench.lib.dbPath, '--rename', String(first.consultationId)], { LEXDESK_HOME: home });
    assert.equal(empty.code, 2, empty.stderr);
    assert.match(empty.stderr, /--rename needs the new title/);
    const long = await runCli(['consult', '--db', bench.lib.dbPath, '--rename', String(first.consultationId), '案'.repeat(201)], { LEXDESK_HOME: home });
    assert.notEqual(long.code, 0);
    assert.match(long.stderr, /at most 200 characters \(got 201\)/);
    const missing = await runCli(['consult', '--db', bench.lib.dbPath, '--rename', '99999', '新标题'], { LEXDESK_HOME: home });
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /No consultation 99999/);
    assert.equal(await titleOf(), '欠薪解除');
  });

  test('a turn says the date it applied the law as of: --json carries it and the terminal names it', async () => {
    const dated = json((await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--as-of', '2024-05-10', '--offline', '--json'], { LEXDESK_HOME: home })).stdout);
    assert.deepEqual(dated.lawAsOf, { date: '2024-05-10', by: 'consultation' });
    const shown = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--as-of', '2024-05-10', '--offline'], { LEXDESK_HOME: home });
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /适用法律截至：2024-05-10（咨询所定日期）\n相关法条：/);
  });

  test('a question with facts before 民法典, searched with the law of its own day, says the law of the time applies and how to set the date; its report too', async () => {
    const question = '我丈夫2018年以个人名义借了30万，2019年离婚，现在债主要我共同还吗？';
    const shown = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', question, '--offline'], { LEXDESK_HOME: home });
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /适用法律截至：\d{4}-\d{2}-\d{2}（咨询当日）\n注意：问题提到 2018 年的事实，本轮按 \d{4}-\d{2}-\d{2}（咨询当日）的法律检索；民法典施行（2021-01-01）前的法律事实引起的纠纷，一般适用当时的法律、司法解释/);
    const dated = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', question, '--as-of', '2018-06-01', '--offline'], { LEXDESK_HOME: home });
    assert.doesNotMatch(dated.stdout, /注意：问题提到/, 'a date set: nothing to say');
    const turn = json((await runCli(['consult', '--db', bench.lib.dbPath, '--ask', question, '--offline', '--json'], { LEXDESK_HOME: home })).stdout);
    const out = path.join(home, `earlier-facts-${turn.consultationId}.md`);
    const exported = await runCli(['export', String(turn.consultationId), '--out', out, '--db', bench.lib.dbPath], { LEXDESK_HOME: home });
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(fs.readFileSync(out, 'utf8'), /> - 第 1 轮：问题提到 2018 年的事实，本轮按 /);
  });

  test('a turn that applies the law a quarter past the library\'s newest text says the texts end there, and so does its report, first among its warnings', async () => {
    const newest = bench.lib.engine.coverage().newestText!.date;
    const dayAfter = (days: number) => new Date(Date.parse(`${newest}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const within = json((await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--as-of', dayAfter(30), '--offline', '--json'], { LEXDESK_HOME: home })).stdout);
    assert.equal(within.libraryBehind, null);
    const late = json((await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--as-of', dayAfter(400), '--offline', '--json'], { LEXDESK_HOME: home })).stdout);
    assert.equal(late.libraryBehind, newest);
    const shown = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--as-of', dayAfter(400), '--offline'], { LEXDESK_HOME: home });
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, new RegExp(`适用法律截至：${dayAfter(400)}（咨询所定日期）\n注：法规库收录的文本截至 ${newest}，此后的修改未收录`));
    const report = async (id: number) => {
      const file = path.join(home, `report-${id}.md`);
      const res = await runCli(['export', String(id), '--out', file, '--db', bench.lib.dbPath], { LEXDESK_HOME: home });
      assert.equal(res.code, 0, res.stderr);
      return fs.readFileSync(file, 'utf8');
    };
    const lateReport = await report(late.consultationId);
    const warning = `法规库收录的文本截至 ${newest}，此后公布的法律文件和修改未收录`;
    assert.ok(lateReport.includes(warning), lateReport);
    assert.ok(!(await report(within.consultationId)).includes('法规库收录的文本截至'));
  });

  test('a failed turn exits 1 with the error in the JSON object', async () => {
    bench.llm.queue('state', { status: 401 });
    const res = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--json'], env());
    assert.equal(res.code, 1);
    const r = json(res.stdout);
    assert.equal(r.status, 'failed');
    assert.equal(r.error.code, 'llm_auth');
    assert.ok(r.turnId > 0);
    const retried = await runCli(['consult', '--db', bench.lib.dbPath, '--retry', String(r.turnId), '--json'], env());
    assert.equal(retried.code, 0, retried.stderr);
    assert.equal(json(retried.stdout).turnId, r.turnId);
    assert.equal(json(retried.stdout).status, 'done');
  });

  test('interactive: a line is a turn; the answer streams and the citations and verdict follow', async () => {
    const res = await runCli(['consult', '--db', bench.lib.dbPath], env(), { input: `${WAGES}\n/quit\n` });
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /可以解除劳动合同/);
    assert.match(res.stdout, /引用：\[1\] 已核验/);
    assert.match(res.stdout, /充分性：证据充分/);
    assert.match(res.stderr, /法律状态 \d+ ms/);
  });

  test('the terminal summary shows the 款 and 项 each citation names, and why one failed its check', async () => {
    bench.llm.queue('answer', { text: '依据《劳动合同法》第三十八条第一款第二项，你可以解除劳动合同；《劳动合同法》第三十八条第一款第九项另有规定。' });
    const res = await runCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES], env());
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^  《劳动合同法》第三十八条第一款第二项 「未及时足额支付劳动报酬的；」$/m);
    assert.match(res.stdout, /^  《劳动合同法》第三十八条第一款第九项 — 引用的款或项不存在：第三十八条第1款只有\d+项，没有第9项。$/m);
  });

  test('--ask: Ctrl+C stops the turn (stored as cancelled, retryable) and exits 130, the code of an interrupted command', { timeout: 120_000 }, async () => {
    slowFirstState();
    const cli = spawnCli(['consult', '--db', bench.lib.dbPath, '--ask', WAGES, '--json'], env());
    try {
      await waitUntil(() => bench.llm.requests.some((q) => q.role === 'state') || !cli.running(), 'the state call', 60_000);
      cli.kill('SIGINT');
      const res = await cli.exited;
      assert.equal(res.code, 130, res.stderr);
      assert.equal(json(res.stdout).status, 'cancelled');
    } finally {
      cli.kill('SIGKILL');
    }
  });

  test('interactive in a terminal: Ctrl+C stops the turn being answered (stored as cancelled, retryable); at the prompt it ends the session', { skip: NO_TERMINAL ?? false, timeout: 120_000 }, async () => {
    slowFirstState();
    const cli = spawnCliInTerminal(['consult', '--db', bench.lib.dbPath], env());
    try {
      await waitUntil(() => cli.stdout().includes('> ') || !cli.running(), 'the prompt', 60_000);
      cli.type(`${WAGES}\r`);
      await waitUntil(() => bench.llm.requests.some((q) => q.role === 'state') || !cli.running(), 'the state call', 60_000);
      cli.type('\x03');
      await waitUntil(() => /llm_cancelled[\s\S]*> /.test(cli.stdout()) || !cli.running(), 'the cancelled turn and the next prompt', 30_000);
      assert.ok(cli.running(), `the session goes on after a cancelled turn:\n${cli.stdout()}`);
      assert.match(cli.stdout(), /llm_cancelled/);
      assert.doesNotMatch(cli.stdout(), /可以解除劳动合同/, 'the cancelled turn printed no answer');
      assert.deepEqual(bench.llm.requests.map((q) => q.role), ['state'], 'nothing was asked after the cancel');
      cli.type('\x03');
      const res = await cli.exited;
      assert.equal(res.code, 130, res.stdout);
      const turnId = /--retry (\d+)/.exec(res.stdout)![1]!;
      const retried = await runCli(['consult', '--db', bench.lib.dbPath, '--retry', turnId, '--json'], env());
      assert.equal(retried.code, 0, retried.stderr);
      assert.equal(json(retried.stdout).status, 'done');
      assert.match(json(retried.stdout).answer, /可以解除劳动合同/);
    } finally {
      cli.kill('SIGKILL');
    }
  });

  test('llm set / key / show: the key is stored encrypted and shown only as a hint', async () => {
    const own = { LEXDESK_HOME: home };
    assert.equal((await runCli(['llm', 'set', '--preset', 'deepseek', '--role-model', 'planner=deepseek-chat'], own)).code, 0);
    const keyRes = await runCli(['llm', 'key'], own, { input: `${KEY}\n` });
    assert.equal(keyRes.code, 0, keyRes.stderr);
    const shown = json((await runCli(['llm', 'show', '--json'], own)).stdout);
    assert.equal(shown.endpoint.baseURL, 'https://api.deepseek.com/v1');
    assert.equal(shown.endpoint.key, '…6789', 'a 24-character key shows its last four only');
    assert.equal(shown.endpoint.redaction, true);
    for (const f of fs.readdirSync(home)) assert.ok(!fs.readFileSync(path.join(home, f)).includes(KEY), `${f} has no plain key`);
    const bad = await runCli(['llm', 'set', '--role-model', 'planner'], own);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /ROLE=MODEL/);
  });

  test('llm set checks every value before saving anything: a typo is a usage error and the saved settings stay as they were', async () => {
    const own = { LEXDESK_HOME: fs.mkdtempSync(path.join(home, 'llm-set-')) };
    assert.equal((await runCli(['llm', 'set', '--preset', 'ollama'], own)).code, 0);
    const settingsFile = path.join(own.LEXDESK_HOME, 'settings.json');
    const saved = fs.readFileSync(settingsFile, 'utf8');
    const cases: Array<[string[], RegExp]> = [
      [['--preset', 'nosuch'], /Unknown preset "nosuch": use one of openai, deepseek, .*llamacpp/],
      [['--preset', 'nosuch', '--model', 'm'], /Unknown preset "nosuch"/],
      [['--timeout', 'abc'], /--timeout must be a positive integer \(got "abc"\)/],
      [['--timeout', '5'], /--timeout is in milliseconds, from 1000 to 600000 \(got 5\)/],
      [['--base-url', 'api.deepseek.com/v1'], /--base-url must be an http:\/\/ or https:\/\/ URL/],
      [['--base-url', 'https://bob:pw-991@llm.example.com/v1'], /--base-url cannot carry a user and password \(https:\/\/\*\*\*@llm\.example\.com\/v1\)/],
      [['--role-model', 'boss=m'], /--role-model: unknown role "boss"; roles are state, planner/],
    ];
    for (const [args, message] of cases) {
      const res = await runCli(['llm', 'set', ...args], own);
      assert.equal(res.code, 2, `${args.join(' ')}: ${res.stderr}`);
      assert.match(res.stderr, message);
      assert.doesNotMatch(res.stderr, /"code":|\n\s+at /, 'one readable line, no schema dump or stack');
      assert.doesNotMatch(res.stderr, /pw-991/, 'a password is never echoed');
      assert.equal(fs.readFileSync(settingsFile, 'utf8'), saved, `${args.join(' ')} saved nothing`);
    }
    const shown = json((await runCli(['llm', 'show', '--json'], own)).stdout);
    assert.equal(shown.endpoint.baseURL, 'http://127.0.0.1:11434/v1');
  });

  test('settings with an unknown preset (saved by an older lexdesk) still show, say how to fix them, and keep consultations listed', async () => {
    const own = { LEXDESK_HOME: fs.mkdtempSync(path.join(home, 'bad-preset-')) };
    fs.writeFileSync(path.join(own.LEXDESK_HOME, 'settings.json'), JSON.stringify({ llm: { preset: 'nosuch' } }));
    const shown = await runCli(['llm', 'show'], own);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /The saved LLM preset "nosuch" is unknown\. Choose one of openai, .*: lexdesk llm set --preset ID/);
    const shownJson = json((await runCli(['llm', 'show', '--json'], own)).stdout);
    assert.deepEqual([shownJson.endpoint, shownJson.unknownPreset], [null, 'nosuch']);
    const listed = await runCli(['consult', '--list', '--db', bench.lib.dbPath, '--json'], own);
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(Array.isArray(json(listed.stdout)));
    const asked = await runCli(['consult', '--ask', WAGES, '--db', bench.lib.dbPath], own);
    assert.equal(asked.code, 1);
    assert.match(asked.stderr, /^lexdesk: The saved LLM preset "nosuch" is unknown\. Choose one of .*lexdesk llm set --preset ID/);
    assert.equal((await runCli(['llm', 'set', '--preset', 'deepseek'], own)).code, 0, 'fixed by choosing a preset');
    assert.equal(json((await runCli(['llm', 'show', '--json'], own)).stdout).endpoint.baseURL, 'https://api.deepseek.com/v1');
  });

  test('rules evolve: the agent creates, experiments (never twice), votes; the history is stored and the best set activated', async () => {
    const file = path.join(EVAL_DIR, 'lecoqa-answers.jsonl');
    const actions = [
      { action: 'create', name: '补充法律术语', instruction: '补充与问题相关的法律术语', outputFormat: '[A]、[B]' },
      { action: 'experiment', ruleIds: [] as number[] },
      { action: 'experiment', ruleIds: [] as number[] },
      { action: 'eliminate', ruleId: 0, reason: '无效' },
    ];
    let created = 0;
    bench.llm.setScript((req) => {
      if (req.role === 'rules') {
        // The rule adds the words of the question's own law: it should raise recall.
        return { json: { expansions: [{ rule: '补充法律术语', text: '民法典 民事主体 个体工商户 农村承包经营户 债务 财产' }] } };
      }
      if (req.role !== 'evolve') return undefined;
      if (req.prompt.includes('独立评审') || req.body.messages[0]!.content.includes('独立评审')) return { json: { eliminate: false, reason: '有效' } };
      const next = actions.shift() ?? { action: 'stop', reason: 'done' };
      if (next.action === 'create') created++;
      if (next.action === 'experiment' || next.action === 'eliminate') {
        const id = Number(/#(\d+) 补充法律术语/.exec(req.prompt)?.[1] ?? 0);
        return { json: next.action === 'experiment' ? { ...next, ruleIds: [id] } : { ...next, ruleId: id } };
      }
      return { json: next };
    });
    const res = await runCli(['rules', 'evolve', file, '--db', bench.lib.dbPath, '--limit', '4', '--steps', '5', '--activate', '--json'], env());
    assert.equal(res.code, 0, res.stderr);
    const out = json(res.stdout);
    assert.equal(created, 1);
    assert.equal(out.experiments.length, 1, 'the repeated experiment was rejected');
    assert.equal(out.best.recall, Math.max(out.baseline, ...out.experiments.map((e: { recall: number }) => e.recall)), 'the best set is the best measured');
    const history = json((await runCli(['rules', 'history', '--run', out.runId, '--db', bench.lib.dbPath, '--json'], env())).stdout) as Array<{ action: string; note: string }>;
    assert.deepEqual(history.map((h) => h.action), ['baseline', 'create', 'experiment', 'rejected', 'kept', 'stop', 'best']);
    assert.match(history.find((h) => h.action === 'kept')!.note, /votes 0\/3/);
    const rules = json((await runCli(['rules', 'list', '--db', bench.lib.dbPath, '--json'], env())).stdout) as Array<{ name: string; active: boolean; origin: string }>;
    const evolved = rules.find((r) => r.name === '补充法律术语')!;
    assert.equal(evolved.origin, 'evolved');
    assert.equal(evolved.active, out.best.ruleIds.length > 0);
    await runCli(['rules', 'activate', '--none', '--db', bench.lib.dbPath], env());
  });

  test('rules evolve --greedy scores each rule alone and the best three together', async () => {
    for (const name of ['甲', '乙', '丙', '丁']) await runCli(['rules', 'add', '--name', `greedy-${name}`, '--instruction', `规则${name}`, '--db', bench.lib.dbPath], env());
    bench.llm.setScript((req) => (req.role === 'rules' ? { json: { expansions: numberedItems(req.prompt).map(() => ({ rule: 'x', text: '劳动合同' })) } } : undefined));
    const res = await runCli(['rules', 'evolve', path.join(EVAL_DIR, 'lecoqa-answers.jsonl'), '--greedy', '--limit', '2', '--db', bench.lib.dbPath, '--json'], env());
    assert.equal(res.code, 0, res.stderr);
    const out = json(res.stdout);
    const history = json((await runCli(['rules', 'history', '--run', out.runId, '--db', bench.lib.dbPath, '--json'], env())).stdout) as Array<{ action: string; rule_ids: string }>;
    const singles = history.filter((h) => h.action === 'greedy-single');
    assert.ok(singles.length >= 4);
    assert.equal(JSON.parse(history.find((h) => h.action === 'greedy-top3')!.rule_ids).length, 3);
  });

  test('eval-consult reports recall, citation audit counts, verdicts, keyword recall, tokens and seconds', async () => {
    const res = await runCli(['eval-consult', path.join(EVAL_DIR, 'lecoqa-answers.jsonl'), '--limit', '3', '--db', bench.lib.dbPath, '--json'], env());
    assert.equal(res.code, 0, res.stderr);
    const r = json(res.stdout);
    assert.equal(r.records, 3);
    assert.equal(r.turns, 3);
    assert.ok(r.recall >= 0 && r.recall <= 1);
    assert.equal(r.verdicts.sufficient, 3);
    assert.ok(r.citations.verified >= 1);
    assert.ok(r.keywordRecall !== null);
    assert.ok(r.tokensPerTurn.prompt > 0);
    assert.ok(r.secondsPerTurn.median > 0);
    // A record with nothing to ask is skipped; the records after it are still run.
    const lines = fs.readFileSync(path.join(EVAL_DIR, 'lecoqa-answers.jsonl'), 'utf8').split('\n').slice(0, 2).map((l) => JSON.parse(l) as { query: string });
    const withEmpty = path.join(home, 'with-empty.jsonl');
    fs.writeFileSync(withEmpty, [{ ...lines[0]!, id: 'empty', query: '' }, ...lines].map((l) => JSON.stringify(l)).join('\n'));
    const skipping = json((await runCli(['eval-consult', withEmpty, '--db', bench.lib.dbPath, '--json'], env())).stdout);
    assert.deepEqual([skipping.records, skipping.turns], [2, 2]);
    const multi = await runCli(['eval-consult', path.join(EVAL_DIR, 'multiturn-dev.jsonl'), '--limit', '2', '--db', bench.lib.dbPath, '--json'], env());
    const m = json(multi.stdout);
    assert.equal(m.records, 2);
    assert.ok(m.turns > 2, 'every user turn of a dialogue is a consultation turn');
    const listed = json((await runCli(['consult', '--list', '--db', bench.lib.dbPath, '--json'], env())).stdout) as Array<{ title: string }>;
    assert.ok(!listed.some((c) => c.title.startsWith('eval ')), 'eval consultations are removed unless --keep');
  });

  test('rules evolve stopped by Ctrl+C exits 130 with its "cancelled" message', { timeout: 120_000 }, async () => {
    let asked = false;
    bench.llm.setScript((req) => {
      if (req.role !== 'evolve') return undefined;
      asked = true;
      return { json: { action: 'stop', reason: 'done' }, delayMs: 4000 };
    });
    const cli = spawnCli(['rules', 'evolve', path.join(EVAL_DIR, 'stard-train.jsonl'), '--db', bench.lib.dbPath, '--limit', '2', '--steps', '2'], env());
    try {
      await waitUntil(() => asked || !cli.running(), 'the first evolve call', 60_000);
      cli.kill('SIGINT');
      const res = await cli.exited;
      assert.equal(res.code, 130, res.stderr);
      assert.match(res.stderr, /cancel/i);
    } finally {
      cli.kill('SIGKILL');
    }
  });

  test('eval-consult stopped by Ctrl+C scores only the consultations it finished, says so, and exits 130', { timeout: 120_000 }, async () => {
    // The third consultation's state call hangs long enough to press Ctrl+C while it runs.
    let states = 0;
    bench.llm.setScript((req) => {
      if (req.role !== 'state' || ++states !== 3) return undefined;
      const reply = defaultReply('state', req);
      return 'json' in reply ? { json: reply.json, delayMs: 4000 } : reply;
    });
    const cli = spawnCli(['eval-consult', path.join(EVAL_DIR, 'lecoqa-answers.jsonl'), '--limit', '5', '--db', bench.lib.dbPath, '--json'], env());
    try {
      await waitUntil(() => states >= 3 || !cli.running(), 'the third consultation', 60_000);
      cli.kill('SIGINT');
      const res = await cli.exited;
      assert.equal(res.code, 130, res.stderr);
      const r = json(res.stdout);
      assert.equal(r.interrupted, true);
      assert.equal(r.records, 2, 'the two finished consultations, not the one cut short nor the five asked for');
      assert.equal(r.turns, 2, 'nor the turns of the one cut short');
      assert.equal(r.verdicts.sufficient, 2);
      assert.equal(r.verdicts.failed, undefined, 'the cancelled one is not scored as failed');
    } finally {
      cli.kill('SIGKILL');
    }
  });
});
