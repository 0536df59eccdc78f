/**
 * The trademark matter of session 52's IP review, asked through `lexdesk consult --ask` against the scripted LLM server
 * (the state gives the facts' date 2018-03-01, the answer cites 商标法 第六十三条's 一倍以上五倍以下), to see what the
 * turn says of facts spanning the 2019 amendment:
 *   node --import tsx tests/bench/spannedFacts.ts --db /tmp/wt-f.db [--repo DIR] [--json]
 * `--repo` runs another tree's CLI (an earlier commit's checkout) with this script's server.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { defaultReply, numberedItems, startScriptedLlm } from '../helpers/scriptedLlm.js';

const arg = (name: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const db = arg('--db');
if (!db) throw new Error('--db FILE is required');
const repo = arg('--repo') ?? process.cwd();
const QUESTION = '对方从2018年3月开始销售假冒我方注册商标的商品，一直持续到2022年，我方损失难以确定，惩罚性赔偿最多是几倍？';

const llm = await startScriptedLlm();
llm.setScript((r) => {
  if (r.role === 'state') return { json: { ...(defaultReply('state', r) as { json: object }).json, keyFacts: ['2018年3月起销售假冒注册商标商品，持续至2022年'], domains: ['商标法'], factDate: '2018-03-01' } };
  if (r.role === 'planner') return { json: { historyQuery: '恶意侵犯商标专用权 情节严重 惩罚性赔偿', role: 'terminology', queries: ['恶意侵犯商标专用权 情节严重 一倍以上五倍以下 赔偿数额'], covered: true, reason: '覆盖' } };
  if (r.role !== 'answer') return defaultReply(r.role, r);
  const n = numberedItems(r.prompt).find((i) => /一倍以上五倍以下/.test(i.text))?.index;
  return { text: `对恶意侵犯商标专用权、情节严重的，可以在按照上述方法确定数额的一倍以上五倍以下确定赔偿数额（《商标法》第六十三条第一款）${n ? `[${n}]` : ''}。` };
});
try {
  const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', 'main/cli/run.ts', 'consult', '--ask', QUESTION, '--db', db, ...(process.argv.includes('--json') ? ['--json'] : [])], {
    cwd: repo,
    maxBuffer: 1 << 26,
    env: { ...process.env, LEXDESK_LLM_BASE_URL: llm.baseURL, LEXDESK_LLM_MODEL: 'scripted-model', LEXDESK_LLM_API_KEY: 'sk-test' },
  });
  process.stdout.write(stdout);
} finally {
  await llm.close();
}
